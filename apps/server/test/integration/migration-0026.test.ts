import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishMigrations } from '../support/database.js';
import { createTestDatabase, newTitle, type TestDatabase } from '../support/index.js';

/**
 * Migration 0026 over titles written before it (issue 22): every existing title is published,
 * at version 0, last changed at its shelf date, with no banner; a state other than the two is
 * refused by the database.
 */
describe('migration 0026 over existing titles', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ upTo: '0024-staff' });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('publishes every existing title at version 0', async () => {
    const { db } = database;
    await newTitle(db, { content_id: 'MIG26-A', on_shelf_at: 1_700_000_123 });
    await newTitle(db, { content_id: 'MIG26-B', kind: 'series', on_shelf_at: 1_600_000_000 });
    await finishMigrations(database);
    const rows = await db
      .selectFrom('title')
      .select(['content_id', 'state', 'version', 'updated_at', 'banner_path'])
      .where('content_id', 'in', ['MIG26-A', 'MIG26-B'])
      .orderBy('content_id')
      .execute();
    expect(
      rows.map((r) => ({ ...r, version: Number(r.version), updated_at: Number(r.updated_at) })),
    ).toEqual([
      {
        content_id: 'MIG26-A',
        state: 'published',
        version: 0,
        updated_at: 1_700_000_123,
        banner_path: null,
      },
      {
        content_id: 'MIG26-B',
        state: 'published',
        version: 0,
        updated_at: 1_600_000_000,
        banner_path: null,
      },
    ]);
    await expect(
      db
        .updateTable('title')
        .set({ state: 'hidden' })
        .where('content_id', '=', 'MIG26-A')
        .execute(),
    ).rejects.toThrow();
  });
});
