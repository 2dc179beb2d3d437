import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';
import { connect } from '../../src/db/index.js';

const run = promisify(execFile);
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const cli = path.join(repoRoot, 'apps/server/src/demo/seed-cli.ts');

describe('npm run seed', () => {
  it('seeds a new database, is idempotent, and --reset restores deleted rows', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-seed-'));
    const url = `sqlite:${path.join(dir, 'site.db')}`;
    const env = { ...process.env, DATABASE_URL: url };
    const first = await run(tsx, [cli], { env });
    expect(first.stdout).toMatch(/"title":[1-9]\d+/);
    const second = await run(tsx, [cli], { env });
    expect(second.stdout).toMatch(/"title":0,/);

    const handle = connect(url);
    await handle.db.deleteFrom('programme').execute();
    await handle.db
      .updateTable('title')
      .set({ name: '被改掉的片名' })
      .where('content_id', '=', 'M0001')
      .execute();
    await handle.close();

    await run(tsx, [cli, '--reset'], { env });
    const after = connect(url);
    const title = await after.db
      .selectFrom('title')
      .select('name')
      .where('content_id', '=', 'M0001')
      .executeTakeFirstOrThrow();
    const programmes = await after.db
      .selectFrom('programme')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    await after.close();
    expect(title.name).toBe('午夜列車');
    expect(Number(programmes.n)).toBeGreaterThan(1000);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);
});
