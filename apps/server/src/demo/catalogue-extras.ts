import type { Insertable } from 'kysely';
import type {
  CuratedGroupTable,
  CuratedGroupTitleTable,
  HotKeywordTable,
  PersonTable,
  TitlePersonTable,
  UxCategoryTable,
  UxMenuTable,
  WordingTable,
} from '../db/schema.js';
import { demoTitles } from './catalogue.js';

/** Invented people (SPEC's "characters"): cast and directors of the demo titles. */
const personNames = [
  '林書豪',
  '陳美玲',
  '王大明',
  '張雅婷',
  '李志遠',
  '黃小琪',
  '吳建宏',
  '周怡君',
  '許文彬',
  '鄭佳穎',
  '謝宗翰',
  '劉心怡',
  '蔡承恩',
  '楊雅筑',
  '洪國棟',
  '曾詩涵',
  '簡志明',
  '賴佩珊',
  '邱俊傑',
  '高思妤',
];

export const people: Insertable<PersonTable>[] = personNames.map((name, i) => ({
  person_id: `P${String(i + 1).padStart(3, '0')}`,
  name,
  picture_path: null,
}));

/** Each top-level title gets a director and two actors, spread deterministically. */
export function titlePeople(): Insertable<TitlePersonTable>[] {
  const rows: Insertable<TitlePersonTable>[] = [];
  demoTitles()
    .filter((t) => t.kind !== 'episode')
    .forEach((t, i) => {
      const pick = (k: number) => people[(i * 3 + k) % people.length]!.person_id;
      rows.push({ content_id: t.content_id, person_id: pick(0), role: 'director', sort_order: 0 });
      rows.push({ content_id: t.content_id, person_id: pick(1), role: 'actor', sort_order: 1 });
      rows.push({ content_id: t.content_id, person_id: pick(2), role: 'actor', sort_order: 2 });
    });
  return rows;
}

export const uxCategories: Insertable<UxCategoryTable>[] = [
  {
    ux_category_id: 'ux-home',
    name: '首頁精選',
    main_category_id: null,
    kid_safe: 0,
    sort_order: 1,
  },
  {
    ux_category_id: 'ux-movie',
    name: '電影',
    main_category_id: 'movie',
    kid_safe: 0,
    sort_order: 2,
  },
  {
    ux_category_id: 'ux-drama',
    name: '戲劇',
    main_category_id: 'drama',
    kid_safe: 0,
    sort_order: 3,
  },
  { ux_category_id: 'ux-kids', name: '兒童', main_category_id: 'kids', kid_safe: 1, sort_order: 4 },
  {
    ux_category_id: 'ux-documentary',
    name: '紀錄片',
    main_category_id: 'documentary',
    kid_safe: 0,
    sort_order: 5,
  },
];

export const uxMenus: Insertable<UxMenuTable>[] = [
  {
    menu_id: 'menu-home',
    name: '首頁',
    menu_type: 'link',
    target: '/',
    kid_safe: 1,
    sort_order: 1,
  },
  {
    menu_id: 'menu-movie',
    name: '電影',
    menu_type: 'uxCategory',
    target: 'ux-movie',
    kid_safe: 0,
    sort_order: 2,
  },
  {
    menu_id: 'menu-drama',
    name: '戲劇',
    menu_type: 'uxCategory',
    target: 'ux-drama',
    kid_safe: 0,
    sort_order: 3,
  },
  {
    menu_id: 'menu-kids',
    name: '兒童專區',
    menu_type: 'uxCategory',
    target: 'ux-kids',
    kid_safe: 1,
    sort_order: 4,
  },
  {
    menu_id: 'menu-documentary',
    name: '紀錄片',
    menu_type: 'uxCategory',
    target: 'ux-documentary',
    kid_safe: 0,
    sort_order: 5,
  },
  {
    menu_id: 'menu-live',
    name: '直播',
    menu_type: 'link',
    target: '/LiveChannel',
    kid_safe: 0,
    sort_order: 6,
  },
];

