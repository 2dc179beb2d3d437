import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';
import { connect, migrateToLatest } from '../../src/db/index.js';
import { settleViewing } from '../../src/modules/reports/viewing-rollup.js';
import { settleWalletHours } from '../../src/modules/reports/wallet-rollup.js';

const run = promisify(execFile);
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const cli = path.join(repoRoot, 'scripts/refill-reports.ts');

/** `npm run reports:refill` (docs/adr/0054): the rollups emptied, the next settle starts over. */
describe('npm run reports:refill', () => {
  it('empties every rollup table; the next settle adds every hour again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-refill-'));
    const url = `sqlite:${path.join(dir, 'site.db')}`;
    const now = Math.floor(Date.now() / 1000);
    const handle = connect(url);
    try {
      await migrateToLatest(handle);
      const { db } = handle;
      const storedValueSold = (voucher: string, amount: number, at: number) =>
        db
          .insertInto('wallet_entry')
          .values({
            entry_id: `W-${voucher}`,
            account_id: 'A-refill',
            purse: 'stored',
            amount,
            reason: 'voucher',
            source: `voucher:${voucher}`,
            created_at: at,
          })
          .execute();
      // An hour of the ledger, then both rollups settled past it.
      await db
        .insertInto('account')
        .values({
          account_id: 'A-refill',
          login_id: 'refill@example.test',
          password_hash: 'x',
          created_at: now - 86_400,
          password_changed_at: now - 86_400,
        })
        .execute();
      await storedValueSold('REFILL', 500, now - 5 * 3600);
      await settleWalletHours(db, now);
      await settleViewing(db, now);
      const rollups = () => db.selectFrom('report_rollup').select('name').execute();
      const hours = () => db.selectFrom('report_wallet_hour').select('amount').execute();
      expect(await rollups()).toHaveLength(2);
      expect(await hours()).toHaveLength(1);

      const { stdout } = await run(tsx, [cli], { env: { ...process.env, DATABASE_URL: url } });
      expect(stdout).toContain('report rollups emptied');
      expect(await rollups()).toEqual([]);
      expect(await hours()).toEqual([]);
      // A row written since with an old time is added by the next settle, with the rest.
      await storedValueSold('REPAIR', 30, now - 6 * 3600);
      await settleWalletHours(db, now);
      expect((await hours()).map((h) => Number(h.amount)).sort((a, b) => a - b)).toEqual([30, 500]);
    } finally {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
