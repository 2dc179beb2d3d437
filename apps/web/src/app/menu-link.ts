import type { HeaderData, UxMenu } from '../api/site-content';
import { paths } from '../routing/paths';

export interface MenuLink {
  key: string;
  label: string;
  to: string;
  external: boolean;
  current: boolean;
}

/**
 * Where a header menu leads. A 'link' names its path; a 'uxCategory' names a UX category
 * (ux-movie), which the site shows as the browse page of its main category (movie) when the
 * header's category list has one by that id, else the whole catalogue.
 */
export function menuLink(
  menu: UxMenu,
  data: Pick<HeaderData, 'mainCategoryList'>,
  here: { pathname: string; mainCategoryId: string | null },
): MenuLink {
  const base = { key: menu.menuId, label: menu.menuName };
  if (menu.menuType === 'uxCategory') {
    const id = menu.target.replace(/^ux-/, '');
    const known = data.mainCategoryList.mainCategory.some((m) => m.mainCategoryId === id);
    const mainCategoryId = known ? id : undefined;
    return {
      ...base,
      to: paths.browse({ mainCategoryId }),
      external: false,
      current: here.pathname === '/browse' && here.mainCategoryId === (mainCategoryId ?? null),
    };
  }
  const external = /^https?:\/\//.test(menu.target);
  const current =
    !external &&
    (menu.target === '/'
      ? here.pathname === '/'
      : here.pathname === menu.target || here.pathname.startsWith(`${menu.target}/`));
  return { ...base, to: menu.target, external, current };
}
