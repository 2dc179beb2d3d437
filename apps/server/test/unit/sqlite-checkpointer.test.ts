import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle } from '../../src/db/index.js';

describe('SQLite checkpoints in a worker thread', () => {
  let handle: DatabaseHandle | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-ckpt-'));
  afterEach(async () => {
    await handle?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('never checkpoints in the app connection, yet the database file catches up', async () => {
    const file = path.join(dir, 'site.db');
    handle = connect(`sqlite:${file}`);
    await sql`create table beat (n integer primary key, body text not null)`.execute(handle.db);
    for (let n = 0; n < 200; n += 1) {
      await sql`insert into beat (n, body) values (${n}, ${'x'.repeat(1000)})`.execute(handle.db);
    }
    const autocheckpoint = await sql<{
      wal_autocheckpoint: number;
    }>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(autocheckpoint.rows[0]?.wal_autocheckpoint).toBe(0);

    // The database file alone (without its log) holds the rows once the worker has run.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const copy = path.join(dir, 'copy.db');
    fs.copyFileSync(file, copy);
    const alone = new BetterSqlite3(copy, { readonly: true });
    try {
      expect(alone.prepare('select count(*) as n from beat').get()).toEqual({ n: 200 });
    } finally {
      alone.close();
    }
  });
});
