import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  adCalls,
  adTagPath,
  adTagQuerySchema,
  ERROR_CODE_MACRO,
  type AdSlot,
  type AdTagQuery,
  type AdTrackQuery,
  type AdTrackingEvent,
  type DeviceType,
} from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { mediaUrl } from '../media/urls.js';
import {
  appendAdEvent,
  candidateCreatives,
  creativeById,
  recentImpressions,
  type CreativeRow,
} from './queries.js';
import { CAP_WINDOW_SECONDS, chooseCreative } from './selection.js';
import { campaignImpressions, liveCampaigns, titleCategories } from './campaign-queries.js';
import { chooseCampaign, taipeiDayStart } from './campaign-selection.js';
import type { ServedAd, TrackingTokens } from './tracking-token.js';
import { emptyVast, inlineVast } from './vast.js';

export interface AdServerDeps {
  db: Kysely<Database>;
  clock: () => number;
  /**
   * The site's canonical origin (config PUBLIC_URL). Only ajaxGetUrlString.do reads it, to
   * recognise an ad tag written absolute on it; nothing the ad server answers is built on it
   * (docs/adr/0022, amendment of 2026-11-26).
   */
  publicUrl: string;
  tokens: TrackingTokens;
}

/** The label our ads carry when a creative names none: the site speaks zh-TW (SPEC's English
 * 'Advertisement' stays the player's default for a VAST that gives no label at all). */
export const AD_LABEL_ZH = '廣告';

/**
 * A site path kept as it is (the player resolves it against the document it came in, that is,
 * whatever host the page was reached by) or an http(s) URL; anything else (javascript:, data:,
 * a protocol-relative //host) is dropped.
 */
