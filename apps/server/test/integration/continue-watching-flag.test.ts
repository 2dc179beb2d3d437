import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishMigrations } from '../support/database.js';
import type { Database } from '../../src/db/schema.js';
import { writeBatch } from '../../src/modules/lists/heartbeat-writer.js';
import {
  deleteViewRecord,
  hideFromContinueWatching,
  restampHistoryAudience,
  type Heartbeat,
} from '../../src/modules/lists/positions.js';
import {
  continueWatching,
  continueWatchingCount,
  viewHistory,
} from '../../src/modules/lists/queries.js';
import { createTestDatabase, type TestDatabase } from '../support/index.js';

const ALL = { kidsOnly: false, hideRestricted: false, hideSexual: true };
const PAGE = { startIndex: 0, maxRecord: 100 };
const NOW = 1_800_000_000;

/**
 * What view_record.continue_watching must say (migration 0023): the position of the record's last
 * watched movie or episode exists and is neither finished nor hidden. Before the flag, continue
 * watching was this very join.
 */
async function expectedFlags(db: Kysely<Database>, uid: string) {
  const rows = await db
    .selectFrom('view_record as v')
    .leftJoin('watch_position as w', (join) =>
      join
        .onRef('w.sub_account_uid', '=', 'v.sub_account_uid')
        .onRef('w.content_id', '=', 'v.last_content_id'),
    )
    .select([
      'v.title_id',
      sql<number>`case when w.finished = 0 and w.hidden = 0 then 1 else 0 end`.as('expected'),
      'v.continue_watching as stored',
    ])
    .where('v.sub_account_uid', '=', uid)
    .orderBy('v.title_id')
    .execute();
  return rows.map((r) => ({ ...r, expected: Number(r.expected) }));
}

/**
 * view_record_count (migration 0023's triggers) against a count of the records themselves, per
 * audience level; levels without records may keep a row of zeros.
 */
async function expectCountsRight(db: Kysely<Database>, uid: string) {
  const counted = await db
    .selectFrom('view_record')
    .select([
      'audience',
      sql<number>`count(*)`.as('records'),
      sql<number>`sum(continue_watching)`.as('watching'),
    ])
    .where('sub_account_uid', '=', uid)
    .groupBy('audience')
    .orderBy('audience')
    .execute();
  const kept = await db
    .selectFrom('view_record_count')
    .select(['audience', 'records', 'watching'])
    .where('sub_account_uid', '=', uid)
    .where((eb) => eb.or([eb('records', '<>', 0), eb('watching', '<>', 0)]))
    .orderBy('audience')
    .execute();
  expect(kept).toEqual(
    counted.map((r) => ({ ...r, records: Number(r.records), watching: Number(r.watching) })),
  );
}

async function expectFlagsRight(db: Kysely<Database>, uid: string) {
  const rows = await expectedFlags(db, uid);
  expect(rows.filter((r) => r.stored !== r.expected)).toEqual([]);
  await expectCountsRight(db, uid);
  const listed = await continueWatching(db, uid, ALL, PAGE, NOW);
  const inList = rows.filter((r) => r.expected === 1).map((r) => r.title_id);
  expect(listed.records.map((r) => r.title_id).sort()).toEqual(inList);
  expect(listed.totalCount).toBe(inList.length);
  expect(await continueWatchingCount(db, uid, ALL, NOW)).toBe(inList.length);
  // A page past the end has no row to carry the total: it is asked alone.
  const past = { startIndex: 500, maxRecord: 20 };
  expect((await continueWatching(db, uid, ALL, past, NOW)).totalCount).toBe(inList.length);
  const history = await viewHistory(db, uid, ALL, past, {}, NOW);
  expect(history).toEqual({ totalCount: rows.length, records: [] });
  expect((await viewHistory(db, uid, ALL, PAGE, {}, NOW)).totalCount).toBe(rows.length);
}

