import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeartbeatWriter } from '../../src/modules/lists/heartbeat-writer.js';
import type { Heartbeat } from '../../src/modules/lists/positions.js';
import { createTestDatabase, type TestDatabase } from '../support/index.js';

/**
 * Group commit: beats queued while a batch is written go in the next one; whatever order they
 * arrive in and however they fall into batches, every beat is answered and the newest one wins.
 */
describe('heartbeat writer', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('stores overlapping waves of shuffled beats: every beat answered, the newest kept', async () => {
    const writer = new HeartbeatWriter(database.db);
    const viewers = ['hw-a', 'hw-b', 'hw-c', 'hw-d', 'hw-e', 'hw-f'];
    const titles = ['HW1', 'HW2', 'HW3', 'HW4', 'HW5'];
    const beats: Heartbeat[] = [];
    for (const subAccountUid of viewers) {
      for (const contentId of titles) {
        for (let seq = 1; seq <= 20; seq += 1) {
          beats.push({
            subAccountUid,
            contentId,
            titleId: contentId,
            audience: 2,
            positionSeconds: seq * 10,
            durationSeconds: 5400,
            seq,
            now: 1_800_000_000 + seq,
          });
        }
      }
    }
    beats.sort(() => Math.random() - 0.5);

    // Waves a turn of the event loop apart, so later waves queue while earlier batches are written.
    const saved: Promise<void>[] = [];
    for (let i = 0; i < beats.length; i += 40) {
      saved.push(...beats.slice(i, i + 40).map((beat) => writer.save(beat)));
      await new Promise((next) => setImmediate(next));
    }
    const outcomes = await Promise.allSettled(saved);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);

    const positions = await database.db
      .selectFrom('watch_position')
      .select(['sub_account_uid', 'content_id', 'client_seq', 'position_seconds'])
      .where('sub_account_uid', 'in', viewers)
      .execute();
    expect(positions).toHaveLength(viewers.length * titles.length);
    for (const row of positions) {
      expect(row).toMatchObject({ client_seq: 20, position_seconds: 200 });
    }
    const records = await database.db
      .selectFrom('view_record')
      .select(['last_viewed_at'])
      .where('sub_account_uid', 'in', viewers)
      .execute();
    expect(records).toHaveLength(viewers.length * titles.length);
    for (const row of records) expect(row.last_viewed_at).toBe(1_800_000_020);
  });
});
