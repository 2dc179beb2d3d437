import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

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

/**
 * Removes every period before `from`, a day of periods per statement, oldest first: the first
 * run on a site that kept years removes them in steps that each hold their locks briefly.
 * Answers how many rows went.
 */
export async function removeQoeBefore(db: Kysely<Database>, from: number): Promise<number> {
  let removed = 0;
  for (const table of KEPT_TABLES) {
    for (;;) {
      // An aggregate: one row, whose value is null when the table is empty.
      const { oldest } = await db
        .selectFrom(table)
        .select(sql<number | string | null>`min(period_start)`.as('oldest'))
        .executeTakeFirstOrThrow();
      if (oldest === null || Number(oldest) >= from) break;
      const first = Number(oldest);
      const result = await db
        .deleteFrom(table)
        .where('period_start', '<', Math.min(first + DAY, from))
        .executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
  }
  return removed;
}

/**
 * Each instance removes old figures when it starts and every hour after (the periods are hours:
 * nothing becomes old in between). Several instances doing it at once delete the same rows,
 * which is harmless. A failure is logged and tried again the next hour.
 */
export function registerQoeRetention(
  app: FastifyInstance,
  { db, clock, keepDays }: { db: Kysely<Database>; clock: () => number; keepDays: number },
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const removed = await removeQoeBefore(db, keptFrom(clock(), keepDays));
        if (removed > 0) app.log.info({ removed, keepDays }, 'qoe: old figures removed');
      } catch (error) {
        app.log.error({ err: error }, 'qoe: removing old figures failed; tried again in an hour');
      }
    });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, HOUR * 1000).unref();
  });
  // Before the database closes: no removal is left half-way through a statement.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