/** Curated rows of the home page; "latest releases movies" is SPEC §2's section. */
export const curatedGroups: Insertable<CuratedGroupTable>[] = [
  { group_id: 'latest-movies', name: '最新上架電影', ux_category_id: 'ux-home', sort_order: 1 },
  { group_id: 'editors-picks', name: '編輯推薦', ux_category_id: 'ux-home', sort_order: 2 },
  { group_id: 'free-to-watch', name: '免費看', ux_category_id: 'ux-home', sort_order: 3 },
  { group_id: 'kids-favourites', name: '小朋友最愛', ux_category_id: 'ux-kids', sort_order: 1 },
];

export function curatedGroupTitles(): Insertable<CuratedGroupTitleTable>[] {
  const titles = demoTitles().filter((t) => t.kind !== 'episode');
  const movies = titles
    .filter((t) => t.kind === 'movie')
    .sort((a, b) => b.on_shelf_at - a.on_shelf_at);
  const rows: Insertable<CuratedGroupTitleTable>[] = [];
  movies
    .slice(0, 12)
    .forEach((t, i) =>
      rows.push({ group_id: 'latest-movies', content_id: t.content_id, sort_order: i }),
    );
  titles
    .filter((_, i) => i % 4 === 1)
    .forEach((t, i) =>
      rows.push({ group_id: 'editors-picks', content_id: t.content_id, sort_order: i }),
    );
  titles
    .filter((t) => t.sell_type === 'FREE' || t.sell_type === 'AVOD')
    .forEach((t, i) =>
      rows.push({ group_id: 'free-to-watch', content_id: t.content_id, sort_order: i }),
    );
  titles
    .filter((t) => t.kid_safe)
    .forEach((t, i) =>
      rows.push({ group_id: 'kids-favourites', content_id: t.content_id, sort_order: i }),
    );
  return rows;
}

/** Wording by code and by group (ajaxFindWording, ajaxFindGroupWording); Live_Minutes_Wording is SPEC §7's. */
export const wordings: Insertable<WordingTable>[] = [
  {
    code: 'Live_Minutes_Wording',
    group_code: 'LIVE',
    wording: '10$$免費試看時間已到，登入會員即可繼續觀看。',
    sort_order: 1,
  },
  // Footer and site entries are 'text$$link' (the same '$$' form as Live_Minutes_Wording).
  {
    code: 'FOOTER_SERVICE',
    group_code: 'FOOTER',
    wording: '客服專線 0800-000-123（每日 9:00–21:00）$$',
    sort_order: 1,
  },
  { code: 'FOOTER_REDEEM', group_code: 'FOOTER', wording: '序號兌換$$/redeem', sort_order: 2 },
  {
    code: 'FOOTER_LIVE',
    group_code: 'FOOTER',
    wording: '直播節目表$$/epg/xmltv.xml',
    sort_order: 3,
  },
  {
    code: 'FOOTER_COPYRIGHT',
    group_code: 'FOOTER',
    wording: '© 星河影音 版權所有$$',
    sort_order: 4,
  },
  {
    code: 'BLOG_INFO',
    group_code: 'SITE',
    wording: '星河影音部落格：幕後花絮與片單推薦$$https://blog.example.com/starvideo',
    sort_order: 1,
  },
  {
    code: 'OPENING_PAGE',
    group_code: 'SITE',
    wording: 'images/site/og-default.jpg$$/browse$$3',
    sort_order: 2,
  },
  {
    code: 'REGISTER_ACTIVITY',
    group_code: 'SITE',
    wording: '邀請家人建立子帳號，全家一起看$$/account/sub-account-event',
    sort_order: 3,
  },
  {
    code: 'REDEEM_TERMS',
    group_code: 'REDEEM',
    wording: '請勿重複輸入序號；送出後請稍候幾分鐘，以免序號失效。',
    sort_order: 1,
  },
];

export const hotKeywords: Insertable<HotKeywordTable>[] = [
  '午夜列車',
  '星空',
  '韓劇',
  '小熊波波',
  '林書豪',
  '紀錄片',
  '動作',
  '台灣山脈',
].map((keyword, i) => ({ keyword, rank: i + 1 }));
