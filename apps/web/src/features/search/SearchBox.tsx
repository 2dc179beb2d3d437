import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { detailsPath, pageRoutes } from '@site/contract';
import { useAutocomplete, type KeywordSuggestion } from '../../api/search';
import { comboboxAction } from './combobox-keys';
import { keywordLength } from './keyword-length';
import { useDebouncedValue } from './use-debounced-value';
import { t } from '../../i18n/zh-TW';
import { paths } from '../../routing/paths';
import './SearchBox.css';

/** SPEC §9 asks for suggestions while typing; ~200 ms without a keystroke sends the request. */
const DEBOUNCE_MS = 200;

/**
 * A search form with suggestions (WAI-ARIA combobox + listbox): up to 8 titles and people while
 * typing; ArrowUp/ArrowDown move, Enter picks, Escape closes. A title opens its details page; a
 * person or free text searches. Works as plain HTML too (GET /search?inputKeyword=…).
 */
export function SearchBox({
  className = 'search-box',
  label = t.nav.search.label,
  children,
}: {
  className?: string;
  /** Names the search landmark; two on one page need different names. */
  label?: string;
  /** Extra fields before the submit button (the results page's searchField select). */
  children?: ReactNode;
}) {
  const inputId = useId();
  const listId = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const urlKeyword = params.get('inputKeyword') ?? '';
  const [value, setValue] = useState(urlKeyword);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // Follow the URL when it changes under us (a hot keyword, the back button).
  const [seenKeyword, setSeenKeyword] = useState(urlKeyword);
  if (seenKeyword !== urlKeyword) {
    setSeenKeyword(urlKeyword);
    setValue(urlKeyword);
    setOpen(false);
  }

  const hintId = useId();
  const length = keywordLength(value);
  // Nothing to suggest for a keyword the server would refuse.
  const prefix = useDebouncedValue(open && !length.tooLong ? value.trim() : '', DEBOUNCE_MS);
  const suggestions = useAutocomplete(prefix);
  const options = open && prefix !== '' ? (suggestions.data ?? []) : [];
  const expanded = options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const searchFor = (keyword: string, searchField?: string) => {
    close();
    navigate(paths.search(keyword, searchField));
  };

  const pick = (option: KeywordSuggestion) => {
    setValue(option.keyword);
    if (option.type === 'title' && option.contentId && option.otherId) {
      close();
      navigate(detailsPath(option.contentId, option.otherId));
    } else {
      searchFor(option.keyword, option.type === 'person' ? 'person' : undefined);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const action = comboboxAction(event.key, { count: options.length, expanded, active });
    switch (action.type) {
      case 'move':
        event.preventDefault();
        setOpen(true);
        setActive(action.index);
        break;
      case 'pick': {
        event.preventDefault();
        const option = options[action.index];
        if (option) pick(option);
        break;
      }
      case 'close':
        event.preventDefault();
        close();
        break;
      case 'none':
        break;
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const keyword = String(form.get('inputKeyword') ?? '').trim();
    const field = form.get('searchField');
    if (!keyword) return navigate(pageRoutes.search);
    // Too long: the alert under the box already says so; the keyword stays for shortening.
    if (keywordLength(keyword).tooLong) {
      document.getElementById(inputId)?.focus();
      return;
    }
    searchFor(keyword, typeof field === 'string' ? field : undefined);
  };

  return (
    <form
      role="search"
      aria-label={label}
      className={className}
      action={pageRoutes.search}
      onSubmit={submit}
    >
      <div className="search-box__combo">
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <input
          id={inputId}
          // A text input, not type="search": HTML allows role="combobox" and aria-expanded on
          // type="text" only (the W3C validator rejects them on a search input). inputMode and
          // enterKeyHint still bring the search keyboard on phones.
          type="text"
          inputMode="search"
          name="inputKeyword"
          className="search-box__input"
          placeholder={t.nav.search.placeholder}
          value={value}
          aria-invalid={length.tooLong || undefined}
          aria-describedby={length.tooLong ? hintId : undefined}
          enterKeyHint="search"
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          onChange={(event) => {
            setValue(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t.nav.search.suggestions}
          className="search-box__list"
          hidden={!expanded}
        >
          {options.map((option, index) => (
            <li
              key={`${option.type}-${option.contentId ?? ''}-${option.keyword}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="search-box__option"
              // Keep focus in the input; the click picks.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              <span className="search-box__keyword">{option.keyword}</span>
              <span className="search-box__type">{t.nav.search.suggestionTypes[option.type]}</span>
            </li>
          ))}
        </ul>
        {length.tooLong ? (
          <p id={hintId} className="search-box__too-long" role="alert">
            {t.nav.search.tooLong(length.count)}
          </p>
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {expanded ? t.nav.search.suggestionCount(options.length) : ''}
        </p>
      </div>
      {children}
      <button type="submit" className="search-box__submit">
        {t.nav.search.submit}
      </button>
    </form>
  );
}
