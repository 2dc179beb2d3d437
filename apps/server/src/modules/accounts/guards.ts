import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { checkKidPin, checkPassword } from './members.js';
import {
  ThrottledError,
  admit,
  clearBucket,
  kidPinPolicy,
  passwordPolicy,
  waitText,
} from './throttle.js';
import type { Viewer } from './viewer.js';

export interface OwnerProof {
  ownerPassword?: string | undefined;
  ownerPin?: string | undefined;
}

const ownerBucket = (accountId: string) => `owner:${accountId}`;
export const kidPinBucket = (accountId: string) => `kid-pin:${accountId}`;

export const wrongOwnerProof = (detail = '密碼或 PIN 碼不正確。') =>
  new AppError('FORBIDDEN', undefined, detail);

/**
 * The one place that decides whether a request may act as the account's owner: adults may; a kid
 * sub-account only with the owner's password (when both are sent) or the kid PIN. Wrong guesses
 * of either are throttled per account (docs/adr/0017).
 */
export async function requireOwner(
  db: Kysely<Database>,
  viewer: Viewer,
  proof: OwnerProof,
  config: Config,
  now: number,
): Promise<void> {
  if (!viewer.kidMode) return;
  if (proof.ownerPassword !== undefined) {
    if (!(await checkOwnerPassword(db, viewer.accountId, proof.ownerPassword, config, now))) {
      throw wrongOwnerProof();
    }
    return;
  }
  if (proof.ownerPin !== undefined) {
    await requireKidPin(db, viewer.accountId, proof.ownerPin, config, now);
    return;
  }
  throw new AppError('FORBIDDEN', undefined, '兒童模式下需要輸入家長密碼或 PIN 碼。');
}

/**
 * The owner's password re-entered in a session (owner checks, password change, kid PIN, the
 * restricted-content filter, lifting a PIN lock). Wrong ones wait like login failures; a right
 * one clears them and also the kid PIN's failures and lock: the owner is here.
 */
export async function checkOwnerPassword(
  db: Kysely<Database>,
  accountId: string,
  password: string,
  config: Config,
  now: number,
): Promise<boolean> {
  const bucket = ownerBucket(accountId);
  const admission = await admit(db, bucket, passwordPolicy(config), now);
  if (!admission.admitted) throw new ThrottledError(admission.waitSeconds, '密碼錯誤');
  if (!(await checkPassword(db, accountId, password))) return false;
  await clearBucket(db, bucket);
  await clearBucket(db, kidPinBucket(accountId));
  return true;
}

/**
 * checkOwnerPassword, refusing a wrong password with 403 naming the field (changePassword's is
 * oldPassword, with its own words).
 */
export async function requireOwnerPassword(
  db: Kysely<Database>,
  accountId: string,
  password: string,
  config: Config,
  now: number,
  field: { name: string; detail: string } = { name: 'password', detail: '密碼不正確。' },
): Promise<void> {
  if (!(await checkOwnerPassword(db, accountId, password, config, now))) {
    throw new AppError('FORBIDDEN', [{ name: field.name, problem: 'wrong' }], field.detail);
  }
}

/**
 * The kid PIN: after RATE_LIMIT_KID_PIN_DELAY_AFTER wrong PINs in a row each attempt waits
 * (doubling), and after RATE_LIMIT_KID_PIN_LOCK_AFTER the PIN is locked, the right one
 * included, until the owner's password is entered (checkOwnerPassword). A right PIN clears the
 * count.
 */
export async function requireKidPin(
  db: Kysely<Database>,
  accountId: string,
  pin: string,
  config: Config,
  now: number,
): Promise<void> {
  const bucket = kidPinBucket(accountId);
  const admission = await admit(db, bucket, kidPinPolicy(config), now);
  if (!admission.admitted) {
    if (admission.locked) throw new AppError('KID_PIN_LOCKED');
    throw new ThrottledError(admission.waitSeconds, 'PIN 碼錯誤');
  }
  if (await checkKidPin(db, accountId, pin)) {
    await clearBucket(db, bucket);
    return;
  }
  if (admission.locks) throw new AppError('KID_PIN_LOCKED');
  if (admission.waitSeconds > 0) {
    throw wrongOwnerProof(`密碼或 PIN 碼不正確。請於 ${waitText(admission.waitSeconds)}後再試。`);
  }
  throw wrongOwnerProof();
}
