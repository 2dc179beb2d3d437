import { sql, type Kysely, type Selectable } from 'kysely';
import type { AdSlot } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { AdCreativeTable, AdEventKind } from '../../db/schema-ads.js';

export type CreativeRow = Selectable<AdCreativeTable>;

/** Active creatives of a slot that may run here: targeted at this title or channel, or at any. */
export async function candidateCreatives(
  db: Kysely<Database>,
  slot: AdSlot,
  target: { contentId: string | null; channelId: string | null },
): Promise<CreativeRow[]> {
  return db
    .selectFrom('ad_creative')
    .selectAll()
    .where('slot', '=', slot)
    .where('active', '=', 1)
    .where((eb) =>
      eb.or([
        eb('target_kind', '=', 'any'),
        ...(target.contentId
          ? [eb.and([eb('target_kind', '=', 'title'), eb('target_id', '=', target.contentId)])]
          : []),
        ...(target.channelId
          ? [eb.and([eb('target_kind', '=', 'channel'), eb('target_id', '=', target.channelId)])]
          : []),
      ]),
    )
    .execute();
}

export async function creativeById(
  db: Kysely<Database>,
  creativeId: string,
): Promise<CreativeRow | undefined> {
  return db
    .selectFrom('ad_creative')
    .selectAll()
    .where('creative_id', '=', creativeId)
    .executeTakeFirst();
}

/** Impressions per creative this viewer had since `since` (each served ad counted once). */
export async function recentImpressions(
  db: Kysely<Database>,
  viewerHash: string,
  since: number,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('ad_event')
    .select(['creative_id', sql<number>`count(*)`.as('n')])
    .where('viewer_hash', '=', viewerHash)
    .where('event', '=', 'impression')
    .where('at', '>', since)
    .groupBy('creative_id')
    .execute();
  return new Map(rows.map((r) => [r.creative_id, Number(r.n)]));
}

export interface AdEventInput {
  servingId: string;
  creativeId: string;
  /** The campaign it was served for; null for the seeded fallback. */
  campaignId: string | null;
  viewerHash: string;
  event: AdEventKind;
  slot: AdSlot;
  contentId: string | null;
  channelId: string | null;
  errorCode: number | null;
  at: number;
}

/** Appends one event; a second report of the same event for the same served ad is ignored. */
export async function appendAdEvent(db: Kysely<Database>, e: AdEventInput): Promise<boolean> {
  const result = await db
    .insertInto('ad_event')
    .values({
      serving_id: e.servingId,
      creative_id: e.creativeId,
      campaign_id: e.campaignId,
      viewer_hash: e.viewerHash,
      event: e.event,
      slot: e.slot,
      content_id: e.contentId,
      channel_id: e.channelId,
      error_code: e.errorCode,
      at: e.at,
    })
    .onConflict((oc) => oc.columns(['serving_id', 'event']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Counts per creative and event (reports and tests). */
export async function adEventCounts(
  db: Kysely<Database>,
  filter: { creativeId?: string; since?: number } = {},
): Promise<{ creativeId: string; event: AdEventKind; count: number }[]> {
  let query = db
    .selectFrom('ad_event')
    .select(['creative_id', 'event', sql<number>`count(*)`.as('n')])
    .groupBy(['creative_id', 'event'])
    .orderBy('creative_id')
    .orderBy('event');
  if (filter.creativeId) query = query.where('creative_id', '=', filter.creativeId);
  if (filter.since !== undefined) query = query.where('at', '>=', filter.since);
  const rows = await query.execute();
  return rows.map((r) => ({ creativeId: r.creative_id, event: r.event, count: Number(r.n) }));
}
