import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishMigrations } from '../support/database.js';
import { createTestDatabase, newChannel, type TestDatabase } from '../support/index.js';

/**
 * Migrations 0020–0022 over data written before them (issue 20 items 2, 8, 9): an account that
 * drew from two sub-accounts keeps one draw (its earliest), existing bookmarks each keep a play of
 * their own (none merged, the unique key holds), and existing channels are not for kids until
 * marked.
 */
describe('migrations 0020-0022 over existing rows', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ upTo: '0018-settlement-refunds' });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('backfills one draw per account, a play per bookmark, and kid_safe 0', async () => {
    const { db } = database;
    const channel = await newChannel(db);
    const channelId = channel.channel_id!;
    await db
      .insertInto('draw_activity')
      .values({
        activity_id: 'MIG-A1',
        channel_id: channelId,
        start_at: 0,
        end_at: 100,
        odds_per_mille: 500,
        created_at: 0,
      })
      .execute();
    const drawRow = (account: string, uid: string, at: number) => ({
      activity_id: 'MIG-A1',
      sub_account_uid: uid,
      account_id: account,
      prize_id: null,
      drawn_at: at,
    });
    await db
      .insertInto('draw')
      .values([
        drawRow('ACC-X', 'U-x1', 10),
        drawRow('ACC-X', 'U-x2', 5),
        drawRow('ACC-X', 'U-x3', 12),
        drawRow('ACC-Y', 'U-y1', 7),
      ])
      .execute();
    const bookmark = (id: string) => ({
      bookmark_id: id,
      channel_id: channelId,
      account_id: 'ACC-X',
      sub_account_uid: 'U-x1',
      created_at: 1,
      last_seen_at: 1,
      seconds_watched: 0,
      last_reason: 'first',
    });
    await db
      .insertInto('live_bookmark')
      .values([bookmark('LB-1'), bookmark('LB-2'), bookmark('LB-3')])
      .execute();

    await finishMigrations(database);

    const claims = await db.selectFrom('draw_account').selectAll().orderBy('account_id').execute();
    expect(claims.map((c) => ({ ...c, drawn_at: Number(c.drawn_at) }))).toEqual([
      { account_id: 'ACC-X', activity_id: 'MIG-A1', sub_account_uid: 'U-x2', drawn_at: 5 },
      { account_id: 'ACC-Y', activity_id: 'MIG-A1', sub_account_uid: 'U-y1', drawn_at: 7 },
    ]);
    const plays = await db
      .selectFrom('live_bookmark')
      .select(['bookmark_id', 'play_id'])
      .orderBy('bookmark_id')
      .execute();
    expect(plays).toEqual([
      { bookmark_id: 'LB-1', play_id: 'LB-1' },
      { bookmark_id: 'LB-2', play_id: 'LB-2' },
      { bookmark_id: 'LB-3', play_id: 'LB-3' },
    ]);
    const marked = await db
      .selectFrom('channel')
      .select('kid_safe')
      .where('channel_id', '=', channelId)
      .executeTakeFirstOrThrow();
    expect(Number(marked.kid_safe)).toBe(0);
  });
});
