import { z } from 'zod';
import { plainId, yn } from './fields.js';
import { envelopeOf } from './envelope.js';
import { videoListItemSchema } from './catalogue.js';
import { uxMenuSchema } from './catalogue-gateway.js';
import { mainCategorySchema } from './catalogue.js';
import { describeCall } from './call.js';
import { siteCalls } from './routes.js';
import { emptyReplySchema } from './accounts.js';

const code = plainId(60);
const id = plainId();
/**
 * A title in a banner or a curated group: a video list item with the SPEC §2 link string of its
 * detail page, as the original product's banners and groups carry (docs/adr/0029).
 */
export const linkedVideoSchema = videoListItemSchema.extend({
  /** 'video:{otherId}|{contentId}': the web opens /details/{contentId}/{otherId} from it. */
  linkString: z.string(),
});
export type LinkedVideo = z.infer<typeof linkedVideoSchema>;
const linkedVideoList = z.object({ video: z.array(linkedVideoSchema) });

/** ajaxFindWording.do (code), ajaxFindGroupWording.do (groupCode). */
export const findWordingQuerySchema = z.object({ code });
export const findWordingReplySchema = envelopeOf(
  z.object({ code: z.string(), wording: z.string() }),
);
export const findGroupWordingQuerySchema = z.object({ groupCode: code });
export const findGroupWordingReplySchema = envelopeOf(
  z.object({
    groupCode: z.string(),
    wordingList: z.object({
      wording: z.array(z.object({ code: z.string(), wording: z.string() })),
    }),
  }),
);

/** SPEC §9's business constants, for pages and players. */
export const constantsSchema = z.object({
  successCode: z.string(),
  pageSizes: z.array(z.number().int()),
  autocompleteCount: z.number().int(),
  kidModeFlag: z.string(),
  voucherStartHours: z.number().int(),
  voucherFinishHours: z.number().int(),
  appStoreFallbackMs: z.array(z.number().int()),
  liveSwitchRetries: z.number().int(),
  playbackErrorRetries: z.number().int(),
  resourceDelayMs: z.number().int(),
  bookmarkIntervalMs: z.number().int(),
  envelopeAnimationMs: z.number().int(),
  envelopeFrameMs: z.number().int(),
  adTimeoutMs: z.number().int(),
  prerollTimeoutMs: z.number().int(),
  adPlayheadTickMs: z.number().int(),
  seekCheckMs: z.number().int(),
  seekThresholdMs: z.number().int(),
  resizeCheckMs: z.number().int(),
  locale: z.string(),
  adLabel: z.string(),
});
export const constantsReplySchema = envelopeOf(z.object({ constants: constantsSchema }));

export const footerReplySchema = envelopeOf(
  z.object({
    footerList: z.object({
      footer: z.array(z.object({ code: z.string(), wording: z.string(), url: z.string() })),
    }),
  }),
);
export const blogInfoReplySchema = envelopeOf(
  z.object({ blogTitle: z.string(), blogUrl: z.string() }),
);
export const openingPageReplySchema = envelopeOf(
  z.object({
    showOpening: yn,
    imageUrl: z.string(),
    linkUrl: z.string(),
    seconds: z.number().int(),
  }),
);
export const registerActivityEntryReplySchema = envelopeOf(
  z.object({ showEntry: yn, title: z.string(), linkUrl: z.string() }),
);

export const newIconHintReplySchema = envelopeOf(
  z.object({
    hintList: z.object({
      hint: z.array(z.object({ hintId: z.string(), show: yn, count: z.number().int() })),
    }),
  }),
);
export const updateNewIconHintBodySchema = z.object({ hintId: z.enum(['newTitles']) });

export const headerDataReplySchema = envelopeOf(
  z.object({
    uxMenuList: z.object({ uxMenu: z.array(uxMenuSchema) }),
    mainCategoryList: z.object({ mainCategory: z.array(mainCategorySchema) }),
  }),
);
export const headerVideoReplySchema = envelopeOf(z.object({ videoList: linkedVideoList }));

