import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';
import { connect } from '../../src/db/index.js';

const run = promisify(execFile);
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const url = process.env.TEST_DATABASE_URL;

/**
 * DATABASE_SCHEMA is honoured by every process of the site, not the server alone: the ingest
 * worker, seed, imports and exports open the database through connectConfigured. PostgreSQL only.
 */
describe.skipIf(!url)('the configured PostgreSQL database', () => {
  it('npm run seed puts the tables in DATABASE_SCHEMA and does not print the password', async () => {
    const schema = `t_seed_${crypto.randomBytes(4).toString('hex')}`;
    const cli = path.join(repoRoot, 'apps/server/src/demo/seed-cli.ts');
    try {
      const { stdout } = await run(tsx, [cli], {
        env: { ...process.env, DATABASE_URL: url!, DATABASE_SCHEMA: schema },
      });
      const password = new URL(url!).password;
      if (password) expect(stdout).not.toContain(`:${password}@`);
      expect(stdout).toMatch(/"title":[1-9]\d+/);
      const handle = connect(url!, { schema });
      try {
        const titles = await handle.db
          .selectFrom('title')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(titles.n)).toBeGreaterThan(0);
      } finally {
        await handle.close();
      }
    } finally {
      const admin = connect(url!);
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
      await admin.close();
    }
  }, 120_000);

  it('keeps the options the URL sets beside the schema it is given', async () => {
    const withOptions = `${url!}${url!.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c statement_timeout=4321')}`;
    const handle = connect(withOptions, { schema: 'some_schema', serialPlans: true });
    try {
      const show = async (setting: string) =>
        (await sql<Record<string, string>>`${sql.raw(`show ${setting}`)}`.execute(handle.db))
          .rows[0]![setting];
      expect(await show('statement_timeout')).toBe('4321ms');
      expect(await show('search_path')).toBe('some_schema');
      expect(await show('max_parallel_workers_per_gather')).toBe('0');
    } finally {
      await handle.close();
    }
  });
});
