import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { checkKidPin, checkPassword } from './members.js';
import { tooManyAttempts } from './login.js';
import { clearRateLimit, hitRateLimit } from './rate-limit.js';
import type { Viewer } from './viewer.js';

export interface OwnerProof {
  ownerPassword?: string | undefined;
  ownerPin?: string | undefined;
}

/**
 * The one place that decides whether a request may act as the account's owner: adults may; a kid
 * sub-account only with the owner's password or PIN. Attempts are rate limited per account, so a
 * child cannot guess a four-digit PIN.
 */
export async function requireOwner(
  db: Kysely<Database>,
  viewer: Viewer,
  proof: OwnerProof,
  config: Config,
  now: number,
): Promise<void> {
  if (!viewer.kidMode) return;
  if (!proof.ownerPassword && !proof.ownerPin) {
    throw new AppError('FORBIDDEN', undefined, '兒童模式下需要輸入家長密碼或 PIN 碼。');
  }
  await requirePasswordOrPin(db, viewer.accountId, proof, config, now);
}

export async function requirePasswordOrPin(
  db: Kysely<Database>,
  accountId: string,
  proof: OwnerProof,
  config: Config,
  now: number,
): Promise<void> {
  const allowed = await hitRateLimit(
    db,
    `owner:${accountId}`,
    config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
    config.RATE_LIMIT_WINDOW_SECONDS,
    now,
  );
  if (!allowed) throw tooManyAttempts();
  const ok =
    (proof.ownerPassword !== undefined &&
      (await checkPassword(db, accountId, proof.ownerPassword))) ||
    (proof.ownerPin !== undefined && (await checkKidPin(db, accountId, proof.ownerPin)));
  if (!ok) throw new AppError('FORBIDDEN', undefined, '密碼或 PIN 碼不正確。');
  // Only wrong guesses should add up: a parent doing several things in a row is not throttled.
  await clearRateLimit(db, `owner:${accountId}`);
}
