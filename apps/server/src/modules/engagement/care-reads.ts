import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const DRAWS_MAX = 50;

/**
 * An account's prize draws for customer care (issue 26 item 1, docs/adr/0052), newest first:
 * which activity, which sub-account drew, and the prize won if any. draw_account is keyed by
 * (account_id, activity_id), so this reads the account's draws only; the draw and the winner
 * are found by their own keys (activity_id, sub_account_uid).
 */
export async function careDraws(db: Kysely<Database>, accountId: string) {
  const rows = await db
    .selectFrom('draw_account as d')
    .innerJoin('draw_activity as a', 'a.activity_id', 'd.activity_id')
    .leftJoin('channel as c', 'c.channel_id', 'a.channel_id')
    .leftJoin('draw_winner as w', (join) =>
      join
        .onRef('w.activity_id', '=', 'd.activity_id')
        .onRef('w.sub_account_uid', '=', 'd.sub_account_uid'),
    )
    .select([
      'd.activity_id',
      'd.sub_account_uid',
      'd.drawn_at',
      'a.title',
      'a.channel_id',
      'c.name as channel_name',
      'w.prize_name',
    ])
    .where('d.account_id', '=', accountId)
    .orderBy('d.drawn_at', 'desc')
    .orderBy('d.activity_id')
    .limit(DRAWS_MAX)
    .execute();
  return rows.map((r) => ({
    activityId: r.activity_id,
    title: r.title || r.activity_id,
    channelName: r.channel_name ?? r.channel_id,
    subAccountUid: r.sub_account_uid,
    drawnAt: Number(r.drawn_at),
    prizeName: r.prize_name,
  }));
}
