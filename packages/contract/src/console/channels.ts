import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { TWITCH_LOGIN, YOUTUBE_ID, playRightTypes, uiWordingIds } from '../live.js';
import { describeConsoleCall } from './call.js';

/**
 * The channel line-up in the console (issue 25 items 1 and 4, docs/adr/0047): the channels and
 * their channelBean fields (SPEC §3), the channel groups and their order, sponsor logos, the
 * AVOD channels' ad breaks, the default channel and the stream-host rules. The channel
 * scheduler (and admin) changes; the auditor reads.
 */

const id = (message: string) => z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, message);
export const consoleChannelIdSchema = id('頻道代碼只能使用英文字母、數字、- 與 _，最多 40 個字');
export const channelGroupIdSchema = id('頻道群組代碼格式不正確');

/** Ad breaks of an AVOD channel: bounds a scheduler may choose within. */
export const AD_BREAK_INTERVAL_MINUTES = { min: 5, max: 120 } as const;
export const AD_BREAK_SECONDS = { min: 10, max: 180 } as const;
/** What the origin always did, and what a new AVOD channel starts with. */
export const DEFAULT_AD_PLAN = { openingBreak: true, intervalMinutes: 15, breakSeconds: 30 };

export const adPlanSchema = z.object({
  /** A break opens every programme. */
  openingBreak: z.boolean(),
  /** Minutes between breaks inside a programme; null: none after the opening one. */
  intervalMinutes: z
    .number({ message: '請輸入廣告間隔分鐘數' })
    .int('廣告間隔須為整數分鐘')
    .min(AD_BREAK_INTERVAL_MINUTES.min, `廣告間隔至少 ${AD_BREAK_INTERVAL_MINUTES.min} 分鐘`)
    .max(AD_BREAK_INTERVAL_MINUTES.max, `廣告間隔最多 ${AD_BREAK_INTERVAL_MINUTES.max} 分鐘`)
    .nullable(),
  /** The planned length of each break; an even number (segments are 2 s). */
  breakSeconds: z
    .number({ message: '請輸入每次廣告秒數' })
    .int('廣告秒數須為整數')
    .min(AD_BREAK_SECONDS.min, `每次廣告至少 ${AD_BREAK_SECONDS.min} 秒`)
    .max(AD_BREAK_SECONDS.max, `每次廣告最多 ${AD_BREAK_SECONDS.max} 秒`)
    .refine((s) => s % 2 === 0, '廣告秒數須為偶數（直播片段每段 2 秒）'),
});
export type AdPlan = z.infer<typeof adPlanSchema>;

export const channelSourceSchema = z.enum(['origin', 'youtube', 'twitch']);
export type ChannelSource = z.infer<typeof channelSourceSchema>;
export const CHANNEL_SOURCE_LABELS = {
  origin: '本站播出',
  youtube: 'YouTube',
  twitch: 'Twitch',
} as const satisfies Record<ChannelSource, string>;
export const PLAY_RIGHT_LABELS = {
  FREE: '免費',
  AVOD: '廣告（AVOD）',
  SVOD: '訂閱（SVOD）',
} as const satisfies Record<(typeof playRightTypes)[number], string>;
export const UI_WORDING_LABELS = {
  CHANNEL_FOR_LUXURY_SERVICE: '訂閱說明',
  CHANNEL_TO_SUBSCRIBE: '訂閱按鈕',
  CANCEL_SUBSCRIBE: '取消按鈕',
  SUBSCRIBE_URL: '訂閱網址（站內路徑）',
} as const satisfies Record<(typeof uiWordingIds)[number], string>;

const wording = z.string().trim().max(200, '文字最多 200 個字');

/** The fields of a channel a scheduler edits (channelBean of SPEC §3 and the origin's own). */
const channelFieldsObject = z.object({
  name: z.string().trim().min(1, '請輸入頻道名稱').max(60, '頻道名稱最多 60 個字'),
  description: z.string().trim().max(500, '頻道說明最多 500 個字'),
  /** '0' plays only while live; '1' an event channel that plays at any time. */
  channelType: z.enum(['0', '1']),
  allowWeb: z.boolean(),
  source: channelSourceSchema,
  youtubeId: z.string().trim().nullable(),
  twitchLogin: z.string().trim().nullable(),
  openSimplePlayPage: z.boolean(),
  playRightType: z.enum(playRightTypes),
  serviceId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, '月租服務代碼格式不正確')
    .nullable(),
  /** The clips the origin plays out in turn (ORIGIN channels). */
  playoutClipIds: z
    .array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, '影片檔代碼格式不正確'))
    .max(20, '最多 20 個影片檔'),
  kidSafe: z.boolean(),
  catchupHours: z.number().int().min(0, '回看時數不能小於 0').max(168, '回看最多 168 小時'),
  /** SPEC §3 uiWordingList: the four subscription wordings ('' → not set). */
  wordings: z.object(
    Object.fromEntries(uiWordingIds.map((w) => [w, wording])) as Record<
      (typeof uiWordingIds)[number],
      typeof wording
    >,
  ),
  sponsorLogoPosition: z.enum(['UR', 'L']),
  sponsorLogoShown: z.boolean(),
  /** AVOD channels only; null on any other. */
  adPlan: adPlanSchema.nullable(),
  /** The groups it is listed in (appended at a group's end when new there). */
  groupIds: z.array(channelGroupIdSchema).max(20),
});

