import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { removeRowsBefore } from '../../db/remove-old-rows.js';
import type { Database } from '../../db/schema.js';
import { repeatWhileRunning } from '../../lib/repeating-job.js';

/**
 * How long 播放品質's figures are kept (docs/adr/0055): the hourly and daily aggregates lose
 * their periods older than QOE_KEEP_DAYS (the alert's minutes keep their own day). The console's
 * longest period, 90 days ending now, must stay whole, so the setting is at least 94 days.
 */
const KEPT_TABLES = ['qoe_hourly', 'qoe_daily', 'qoe_hour_device', 'qoe_error_hourly'] as const;
const DAY = 86_400;
const HOUR = 3600;

/** The first second whose figures are kept at `now`: a whole hour, keepDays back. */
export function keptFrom(now: number, keepDays: number): number {
  return now - (now % HOUR) - keepDays * DAY;
}

/** Removes every period before `from` (a day of periods per statement). Answers how many rows went. */
export async function removeQoeBefore(db: Kysely<Database>, from: number): Promise<number> {
  let removed = 0;
  for (const table of KEPT_TABLES)
    removed += await removeRowsBefore(db, table, 'period_start', from);
  return removed;
}

/**
 * Each instance removes old figures when it starts and every hour after (the periods are hours:
 * nothing becomes old in between). Several instances doing it at once delete the same rows,
 * which is harmless.
 */
export function registerQoeRetention(
  app: FastifyInstance,
  { db, clock, keepDays }: { db: Kysely<Database>; clock: () => number; keepDays: number },
): void {
  repeatWhileRunning(app, {
    name: 'qoe retention',
    everyMs: HOUR * 1000,
    atStart: true,
    async run() {
      const removed = await removeQoeBefore(db, keptFrom(clock(), keepDays));
      if (removed > 0) app.log.info({ removed, keepDays }, 'qoe: old figures removed');
    },
  });
}