export const videoGroupSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  videoList: linkedVideoList,
});
/** ajaxFindVideoGroup.do (groupId, uxCategoryId). */
export const findVideoGroupQuerySchema = z.object({ groupId: id, uxCategoryId: id.optional() });
export const findVideoGroupReplySchema = envelopeOf(videoGroupSchema);

/** ajaxFindUxCategory.do (devType, devOS, categoryId, startIndex, count, withRecommend, uId). */
export const findUxCategoryQuerySchema = z.object({
  devType: z.string().max(20).default('PC'),
  devOS: z.string().max(40).default(''),
  categoryId: id,
  startIndex: z.coerce.number().int().min(0).max(1000).default(0),
  count: z.coerce.number().int().min(1).max(20).default(10),
  withRecommend: yn.default('N'),
  uId: z.string().max(40).default(''),
});
export const findUxCategoryReplySchema = envelopeOf(
  z.object({
    uxCategoryId: z.string(),
    uxCategoryName: z.string(),
    totalGroups: z.number().int(),
    groupList: z.object({ group: z.array(videoGroupSchema) }),
    recommendList: z.object({ video: z.array(videoListItemSchema) }).optional(),
  }),
);

/** ajaxGetPageDataMain.do: the home page in one call. */
export const pageDataMainReplySchema = envelopeOf(
  z.object({ groupList: z.object({ group: z.array(videoGroupSchema) }) }),
);

/** ajaxFindNextOrPrevVideo.do (contentID). */
export const nextOrPrevQuerySchema = z.object({ contentID: id });
export const nextOrPrevReplySchema = envelopeOf(
  z.object({ prev: videoListItemSchema.nullable(), next: videoListItemSchema.nullable() }),
);
/** ajaxFindBundleVideoListNextPlay.do (twmContentId). */
export const bundleNextPlayQuerySchema = z.object({ twmContentId: id });
export const bundleNextPlayReplySchema = envelopeOf(
  z.object({ nextPlay: videoListItemSchema.nullable() }),
);

/** ajaxFindVideoDetail.do (contentId, otherId): everything the detail page shows. */
export const videoDetailQuerySchema = z.object({ contentId: id, otherId: id });
export const personCreditSchema = z.object({
  personId: z.string(),
  name: z.string(),
  role: z.enum(['actor', 'director']),
});
export const episodeSchema = videoListItemSchema.extend({
  seasonNo: z.number().int(),
  episodeNo: z.number().int(),
});
export const videoDetailSchema = videoListItemSchema.extend({
  synopsis: z.string(),
  people: z.array(personCreditSchema),
  trailerUrl: z.string().nullable(),
  seasons: z.array(z.object({ seasonNo: z.number().int(), episodes: z.array(episodeSchema) })),
  seriesName: z.string().nullable(),
  restricted: yn,
});
export type VideoDetail = z.infer<typeof videoDetailSchema>;
export const videoDetailReplySchema = envelopeOf(videoDetailSchema);

const siteTags = ['site'];

/** Wording, constants and the site's small entries (footer, blog, opening page, activity). */
export const siteContentCalls = {
  findWording: describeCall({
    method: 'GET',
    path: siteCalls.findWording,
    summary: 'One wording by code',
    tags: siteTags,
    input: findWordingQuerySchema,
    reply: findWordingReplySchema,
    access: { who: 'anyone' },
  }),
  findGroupWording: describeCall({
    method: 'GET',
    path: siteCalls.findGroupWording,
    summary: 'Every wording of a group',
    tags: siteTags,
    input: findGroupWordingQuerySchema,
    reply: findGroupWordingReplySchema,
    access: { who: 'anyone' },
  }),
  getConstants: describeCall({
    method: 'GET',
    path: siteCalls.getConstants,
    summary: 'Business constants (SPEC §9)',
    tags: siteTags,
    reply: constantsReplySchema,
    access: { who: 'anyone' },
    cache: { publicMaxAge: 300 },
  }),
  getFooterData: describeCall({
    method: 'GET',
    path: siteCalls.getFooterData,
    summary: 'Footer lines and their links',
    tags: siteTags,
    reply: footerReplySchema,
    access: { who: 'anyone' },
  }),
  blogInfo: describeCall({
    method: 'GET',
    path: siteCalls.blogInfo,
    summary: 'The blog link',
    tags: siteTags,
    reply: blogInfoReplySchema,
    access: { who: 'anyone' },
  }),
  findOpeningPage: describeCall({
    method: 'GET',
    path: siteCalls.findOpeningPage,
    summary: 'The opening (splash) page: picture, link and how long it shows',
    tags: siteTags,
    reply: openingPageReplySchema,
    access: { who: 'anyone' },
  }),
  findRegisterActivityEntry: describeCall({
    method: 'GET',
    path: siteCalls.findRegisterActivityEntry,
    summary: 'The entry to the sub-account event, for members with room for another profile',
    tags: siteTags,
    reply: registerActivityEntryReplySchema,
    access: { who: 'anyone' },
  }),
};

