import { z } from 'zod';
import { contentIdSchema, streamIdSchema, yn } from './fields.js';
import { PAGE_SIZE, MAX_PAGE_SIZE, videoListItemSchema } from './catalogue.js';
import { emptyReplySchema } from './accounts.js';
import { describeCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { siteCalls } from './routes.js';

const id = contentIdSchema;
const month = z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/, '月份格式為 YYYYMM。');

/** To-view and favorite toggles (SPEC §4): actionType 1 adds; any other value removes. */
export const listToggleBodySchema = z.object({
  contentId: id,
  actionType: z.coerce.string().max(4),
  isSeries: yn.default('N'),
});
export const toViewToggleReplySchema = envelopeOf(
  z.object({ contentId: z.string(), inToViewList: yn }),
);
export const favoriteToggleReplySchema = envelopeOf(
  z.object({ contentId: z.string(), inFavorite: yn }),
);

export const listMenuTypes = [
  'ToViewList',
  'MyFavorite',
  'KeepWatch',
  'ViewRecord',
  'FavoriteRecommend',
] as const;

/** ajaxFind{product}ListData. */
export const listDataQuerySchema = z.object({
  menuType: z.enum(listMenuTypes),
  queryType: z.literal('menu').default('menu'),
  startIndex: z.coerce.number().int().min(0).max(100_000).default(0),
  maxRecord: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  filterRestrict: yn.optional(),
  periodStartMonth: month.optional(),
  periodEndMonth: month.optional(),
});

/** A list entry: the title, and where it stands for this sub-account. */
export const listItemSchema = videoListItemSchema.extend({
  /** Continue watching: the movie or episode to resume, and where. */
  resumeContentId: z.string().optional(),
  positionSeconds: z.number().int().optional(),
  /** History: when it was last played (Unix seconds). */
  lastViewedAt: z.number().int().optional(),
  addedAt: z.number().int().optional(),
});
export type ListItem = z.infer<typeof listItemSchema>;

export const listDataReplySchema = envelopeOf(
  z.object({
    isLogin: yn,
    totalCount: z.number().int(),
    recordCount: z.number().int(),
    videoList: z.object({ video: z.array(listItemSchema) }),
  }),
);

export const listCountReplySchema = envelopeOf(
  z.object({
    isLogin: yn,
    keepWatchCount: z.number().int(),
    toViewListCount: z.number().int(),
    rentalListCount: z.number().int(),
    myFavoriteCount: z.number().int(),
  }),
);

/** The resume heartbeat the player sends every 30 s, on pause and on leaving. */
export const saveWatchPositionBodySchema = z.object({
  contentId: id,
  positionSeconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600),
  durationSeconds: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600),
  /** Increases with every heartbeat of a playback (e.g. the client's clock in ms): newer wins. */
  seq: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** The play right's streamId: the heartbeat renews its lease (docs/adr/0042). */
  streamId: streamIdSchema.optional(),
});
export const watchPositionQuerySchema = z.object({ contentId: id });
export const watchPositionReplySchema = envelopeOf(
  z.object({
    contentId: z.string(),
    resumeContentId: z.string(),
    positionSeconds: z.number().int(),
    finished: yn,
  }),
);
export const removeKeepWatchBodySchema = z.object({ contentId: id, isSeries: yn.default('N') });

/** ajaxFindViewRecord.do: GET lists; POST with deleteContentId deletes a record. */
export const viewRecordQuerySchema = z.object({
  startIndex: z.coerce.number().int().min(0).max(100_000).default(0),
  maxRecord: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  periodStartMonth: month.optional(),
  periodEndMonth: month.optional(),
});
export const deleteViewRecordBodySchema = z.object({
  deleteContentId: id,
  isSeries: yn.default('N'),
});

/** ajaxFindRentalVideoList2.do (devType, apiVersion). */
export const rentalListQuerySchema = z.object({
  devType: z.string().max(20).default('PC'),
  apiVersion: z.enum(['1', '2']).default('2'),
});
export const rentalStateSchema = z.enum(['notStarted', 'watching', 'owned', 'expired']);
export const rentalItemSchema = videoListItemSchema.extend({
  entitlementKind: z.enum(['rent', 'buy']),
  rentalState: rentalStateSchema,
  /** Unix seconds the right ends (to start, or to finish); null when owned. */
  expiresAt: z.number().int().nullable(),
  /** SPEC §9: minutes when under one hour, otherwise hours. */
  expiryText: z.string(),
  /** SPEC §9: hours and minutes. */
  durationText: z.string(),
});
export const rentalListReplySchema = envelopeOf(
  z.object({
    isLogin: yn,
    totalCount: z.number().int(),
    videoList: z.object({ video: z.array(rentalItemSchema) }),
  }),
);

