import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../../src/db/index.js';
import { findSession } from '../../src/modules/accounts/session-lookup.js';
import { writeBatch } from '../../src/modules/lists/heartbeat-writer.js';
import type { Heartbeat } from '../../src/modules/lists/positions.js';
import { createTestDatabase, testDialect, type TestDatabase } from '../support/index.js';

const beat = (subAccountUid: string, seq: number): Heartbeat => ({
  subAccountUid,
  contentId: 'PS1',
  titleId: 'PS1',
  audience: 2,
  positionSeconds: seq,
  durationSeconds: 5400,
  seq,
  now: 1_800_000_000 + seq,
});

/**
 * The hot statements (db/prepared.ts) are prepared once per PostgreSQL connection and keep one
 * text whatever their batch size: a second size under the same name would make pg refuse it.
 */
describe.skipIf(testDialect !== 'postgres')('prepared statements on PostgreSQL', () => {
  let database: TestDatabase;
  let oneConnection: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    oneConnection = connect(database.url, { schema: database.schema, poolSize: 1 });
  });
  afterAll(async () => {
    await oneConnection.close();
    await database.drop();
  });

  it('prepares the heartbeat batch and the session lookup once, for any number of rows', async () => {
    const db = oneConnection.db;
    await writeBatch(db, [beat('ps-a', 1)]);
    await writeBatch(db, [beat('ps-a', 2), beat('ps-b', 1), beat('ps-c', 1)]);
    expect(await findSession(db, 'no-such-hash', 'web')).toBeUndefined();
    const several = await Promise.all(['h1', 'h2', 'h3'].map((h) => findSession(db, h, 'web')));
    expect(several).toEqual([undefined, undefined, undefined]);

    const { rows } = await sql<{ name: string }>`
      select name from pg_prepared_statements order by name`.execute(db);
    expect(rows.map((r) => r.name)).toEqual(['heartbeat_batch', 'session_lookup']);
    const stored = await db
      .selectFrom('watch_position')
      .select(['sub_account_uid', 'client_seq'])
      .orderBy('sub_account_uid')
      .execute();
    expect(stored).toEqual([
      { sub_account_uid: 'ps-a', client_seq: 2 },
      { sub_account_uid: 'ps-b', client_seq: 1 },
      { sub_account_uid: 'ps-c', client_seq: 1 },
    ]);
  });
});
