import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleQoeCalls } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import { qoeAlert, qoeReport } from './report.js';
import { keptFrom } from './retention.js';

/**
 * 播放品質 in the console (docs/adr/0055): read-only, so nothing to audit. A period that begins
 * before the figures kept (QOE_KEEP_DAYS) is refused rather than answered with a part of it.
 */
export function registerQoeConsoleCalls(
  app: FastifyInstance,
  { db, clock, keepDays }: { db: Kysely<Database>; clock: () => number; keepDays: number },
): void {
  registerConsoleCall(app, consoleQoeCalls.report, ({ from, to, by }) => {
    if (from < keptFrom(clock(), keepDays)) {
      throw new AppError('BAD_INPUT', [
        { name: 'from', problem: `播放品質只保留最近 ${keepDays} 天，請選擇較近的期間` },
      ]);
    }
    return qoeReport(db, { from, to }, by);
  });
  registerConsoleCall(app, consoleQoeCalls.alert, () => qoeAlert(db, clock()));
}