/** What contradicts itself is refused here, before the server looks at the database. */
function checkChannel(c: z.infer<typeof channelFieldsObject>, context: z.RefinementCtx): void {
  const need = (path: string, message: string) =>
    context.addIssue({ code: 'custom', path: [path], message });
  if (c.source === 'youtube' && !YOUTUBE_ID.test(c.youtubeId ?? ''))
    need('youtubeId', '請輸入 11 碼的 YouTube 影片代碼');
  if (c.source !== 'youtube' && c.youtubeId) need('youtubeId', '只有 YouTube 頻道可以填寫影片代碼');
  if (c.source === 'twitch' && !TWITCH_LOGIN.test(c.twitchLogin ?? ''))
    need('twitchLogin', '請輸入 Twitch 頻道帳號（4 到 25 個英數字）');
  if (c.source !== 'twitch' && c.twitchLogin) need('twitchLogin', '只有 Twitch 頻道可以填寫帳號');
  if (c.source === 'origin' && c.playoutClipIds.length === 0)
    need('playoutClipIds', '本站播出的頻道請至少選擇一個影片檔');
  if (c.source !== 'origin' && c.playoutClipIds.length > 0)
    need('playoutClipIds', 'YouTube 或 Twitch 頻道不使用本站影片檔');
  if (c.playRightType === 'SVOD') {
    if (!c.serviceId) need('serviceId', '訂閱頻道請選擇月租服務');
    for (const w of uiWordingIds) {
      if (!c.wordings[w]) need(`wordings.${w}`, `訂閱頻道請填寫「${UI_WORDING_LABELS[w]}」`);
    }
  } else if (c.serviceId) need('serviceId', '只有訂閱頻道可以指定月租服務');
  const url = c.wordings.SUBSCRIBE_URL;
  if (url && !/^\/(?!\/)[^\s<>"]*$/.test(url))
    need('wordings.SUBSCRIBE_URL', '訂閱網址須為站內路徑，以 / 開頭');
  if (c.playRightType === 'AVOD' && !c.adPlan) need('adPlan', '廣告頻道請設定廣告時段');
  if (c.playRightType !== 'AVOD' && c.adPlan)
    need('adPlan', '只有廣告頻道（AVOD）可以設定廣告時段');
  if (c.adPlan && !c.adPlan.openingBreak && c.adPlan.intervalMinutes === null)
    need('adPlan', '廣告頻道至少要有開場廣告或固定間隔廣告');
  if (new Set(c.groupIds).size !== c.groupIds.length) need('groupIds', '頻道群組重複');
}

export const channelFieldsSchema = channelFieldsObject.superRefine(checkChannel);
export type ChannelFields = z.infer<typeof channelFieldsSchema>;
export const newChannelSchema = channelFieldsObject
  .extend({ channelId: consoleChannelIdSchema })
  .superRefine(checkChannel);
export type NewChannel = z.infer<typeof newChannelSchema>;

export const consoleChannelSchema = channelFieldsObject.extend({
  channelId: z.string(),
  picUrl: z.string(),
  sponsorLogoUrl: z.string().nullable(),
  /** Unix seconds from which the current ad plan applies (null: the defaults, never changed). */
  adPlanFrom: z.number().int().nullable(),
  version: z.number().int(),
});
export type ConsoleChannel = z.infer<typeof consoleChannelSchema>;

export const channelGroupSchema = z.object({
  channelGroupId: z.string(),
  title: z.string(),
  channelIds: z.array(z.string()),
});
export type ChannelGroup = z.infer<typeof channelGroupSchema>;

export const lineupSettingsSchema = z.object({
  /** '' → the first free channel on air. */
  defaultChannelId: z.union([z.literal(''), consoleChannelIdSchema]),
  /** `pattern=>host` entries separated by `;` (LIVE_STREAM_HOST_RULES' format). */
  streamHostRules: z.string().max(2000, '規則最多 2,000 個字'),
});
export type LineupSettings = z.infer<typeof lineupSettingsSchema>;

export const channelSummarySchema = z.object({
  channelId: z.string(),
  name: z.string(),
  playRightType: z.enum(playRightTypes),
  source: channelSourceSchema,
  allowWeb: z.boolean(),
  picUrl: z.string(),
});
export type ChannelSummary = z.infer<typeof channelSummarySchema>;

export const lineupSchema = z.object({
  channels: z.array(channelSummarySchema),
  groups: z.array(channelGroupSchema),
  settings: lineupSettingsSchema,
});
export type Lineup = z.infer<typeof lineupSchema>;

export const channelPictureKindSchema = z.enum(['picture', 'sponsor']);
export type ChannelPictureKind = z.infer<typeof channelPictureKindSchema>;

const CHANGERS = ['channel_scheduler'] as const;
const READERS = ['channel_scheduler', 'auditor'] as const;
const channelParams = z.object({ channelId: consoleChannelIdSchema });
const channelReply = envelopeOf(z.object({ channel: consoleChannelSchema }));
const lineupReply = envelopeOf(lineupSchema);
const orderSchema = z.array(z.string().min(1).max(40)).max(500);
const tags = ['console: channels'];

export const consoleChannelCalls = {
  getLineup: describeConsoleCall({
    method: 'GET',
    path: '/console/api/channels',
    summary: 'The channels, the channel groups in order and the live settings',
    tags,
    reply: lineupReply,
    access: { staff: READERS },
  }),
  getChannel: describeConsoleCall({
    method: 'GET',
    path: '/console/api/channels/:channelId',
    summary: 'One channel with every field the console edits',
    tags,
    params: channelParams,
    reply: channelReply,
    access: { staff: READERS },
  }),
  createChannel: describeConsoleCall({
    method: 'POST',
    path: '/console/api/channels',
    summary: 'Add a channel (with its wordings, ad plan and groups) in one transaction',
    tags,
    input: newChannelSchema,
    reply: channelReply,
    access: { staff: CHANGERS },
  }),
  updateChannel: describeConsoleCall({
    method: 'PUT',
    path: '/console/api/channels/:channelId',
    summary:
      'Edit a channel on the version seen; an ad plan change applies from the next programme',
    tags,
    params: channelParams,
    input: channelFieldsObject
      .extend({ version: z.number().int().min(0) })
      .superRefine((c, context) => checkChannel(c, context)),
    reply: channelReply,
    access: { staff: CHANGERS },
  }),
  uploadChannelPicture: describeConsoleCall({
    method: 'POST',
    path: '/console/api/channels/:channelId/pictures/:kind',
    summary: "Upload the channel's picture or its sponsor logo (multipart), on the version seen",
    tags,
    params: channelParams.extend({ kind: channelPictureKindSchema }),
    reply: channelReply,
    access: { staff: CHANGERS },
  }),
  createGroup: describeConsoleCall({
    method: 'POST',
    path: '/console/api/channel-groups',
    summary: 'Add a channel group at the end of the tabs',
    tags,
    input: z.object({
      channelGroupId: channelGroupIdSchema,
      title: z.string().trim().min(1, '請輸入群組名稱').max(20, '群組名稱最多 20 個字'),
    }),
    reply: lineupReply,
    access: { staff: CHANGERS },
  }),
  /** The groups' tab order; `seen` is the order the scheduler saw (else STALE_EDIT). */
  setGroupsOrder: describeConsoleCall({
    method: 'PUT',
    path: '/console/api/channel-groups/order',
    summary: 'Put the channel groups in a new order, made on the order seen',
    tags,
    input: z.object({ seen: orderSchema, order: orderSchema }),
    reply: lineupReply,
    access: { staff: CHANGERS },
  }),
  /** A group's channels in a new order: exactly the group's channels, made on the order seen. */
  setGroupOrder: describeConsoleCall({
    method: 'PUT',
    path: '/console/api/channel-groups/:channelGroupId/order',
    summary: "Put a group's channels in a new order, made on the order seen",
    tags,
    params: z.object({ channelGroupId: channelGroupIdSchema }),
    input: z.object({ seen: orderSchema, order: orderSchema }),
    reply: lineupReply,
    access: { staff: CHANGERS },
  }),
  setSettings: describeConsoleCall({
    method: 'PUT',
    path: '/console/api/channel-lineup/settings',
    summary: 'The default channel and the stream-host rules',
    tags,
    input: lineupSettingsSchema,
    reply: lineupReply,
    access: { staff: CHANGERS },
  }),
} as const;
