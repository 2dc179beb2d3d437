import { useCallback, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { listTypes } from '@site/contract';
import { t } from '../i18n/zh-TW';
import { paths } from '../routing/paths';
import { useDismiss } from '../features/dialog/use-dismiss';

/** 我的片單: a disclosure button with the five personal lists (SPEC §2). */
export function MyListMenu() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, boxRef, buttonRef);
  const location = useLocation();
  const current = location.pathname.startsWith('/my-list/');

  return (
    <div className="my-list-menu" ref={boxRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`site-nav__link my-list-menu__button${current ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {t.nav.myList}
        <span className="my-list-menu__caret" aria-hidden="true" />
      </button>
      <ul id={listId} className="my-list-menu__list" hidden={!open} onClick={close}>
        {listTypes.map((type) => (
          <li key={type}>
            <NavLink to={paths.myList(type)} className="my-list-menu__link">
              {t.listTypes[type]}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
