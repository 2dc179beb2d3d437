import { z } from 'zod';
import { gradeSchema, sellTypeSchema } from '../catalogue.js';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';

/**
 * The catalogue in the console (issue 22): titles listed, sorted and filtered on the server,
 * read and edited on the version seen, published and unpublished. Content editors change; the
 * roles that answer questions about titles (care, marketing, the auditor) read.
 */
export const consoleContentIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, '影片編號格式不正確');
export const titleKindSchema = z.enum(['movie', 'series', 'season', 'episode']);
/** draft: never shown to customers; published: shown within its availability window. */
export const titleStateSchema = z.enum(['draft', 'published']);

export const titleSortSchema = z.enum(['name', 'contentId', 'year', 'onShelfAt', 'updatedAt']);

export const titleListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: titleSortSchema.default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Part of the name, or the start of the content id. */
  q: z.string().trim().max(50).optional(),
  kind: titleKindSchema.optional(),
  state: titleStateSchema.optional(),
  mainCategoryId: z.string().max(40).optional(),
});

export const consoleTitleRowSchema = z.object({
  contentId: z.string(),
  kind: titleKindSchema,
  name: z.string(),
  year: z.number().int(),
  mainCategoryId: z.string(),
  sellType: sellTypeSchema,
  price: z.number().int(),
  state: titleStateSchema,
  onShelfAt: z.number().int(),
  offShelfAt: z.number().int().nullable(),
  updatedAt: z.number().int(),
  version: z.number().int(),
});
export type ConsoleTitleRow = z.infer<typeof consoleTitleRowSchema>;

/** The fields an editor changes (all optional in an edit; `version` is the one seen). */
export const titleFieldsSchema = z.object({
  name: z.string().trim().min(1, '請輸入片名').max(100),
  synopsis: z.string().max(2000),
  year: z.number().int().min(1900).max(2100),
  country: z.string().max(40),
  mainCategoryId: z.string().max(40),
  subcategoryId: z.string().max(40),
  grade: gradeSchema,
  isRestricted: z.boolean(),
  isSexual: z.boolean(),
  kidSafe: z.boolean(),
  sellType: sellTypeSchema,
  price: z.number().int().min(0).max(100_000),
  onShelfAt: z.number().int().min(0),
  offShelfAt: z.number().int().min(0).nullable(),
});

/**
 * An episode's place in its series (the site's next/previous episode follows these numbers):
 * editable on episodes only; another episode of the series at the same place is refused.
 */
export const episodePlaceSchema = z.object({
  seasonNo: z.number().int().min(1, '季數至少為 1').max(99, '季數最多為 99'),
  episodeNo: z.number().int().min(1, '集數至少為 1').max(9999, '集數最多為 9999'),
});

/** A title's cast and crew, in the order the pages show them. */
export const titlePersonRoleSchema = z.enum(['actor', 'director']);
export type TitlePersonRole = z.infer<typeof titlePersonRoleSchema>;
export const TITLE_PEOPLE_MAX = 50;
export const titlePersonSchema = z.object({
  name: z.string().trim().min(1, '請輸入姓名').max(40, '姓名最多 40 個字'),
  role: titlePersonRoleSchema,
});
export type TitlePerson = z.infer<typeof titlePersonSchema>;
const titlePeopleReply = envelopeOf(
  z.object({
    people: z.array(titlePersonSchema.extend({ personId: z.string() })),
    version: z.number().int(),
  }),
);

export const consoleTitleSchema = consoleTitleRowSchema.extend({
  synopsis: z.string(),
  country: z.string(),
  subcategoryId: z.string(),
  grade: gradeSchema,
  isRestricted: z.boolean(),
  isSexual: z.boolean(),
  kidSafe: z.boolean(),
  seriesId: z.string().nullable(),
  /** An episode's season and number (null on other kinds). */
  seasonNo: z.number().int().nullable(),
  episodeNo: z.number().int().nullable(),
  posterPath: z.string(),
  stillPath: z.string(),
  /** The wide banner picture (null: none uploaded; pages use the still). */
  bannerPath: z.string().nullable(),
  clipId: z.string(),
  trailerClipId: z.string().nullable(),
});
export type ConsoleTitle = z.infer<typeof consoleTitleSchema>;

const titleParams = z.object({ contentId: consoleContentIdSchema });

