import { useCallback, useId, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink } from 'react-router';
import { pageRoutes } from '@site/contract';
import { t } from '../i18n/zh-TW';
import { AccountMenu } from './AccountMenu';
import { MyListMenu } from './MyListMenu';
import { SearchBox } from './SearchBox';
import { useDismiss } from './use-dismiss';
import './Header.css';

const navLinks = [
  { to: pageRoutes.home, label: t.nav.home, end: true },
  { to: pageRoutes.browse, label: t.nav.browse, end: false },
  { to: pageRoutes.live, label: t.nav.live, end: false },
] as const;

export function Header() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, headerRef, buttonRef);

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
              {navLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end={link.end} className="site-nav__link">
                    {link.label}
                  </NavLink>
                </li>
              ))}
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
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
