import { z } from 'zod';
import { plainId, streamIdSchema } from './fields.js';
import { describeCall } from './call.js';
import { envelopeOf } from './envelope.js';
import { siteCalls } from './routes.js';

/** SPEC §4: '0' not yet on air, '1' live, '9' content ended. */
export const channelStatusSchema = z.enum(['0', '1', '9']);
export type ChannelStatus = z.infer<typeof channelStatusSchema>;

const yn = z.enum(['Y', 'N']);

/**
 * The live page's calls (SPEC §7 "Live page calls"). The spec names switch-channel and the
 * Twitch call; the page-data loader and the bookmark calls are "not shown", so they follow the
 * ajaxVerbNoun.do rule (DESIGN §4). The channel-group list is `siteCalls.findChannelGroupList`,
 * the device type `siteCalls.checkDeviceType`, the wording `siteCalls.findWording`.
 */
export const liveCalls = {
  /** GET (channelId?): dataContent of the live page. */
  getLivePageData: '/ajax/ajaxGetLivePageData.do',
  /** GET (channelId): the stream, the channel and its schedule (SPEC §3 switch-channel reply). */
  switchChannel: '/ajax/ajaxSwitchChannel.do',
  /** POST (channelId): on first play; data.bookmark_id. */
  getLiveBookmark: '/ajax/ajaxGetLiveBookmark.do',
  /** POST (channelId, bookmarkId, reason): every 30 s while playing, on pause, on error. */
  insertLiveBookmark: '/ajax/ajaxInsertLiveBookmark.do',
  /** GET (channelId): the Twitch embed of a channel whose content comes from Twitch. */
  findTwitchContentData: '/ajax/ajaxFindTwitchContentData.do',
} as const;

/**
 * The live origin (docs/adr/0025): a channel's master and media playlists behind a signed,
 * short-lived prefix that switch-channel hands out: /live/{channelId}/{expires}/{signature}/
 * master.m3u8, and v0.m3u8, v1.m3u8 … beside it. Segments are beside them too,
 * {clip}/{asset start}/{dir}/{file}, with decode times on the channel timeline (docs/adr/0033).
 */
export const LIVE_PLAYLIST_ROUTE = '/live/:channelId/:expires/:signature/:file';

/** SPEC §9 and the origin: segments are 2 s, so the media sequence grows by one every 2 s. */
export const LIVE_SEGMENT_SECONDS = 2;

/** The bookmark reply code that marks the live event ended (SPEC §4, §8). */
export const LIVE_ENDED_CODE = '480';
export const LIVE_ENDED_MESSAGE = '本頻道的直播已經結束，感謝您的收看。';

/** Channel ids as they appear in paths and queries. */
export const channelIdSchema = plainId(40, '頻道代碼格式不正確。');

/** A YouTube video id: 11 characters of the URL-safe alphabet, nothing that could be markup. */
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
/** A Twitch channel login. */
export const TWITCH_LOGIN = /^[A-Za-z0-9_]{4,25}$/;

/** channelBean.uiWordingList ids (SPEC §3); the subscription modal needs all four (SPEC §5). */
export const uiWordingIds = [
  'CHANNEL_FOR_LUXURY_SERVICE',
  'CHANNEL_TO_SUBSCRIBE',
  'CANCEL_SUBSCRIBE',
  'SUBSCRIBE_URL',
] as const;
export type UiWordingId = (typeof uiWordingIds)[number];

/** Who may watch (SPEC §6; ADR 0025): FREE anyone, AVOD anyone after a pre-roll, SVOD subscribers. */
export const playRightTypes = ['FREE', 'AVOD', 'SVOD'] as const;
export type PlayRightType = (typeof playRightTypes)[number];

/**
 * Where a channel's content comes from: our own origin (videoUrl), YouTube (isYoutube = Y,
 * youtubeId) or Twitch (ajaxFindTwitchContentData.do; shown in the same external-video pop-up).
 */
export const contentSources = ['ORIGIN', 'YOUTUBE', 'TWITCH'] as const;
export type ContentSource = (typeof contentSources)[number];

/** channelGroup[].channelV2List.channelV2[] (SPEC §3 "Channel group list"). */
export const channelV2Schema = z.object({
  channelId: z.string(),
  channelStatus: channelStatusSchema,
  channelStatusDesc: z.string(),
  channelPic: z.string(),
  channelName: z.string(),
  channelDesc: z.string(),
  openSimplePlayPage: yn,
});
export type ChannelV2 = z.infer<typeof channelV2Schema>;

export const channelGroupSchema = z.object({
  channelGroupId: z.string(),
  channelGroupTitle: z.string(),
  channelV2List: z.object({ channelV2: z.array(channelV2Schema) }),
});
export type ChannelGroup = z.infer<typeof channelGroupSchema>;

