import { sql, type Kysely } from 'kysely';
import type { AdCampaignFigures } from '@site/contract/console';
import type { Database } from '../../db/schema.js';

const count = (event: string) =>
  sql<number>`sum(case when e.event = ${event} then 1 else 0 end)`.as(event);

/**
 * Each campaign's figures over [from, to) from the ad server's own tracking (ad_event), in one
 * grouped query: documents served, impressions, the quartiles, completions, errors and clicks.
 * A campaign with no events in the range counts zeros.
 */
export async function campaignFigures(
  db: Kysely<Database>,
  range: { from: number; to: number; campaignId?: string | undefined },
): Promise<({ campaignId: string; name: string } & AdCampaignFigures)[]> {
  let query = db
    .selectFrom('ad_campaign as c')
    .leftJoin('ad_event as e', (join) =>
      join
        .onRef('e.campaign_id', '=', 'c.campaign_id')
        .on('e.at', '>=', range.from)
        .on('e.at', '<', range.to),
    )
    .select([
      'c.campaign_id',
      'c.name',
      count('served'),
      count('impression'),
      count('firstQuartile'),
      count('midpoint'),
      count('thirdQuartile'),
      count('complete'),
      count('error'),
      count('click'),
    ])
    .groupBy(['c.campaign_id', 'c.name'])
    .orderBy('c.campaign_id');
  if (range.campaignId) query = query.where('c.campaign_id', '=', range.campaignId);
  const rows = await query.execute();
  const n = (v: unknown) => Number(v ?? 0);
  return rows.map((r) => ({
    campaignId: r.campaign_id,
    name: r.name,
    served: n(r.served),
    impressions: n(r.impression),
    firstQuartile: n(r.firstQuartile),
    midpoint: n(r.midpoint),
    thirdQuartile: n(r.thirdQuartile),
    complete: n(r.complete),
    errors: n(r.error),
    clicks: n(r.click),
  }));
}