const emptyList = {
  isLogin: 'N' as const,
  totalCount: 0,
  recordCount: 0,
  videoList: { video: [] },
};
const tags = ['lists'];

/** The personal lists' calls (SPEC §4, §6), each described once (issue 21, call.ts). */
export const listCalls = {
  updateToViewList: describeCall({
    method: 'POST',
    path: siteCalls.updateToViewList,
    summary: 'To-view toggle: actionType 1 adds (state Y), anything else removes (N)',
    tags,
    input: listToggleBodySchema,
    reply: toViewToggleReplySchema,
    access: { who: 'member' },
  }),
  updateFavorite: describeCall({
    method: 'POST',
    path: siteCalls.updateFavorite,
    summary: 'Favorite toggle: actionType 1 adds, anything else removes',
    tags,
    input: listToggleBodySchema,
    reply: favoriteToggleReplySchema,
    access: { who: 'member' },
  }),
  findVideoListData: describeCall({
    method: 'GET',
    path: siteCalls.findVideoListData,
    summary: 'One of the personal lists, 20 a page (isLogin N when logged out)',
    tags,
    input: listDataQuerySchema,
    reply: listDataReplySchema,
    access: { who: 'member', visitor: emptyList },
    cache: 'private',
  }),
  findVideoListCount: describeCall({
    method: 'GET',
    path: siteCalls.findVideoListCount,
    summary: 'How many titles each list holds',
    tags,
    reply: listCountReplySchema,
    access: {
      who: 'member',
      visitor: {
        isLogin: 'N',
        keepWatchCount: 0,
        toViewListCount: 0,
        rentalListCount: 0,
        myFavoriteCount: 0,
      },
    },
    cache: 'private',
  }),
  findRentalVideoList2: describeCall({
    method: 'GET',
    path: siteCalls.findRentalVideoList2,
    summary: "The account's rentals and purchases with state and expiry",
    tags,
    input: rentalListQuerySchema,
    reply: rentalListReplySchema,
    access: { who: 'member', visitor: { isLogin: 'N', totalCount: 0, videoList: { video: [] } } },
    cache: 'private',
  }),
  findViewRecord: describeCall({
    method: 'GET',
    path: siteCalls.findViewRecord,
    summary: 'Play history with an optional month period',
    tags,
    input: viewRecordQuerySchema,
    reply: listDataReplySchema,
    access: { who: 'member', visitor: emptyList },
    cache: 'private',
  }),
  deleteViewRecord: describeCall({
    method: 'POST',
    path: siteCalls.findViewRecord,
    summary: 'Delete a history record (deleteContentId, isSeries) and its positions',
    tags,
    input: deleteViewRecordBodySchema,
    reply: emptyReplySchema,
    access: { who: 'member' },
  }),
  saveWatchPosition: describeCall({
    method: 'POST',
    path: siteCalls.saveWatchPosition,
    summary: 'Resume heartbeat (every 30 s, on pause, on leaving); an older seq never wins',
    tags,
    input: saveWatchPositionBodySchema,
    reply: emptyReplySchema,
    access: { who: 'member' },
  }),
  getWatchPosition: describeCall({
    method: 'GET',
    path: siteCalls.getWatchPosition,
    summary: 'Where to resume a movie, an episode, or a series (its last watched episode)',
    tags,
    input: watchPositionQuerySchema,
    reply: watchPositionReplySchema,
    access: { who: 'member' },
    cache: 'private',
  }),
  removeKeepWatch: describeCall({
    method: 'POST',
    path: siteCalls.removeKeepWatch,
    summary: 'Remove a title from continue watching (history keeps it)',
    tags,
    input: removeKeepWatchBodySchema,
    reply: emptyReplySchema,
    access: { who: 'member' },
  }),
};
