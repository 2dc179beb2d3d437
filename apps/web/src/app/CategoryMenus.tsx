import { Link, useLocation } from 'react-router';
import { useHeaderData } from '../api/site-content';
import { t } from '../i18n/zh-TW';
import { menuLink } from './menu-link';
import './CategoryMenus.css';

/**
 * The row under the header: the menus of ajaxGetHeaderDataMain.do (kid-safe ones in kid mode),
 * a navigation landmark of its own. It keeps its height while they load, so nothing moves.
 */
export function CategoryMenus() {
  const { data } = useHeaderData();
  const location = useLocation();
  const here = {
    pathname: location.pathname,
    mainCategoryId: new URLSearchParams(location.search).get('mainCategoryId'),
  };
  // 首頁 is the header's own first link.
  const links = data
    ? data.uxMenuList.uxMenu
        .filter((menu) => !(menu.menuType === 'link' && menu.target === '/'))
        .map((menu) => menuLink(menu, data, here))
    : [];

  return (
    <nav aria-label={t.nav.categories} className="site-header__categories">
      <ul className="category-menus">
        {links.map((link) => (
          <li key={link.key}>
            {link.external ? (
              <a href={link.to} className="category-menus__link" rel="noopener">
                {link.label}
              </a>
            ) : (
              <Link
                to={link.to}
                className="category-menus__link"
                aria-current={link.current ? 'page' : undefined}
              >
                {link.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
