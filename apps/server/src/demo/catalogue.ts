import type { Insertable } from 'kysely';
import type { MainCategoryTable, SubcategoryTable, TitleTable } from '../db/schema.js';

/** Demo catalogue, invented in zh-TW; deterministic so every machine seeds the same titles. */
export const mainCategories: Insertable<MainCategoryTable>[] = [
  { main_category_id: 'movie', name: '電影', sort_order: 1 },
  { main_category_id: 'drama', name: '戲劇', sort_order: 2 },
  { main_category_id: 'kids', name: '兒童', sort_order: 3 },
  { main_category_id: 'documentary', name: '紀錄片', sort_order: 4 },
];

export const subcategories: Insertable<SubcategoryTable>[] = [
  { subcategory_id: 'movie-action', main_category_id: 'movie', name: '動作', sort_order: 1 },
  { subcategory_id: 'movie-comedy', main_category_id: 'movie', name: '喜劇', sort_order: 2 },
  { subcategory_id: 'movie-romance', main_category_id: 'movie', name: '愛情', sort_order: 3 },
  { subcategory_id: 'movie-thriller', main_category_id: 'movie', name: '驚悚', sort_order: 4 },
  { subcategory_id: 'movie-scifi', main_category_id: 'movie', name: '科幻', sort_order: 5 },
  { subcategory_id: 'drama-tw', main_category_id: 'drama', name: '台劇', sort_order: 1 },
  { subcategory_id: 'drama-kr', main_category_id: 'drama', name: '韓劇', sort_order: 2 },
  { subcategory_id: 'drama-jp', main_category_id: 'drama', name: '日劇', sort_order: 3 },
  { subcategory_id: 'kids-animation', main_category_id: 'kids', name: '卡通動畫', sort_order: 1 },
  { subcategory_id: 'kids-learning', main_category_id: 'kids', name: '學習成長', sort_order: 2 },
  {
    subcategory_id: 'doc-nature',
    main_category_id: 'documentary',
    name: '自然生態',
    sort_order: 1,
  },
  {
    subcategory_id: 'doc-culture',
    main_category_id: 'documentary',
    name: '人文歷史',
    sort_order: 2,
  },
];

const movieNames = [
  '午夜列車',
  '星空下的約定',
  '最後的守門人',
  '沉默海岸',
  '城市獵人',
  '紅色警戒',
  '雨季來臨前',
  '追風少年',
  '月光旅館',
  '第七封信',
  '無聲的證人',
  '極地救援',
  '夏日戀曲',
  '迷霧森林',
  '鋼鐵之心',
  '逆光飛行',
  '時間的彼岸',
  '黑潮',
  '山城往事',
  '雙面間諜',
  '幸福便利店',
  '失控任務',
  '北方的燈塔',
  '火線追緝',
  '再見青春',
  '銀河快遞',
  '老街的貓',
  '深海計畫',
  '最長的一夜',
  '天臺上的風',
  '危險關係',
  '末日方舟',
  '回家的路',
  '暗夜行者',
  '奇幻島嶼',
  '咖啡與謊言',
  '決戰之日',
  '青春練習曲',
  '謎樣的鄰居',
  '邊境風暴',
  '島上的夏天',
  '無盡的旅程',
];
const dramaNames = [
  '市場裡的家',
  '首爾不眠夜',
  '東京晚餐',
  '醫院的星期一',
  '學園祕密',
  '我們的法庭',
];
const kidsNames = ['小熊波波', '太空小隊', '森林音樂會', '數字王國', '恐龍好朋友', '彩虹畫家'];
const documentaryNames = ['台灣山脈', '島嶼的鯨', '老城新生', '茶的旅程', '極光之下', '海洋之心'];

const countries = ['TW', 'JP', 'KR', 'US', 'GB', 'FR', 'HK', 'TH'] as const;
const sellTypes = ['FREE', 'AVOD', 'RENT', 'BUY', 'MONTHLY'] as const;
const priceBySellType = { FREE: 0, AVOD: 0, RENT: 50, BUY: 250, MONTHLY: 0 } as const;
const grades = ['0+', '6+', '12+', '15+'] as const;
const clips = ['clip-a', 'clip-b', 'clip-c'] as const;
/** Paid titles play the AES-128 copy of clip B (docs/adr/0023); trailers stay clear. */
const ENCRYPTED_CLIP = 'clip-b-enc';
const clipFor = (sellType: (typeof sellTypes)[number], clear: string): string =>
  sellType === 'FREE' || sellType === 'AVOD' ? clear : ENCRYPTED_CLIP;
const movieSubcategories = [
  'movie-action',
  'movie-comedy',
  'movie-romance',
  'movie-thriller',
  'movie-scifi',
];

/** 2025-01-01T00:00:00+08:00: shelf dates count from here, one title every few days. */
const SHELF_EPOCH = 1_735_660_800;
const DAY = 86_400;

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;
const two = (n: number) => String(n).padStart(2, '0');
/**
 * Every movie and series has its own poster and still with its name on it (scripts/demo-art.ts
 * draws them from this list): movies are 01–42, series follow from 43; episodes wear their
 * series' pictures.
 */
const poster = (n: number) => `images/posters/poster-${two(n)}.jpg`;
const still = (n: number) => `images/stills/still-${two(n)}.jpg`;

