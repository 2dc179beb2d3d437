import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleQoeCalls } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import { qoeAlert, qoeReport } from './report.js';

/** 播放品質 in the console (docs/adr/0055): read-only, so nothing to audit. */
export function registerQoeConsoleCalls(
  app: FastifyInstance,
  { db, clock }: { db: Kysely<Database>; clock: () => number },
): void {
  registerConsoleCall(app, consoleQoeCalls.report, ({ from, to, by }) =>
    qoeReport(db, { from, to }, by),
  );
  registerConsoleCall(app, consoleQoeCalls.alert, () => qoeAlert(db, clock()));
}