const flagOf = async (db: Kysely<Database>, uid: string, titleId: string) =>
  (
    await db
      .selectFrom('view_record')
      .select('continue_watching')
      .where('sub_account_uid', '=', uid)
      .where('title_id', '=', titleId)
      .executeTakeFirst()
  )?.continue_watching;

describe('continue-watching flag and history counts (migration 0023)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  let seq = 0;
  const beat = (
    uid: string,
    contentId: string,
    titleId: string,
    positionSeconds: number,
    now: number,
    at = (seq += 1),
  ): Heartbeat => ({
    subAccountUid: uid,
    contentId,
    titleId,
    audience: 2,
    positionSeconds,
    durationSeconds: 1000,
    seq: at,
    now,
  });

  it('follows heartbeats, finishing, watching again, removal and deletion', async () => {
    const db = database.db;
    const uid = 'cw-steps';
    await writeBatch(db, [beat(uid, 'M1', 'M1', 100, NOW)]);
    expect(await flagOf(db, uid, 'M1')).toBe(1);
    // Watched to the credits: finished, out of continue watching.
    await writeBatch(db, [beat(uid, 'M1', 'M1', 990, NOW + 10)]);
    expect(await flagOf(db, uid, 'M1')).toBe(0);
    // Watched again from the start: back in.
    await writeBatch(db, [beat(uid, 'M1', 'M1', 30, NOW + 20)]);
    expect(await flagOf(db, uid, 'M1')).toBe(1);
    // Removed from continue watching; history keeps it, the flag drops.
    await hideFromContinueWatching(db, uid, 'M1');
    expect(await flagOf(db, uid, 'M1')).toBe(0);
    // A later heartbeat brings it back (the position is no longer hidden).
    await writeBatch(db, [beat(uid, 'M1', 'M1', 40, NOW + 30)]);
    expect(await flagOf(db, uid, 'M1')).toBe(1);
    await expectFlagsRight(db, uid);
    await deleteViewRecord(db, uid, 'M1');
    expect(await flagOf(db, uid, 'M1')).toBeUndefined();
    await expectFlagsRight(db, uid);
  });

  it('a series follows its last watched episode, within one batch and across batches', async () => {
    const db = database.db;
    const uid = 'cw-series';
    // Episode 1 finished, episode 2 started, both in one batch: the record resumes episode 2.
    await writeBatch(db, [beat(uid, 'S1E1', 'S1', 995, NOW), beat(uid, 'S1E2', 'S1', 50, NOW + 5)]);
    expect(await flagOf(db, uid, 'S1')).toBe(1);
    // Episode 2 finished: nothing left to resume.
    await writeBatch(db, [beat(uid, 'S1E2', 'S1', 999, NOW + 10)]);
    expect(await flagOf(db, uid, 'S1')).toBe(0);
    // Episode 1 opened again: the record moves to it, unfinished again.
    await writeBatch(db, [beat(uid, 'S1E1', 'S1', 10, NOW + 20)]);
    expect(await flagOf(db, uid, 'S1')).toBe(1);
    await expectFlagsRight(db, uid);
  });

  it('an older beat that changes the resumed position still sets the flag', async () => {
    const db = database.db;
    const uid = 'cw-late';
    await writeBatch(db, [beat(uid, 'M2', 'M2', 100, NOW + 100, 5)]);
    // Written later by another instance whose clock lags: an older time (the record keeps its
    // own) but a newer sequence, which finishes the position the record resumes.
    await writeBatch(db, [beat(uid, 'M2', 'M2', 999, NOW + 50, 6)]);
    expect(await flagOf(db, uid, 'M2')).toBe(0);
    await writeBatch(db, [beat(uid, 'M2', 'M2', 10, NOW + 60, 7)]);
    expect(await flagOf(db, uid, 'M2')).toBe(1);
    await expectFlagsRight(db, uid);
  });

  it('agrees with the positions after random batches of beats, removals and deletions', async () => {
    const db = database.db;
    const uids = ['cw-r1', 'cw-r2'];
    // A fixed pseudo-random sequence, so a failure can be replayed.
    let state = 20_260_101;
    const next = (n: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % n;
    };
    const contents = [
      ['R1', 'R1'],
      ['R2', 'R2'],
      ['R3E1', 'R3'],
      ['R3E2', 'R3'],
      ['R3E3', 'R3'],
      ['R4E1', 'R4'],
      ['R4E2', 'R4'],
    ] as const;
    for (let round = 0; round < 60; round += 1) {
      const action = next(10);
      const uid = uids[next(uids.length)]!;
      const [contentId, titleId] = contents[next(contents.length)]!;
      if (action === 0) await hideFromContinueWatching(db, uid, titleId);
      else if (action === 2)
        await restampHistoryAudience(db, {
          content_id: titleId,
          kid_safe: next(2),
          is_restricted: next(2),
          is_sexual: 0,
        });
      else if (action === 1) await deleteViewRecord(db, uid, titleId);
      else {
        const batch = Array.from({ length: 1 + next(6) }, () => {
          const [c, t] = contents[next(contents.length)]!;
          const position = next(3) === 0 ? 980 : next(900);
          // Times and sequences out of order on purpose: older beats must not win.
          const b = beat(uids[next(uids.length)]!, c, t, position, NOW + next(500), 1 + next(400));
          // A title's level changes now and then (a later beat carries the new one).
          return { ...b, audience: 1 + next(3) };
        });
        await writeBatch(db, [...batch, beat(uid, contentId, titleId, next(900), NOW + next(500))]);
      }
      for (const u of uids) {
        const rows = await expectedFlags(db, u);
        expect(rows.filter((r) => r.stored !== r.expected)).toEqual([]);
        await expectCountsRight(db, u);
      }
    }
    for (const u of uids) await expectFlagsRight(db, u);
  });
});