/** Lists an editor orders by dragging: the main categories, the menu, the home page's groups. */
export const orderedListSchema = z.enum(['mainCategories', 'menus', 'homeGroups']);
export type OrderedList = z.infer<typeof orderedListSchema>;
const orderedIdsSchema = z.array(z.string().min(1).max(40)).max(500);
const orderReply = envelopeOf(
  z.object({ items: z.array(z.object({ id: z.string(), name: z.string() })) }),
);

/** The pictures of a title an editor uploads (each resized to the size the pages show it at). */
export const titlePictureKindSchema = z.enum(['poster', 'banner', 'still']);
export type TitlePictureKind = z.infer<typeof titlePictureKindSchema>;
/** The largest picture file taken (bytes). */
export const TITLE_PICTURE_MAX_BYTES = 8 * 1024 * 1024;
const titleReply = envelopeOf(z.object({ title: consoleTitleSchema }));
const READERS = ['content_editor', 'customer_care', 'marketing', 'auditor'] as const;

/**
 * A title's prices per way of selling it (issue 22 item 5): renting and buying, each offered when
 * priced (NT$). The title's own sell type (rent or buy, in its fields) is always offered, at its
 * price; the other way is offered besides when it has a price here. Free, ad-supported and the
 * monthly services are the sell type and the services' own prices.
 */
const offerPrice = z
  .number()
  .int('價格須為整數')
  .min(1, '價格至少為 1 元')
  .max(100_000, '價格最多為 100,000 元')
  .nullable();
export const titleOffersSchema = z.object({
  rentPrice: offerPrice,
  buyPrice: offerPrice,
  /** The monthly services whose subscribers may watch it (an episode: through its series). */
  serviceIds: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/)).max(50),
});
export type TitleOffers = z.infer<typeof titleOffersSchema>;
const titleOffersReply = envelopeOf(
  titleOffersSchema.extend({
    version: z.number().int(),
    /** Every monthly service, to choose from. */
    services: z.array(z.object({ serviceId: z.string(), name: z.string(), price: z.number() })),
  }),
);

/** A new title: a draft with what an editor knows first; pictures and its video follow. */
export const newTitleSchema = z.object({
  kind: z.enum(['movie', 'series', 'episode']),
  name: titleFieldsSchema.shape.name,
  mainCategoryId: titleFieldsSchema.shape.mainCategoryId,
  subcategoryId: titleFieldsSchema.shape.subcategoryId.default(''),
  year: titleFieldsSchema.shape.year,
  /** An episode's series, its season and number. */
  seriesId: consoleContentIdSchema.optional(),
  seasonNo: z.number().int().min(1).max(99).optional(),
  episodeNo: z.number().int().min(1).max(9999).optional(),
});

