import { sql, type Kysely } from 'kysely';
import type { AdSlot, DeviceType } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { LiveCampaign } from './campaign-selection.js';

const parseList = <T extends string>(json: string): T[] => JSON.parse(json) as T[];

/**
 * Campaigns in flight now (active, started, not ended) with their ready creatives: read on every
 * ad request, uncached, so a campaign paused, edited or ended in the console stops (or starts)
 * on the very next request on every instance (docs/adr/0050). Campaigns are few; the index on
 * (state, ends_at) keeps the ended ones out of the read.
 */
export async function liveCampaigns(db: Kysely<Database>, now: number): Promise<LiveCampaign[]> {
  const rows = await db
    .selectFrom('ad_campaign as c')
    .innerJoin('ad_campaign_creative as cc', 'cc.campaign_id', 'c.campaign_id')
    .innerJoin('ad_creative as k', 'k.creative_id', 'cc.creative_id')
    .select([
      'c.campaign_id',
      'c.priority',
      'c.ends_at',
      'c.cap_per_day',
      'c.slots',
      'c.target_titles',
      'c.target_categories',
      'c.target_channels',
      'c.target_devices',
      'k.creative_id',
    ])
    .where('c.state', '=', 'active')
    .where('c.starts_at', '<=', now)
    .where('c.ends_at', '>', now)
    .where('k.state', '=', 'ready')
    .where('k.active', '=', 1)
    .execute();
  const byId = new Map<string, LiveCampaign & { creativeIds: string[] }>();
  for (const r of rows) {
    let c = byId.get(r.campaign_id);
    if (!c) {
      c = {
        campaignId: r.campaign_id,
        priority: r.priority,
        endsAt: Number(r.ends_at),
        capPerDay: r.cap_per_day,
        slots: parseList<AdSlot>(r.slots),
        titles: parseList(r.target_titles),
        categories: parseList(r.target_categories),
        channels: parseList(r.target_channels),
        devices: parseList<DeviceType>(r.target_devices),
        creativeIds: [],
      };
      byId.set(r.campaign_id, c);
    }
    c.creativeIds.push(r.creative_id);
  }
  return [...byId.values()];
}

/** Impressions per campaign this viewer had since `since` (the daily cap). */
export async function campaignImpressions(
  db: Kysely<Database>,
  viewerHash: string,
  since: number,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('ad_event')
    .select(['campaign_id', sql<number>`count(*)`.as('n')])
    .where('viewer_hash', '=', viewerHash)
    .where('event', '=', 'impression')
    .where('at', '>=', since)
    .where('campaign_id', 'is not', null)
    .groupBy('campaign_id')
    .execute();
  return new Map(rows.map((r) => [r.campaign_id!, Number(r.n)]));
}

/**
 * A title's category ids (main and sub) for category targeting. Read from the catalogue's title
 * table directly: one indexed row, only when a live campaign targets categories.
 */
export async function titleCategories(db: Kysely<Database>, contentId: string): Promise<string[]> {
  const row = await db
    .selectFrom('title')
    .select(['main_category_id', 'subcategory_id'])
    .where('content_id', '=', contentId)
    .executeTakeFirst();
  return row ? [row.main_category_id, row.subcategory_id].filter(Boolean) : [];
}
