import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { repeatWhileRunning } from '../../lib/repeating-job.js';
import { settleViewing } from './viewing-rollup.js';
import { settleWalletHours } from './wallet-rollup.js';

const HOUR_MS = 3_600_000;

/**
 * Empties the rollups so that the next settle adds every hour again: for history written with
 * old times (a repair by hand, a re-seed, a benchmark's synthetic ledger), which a rollup that
 * has moved past those hours would otherwise never count (docs/adr/0054). Run it after that
 * history is written and while nothing settles (instances stopped, or before any reads them): a
 * settle running beside it could leave a watermark past hours it did not add.
 */
export async function forgetReportRollups(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('report_rollup').execute();
    await trx.deleteFrom('report_wallet_hour').execute();
    await trx.deleteFrom('report_viewing_day').execute();
    await trx.deleteFrom('report_viewer_day').execute();
    await trx.deleteFrom('report_audience_day').execute();
  });
}

/**
 * Each instance brings the reports' rollups up to the last settled hour when it starts and every
 * hour (docs/adr/0054): a report then adds at most the hour or so since, where the first read
 * after a release or a quiet spell used to add every hour not yet read (4.6 s for the viewing
 * rollup's first fill over 500,000 plays, in the request). Reads still settle whatever is left,
 * so a report stays exact whenever it is asked; several instances settling at once add each
 * hour once (the rollups' watermark is moved in the transaction that adds).
 */
export function registerReportSettling(
  app: FastifyInstance,
  { db, clock }: { db: Kysely<Database>; clock: () => number },
): void {
  repeatWhileRunning(app, {
    name: 'report rollups',
    everyMs: HOUR_MS,
    atStart: true,
    async run() {
      const now = clock();
      await settleWalletHours(db, now);
      await settleViewing(db, now);
    },
  });
}
