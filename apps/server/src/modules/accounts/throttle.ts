import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

/**
 * How guesses of one secret are slowed (docs/adr/0017): the first `freeFailures - 1` failures in
 * a row cost nothing; the `freeFailures`-th makes the next attempt wait `delaySeconds`, and every
 * further failure doubles the wait up to `maxDelaySeconds`. With `lockAfter`, that many failures
 * lock the bucket until `clearBucket` (the kid PIN: only the owner's password lifts it).
 */
export interface ThrottlePolicy {
  freeFailures: number;
  delaySeconds: number;
  maxDelaySeconds: number;
  lockAfter?: number | undefined;
}

/** Login passwords, the owner's password re-entered, partner verification codes. */
export function passwordPolicy(config: Config): ThrottlePolicy {
  return {
    freeFailures: config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
    delaySeconds: config.RATE_LIMIT_DELAY_SECONDS,
    maxDelaySeconds: config.RATE_LIMIT_DELAY_MAX_SECONDS,
  };
}

/** The kid PIN: a short space of digits, so it waits sooner and locks. */
export function kidPinPolicy(config: Config): ThrottlePolicy {
  return {
    freeFailures: config.RATE_LIMIT_KID_PIN_DELAY_AFTER,
    delaySeconds: config.RATE_LIMIT_DELAY_SECONDS,
    maxDelaySeconds: config.RATE_LIMIT_DELAY_MAX_SECONDS,
    lockAfter: config.RATE_LIMIT_KID_PIN_LOCK_AFTER,
  };
}

/** The wait that follows `failures` failures in a row. */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 40);
  return Math.min(policy.maxDelaySeconds, policy.delaySeconds * 2 ** doublings);
}

/** delayAfter as SQL over a failure count: a CASE of the few steps below the cap. */
function delaySql(failures: RawBuilder<number>, policy: ThrottlePolicy): RawBuilder<number> {
  const steps: RawBuilder<unknown>[] = [];
  for (let n = policy.freeFailures; delayAfter(n, policy) < policy.maxDelaySeconds; n += 1) {
    steps.push(sql`when ${failures} = ${sql.lit(n)} then ${sql.lit(delayAfter(n, policy))}`);
  }
  return sql<number>`case when ${failures} < ${sql.lit(policy.freeFailures)} then 0 ${sql.join(
    steps,
    sql` `,
  )} else ${sql.lit(policy.maxDelaySeconds)} end`;
}

export type Admission =
  | {
      admitted: true;
      /** Failures counting this attempt (it counts as one until it succeeds). */
      failures: number;
      /** What a failure of this attempt makes the next one wait (0: nothing). */
      waitSeconds: number;
      /** A failure of this attempt leaves the bucket locked. */
      locks: boolean;
    }
  | { admitted: false; locked: boolean; waitSeconds: number };

/**
 * Lets one attempt at a secret through, or refuses it. An admitted attempt is counted as a
 * failure at once, in the same statement that decides it may go (a conditional upsert), so
 * concurrent guesses on any instance are counted exactly and no more get through than the rule
 * allows; a success then clears the bucket. Refused attempts are not counted.
 */
export async function admit(
  db: Kysely<Database>,
  bucket: string,
  policy: ThrottlePolicy,
  now: number,
): Promise<Admission> {
  const lockAfter = policy.lockAfter;
  const outcome = (failures: number): Admission => ({
    admitted: true,
    failures,
    waitSeconds: delayAfter(failures, policy),
    locks: lockAfter !== undefined && failures >= lockAfter,
  });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const failures = sql<number>`(auth_throttle.failures + 1)`;
    const row = await db
      .insertInto('auth_throttle')
      .values({
        bucket,
        failures: 1,
        next_allowed_at: now + delayAfter(1, policy),
        locked: lockAfter !== undefined && lockAfter <= 1 ? 1 : 0,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('bucket')
          .doUpdateSet({
            failures,
            next_allowed_at: sql<number>`cast(${now} as bigint) + ${delaySql(failures, policy)}`,
            locked:
              lockAfter === undefined
                ? 0
                : sql<number>`case when ${failures} >= ${sql.lit(lockAfter)} then 1 else 0 end`,
            updated_at: now,
          })
          .where('auth_throttle.next_allowed_at', '<=', now)
          .where('auth_throttle.locked', '=', 0),
      )
      .returning('failures')
      .executeTakeFirst();
    if (row) return outcome(Number(row.failures));
    const state = await db
      .selectFrom('auth_throttle')
      .select(['next_allowed_at', 'locked'])
      .where('bucket', '=', bucket)
      .executeTakeFirst();
    // Cleared in between (a success elsewhere): ask again.
    if (!state) continue;
    const waitSeconds = Number(state.next_allowed_at) - now;
    if (Number(state.locked) === 1) return { admitted: false, locked: true, waitSeconds: 0 };
    // Its wait ended in between: ask again.
    if (waitSeconds > 0) return { admitted: false, locked: false, waitSeconds };
  }
  return { admitted: false, locked: false, waitSeconds: 1 };
}

/**
 * Takes back one admitted attempt that turned out not to be a guess (a valid voucher serial
 * looked at): the count goes down by one and the wait is what that count would give, so a
 * guesser's wrong attempts still add up while a good one costs nothing.
 */
export async function forgiveOne(
  db: Kysely<Database>,
  bucket: string,
  policy: ThrottlePolicy,
  now: number,
): Promise<void> {
  const failures = sql<number>`(auth_throttle.failures - 1)`;
  await db
    .updateTable('auth_throttle')
    .set({
      failures,
      next_allowed_at: sql<number>`cast(${now} as bigint) + ${delaySql(failures, policy)}`,
      updated_at: now,
    })
    .where('bucket', '=', bucket)
    .where('failures', '>', 0)
    .where('locked', '=', 0)
    .execute();
}

/** A success (or the owner's password, for a locked kid PIN): the bucket starts afresh. */
export async function clearBucket(db: Kysely<Database>, bucket: string): Promise<void> {
  await db.deleteFrom('auth_throttle').where('bucket', '=', bucket).execute();
}

/** "30 秒", "2 分鐘": how long to wait, rounded up to whole minutes past one minute. */
export function waitText(seconds: number): string {
  return seconds < 60 ? `${Math.max(1, seconds)} 秒` : `${Math.ceil(seconds / 60)} 分鐘`;
}

/**
 * A 429 that says how long to wait (`what` names the failures: '登入失敗', 'PIN 碼錯誤' …), also
 * as Retry-After.
 */
export class ThrottledError extends AppError {
  constructor(
    readonly waitSeconds: number,
    what: string,
  ) {
    super(
      'TOO_MANY_REQUESTS',
      undefined,
      `${what}次數過多，請於 ${waitText(waitSeconds)}後再試。`,
      waitSeconds,
    );
  }
}
