import { z } from 'zod';
import { contentIdSchema, gatewaySignature, ssoSessionSchema, yn } from './fields.js';
import { envelopeOf } from './envelope.js';
import { PAGE_SIZE, MAX_PAGE_SIZE, orderBySchema, videoListItemSchema } from './catalogue.js';
import { deviceTypeSchema } from './device.js';

const id = contentIdSchema;

/**
 * Find{product}List (SPEC §7): every parameter has an effect (docs/adr/0010). chl, chk and ts
 * are checked by the gateway's client authentication before this schema.
 */
export const findVideoListQuerySchema = z.object({
  ...gatewaySignature,
  apiVersion: z.enum(['1', '2']).default('2'),
  ssoSession: ssoSessionSchema.optional(),
  kidMode: z.enum(['0', '1']).default('0'),
  supportAVOD: yn.default('Y'),
  devType: deviceTypeSchema.default('Android'),
  uId: z.string().max(40).default(''),
  type: z.enum(['all', 'movie', 'series']).default('all'),
  showHighlight: yn.default('N'),
  luxuryService: yn.default('Y'),
  menuType: z.enum(['all', 'category', 'uxCategory', 'group']).default('all'),
  menuId: id.optional(),
  queryType: z.enum(['menu', ...orderBySchema.options]).default('menu'),
  startIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
  maxRecord: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  categoryId: id.optional(),
  uxCategoryId: id.optional(),
  supportMultiSeason: yn.default('Y'),
  filterSexual: yn.default('N'),
  filterRestrict: yn.default('N'),
});
export type FindVideoListQuery = z.infer<typeof findVideoListQuerySchema>;

export const gatewayVideoItemSchema = videoListItemSchema
  .partial({ stillUrl: true, brief: true })
  .extend({
    /** showHighlight=Y: a line to print over the poster. */
    highlight: z.string().optional(),
    /** How this device opens the title in the app (devType decides the form). */
    playAppLink: z.string(),
  });

/** status.code and data.videoList.video are the spec's literal paths; the counts live in data (DESIGN §4). */
export const findVideoListReplySchema = envelopeOf(
  z.object({
    totalCount: z.number().int(),
    recordCount: z.number().int(),
    videoList: z.object({ video: z.array(gatewayVideoItemSchema) }),
  }),
);

/** Find{product}ContentBrief (contentId, isFree, isSeries). */
export const findContentBriefQuerySchema = z.object({
  ...gatewaySignature,
  ssoSession: ssoSessionSchema.optional(),
  contentId: id,
  isFree: yn.default('N'),
  isSeries: yn.default('N'),
  devType: deviceTypeSchema.default('Android'),
});

export const contentBriefSchema = z.object({
  isLogin: yn,
  inToViewList: yn,
  dtrPrice: z.number().int(),
  hasTrailer: yn,
  playAppLink: z.string(),
});
export const contentBriefReplySchema = envelopeOf(contentBriefSchema);

export const uxMenuSchema = z.object({
  menuId: z.string(),
  menuName: z.string(),
  menuType: z.string(),
  target: z.string(),
});
export const findUxTopMenuReplySchema = envelopeOf(
  z.object({ uxMenuList: z.object({ uxMenu: z.array(uxMenuSchema) }) }),
);

export const characterSchema = z.object({
  characterId: z.string(),
  characterName: z.string(),
  titleCount: z.number().int(),
});
export const findUxCharacterReplySchema = envelopeOf(
  z.object({ characterList: z.object({ character: z.array(characterSchema) }) }),
);

export const gatewaySignedQuerySchema = z.object({
  ...gatewaySignature,
  ssoSession: ssoSessionSchema.optional(),
  kidMode: z.enum(['0', '1']).default('0'),
});
