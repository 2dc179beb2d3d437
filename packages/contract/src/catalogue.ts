import { z } from 'zod';
import { plainId } from './fields.js';
import { envelopeOf } from './envelope.js';
import { describeCall } from './call.js';
import { siteCalls } from './routes.js';

/** How a title may be watched (SPEC §3 filter sellType). */
export const sellTypes = ['FREE', 'AVOD', 'RENT', 'BUY', 'MONTHLY'] as const;
export const sellTypeSchema = z.enum(sellTypes);
export type SellType = z.infer<typeof sellTypeSchema>;

/** Sort orders of the browse filter (SPEC §3 filter orderBy); every order ends with contentId. */
export const orderBys = ['latest', 'oldest', 'name', 'priceLow', 'priceHigh'] as const;
export const orderBySchema = z.enum(orderBys);

/** Countries used by the catalogue, ISO 3166-1 alpha-2. */
export const countries = ['TW', 'JP', 'KR', 'US', 'GB', 'FR', 'HK', 'CN', 'TH', 'IN'] as const;
export const countrySchema = z.enum(countries);

export const gradeSchema = z.enum(['0+', '6+', '12+', '15+', '18+']);
export type Grade = z.infer<typeof gradeSchema>;

const yn = z.enum(['Y', 'N']);

/** An entry of videoList.video (SPEC §3 "Video list item"). */
export const videoListItemSchema = z.object({
  contentId: z.string(),
  /** The context id of the detail link: the series of an episode, else the title itself. */
  otherId: z.string(),
  contentName: z.string(),
  isSeries: yn,
  posterUrl: z.string(),
  stillUrl: z.string(),
  year: z.number().int(),
  country: countrySchema,
  mainCategoryId: z.string(),
  subcategoryId: z.string(),
  sellType: sellTypeSchema,
  dtrPrice: z.number().int(),
  grade: gradeSchema,
  durationSeconds: z.number().int(),
  brief: z.string(),
});
export type VideoListItem = z.infer<typeof videoListItemSchema>;

export const videoListDataSchema = z.object({
  totalCount: z.number().int(),
  recordCount: z.number().int(),
  videoList: z.object({ video: z.array(videoListItemSchema) }),
});
export type VideoListData = z.infer<typeof videoListDataSchema>;
export const videoListReplySchema = envelopeOf(videoListDataSchema);

/** SPEC §9: page sizes 20 and 100. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export const pagingSchema = z.object({
  startIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
  maxRecord: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});

const idSchema = plainId();
const yearSchema = z.coerce.number().int().min(1900).max(2100);

/** ajaxFilterCategoryVideoListData.do (mainCategoryId, subcategoryId, year, country, orderBy, sellType). */
export const filterCategoryVideoListQuerySchema = pagingSchema.extend({
  mainCategoryId: idSchema.optional(),
  subcategoryId: idSchema.optional(),
  year: yearSchema.optional(),
  country: countrySchema.optional(),
  orderBy: orderBySchema.default('latest'),
  sellType: sellTypeSchema.optional(),
});
export type FilterCategoryVideoListQuery = z.infer<typeof filterCategoryVideoListQuerySchema>;

export const subcategorySchema = z.object({
  subcategoryId: z.string(),
  subcategoryName: z.string(),
});
export const mainCategorySchema = z.object({
  mainCategoryId: z.string(),
  mainCategoryName: z.string(),
  subcategoryList: z.object({ subcategory: z.array(subcategorySchema) }),
});
export type MainCategory = z.infer<typeof mainCategorySchema>;

/** ajaxFindMainCategoryMenu3.do (mainCategoryId): the menu of main categories and their subcategories. */
export const mainCategoryMenuQuerySchema = z.object({ mainCategoryId: idSchema.optional() });
export const mainCategoryMenuDataSchema = z.object({
  mainCategoryList: z.object({ mainCategory: z.array(mainCategorySchema) }),
});
export type MainCategoryMenuData = z.infer<typeof mainCategoryMenuDataSchema>;
export const mainCategoryMenuReplySchema = envelopeOf(mainCategoryMenuDataSchema);

/** The catalogue's browse calls (issue 21). */
export const catalogueCalls = {
  filterCategoryVideoListData: describeCall({
    method: 'GET',
    path: siteCalls.filterCategoryVideoListData,
    summary: 'Browse titles by main category, subcategory, year, country, sell type and order',
    tags: ['catalogue'],
    input: filterCategoryVideoListQuerySchema,
    reply: videoListReplySchema,
    access: { who: 'anyone' },
  }),
  findMainCategoryMenu3: describeCall({
    method: 'GET',
    path: siteCalls.findMainCategoryMenu3,
    summary: 'Main categories with their subcategories (one when mainCategoryId is given)',
    tags: ['catalogue'],
    input: mainCategoryMenuQuerySchema,
    reply: mainCategoryMenuReplySchema,
    access: { who: 'anyone' },
    cache: 'private',
  }),
};

/**
 * The main category that replaces every category while a kid sub-account is active (SPEC §6):
 * the login info's kidModeCategoryId.
 */
export const KID_CATEGORY_ID = 'kids';