export const channelGroupListDataSchema = z.object({
  channelGroupList: z.object({ channelGroup: z.array(channelGroupSchema) }),
});
export type ChannelGroupListData = z.infer<typeof channelGroupListDataSchema>;
export const channelGroupListReplySchema = envelopeOf(channelGroupListDataSchema);

/** The group whose tiles hide their description (SPEC §2 part 6). */
export const NEWS_GROUP_TITLE = 'NEWS';

/** channelStatusDesc by status; the two alerts are SPEC §4's wording verbatim. */
export const channelStatusWording: Record<ChannelStatus, string> = {
  '0': '目前本頻道尚未開播 敬請期待~',
  '1': '直播中',
  '9': '目前頻道內容已結束 暫無內容~',
};

// ---- page data ---------------------------------------------------------------------------------

export const livePageQuerySchema = z.object({
  /** The channel of /LiveChannel/{channelId}: the default channel when it exists. */
  channelId: channelIdSchema.optional(),
});

/** SPEC §3 "Live channel list item": one entry of the '直播進行中' strip. */
export const liveChannelItemSchema = z.object({
  channelId: z.string(),
  channelName: z.string(),
  channelPic: z.string(),
  openSimplePlayPage: yn,
  program: z.object({
    /** The programme on air now; '' when the schedule has none. */
    programName: z.string(),
    /** When it ends (ISO 8601, UTC), so the strip knows when to ask again; '' when none. */
    endsAt: z.string(),
  }),
});
export type LiveChannelItem = z.infer<typeof liveChannelItemSchema>;

/** SPEC §3 "Live page data (dataContent)". */
export const livePageDataSchema = z.object({
  dataContent: z.object({
    mainWrapCustomizeData: z.object({
      /** Channels on air now (status '1'), in the site's order. */
      liveChannelList: z.array(liveChannelItemSchema),
      /** The channel to switch to once the page data is in; '' when there is none. */
      defaultLiveChannelId: z.string(),
    }),
    /** Y: the simple-play page needs a signed-in viewer (SPEC §5). */
    liveIsLogin: yn,
    /** The signed-in viewer's uId (sub-account); '' when anonymous. */
    uid: z.string(),
  }),
});
export type LivePageData = z.infer<typeof livePageDataSchema>;
export const livePageReplySchema = envelopeOf(livePageDataSchema);

// ---- switch channel ----------------------------------------------------------------------------

export const switchChannelQuerySchema = z.object({ channelId: channelIdSchema });

export const uiWordingSchema = z.object({ id: z.enum(uiWordingIds), wording: z.string() });

/** SPEC §3 channelBean (channelName added: the video area shows it for channels not on air). */
export const channelBeanSchema = z.object({
  channelId: z.string(),
  channelName: z.string(),
  /** '0' a linear channel (plays only while live); '1' an event channel that plays at any time. */
  channelType: z.enum(['0', '1']),
  channelStatus: channelStatusSchema,
  channelStatusDesc: z.string(),
  allowWeb: yn,
  isYoutube: yn,
  /** Only ever an 11-character YouTube id, or '' (ids that could be anything else are dropped). */
  youtubeId: z.string(),
  channelPic: z.string(),
  /** The id the playback error log and bookmarks name the channel's content by. */
  contentId: z.string(),
  contentSourceId: z.enum(contentSources),
  playRightType: z.enum(playRightTypes),
  openSimplePlayPage: yn,
  uiWordingList: z.array(uiWordingSchema),
  /**
   * While the channel is not yet on air (status '0'): when it starts (ISO 8601, UTC), so the
   * page can say so (issue 20 item 18). Absent otherwise.
   */
  airStartAt: z.string().optional(),
});
export type ChannelBean = z.infer<typeof channelBeanSchema>;

/** One date tab of the programme list (SPEC §2 part 3), times in Asia/Taipei. */
export const programDaySchema = z.object({
  /** The weekday in zh-TW, e.g. '週日'. */
  week: z.string(),
  programList: z.array(z.object({ startTime: z.string(), programName: z.string() })),
});
/** Keyed by Taipei date 'YYYY-MM-DD', today first, a week ahead; days without programmes left out. */
export const programScheduleSchema = z.record(z.string(), programDaySchema);
export type ProgramSchedule = z.infer<typeof programScheduleSchema>;

/** SPEC §3 drawActivity; filled by the engagement module (docs/adr/0026). */
export const drawActivitySchema = z.object({
  drawActivityList: z.array(
    z.object({
      startCountdownSecond: z.number(),
      endCountdownSecond: z.number(),
      isDraw: yn,
      startTime: z.string(),
      /** What ajaxDrawActivity.do names the activity by (docs/adr/0026). */
      activityId: z.string(),
    }),
  ),
});
export type DrawActivity = z.infer<typeof drawActivitySchema>;

