import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Fixed-window counters in the database, so every instance shares them. One atomic upsert per
 * hit: a new window restarts the count, otherwise it goes up by one. For attempts per client IP
 * (login, sign-up); guesses of a secret are counted as failures instead (throttle.ts).
 */
export async function hitRateLimit(
  db: Kysely<Database>,
  bucket: string,
  limit: number,
  windowSeconds: number,
  now: number,
): Promise<boolean> {
  const windowStart = now - (now % windowSeconds);
  const row = await db
    .insertInto('rate_limit')
    .values({ bucket, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        hits: sql<number>`case when rate_limit.window_start = ${windowStart} then rate_limit.hits + 1 else 1 end`,
        window_start: windowStart,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits <= limit;
}