function synopsis(name: string, genre: string, i: number): string {
  const hooks = [
    '一段意想不到的相遇，改變了所有人的命運。',
    '當真相一步步浮現，他們必須在信任與背叛之間做出選擇。',
    '笑中帶淚的旅程，獻給每一個還在努力的人。',
    '在看似平凡的日子裡，藏著不平凡的勇氣。',
  ];
  return `《${name}》是一部${genre}作品。${pick(hooks, i)}`;
}

function title(
  partial: Omit<
    Insertable<TitleTable>,
    'trailer_clip_id' | 'off_shelf_at' | 'state' | 'version' | 'updated_at'
  > &
    Partial<Insertable<TitleTable>>,
): Insertable<TitleTable> {
  return { trailer_clip_id: null, off_shelf_at: null, ...partial };
}

export function demoTitles(): Insertable<TitleTable>[] {
  const rows: Insertable<TitleTable>[] = [];
  movieNames.forEach((name, i) => {
    const sellType = pick(sellTypes, i);
    const restricted = i % 13 === 7;
    const sexual = i === 33;
    const subcategory = pick(movieSubcategories, i);
    rows.push(
      title({
        content_id: `M${String(i + 1).padStart(4, '0')}`,
        kind: 'movie',
        series_id: null,
        season_no: null,
        episode_no: null,
        name,
        synopsis: synopsis(name, '電影', i),
        year: 2015 + (i % 11),
        country: pick(countries, i),
        main_category_id: 'movie',
        subcategory_id: subcategory,
        sell_type: sellType,
        dtr_price: priceBySellType[sellType],
        grade: restricted || sexual ? '18+' : pick(grades, i),
        is_sexual: sexual ? 1 : 0,
        is_restricted: restricted || sexual ? 1 : 0,
        kid_safe: 0,
        poster_path: poster(i + 1),
        still_path: still(i + 1),
        clip_id: clipFor(sellType, pick(clips, i)),
        trailer_clip_id: i % 3 === 0 ? pick(clips, i + 1) : null,
        duration_seconds: 30,
        on_shelf_at: SHELF_EPOCH + i * 5 * DAY,
      }),
    );
  });

  const seriesGroups: {
    names: string[];
    main: string;
    subs: string[];
    kid: boolean;
    country: readonly string[];
  }[] = [
    {
      names: dramaNames,
      main: 'drama',
      subs: ['drama-tw', 'drama-kr', 'drama-jp'],
      kid: false,
      country: ['TW', 'KR', 'JP'],
    },
    {
      names: kidsNames,
      main: 'kids',
      subs: ['kids-animation', 'kids-learning'],
      kid: true,
      country: ['TW', 'JP', 'US'],
    },
    {
      names: documentaryNames,
      main: 'documentary',
      subs: ['doc-nature', 'doc-culture'],
      kid: false,
      country: ['TW', 'GB', 'FR'],
    },
  ];
  let s = 0;
  for (const group of seriesGroups) {
    group.names.forEach((name, i) => {
      s += 1;
      const seriesId = `S${String(s).padStart(4, '0')}`;
      const sellType = group.kid
        ? i % 2 === 0
          ? 'FREE'
          : 'MONTHLY'
        : pick(['MONTHLY', 'AVOD', 'RENT'] as const, i);
      const base = {
        year: 2018 + (s % 8),
        country: pick(group.country, i),
        main_category_id: group.main,
        subcategory_id: pick(group.subs, i),
        sell_type: sellType,
        dtr_price: sellType === 'RENT' ? 30 : 0,
        grade: group.kid ? '0+' : pick(['6+', '12+', '15+'] as const, i),
        is_sexual: 0,
        is_restricted: 0,
        kid_safe: group.kid ? 1 : 0,
        poster_path: poster(movieNames.length + s),
        still_path: still(movieNames.length + s),
        clip_id: clipFor(sellType, pick(clips, s)),
        trailer_clip_id: i % 2 === 0 ? pick(clips, s + 2) : null,
        on_shelf_at: SHELF_EPOCH + (s * 11 + 2) * DAY,
      };
      rows.push(
        title({
          ...base,
          content_id: seriesId,
          kind: 'series',
          series_id: null,
          season_no: null,
          episode_no: null,
          name,
          synopsis: synopsis(
            name,
            group.kid ? '兒童影集' : group.main === 'drama' ? '影集' : '紀錄影集',
            s,
          ),
          duration_seconds: 0,
        }),
      );
      const seasons = group.kid ? 1 : 2;
      for (let season = 1; season <= seasons; season += 1) {
        for (let episode = 1; episode <= 3; episode += 1) {
          rows.push(
            title({
              ...base,
              content_id: `${seriesId}-S${season}E${two(episode)}`,
              kind: 'episode',
              series_id: seriesId,
              season_no: season,
              episode_no: episode,
              name: `${name} 第${season}季 第${episode}集`,
              synopsis: `${name}第${season}季第${episode}集。${synopsis(name, '影集', episode)}`,
              trailer_clip_id: null,
              clip_id: clipFor(sellType, pick(clips, s + episode)),
              duration_seconds: 30,
            }),
          );
        }
      }
    });
  }
  return rows;
}
