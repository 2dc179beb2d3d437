import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newToken, tokenHash } from './tokens.js';

export type SessionKind = 'web' | 'sso';

export interface SessionPolicy {
  idleSeconds: number;
  absoluteSeconds: number;
}

/** last_seen_at is written at most this often, so reading pages does not write on every call. */
const TOUCH_EVERY_SECONDS = 60;

export async function createSession(
  db: Kysely<Database>,
  input: {
    kind: SessionKind;
    accountId: string;
    subAccountUid: string;
    deviceType: string;
    deviceId: string | null;
  },
  policy: SessionPolicy,
  now: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const expiresAt = now + policy.absoluteSeconds;
  await db
    .insertInto('session')
    .values({
      session_hash: tokenHash(token),
      kind: input.kind,
      account_id: input.accountId,
      sub_account_uid: input.subAccountUid,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      device_type: input.deviceType,
      device_id: input.deviceId,
    })
    .execute();
  return { token, expiresAt };
}

/** Whether a stored session is still live: not past its end, not idle too long. */
export function isLive(
  row: { expires_at: number; last_seen_at: number },
  policy: SessionPolicy,
  now: number,
): boolean {
  return row.expires_at > now && row.last_seen_at + policy.idleSeconds > now;
}

/** Records activity, at most once a minute per session. */
export async function touchSession(
  db: Kysely<Database>,
  sessionHash: string,
  lastSeenAt: number,
  now: number,
): Promise<void> {
  if (now - lastSeenAt < TOUCH_EVERY_SECONDS) return;
  await db
    .updateTable('session')
    .set({ last_seen_at: now })
    .where('session_hash', '=', sessionHash)
    .execute();
}

export async function endSession(db: Kysely<Database>, sessionHash: string): Promise<void> {
  await db.deleteFrom('session').where('session_hash', '=', sessionHash).execute();
}

/** Every session and app token of the account ("log out all devices", password change). */
export async function endAllSessions(db: Kysely<Database>, accountId: string): Promise<void> {
  await db.deleteFrom('session').where('account_id', '=', accountId).execute();
}

export async function setSessionSubAccount(
  db: Kysely<Database>,
  sessionHash: string,
  subAccountUid: string,
): Promise<void> {
  await db
    .updateTable('session')
    .set({ sub_account_uid: subAccountUid })
    .where('session_hash', '=', sessionHash)
    .execute();
}

/**
 * Moves a session to a new token (its row keeps its times and sub-account): at a sub-account
 * switch the browser's session token, and with it the CSRF token, changes (ADR 0006).
 */
export async function rotateSessionToken(
  db: Kysely<Database>,
  sessionHash: string,
): Promise<{ token: string; hash: string; expiresAt: number } | null> {
  const token = newToken();
  const hash = tokenHash(token);
  const row = await db
    .updateTable('session')
    .set({ session_hash: hash })
    .where('session_hash', '=', sessionHash)
    .returning('expires_at')
    .executeTakeFirst();
  return row ? { token, hash, expiresAt: Number(row.expires_at) } : null;
}

/** The sessions opened on a device that was removed from the account (docs/adr/0042). */
export async function endSessionsOfDevice(
  db: Kysely<Database>,
  accountId: string,
  deviceId: string,
): Promise<void> {
  await db
    .deleteFrom('session')
    .where('account_id', '=', accountId)
    .where('device_id', '=', deviceId)
    .execute();
}

/** Sessions standing on a deleted sub-account are ended, not moved, so nobody lands in another profile. */
export async function endSessionsOfSubAccount(
  db: Kysely<Database>,
  subAccountUid: string,
): Promise<void> {
  await db.deleteFrom('session').where('sub_account_uid', '=', subAccountUid).execute();
}
