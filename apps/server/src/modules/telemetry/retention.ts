import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { removeRowsBefore } from '../../db/remove-old-rows.js';
import type { Database } from '../../db/schema.js';
import { repeatWhileRunning } from '../../lib/repeating-job.js';

const DAY = 86_400;
const HOUR = 3600;

/**
 * The app log keeps APP_LOG_KEEP_DAYS of entries (docs/adr/0061): customer care reads a member's
 * recent playback errors from it, and nothing else does; a site whose players report errors
 * would otherwise keep every one for ever. Each instance removes older entries when it starts
 * and every hour (app_log_by_time leads with the time).
 */
export function registerAppLogRetention(
  app: FastifyInstance,
  { db, clock, keepDays }: { db: Kysely<Database>; clock: () => number; keepDays: number },
): void {
  repeatWhileRunning(app, {
    name: 'app log retention',
    everyMs: HOUR * 1000,
    atStart: true,
    async run() {
      const removed = await removeRowsBefore(
        db,
        'app_log',
        'received_at',
        clock() - keepDays * DAY,
      );
      if (removed > 0) app.log.info({ removed, keepDays }, 'app log: old entries removed');
    },
  });
}
