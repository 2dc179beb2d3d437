import crypto from 'node:crypto';
import type { AdSlot, DeviceType } from '@site/contract';

/** Asia/Taipei keeps UTC+8 all year (no summer time): a day starts at 16:00 UTC. */
const TAIPEI_OFFSET_SECONDS = 8 * 3600;

/** The Unix second the Asia/Taipei day holding `now` began: the daily frequency cap's window. */
export function taipeiDayStart(now: number): number {
  return Math.floor((now + TAIPEI_OFFSET_SECONDS) / 86_400) * 86_400 - TAIPEI_OFFSET_SECONDS;
}

/** A campaign in flight with what the choice needs (campaign-queries.ts reads it). */
export interface LiveCampaign {
  campaignId: string;
  priority: number;
  endsAt: number;
  capPerDay: number;
  slots: readonly AdSlot[];
  titles: readonly string[];
  categories: readonly string[];
  channels: readonly string[];
  devices: readonly DeviceType[];
  /** Its ready creatives, by id. */
  creativeIds: readonly string[];
}

/** One ad request as targeting sees it. */
export interface BreakContext {
  slot: AdSlot;
  contentId: string | null;
  channelId: string | null;
  /** The title's main category and subcategory ids ([] for a channel's break). */
  categories: readonly string[];
  deviceType: DeviceType;
}

/**
 * Whether a campaign may run in this break (docs/adr/0050). Each targeting list left empty means
 * any; a filled one must match. A campaign naming titles or categories runs only in titles'
 * breaks, one naming channels only in channels' breaks; naming both, in either that matches.
 */
export function campaignFits(c: LiveCampaign, b: BreakContext): boolean {
  if (!c.slots.includes(b.slot)) return false;
  if (c.devices.length > 0 && !c.devices.includes(b.deviceType)) return false;
  const byTitle = c.titles.length > 0 || c.categories.length > 0;
  const byChannel = c.channels.length > 0;
  if (!byTitle && !byChannel) return true;
  const titleOk =
    b.contentId !== null &&
    (c.titles.includes(b.contentId) || c.categories.some((id) => b.categories.includes(id)));
  const channelOk = b.channelId !== null && c.channels.includes(b.channelId);
  return (byTitle && titleOk) || (byChannel && channelOk);
}

/**
 * The campaign and creative for a break: of the campaigns that fit and whose cap this viewer has
 * not reached today, the highest priority; then the one ending soonest (it has least time left to
 * deliver); then campaign id, a total order the same on both databases. Among its creatives one
 * at random, so a campaign's spots rotate. Null: no campaign fits, the seeded creatives answer.
 */
export function chooseCampaign(
  campaigns: readonly LiveCampaign[],
  b: BreakContext,
  impressionsToday: ReadonlyMap<string, number>,
  pick: (n: number) => number = (n) => crypto.randomInt(n),
): { campaignId: string; creativeId: string } | null {
  const ordered = campaigns
    .filter((c) => c.creativeIds.length > 0 && campaignFits(c, b))
    .filter((c) => c.capPerDay === 0 || (impressionsToday.get(c.campaignId) ?? 0) < c.capPerDay)
    .sort(
      (x, y) =>
        y.priority - x.priority ||
        x.endsAt - y.endsAt ||
        (x.campaignId < y.campaignId ? -1 : x.campaignId > y.campaignId ? 1 : 0),
    );
  const chosen = ordered[0];
  if (!chosen) return null;
  const ids = [...chosen.creativeIds].sort();
  return { campaignId: chosen.campaignId, creativeId: ids[pick(ids.length)]! };
}
