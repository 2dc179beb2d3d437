import { describe, expect, it } from 'vitest';
import { menuLink } from './menu-link';

const data = {
  mainCategoryList: {
    mainCategory: [
      { mainCategoryId: 'movie', mainCategoryName: '電影', subcategoryList: { subcategory: [] } },
      { mainCategoryId: 'kids', mainCategoryName: '兒童', subcategoryList: { subcategory: [] } },
    ],
  },
};
const at = (pathname: string, mainCategoryId: string | null = null) => ({
  pathname,
  mainCategoryId,
});

describe('menuLink', () => {
  it('opens a UX category as the browse page of its main category', () => {
    const menu = {
      menuId: 'menu-movie',
      menuName: '電影',
      menuType: 'uxCategory',
      target: 'ux-movie',
    };
    expect(menuLink(menu, data, at('/'))).toEqual({
      key: 'menu-movie',
      label: '電影',
      to: '/browse?mainCategoryId=movie',
      external: false,
      current: false,
    });
    expect(menuLink(menu, data, at('/browse', 'movie')).current).toBe(true);
    expect(menuLink(menu, data, at('/browse', 'kids')).current).toBe(false);
  });
  it('falls back to the whole catalogue for a UX category without a main category', () => {
    const menu = { menuId: 'm', menuName: '精選', menuType: 'uxCategory', target: 'ux-home' };
    expect(menuLink(menu, data, at('/browse')).to).toBe('/browse');
    expect(menuLink(menu, data, at('/browse')).current).toBe(true);
  });
  it('follows a link, marking the section it leads to', () => {
    const live = {
      menuId: 'menu-live',
      menuName: '直播',
      menuType: 'link',
      target: '/LiveChannel',
    };
    expect(menuLink(live, data, at('/LiveChannel/ch07')).current).toBe(true);
    expect(menuLink(live, data, at('/LiveChannelX')).current).toBe(false);
    const away = {
      menuId: 'x',
      menuName: '部落格',
      menuType: 'link',
      target: 'https://example.com',
    };
    expect(menuLink(away, data, at('/')).external).toBe(true);
  });
});
