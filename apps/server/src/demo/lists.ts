import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toggleMembership } from '../modules/lists/memberships.js';
import { audienceOf } from '../modules/catalogue/audience.js';
import { findTitle } from '../modules/catalogue/queries.js';
import { writeBatch } from '../modules/lists/heartbeat-writer.js';
import type { Heartbeat } from '../modules/lists/positions.js';
import type { SubAccountRow } from '../modules/accounts/sub-accounts.js';

/** The demo member's lists, so every my-list tab has something to show (README "Demo data"). */
export async function seedDemoLists(
  db: Kysely<Database>,
  accountId: string,
  [adult, , kid]: SubAccountRow[],
  now: number,
): Promise<void> {
  if (!adult) return;
  const uid = adult.sub_account_uid;
  for (const contentId of ['M0002', 'S0002'])
    await toggleMembership(db, 'to_view_item', uid, contentId, '1', now);
  for (const contentId of ['M0001', 'M0006'])
    await toggleMembership(db, 'favorite_item', uid, contentId, '1', now);
  const beats = [
    { contentId: 'M0003', titleId: 'M0003', positionSeconds: 12, ago: 3600 },
    { contentId: 'S0001-S1E02', titleId: 'S0001', positionSeconds: 10, ago: 7200 },
    { contentId: 'M0011', titleId: 'M0011', positionSeconds: 20, ago: 86_400 * 40 },
  ];
  for (const [seq, beat] of beats.entries()) {
    await saveHeartbeat(db, {
      subAccountUid: uid,
      contentId: beat.contentId,
      titleId: beat.titleId,
      positionSeconds: beat.positionSeconds,
      durationSeconds: 30,
      seq: seq + 1,
      now: now - beat.ago,
    });
  }
  const rentals = [
    { contentId: 'M0003', kind: 'rent', grantedAt: now - 86_400, firstPlayedAt: now - 3600 },
    { contentId: 'M0008', kind: 'rent', grantedAt: now - 3600, firstPlayedAt: null },
    { contentId: 'M0004', kind: 'buy', grantedAt: now - 86_400 * 10, firstPlayedAt: null },
  ];
  for (const [i, r] of rentals.entries()) {
    const rent = r.kind === 'rent';
    await db
      .insertInto('entitlement')
      .values({
        entitlement_id: `DEMO-${accountId}-${i}`,
        account_id: accountId,
        content_id: r.contentId,
        kind: r.kind,
        granted_at: r.grantedAt,
        start_by: rent ? r.grantedAt + 168 * 3600 : null,
        watch_hours: rent ? 48 : null,
        first_played_at: r.firstPlayedAt,
        expires_at: rent && r.firstPlayedAt !== null ? r.firstPlayedAt + 48 * 3600 : null,
      })
      .execute();
  }
  if (kid) await toggleMembership(db, 'favorite_item', kid.sub_account_uid, 'S0007', '1', now);
}

/** One heartbeat, written alone (requests go through the HeartbeatWriter's batches). */
async function saveHeartbeat(db: Kysely<Database>, beat: Omit<Heartbeat, 'audience'>) {
  const title = await findTitle(db, beat.titleId);
  if (!title) throw new Error(`heartbeat for an unknown title ${beat.titleId}`);
  await writeBatch(db, [{ ...beat, audience: audienceOf(title) }]);
}
