import { z } from 'zod';
import { plainId } from './fields.js';
import { envelopeOf } from './envelope.js';

/**
 * The ad server (docs/adr/0022): ad tags answer VAST 4.2, tracking pixels come back to us, and
 * ajaxGetUrlString.do (SPEC §7, adUrl) turns a preVastUrl into the ad tag URL the player fetches.
 */
export const adCalls = {
  /** GET: a VAST 4.2 document for one ad break (application/xml). */
  vast: '/ads/vast',
  /** GET: one tracking event (204, empty body). */
  track: '/ads/track',
  /** GET (adUrl): the ad tag URL string for the player. */
  getUrlString: '/ajax/ajaxGetUrlString.do',
} as const;

/** SPEC §9 constants of ad playback. */
export const AD_TIMEOUT_MS = 5000;
export const PREROLL_TIMEOUT_MS = 1000;
export const AD_PLAYHEAD_TICK_MS = 250;
export const AD_SEEK_CHECK_MS = 1000;
export const AD_SEEK_THRESHOLD_MS = 100;
/** Stays in English as the spec gives it (DESIGN §4). */
export const AD_LABEL_DEFAULT = 'Advertisement';

export const adSlots = ['preroll', 'midroll', 'postroll'] as const;
export type AdSlot = (typeof adSlots)[number];

/** The events our VAST documents ask players to report. */
export const adTrackingEvents = [
  'impression',
  'start',
  'firstQuartile',
  'midpoint',
  'thirdQuartile',
  'complete',
  'error',
  'click',
] as const;
export type AdTrackingEvent = (typeof adTrackingEvents)[number];

const idSchema = plainId();

/** An opaque correlator of one ad request (the live reply's vastSeqId). */
const seqSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);

/**
 * GET /ads/vast: one ad break for a title (contentId) or a live channel (channelId), exactly one
 * of them. No session id travels in the URL: the viewer is known by the ad cookie.
 */
export const adTagQuerySchema = z
  .object({
    slot: z.enum(adSlots).default('preroll'),
    contentId: idSchema.optional(),
    channelId: idSchema.optional(),
    seq: seqSchema.optional(),
  })
  .refine((q) => (q.contentId === undefined) !== (q.channelId === undefined), {
    message: '請指定 contentId 或 channelId 其中一個。',
    path: ['contentId'],
  });
export type AdTagQuery = z.infer<typeof adTagQuerySchema>;

/**
 * GET /ads/track: `imp` is the signed token the VAST document carried; `code` a VAST error code.
 * An XSD-valid anyURI cannot hold the [ERRORCODE] macro's brackets, so our documents carry it
 * percent-encoded (ERROR_CODE_MACRO) and the player turns it back into the macro before use.
 */
export const ERROR_CODE_MACRO = '%5BERRORCODE%5D';
export const adTrackQuerySchema = z.object({
  e: z.enum(adTrackingEvents),
  imp: z
    .string()
    .min(16)
    .max(600)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
  /** The VAST error code, or the macro itself when the player left it unfilled. */
  code: z
    .string()
    .regex(/^(-?\d{1,4}|\[ERRORCODE\])$/)
    .optional(),
});
export type AdTrackQuery = z.infer<typeof adTrackQuerySchema>;

/** ajaxGetUrlString.do (adUrl): a preVastUrl, relative or on our own origin. */
export const getUrlStringQuerySchema = z.object({
  adUrl: z.string().trim().min(1).max(2000),
});
export const getUrlStringDataSchema = z.object({
  /** The ad tag URL the player requests, a site path (a fresh `seq` correlator on each call). */
  urlString: z.string(),
});
export type GetUrlStringData = z.infer<typeof getUrlStringDataSchema>;
export const getUrlStringReplySchema = envelopeOf(getUrlStringDataSchema);

/** The site-relative ad tag of one break: what preVastUrl carries. */
export function adTagPath(
  target: { contentId: string } | { channelId: string },
  slot: AdSlot = 'preroll',
): string {
  const query = new URLSearchParams({ slot });
  if ('contentId' in target) query.set('contentId', target.contentId);
  else query.set('channelId', target.channelId);
  return `${adCalls.vast}?${query.toString()}`;
}