/** SPEC §3 sponsorLogo: UR = upper right, L = left. */
export const sponsorLogoSchema = z.object({
  showLogo: yn,
  logoUrl: z.string(),
  position: z.enum(['UR', 'L']),
});
export type SponsorLogo = z.infer<typeof sponsorLogoSchema>;

export const switchChannelDataSchema = z.object({
  /**
   * Base64 of the master playlist URL; '' when nothing plays here: not on air, allowWeb N, an
   * external (YouTube/Twitch) channel, or no right (then uiWordingList says how to get one).
   * A relative URL follows the page's origin; a host-rewrite rule gives an absolute one in the
   * page's protocol.
   */
  videoUrl: z.string(),
  /** Renditions above this many bits per second (HLS BANDWIDTH) stay off (SPEC §5). */
  maxBitrate: z.number().int().positive(),
  channelBean: channelBeanSchema,
  programSchedule: programScheduleSchema,
  drawActivity: drawActivitySchema,
  sponsorLogo: sponsorLogoSchema,
  /** AVOD: the pre-roll's ad tag (through ajaxGetUrlString.do); '' otherwise. */
  preVastUrl: z.string(),
  vastSeqId: z.string(),
  preRoll: yn,
  /** A member's play holds a stream lease (docs/adr/0042); its bookmarks renew it. */
  streamId: z.string().optional(),
});
export type SwitchChannelData = z.infer<typeof switchChannelDataSchema>;
export const switchChannelReplySchema = envelopeOf(switchChannelDataSchema);

// ---- bookmarks ---------------------------------------------------------------------------------

/**
 * `playId` (ours; the SPEC's call names only the channel): the id the page draws once for each
 * channel it plays, so however many times the call is made for one play there is one bookmark.
 * Without it the member's one bookmark of the channel is answered (docs/adr/0025, 2026-11-26).
 */
export const livePlayIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '播放識別碼格式不正確。');
export const getLiveBookmarkBodySchema = z.object({
  channelId: channelIdSchema,
  playId: livePlayIdSchema.optional(),
});
export const liveBookmarkReplySchema = envelopeOf(z.object({ bookmark_id: z.string() }));

export const liveBookmarkReasons = ['interval', 'pause', 'error'] as const;
export const insertLiveBookmarkBodySchema = z.object({
  channelId: channelIdSchema,
  bookmarkId: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[A-Za-z0-9_.-]+$/),
  reason: z.enum(liveBookmarkReasons).default('interval'),
  /** The switch-channel reply's streamId: the bookmark renews its lease (docs/adr/0042). */
  streamId: streamIdSchema.optional(),
});
/** Success is '0'; LIVE_ENDED_CODE ('480', HTTP 410) once the live event has ended. */
export const insertLiveBookmarkReplySchema = envelopeOf(z.object({}));

// ---- Twitch ------------------------------------------------------------------------------------

export const twitchContentQuerySchema = z.object({ channelId: channelIdSchema });
export const twitchContentReplySchema = envelopeOf(
  z.object({
    channelId: z.string(),
    twitchChannel: z.string(),
    /** The player.twitch.tv embed (autoplay, parent = this site's host) for the pop-up. */
    embedUrl: z.string(),
  }),
);

/**
 * The live page's calls described once (issue 21). The bookmark calls (getLiveBookmark,
 * insertLiveBookmark) keep their own routes: once the live event has ended they answer HTTP 410
 * with code 480, a success that is not one, which registerCall does not send.
 */
export const livePageCalls = {
  getLivePageData: describeCall({
    method: 'GET',
    path: liveCalls.getLivePageData,
    summary: 'Live page data: channels on air with their programme, the default channel, who asks',
    tags: ['live'],
    input: livePageQuerySchema,
    reply: livePageReplySchema,
    access: { who: 'anyone' },
    cache: 'private',
  }),
  switchChannel: describeCall({
    method: 'GET',
    path: liveCalls.switchChannel,
    summary: 'Switch channel: the stream (base64), the channel, its week of programmes, ads',
    tags: ['live'],
    input: switchChannelQuerySchema,
    reply: switchChannelReplySchema,
    access: { who: 'anyone' },
    cache: 'private',
  }),
  findTwitchContentData: describeCall({
    method: 'GET',
    path: liveCalls.findTwitchContentData,
    summary: 'The Twitch embed of a channel whose content comes from Twitch',
    tags: ['live'],
    input: twitchContentQuerySchema,
    reply: twitchContentReplySchema,
    access: { who: 'anyone' },
  }),
  findChannelGroupList: describeCall({
    method: 'GET',
    path: siteCalls.findChannelGroupList,
    summary: 'The tabbed channel-group grid of the live page',
    tags: ['live'],
    reply: channelGroupListReplySchema,
    access: { who: 'anyone' },
    cache: 'private',
  }),
};
