import { useCallback, useId, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { pageRoutes } from '@site/contract';
import { InboxButton } from '../features/inbox/InboxButton';
import { t } from '../i18n/zh-TW';
import { AccountMenu } from './AccountMenu';
import { BrowseLink } from './BrowseLink';
import { MyListMenu } from './MyListMenu';
import { SearchBox } from '../features/search/SearchBox';
import { useDismiss } from '../features/dialog/use-dismiss';
import './Header.css';

export function Header() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, headerRef, buttonRef);

  // Any navigation (a link, a picked suggestion, the back button) closes the phone menu.
  const location = useLocation();
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setOpen(false);
  }

  // A followed link closes the phone menu; the new page is what the user wants to see.
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) close();
  };

  return (
    <header className="site-header" ref={headerRef}>
      <div className="site-header__bar">
        <Link to={pageRoutes.home} className="site-header__logo">
          {t.siteName}
        </Link>
        <button
          ref={buttonRef}
          type="button"
          className="site-header__menu-button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="site-header__menu-icon" aria-hidden="true" />
          <span className="visually-hidden">{open ? t.nav.closeMenu : t.nav.openMenu}</span>
        </button>
        <div
          id={panelId}
          className={`site-header__panel${open ? ' is-open' : ''}`}
          onClick={closeOnLink}
        >
          <nav aria-label={t.nav.label}>
            <ul className="site-nav">
              <li>
                <NavLink to={pageRoutes.home} end className="site-nav__link">
                  {t.nav.home}
                </NavLink>
              </li>
              <li>
                <BrowseLink />
              </li>
              <li>
                <MyListMenu />
              </li>
              <li>
                <NavLink to={pageRoutes.redeem} className="site-nav__link">
                  {t.nav.redeem}
                </NavLink>
              </li>
            </ul>
          </nav>
          <SearchBox />
        </div>
        <div className="site-header__account">
          <InboxButton />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