export function siteOrHttpUrl(value: string | null): string | null {
  if (!value) return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function trackingUrlFor(token: string) {
  return (event: AdTrackingEvent) => {
    const query = `e=${event}&imp=${token}`;
    // The player fills the VAST [ERRORCODE] macro in (written percent-encoded: see the contract).
    return `${adCalls.track}?${query}${event === 'error' ? `&code=${ERROR_CODE_MACRO}` : ''}`;
  };
}

function documentFor(deps: AdServerDeps, creative: CreativeRow, served: ServedAd): string {
  return inlineVast({
    servingId: served.servingId,
    creativeId: creative.creative_id,
    adTitle: creative.ad_title,
    advertiser: creative.advertiser,
    durationSeconds: creative.duration_seconds,
    media: {
      url: mediaUrl(creative.media_path),
      type: creative.media_type,
      width: creative.width,
      height: creative.height,
      bitrateKbps: creative.bitrate_kbps,
    },
    clickThrough: siteOrHttpUrl(creative.click_through),
    label: creative.label ?? AD_LABEL_ZH,
    trackingUrl: trackingUrlFor(deps.tokens.sign(served)),
  });
}

// The document's own URLs are site paths, not absolute on PUBLIC_URL: a page reached by another
// name (127.0.0.1, a LAN address, a second domain) may load only its own origin (CSP 'self'), so
// an absolute PUBLIC_URL media file was blocked and the pre-roll skipped. A relative reference is
// a valid xs:anyURI (the XSD check holds), and our player resolves each document's references
// against that document's URL, as a browser does for a page's links (docs/adr/0022).

/**
 * One ad break: the creative the rules choose for this title or channel and this viewer, as a
 * VAST 4.2 document, or an empty VAST when nothing fits. The serving is recorded ('served').
 */
export async function serveAdBreak(
  deps: AdServerDeps,
  query: AdTagQuery,
  viewerHash: string,
  deviceType: DeviceType = 'PC',
): Promise<{ xml: string; creativeId: string | null; campaignId: string | null }> {
  const now = deps.clock();
  const target = { contentId: query.contentId ?? null, channelId: query.channelId ?? null };
  const picked =
    (await fromCampaigns(deps, query, target, viewerHash, deviceType, now)) ??
    (await fromSeed(deps, query, target, viewerHash, now));
  if (!picked) return { xml: emptyVast(), creativeId: null, campaignId: null };
  const { creative, campaignId } = picked;
  const served: ServedAd = {
    servingId: crypto.randomUUID(),
    creativeId: creative.creative_id,
    campaignId,
    viewerHash,
    slot: query.slot,
    ...target,
    issuedAt: now,
  };
  await appendAdEvent(deps.db, { ...served, event: 'served', errorCode: null, at: now });
  return { xml: documentFor(deps, creative, served), creativeId: creative.creative_id, campaignId };
}

/**
 * The console's campaigns first (docs/adr/0050): in flight, fitting this break's targeting and
 * under this viewer's daily cap, the highest priority. Read uncached on each request.
 */
async function fromCampaigns(
  deps: AdServerDeps,
  query: AdTagQuery,
  target: { contentId: string | null; channelId: string | null },
  viewerHash: string,
  deviceType: DeviceType,
  now: number,
): Promise<{ creative: CreativeRow; campaignId: string } | null> {
  const campaigns = await liveCampaigns(deps.db, now);
  if (campaigns.length === 0) return null;
  const needCategories = target.contentId && campaigns.some((c) => c.categories.length > 0);
  const [categories, seen] = await Promise.all([
    needCategories ? titleCategories(deps.db, target.contentId!) : Promise.resolve([]),
    campaignImpressions(deps.db, viewerHash, taipeiDayStart(now)),
  ]);
  const choice = chooseCampaign(
    campaigns,
    { slot: query.slot, ...target, categories, deviceType },
    seen,
  );
  if (!choice) return null;
  const creative = await creativeById(deps.db, choice.creativeId);
  return creative ? { creative, campaignId: choice.campaignId } : null;
}

/** The seeded creatives' rules (docs/adr/0022): the fallback when no campaign fits. */
async function fromSeed(
  deps: AdServerDeps,
  query: AdTagQuery,
  target: { contentId: string | null; channelId: string | null },
  viewerHash: string,
  now: number,
): Promise<{ creative: CreativeRow; campaignId: null } | null> {
  const [candidates, seen] = await Promise.all([
    candidateCreatives(deps.db, query.slot, target),
    recentImpressions(deps.db, viewerHash, now - CAP_WINDOW_SECONDS),
  ]);
  const creative = chooseCreative(candidates, seen);
  return creative ? { creative, campaignId: null } : null;
}

/** Records one tracking pixel; a forged, damaged or expired token is bad input. */
export async function recordTracking(deps: AdServerDeps, query: AdTrackQuery): Promise<void> {
  const now = deps.clock();
  const served = deps.tokens.verify(query.imp, now);
  if (!served)
    throw new AppError('BAD_INPUT', [{ name: 'imp', problem: '追蹤資料無效或已過期。' }]);
  const code = query.e === 'error' && query.code !== undefined ? Number(query.code) : NaN;
  await appendAdEvent(deps.db, {
    ...served,
    event: query.e,
    errorCode: Number.isInteger(code) && code > 0 ? code : null,
    at: now,
  });
}

/**
 * ajaxGetUrlString.do (SPEC §7, adUrl): the ad tag URL the player requests, from a preVastUrl.
 * Only our own ad service is accepted (a relative path, or an absolute URL on PUBLIC_URL's
 * origin or on the origin this request came to), its parameters are checked and written out
 * canonically, and `seq` (the live reply's vastSeqId) is kept or, when absent, a fresh one is
 * added, so no cache between answers two breaks alike. The answer is a site path: it works on
 * whatever host the page was reached by.
 */
export function resolveAdUrl(adUrl: string, publicUrl: string, requestOrigin?: string): string {
  let url: URL;
  try {
    url = new URL(adUrl, publicUrl + '/');
  } catch {
    throw new AppError('BAD_INPUT', [{ name: 'adUrl', problem: '廣告網址格式不正確。' }]);
  }
  const ours = url.origin === new URL(publicUrl).origin || url.origin === requestOrigin;
  if (!ours || url.pathname !== adCalls.vast) {
    throw new AppError('BAD_INPUT', [{ name: 'adUrl', problem: '只接受本站廣告服務的網址。' }]);
  }
  const parsed = adTagQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    throw new AppError('BAD_INPUT', [{ name: 'adUrl', problem: '廣告網址的參數不正確。' }]);
  }
  const q = parsed.data;
  const target =
    q.contentId !== undefined ? { contentId: q.contentId } : { channelId: q.channelId! };
  const seq = q.seq ?? newVastSeqId();
  return `${adTagPath(target, q.slot)}&seq=${seq}`;
}

/** A fresh correlator for one ad request (the live reply's vastSeqId). */
export function newVastSeqId(): string {
  return crypto.randomBytes(9).toString('base64url');
}

/** The ad tag of a title's or channel's break (what preVastUrl carries). */
export function adTagFor(
  target: { contentId: string } | { channelId: string },
  slot: AdSlot = 'preroll',
): string {
  return adTagPath(target, slot);
}

/**
 * The ad fields of the live switch-channel reply (SPEC §3): an ad-supported (AVOD) channel plays
 * a pre-roll from our ad server, others none.
 */
export function liveAdFields(channel: { channelId: string; playRightType: string }): {
  preVastUrl: string;
  vastSeqId: string;
  preRoll: 'Y' | 'N';
} {
  const avod = channel.playRightType === 'AVOD';
  return {
    preVastUrl: avod ? adTagFor({ channelId: channel.channelId }) : '',
    vastSeqId: avod ? newVastSeqId() : '',
    preRoll: avod ? 'Y' : 'N',
  };
}
