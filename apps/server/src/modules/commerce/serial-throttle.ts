import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { ThrottledError, admit, forgiveOne, type ThrottlePolicy } from '../accounts/throttle.js';

/** Serials looked at per account before the waits start (a redemption clears the count). */
export const SERIAL_FREE_TRIES_PER_ACCOUNT = 10;
/** Per client IP, counting only members with a wrong serial on record (docs/adr/0020). */
export const SERIAL_FREE_TRIES_PER_IP = 30;

/** The buckets one look at a serial was counted on, so a good serial can be taken back. */
export interface SerialLook {
  buckets: [string, ThrottlePolicy][];
}

/**
 * Serial guessing is slowed like password guessing (docs/adr/0017, 0020): every serial looked at
 * (a preview or a redemption) counts as a failure on the account's bucket before it is checked;
 * past the free tries each further one waits 30 s, doubling to 5 min (the RATE_LIMIT_DELAY_*
 * settings): a 429 with Retry-After. The client IP's bucket counts only the looks of accounts
 * with a wrong serial on record, so members behind one shared address (a household, an office)
 * who have not guessed are never held up by someone else's guesses there, while a guesser meets
 * both limits.
 */
export async function admitSerial(
  db: Kysely<Database>,
  config: Pick<Config, 'RATE_LIMIT_DELAY_SECONDS' | 'RATE_LIMIT_DELAY_MAX_SECONDS'>,
  accountId: string,
  ip: string,
  now: number,
): Promise<SerialLook> {
  const policy = (freeFailures: number): ThrottlePolicy => ({
    freeFailures,
    delaySeconds: config.RATE_LIMIT_DELAY_SECONDS,
    maxDelaySeconds: config.RATE_LIMIT_DELAY_MAX_SECONDS,
  });
  const refuse = (waitSeconds: number) => new ThrottledError(waitSeconds, '序號錯誤');
  const look: SerialLook = { buckets: [] };
  const accountBucket: [string, ThrottlePolicy] = [
    `voucher:${accountId}`,
    policy(SERIAL_FREE_TRIES_PER_ACCOUNT),
  ];
  const account = await admit(db, ...accountBucket, now);
  if (!account.admitted) throw refuse(account.waitSeconds);
  look.buckets.push(accountBucket);
  // This look counts one until it proves good; more than one means a wrong serial on record
  // (good previews are taken back, a redemption clears the count).
  if (account.failures > 1) {
    const ipBucket: [string, ThrottlePolicy] = [
      `voucher-ip:${ip}`,
      policy(SERIAL_FREE_TRIES_PER_IP),
    ];
    const shared = await admit(db, ...ipBucket, now);
    if (!shared.admitted) {
      // Refused here: the look was never made, so it does not count on the account either.
      await forgiveOne(db, ...accountBucket, now);
      throw refuse(shared.waitSeconds);
    }
    look.buckets.push(ipBucket);
  }
  return look;
}

/** A look at a valid serial was no guess: it is taken back from every bucket it counted on. */
export async function forgiveLook(
  db: Kysely<Database>,
  look: SerialLook,
  now: number,
): Promise<void> {
  for (const [bucket, policy] of look.buckets) await forgiveOne(db, bucket, policy, now);
}
