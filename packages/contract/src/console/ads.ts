import { z } from 'zod';
import { adSlots } from '../ads.js';
import { deviceTypes } from '../device.js';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';

/**
 * Ad campaigns in the console (issue 25 item 6, docs/adr/0050): marketing uploads creatives
 * (tus, like the media library's sources, then transcoded by the ingest queue into one
 * progressive MP4 whose length becomes the VAST duration), and runs them in campaigns with a
 * flight window, targeting, a daily frequency cap and a priority. The auditor reads.
 */
export const AD_UPLOAD_PATH = '/console/api/ads/uploads';
/** The longest creative taken (seconds): a break holds spots, not programmes. */
export const AD_CREATIVE_MAX_SECONDS = 120;

export const AD_SLOT_LABELS = {
  preroll: '片頭（前置）',
  midroll: '片中（插播）',
  postroll: '片尾（後置）',
} as const satisfies Record<(typeof adSlots)[number], string>;

const CLICK_THROUGH_PROBLEM = '點擊網址須是以 https:// 開頭的完整網址（例如 https://example.com/）';

/**
 * Where a click on the ad goes: an absolute https URL with a host name, no user name or password
 * in it (a phishing trick), no spaces. Empty means none.
 */
export function clickThroughProblem(value: string): string | null {
  if (value === '') return null;
  if (value.length > 2000) return '點擊網址最多 2,000 個字元';
  if (/\s/.test(value) || !/^https:\/\//i.test(value)) return CLICK_THROUGH_PROBLEM;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return CLICK_THROUGH_PROBLEM;
  }
  const host = url.hostname;
  const hostOk = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(host);
  if (url.protocol !== 'https:' || !hostOk || url.username || url.password) {
    return CLICK_THROUGH_PROBLEM;
  }
  return null;
}

export const clickThroughSchema = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = clickThroughProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });

const adTitle = z.string().trim().min(1, '請輸入廣告名稱').max(60, '廣告名稱最多 60 個字');
const advertiser = z.string().trim().min(1, '請輸入廣告主').max(60, '廣告主最多 60 個字');

/** The tus upload's metadata keys the server reads for a creative. */
export const adUploadMetadataSchema = z.object({
  filename: z.string().trim().min(1).max(200),
  adTitle,
  advertiser,
  clickThrough: clickThroughSchema.default(''),
});
export type AdUploadMetadata = z.infer<typeof adUploadMetadataSchema>;

export const adCreativeIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, '素材編號格式不正確');
export const adCampaignIdSchema = z.string().regex(/^CP[0-9A-Z]{8}$/, '活動編號格式不正確');

export const adCreativeStateSchema = z.enum(['processing', 'ready', 'failed']);
export type AdCreativeState = z.infer<typeof adCreativeStateSchema>;
export const AD_CREATIVE_STATE_LABELS = {
  processing: '轉檔中',
  ready: '可使用',
  failed: '轉檔失敗',
} as const satisfies Record<AdCreativeState, string>;

export const adCreativeSchema = z.object({
  creativeId: z.string(),
  adTitle: z.string(),
  advertiser: z.string(),
  state: adCreativeStateSchema,
  /** Whole seconds, from the transcoded file (the VAST <Duration>); 0 while processing. */
  durationSeconds: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** A site path of the MP4 once ready; null before. */
  mediaUrl: z.string().nullable(),
  /** '' when none. */
  clickThrough: z.string(),
  sourceName: z.string().nullable(),
  jobId: z.string().nullable(),
  /** Why its job failed, when it did. */
  error: z.string().nullable(),
  createdAt: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  /** Seeded (demo) creatives run outside campaigns and cannot be put in one. */
  seeded: z.boolean(),
});
export type AdCreative = z.infer<typeof adCreativeSchema>;

export const adCampaignStateSchema = z.enum(['active', 'paused']);
export type AdCampaignState = z.infer<typeof adCampaignStateSchema>;
export const AD_CAMPAIGN_STATE_LABELS = {
  active: '啟用',
  paused: '暫停',
} as const satisfies Record<AdCampaignState, string>;

const id = (message: string) => z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, message);
const list = <T extends z.ZodType>(item: T, max: number, what: string) =>
  z
    .array(item)
    .max(max, `${what}最多 ${max} 個`)
    .refine((xs) => new Set(xs).size === xs.length, `${what}不可重複`);

export const AD_CAP_MAX = 100;

/**
 * A campaign as written in the console. Targeting lists left empty mean "any"; the flight window
 * is [startsAt, endsAt) in Unix seconds (the console enters it as Asia/Taipei dates and times).
 */
export const adCampaignInputSchema = z
  .object({
    name: z.string().trim().min(1, '請輸入活動名稱').max(60, '活動名稱最多 60 個字'),
    advertiser,
    state: adCampaignStateSchema.default('active'),
    startsAt: z.number({ message: '請輸入開始時間' }).int().min(0),
    endsAt: z.number({ message: '請輸入結束時間' }).int().min(0),
    slots: list(z.enum(adSlots), 3, '廣告時段').refine(
      (xs) => xs.length > 0,
      '請至少選擇一個廣告時段',
    ),
    creativeIds: list(adCreativeIdSchema, 20, '素材').refine(
      (xs) => xs.length > 0,
      '請至少選擇一支素材',
    ),
    titles: list(id('影片編號格式不正確'), 200, '指定影片'),
    categories: list(id('分類編號格式不正確'), 50, '指定分類'),
    channels: list(id('頻道編號格式不正確'), 100, '指定頻道'),
    devices: list(z.enum(deviceTypes), deviceTypes.length, '裝置類型'),
    capPerDay: z
      .number({ message: '請輸入每日頻次上限' })
      .int('頻次上限須為整數')
      .min(0, '頻次上限不可小於 0')
      .max(AD_CAP_MAX, `每人每日最多 ${AD_CAP_MAX} 次`),
    priority: z
      .number({ message: '請輸入優先順序' })
      .int('優先順序須為整數')
      .min(0, '優先順序介於 0 到 100')
      .max(100, '優先順序介於 0 到 100'),
  })
  .superRefine((c, context) => {
    if (c.endsAt <= c.startsAt) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: '結束時間必須晚於開始時間' });
    }
  });
