import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { connect, migrateToLatest, type DatabaseHandle } from '../../src/db/index.js';
import { migrateTo } from '../../src/db/migrations/index.js';

/** The dialect this test run exercises (vitest sets TEST_DIALECT per project). */
export const testDialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase extends DatabaseHandle {
  /** The URL another process (a second server) can open to share this database. */
  url: string;
  /** Closes and removes the file or schema. */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a temporary SQLite file, or a PostgreSQL schema
 * of its own so parallel files never collide. `upTo` stops after that migration.
 */
export async function createTestDatabase(options: { upTo?: string } = {}): Promise<TestDatabase> {
  const migrate = (handle: DatabaseHandle) =>
    options.upTo ? migrateTo(handle, options.upTo) : migrateToLatest(handle);
  const id = crypto.randomBytes(6).toString('hex');
  if (testDialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const schema = `t_${id}`;
    const handle = connect(url, { schema, poolSize: 5, serialPlans: true });
    await migrate(handle);
    return {
      ...handle,
      url,
      async drop() {
        await handle.close().catch(() => undefined);
        // A connection of its own: the handle may already be closed (shutdown tests close it).
        const admin = connect(url, { poolSize: 1 });
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
        await admin.close();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  const url = `sqlite:${path.join(dir, 'site.db')}`;
  const handle = connect(url);
  await migrate(handle);
  return {
    ...handle,
    url,
    async drop() {
      await handle.close().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
