import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
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

/** Any number, the same in every worker: the advisory lock below. */
const SCHEMA_LOCK = 2_026_112_701;

/**
 * Kysely's migrator asks whether its tables exist by reading every schema's tables with
 * has_schema_privilege(name): a schema another worker drops meanwhile fails it with "schema …
 * does not exist". Migrations share this lock, a drop takes it alone, so none overlaps a drop.
 */
async function underSchemaLock<T>(
  url: string,
  mode: 'shared' | 'exclusive',
  work: () => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const lock = mode === 'shared' ? 'pg_advisory_lock_shared' : 'pg_advisory_lock';
    await client.query(`select ${lock}($1)`, [SCHEMA_LOCK]);
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => undefined);
  }
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
    await underSchemaLock(url, 'shared', () => migrate(handle));
    return {
      ...handle,
      url,
      async drop() {
        await handle.close().catch(() => undefined);
        // A connection of its own: the handle may already be closed (shutdown tests close it).
        const admin = connect(url, { poolSize: 1 });
        await underSchemaLock(url, 'exclusive', () =>
          sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db),
        );
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

/** The rest of the migrations for a database made with `upTo`, under the same lock. */
export async function finishMigrations(database: TestDatabase): Promise<void> {
  if (database.dialect !== 'postgres') return migrateToLatest(database);
  await underSchemaLock(database.url, 'shared', () => migrateToLatest(database));
}
