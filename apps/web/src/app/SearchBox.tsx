import { useId, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { pageRoutes } from '@site/contract';
import { t } from '../i18n/zh-TW';
import { buildQuery } from '../api/query-string';

/** A search form; works as plain HTML too (GET /search?inputKeyword=…). */
export function SearchBox({
  className = 'search-box',
  label = t.nav.search.label,
}: {
  className?: string;
  /** Names the search landmark; two on one page need different names. */
  label?: string;
}) {
  const inputId = useId();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyword = String(new FormData(event.currentTarget).get('inputKeyword') ?? '').trim();
    navigate(pageRoutes.search + buildQuery({ inputKeyword: keyword }));
  };

  return (
    <form
      role="search"
      aria-label={label}
      className={className}
      action={pageRoutes.search}
      onSubmit={submit}
    >
      <label htmlFor={inputId} className="visually-hidden">
        {label}
      </label>
      <input
        id={inputId}
        type="search"
        name="inputKeyword"
        className="search-box__input"
        placeholder={t.nav.search.placeholder}
        defaultValue={params.get('inputKeyword') ?? ''}
        maxLength={50}
        enterKeyHint="search"
      />
      <button type="submit" className="search-box__submit">
        {t.nav.search.submit}
      </button>
    </form>
  );
}