describe('migration 0023 fills the flag and the counts of existing history', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => drop?.());

  it('sets it where the resumed position is neither finished nor hidden', async () => {
    const database = await createTestDatabase({ upTo: '0018-settlement-refunds' });
    drop = () => database.drop();
    // Rows as they were before the column existed.
    const db = database.db.withoutPlugins() as unknown as Kysely<{
      view_record: Record<string, string | number>;
      watch_position: Record<string, string | number>;
    }>;
    const uid = 'cw-old';
    const cases = [
      ['OPEN', 0, 0],
      ['DONE', 1, 0],
      ['GONE', 0, 1],
    ] as const;
    for (const [id, finished, hidden] of cases) {
      await db
        .insertInto('watch_position')
        .values({
          sub_account_uid: uid,
          content_id: id,
          title_id: id,
          position_seconds: 10,
          duration_seconds: 1000,
          client_seq: 1,
          finished,
          hidden,
          updated_at: NOW,
        })
        .execute();
    }
    await db
      .insertInto('view_record')
      .values(
        [...cases.map(([id]) => id), 'NOPOS'].map((id, i) => ({
          sub_account_uid: uid,
          title_id: id,
          last_content_id: id,
          last_viewed_at: NOW + i,
          audience: 2,
        })),
      )
      .execute();
    await finishMigrations(database);
    const flags = await database.db
      .selectFrom('view_record')
      .select(['title_id', 'continue_watching'])
      .where('sub_account_uid', '=', uid)
      .orderBy('last_viewed_at')
      .execute();
    expect(flags).toEqual([
      { title_id: 'OPEN', continue_watching: 1 },
      { title_id: 'DONE', continue_watching: 0 },
      { title_id: 'GONE', continue_watching: 0 },
      { title_id: 'NOPOS', continue_watching: 0 },
    ]);
    expect(await continueWatchingCount(database.db, uid, ALL, NOW)).toBe(1);
    expect(
      await database.db
        .selectFrom('view_record_count')
        .select(['audience', 'records', 'watching'])
        .where('sub_account_uid', '=', uid)
        .execute(),
    ).toEqual([{ audience: 2, records: 4, watching: 1 }]);
  });
});