const pageTags = ['catalogue'];

/** The site face's catalogue pages: home, header, groups, UX categories, details, episodes. */
export const pageCalls = {
  getPageDataMain: describeCall({
    method: 'GET',
    path: siteCalls.getPageDataMain,
    summary: 'The home page rows (the kid rows in kid mode)',
    tags: pageTags,
    reply: pageDataMainReplySchema,
    access: { who: 'anyone' },
  }),
  findVideoGroup: describeCall({
    method: 'GET',
    path: siteCalls.findVideoGroup,
    summary: 'A curated group and its titles',
    tags: pageTags,
    input: findVideoGroupQuerySchema,
    reply: findVideoGroupReplySchema,
    access: { who: 'anyone' },
  }),
  findUxCategory: describeCall({
    method: 'GET',
    path: siteCalls.findUxCategory,
    summary:
      'A UX category: its groups (paged by startIndex/count) and, with withRecommend, recommended titles',
    tags: pageTags,
    input: findUxCategoryQuerySchema,
    reply: findUxCategoryReplySchema,
    access: { who: 'anyone' },
  }),
  getHeaderDataMain: describeCall({
    method: 'GET',
    path: siteCalls.getHeaderDataMain,
    summary: 'Header menus (kid-safe entries in kid mode)',
    tags: pageTags,
    reply: headerDataReplySchema,
    access: { who: 'anyone' },
  }),
  getHeaderVideo: describeCall({
    method: 'GET',
    path: siteCalls.getHeaderVideo,
    summary: 'Featured titles for the header banner',
    tags: pageTags,
    reply: headerVideoReplySchema,
    access: { who: 'anyone' },
  }),
  findVideoDetail: describeCall({
    method: 'GET',
    path: siteCalls.findVideoDetail,
    summary: 'Everything the detail page shows; 404 when the pair does not belong together',
    tags: pageTags,
    input: videoDetailQuerySchema,
    reply: videoDetailReplySchema,
    access: { who: 'anyone' },
  }),
  findNextOrPrevVideo: describeCall({
    method: 'GET',
    path: siteCalls.findNextOrPrevVideo,
    summary: 'The episodes before and after an episode',
    tags: pageTags,
    input: nextOrPrevQuerySchema,
    reply: nextOrPrevReplySchema,
    access: { who: 'anyone' },
  }),
  findBundleVideoListNextPlay: describeCall({
    method: 'GET',
    path: siteCalls.findBundleVideoListNextPlay,
    summary:
      'What plays after a title: the next episode, a series’ first episode, nothing after a movie',
    tags: pageTags,
    input: bundleNextPlayQuerySchema,
    reply: bundleNextPlayReplySchema,
    access: { who: 'anyone' },
  }),
  checkNewIconHint: describeCall({
    method: 'GET',
    path: siteCalls.checkNewIconHint,
    summary:
      'Whether to show the "new" badge: titles added since the sub-account last dismissed it',
    tags: pageTags,
    reply: newIconHintReplySchema,
    access: {
      who: 'member',
      visitor: { hintList: { hint: [{ hintId: 'newTitles', show: 'N', count: 0 }] } },
    },
    cache: 'private',
  }),
  updateNewIconHint: describeCall({
    method: 'POST',
    path: siteCalls.updateNewIconHint,
    summary: 'Mark the "new" badge as seen for this sub-account',
    tags: pageTags,
    input: updateNewIconHintBodySchema,
    reply: emptyReplySchema,
    access: { who: 'member' },
  }),
};