export const consoleCatalogueCalls = {
  createTitle: describeConsoleCall({
    method: 'POST',
    path: '/console/api/titles',
    summary: 'Add a title as a draft (customers see nothing of it until it is published)',
    tags: ['console: catalogue'],
    input: newTitleSchema,
    reply: titleReply,
    access: { staff: ['content_editor'] },
  }),
  listTitles: describeConsoleCall({
    method: 'GET',
    path: '/console/api/titles',
    summary: 'Titles, paged, sorted and filtered on the server',
    tags: ['console: catalogue'],
    input: titleListQuerySchema,
    reply: envelopeOf(
      z.object({
        titles: z.array(consoleTitleRowSchema),
        total: z.number().int(),
        page: z.number().int(),
        pageSize: z.number().int(),
      }),
    ),
    access: { staff: READERS },
  }),
  getTitle: describeConsoleCall({
    method: 'GET',
    path: '/console/api/titles/:contentId',
    summary: 'One title with every field an editor may change',
    tags: ['console: catalogue'],
    params: titleParams,
    reply: titleReply,
    access: { staff: READERS },
  }),
  changeTitle: describeConsoleCall({
    method: 'PATCH',
    path: '/console/api/titles/:contentId',
    summary: 'Change a title on the version seen (a stale version is refused with STALE_EDIT)',
    tags: ['console: catalogue'],
    params: titleParams,
    input: titleFieldsSchema
      .merge(episodePlaceSchema)
      .partial()
      .extend({ version: z.number().int().min(0) }),
    reply: titleReply,
    access: { staff: ['content_editor'] },
  }),
  getTitlePeople: describeConsoleCall({
    method: 'GET',
    path: '/console/api/titles/:contentId/people',
    summary: "A title's actors and directors, in order, with the title's version",
    tags: ['console: catalogue'],
    params: titleParams,
    reply: titlePeopleReply,
    access: { staff: READERS },
  }),
  /**
   * The whole list in its new order, on the title's version seen (a stale one: STALE_EDIT). People
   * are found by name, or added; the title's version goes up and the change is audited.
   */
  setTitlePeople: describeConsoleCall({
    method: 'PUT',
    path: '/console/api/titles/:contentId/people',
    summary: "Replace a title's actors and directors, in order, on the version seen",
    tags: ['console: catalogue'],
    params: titleParams,
    input: z.object({
      version: z.number().int().min(0),
      people: z.array(titlePersonSchema).max(TITLE_PEOPLE_MAX, `最多 ${TITLE_PEOPLE_MAX} 位`),
    }),
    reply: titlePeopleReply,
    access: { staff: ['content_editor'] },
  }),
  getTitleOffers: describeConsoleCall({
    method: 'GET',
    path: '/console/api/titles/:contentId/offers',
    summary: "A title's rent and buy prices and monthly services, with the title's version",
    tags: ['console: catalogue'],
    params: titleParams,
    reply: titleOffersReply,
    access: { staff: READERS },
  }),
  /** Both prices on the title's version seen (STALE_EDIT otherwise); audited, the version goes up. */
  setTitleOffers: describeConsoleCall({
    method: 'PUT',
    path: '/console/api/titles/:contentId/offers',
    summary: "Set a title's rent and buy prices and monthly services on the version seen",
    tags: ['console: catalogue'],
    params: titleParams,
    input: titleOffersSchema.extend({ version: z.number().int().min(0) }),
    reply: titleOffersReply,
    access: { staff: ['content_editor'] },
  }),
  publishTitle: describeConsoleCall({
    method: 'POST',
    path: '/console/api/titles/:contentId/publish',
    summary: 'Publish a draft: customers see it within its availability window',
    tags: ['console: catalogue'],
    params: titleParams,
    input: z.object({ version: z.number().int().min(0) }),
    reply: titleReply,
    access: { staff: ['content_editor'] },
  }),
  unpublishTitle: describeConsoleCall({
    method: 'POST',
    path: '/console/api/titles/:contentId/unpublish',
    summary: 'Take a title back to draft: customers no longer see it',
    tags: ['console: catalogue'],
    params: titleParams,
    input: z.object({ version: z.number().int().min(0) }),
    reply: titleReply,
    access: { staff: ['content_editor'] },
  }),
  /**
   * multipart/form-data: a `version` field (the title's version seen) before one `file` field, a
   * JPEG, PNG or WebP of at most TITLE_PICTURE_MAX_BYTES and at least the size pages show it at.
   * It is checked to be a real image, resized and stored under a content-hashed name.
   */
  /** The main categories with their sub-categories, in order (the new-title form's choices). */
  listCategories: describeConsoleCall({
    method: 'GET',
    path: '/console/api/categories',
    summary: 'Main categories and their sub-categories, in order',
    tags: ['console: catalogue'],
    reply: envelopeOf(
      z.object({
        categories: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            subcategories: z.array(z.object({ id: z.string(), name: z.string() })),
          }),
        ),
      }),
    ),
    access: { staff: READERS },
  }),
  getOrder: describeConsoleCall({
    method: 'GET',
    path: '/console/api/order/:list',
    summary: 'A list an editor orders (main categories, menus, home groups), in its order',
    tags: ['console: catalogue'],
    params: z.object({ list: orderedListSchema }),
    reply: orderReply,
    access: { staff: READERS },
  }),
  /**
   * Drag-to-order: the whole list in its new order, with the order it was made on (`seen`). A list
   * reordered meanwhile (or with members added or removed) is refused with STALE_EDIT.
   */
  setOrder: describeConsoleCall({
    method: 'PUT',
    path: '/console/api/order/:list',
    summary: 'Put a list in a new order, made on the order seen',
    tags: ['console: catalogue'],
    params: z.object({ list: orderedListSchema }),
    input: z.object({ seen: orderedIdsSchema, order: orderedIdsSchema }),
    reply: orderReply,
    access: { staff: ['content_editor', 'marketing'] },
  }),
  uploadTitlePicture: describeConsoleCall({
    method: 'POST',
    path: '/console/api/titles/:contentId/pictures/:kind',
    summary: 'Upload a poster, banner or still (multipart), on the version seen',
    tags: ['console: catalogue'],
    params: titleParams.extend({ kind: titlePictureKindSchema }),
    reply: titleReply,
    access: { staff: ['content_editor'] },
  }),
} as const;