export type AdCampaignInput = z.infer<typeof adCampaignInputSchema>;

/** What the tracking recorded for a campaign's served ads. */
export const adCampaignFiguresSchema = z.object({
  served: z.number().int(),
  impressions: z.number().int(),
  firstQuartile: z.number().int(),
  midpoint: z.number().int(),
  thirdQuartile: z.number().int(),
  complete: z.number().int(),
  errors: z.number().int(),
  clicks: z.number().int(),
});
export type AdCampaignFigures = z.infer<typeof adCampaignFiguresSchema>;

export const adCampaignSchema = z.object({
  campaignId: z.string(),
  name: z.string(),
  advertiser: z.string(),
  state: adCampaignStateSchema,
  /** 'scheduled' | 'running' | 'ended' | 'paused', at the time of the reply. */
  status: z.enum(['scheduled', 'running', 'ended', 'paused']),
  startsAt: z.number().int(),
  endsAt: z.number().int(),
  slots: z.array(z.enum(adSlots)),
  creatives: z.array(adCreativeSchema),
  titles: z.array(z.string()),
  categories: z.array(z.string()),
  channels: z.array(z.string()),
  devices: z.array(z.enum(deviceTypes)),
  capPerDay: z.number().int(),
  priority: z.number().int(),
  createdAt: z.number().int(),
  createdBy: z.string(),
  updatedAt: z.number().int(),
});
export type AdCampaign = z.infer<typeof adCampaignSchema>;

const CHANGERS = ['marketing'] as const;
const READERS = ['marketing', 'auditor'] as const;
const TAGS = ['console: ads'];
const campaignParams = z.object({ campaignId: adCampaignIdSchema });
const creativeParams = z.object({ creativeId: adCreativeIdSchema });
const campaignReply = envelopeOf(z.object({ campaign: adCampaignSchema }));
const creativeReply = envelopeOf(z.object({ creative: adCreativeSchema }));

export const consoleAdCalls = {
  listCreatives: describeConsoleCall({
    method: 'GET',
    path: '/console/api/ad-creatives',
    summary: 'Ad creatives, newest first (uploads still transcoding included)',
    tags: TAGS,
    reply: envelopeOf(z.object({ creatives: z.array(adCreativeSchema) })),
    access: { staff: READERS },
  }),
  getCreative: describeConsoleCall({
    method: 'GET',
    path: '/console/api/ad-creatives/:creativeId',
    summary: 'One ad creative',
    tags: TAGS,
    params: creativeParams,
    reply: creativeReply,
    access: { staff: READERS },
  }),
  updateCreative: describeConsoleCall({
    method: 'PATCH',
    path: '/console/api/ad-creatives/:creativeId',
    summary: "Change a creative's name, advertiser or click-through URL (https only)",
    tags: TAGS,
    params: creativeParams,
    input: z.object({ adTitle, advertiser, clickThrough: clickThroughSchema }),
    reply: creativeReply,
    access: { staff: CHANGERS },
  }),
  listCampaigns: describeConsoleCall({
    method: 'GET',
    path: '/console/api/ad-campaigns',
    summary: 'Ad campaigns, latest flight first',
    tags: TAGS,
    reply: envelopeOf(z.object({ campaigns: z.array(adCampaignSchema) })),
    access: { staff: READERS },
  }),
  getCampaign: describeConsoleCall({
    method: 'GET',
    path: '/console/api/ad-campaigns/:campaignId',
    summary: 'One ad campaign',
    tags: TAGS,
    params: campaignParams,
    reply: campaignReply,
    access: { staff: READERS },
  }),
  createCampaign: describeConsoleCall({
    method: 'POST',
    path: '/console/api/ad-campaigns',
    summary: 'Make an ad campaign (served at once on every instance while in flight)',
    tags: TAGS,
    input: adCampaignInputSchema,
    reply: campaignReply,
    access: { staff: CHANGERS },
  }),
  updateCampaign: describeConsoleCall({
    method: 'PUT',
    path: '/console/api/ad-campaigns/:campaignId',
    summary: 'Change an ad campaign, pause or resume it (takes effect on the next ad request)',
    tags: TAGS,
    params: campaignParams,
    input: adCampaignInputSchema,
    reply: campaignReply,
    access: { staff: CHANGERS },
  }),
  figures: describeConsoleCall({
    method: 'GET',
    path: '/console/api/ad-campaigns/figures',
    summary:
      'Per-campaign tracking figures (served, impressions, quartiles, completions, errors, clicks) over [from, to)',
    tags: TAGS,
    input: z
      .object({
        from: z.coerce.number().int().min(0),
        to: z.coerce.number().int().min(0),
        campaignId: adCampaignIdSchema.optional(),
      })
      .refine((q) => q.to > q.from, { path: ['to'], message: '結束日期必須晚於開始日期' }),
    reply: envelopeOf(
      z.object({
        figures: z.array(
          z
            .object({ campaignId: z.string(), name: z.string() })
            .extend(adCampaignFiguresSchema.shape),
        ),
      }),
    ),
    access: { staff: READERS },
  }),
} as const;
