import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newToken, tokenHash } from './tokens.js';

export type SessionKind = 'web' | 'sso';

export interface SessionPolicy {
  idleSeconds: number;
  absoluteSeconds: number;
}

export interface SessionRow {
  sessionHash: string;
  kind: SessionKind;
  accountId: string;
  subAccountUid: string;
  expiresAt: number;
}

/** last_seen_at is written at most this often, so reading pages does not write on every call. */
const TOUCH_EVERY_SECONDS = 60;

export async function createSession(
  db: Kysely<Database>,
  input: { kind: SessionKind; accountId: string; subAccountUid: string; deviceType: string },
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
    })
    .execute();
  return { token, expiresAt };
}

/** The live session of a token, or undefined when unknown, idle too long or past its end. */
export async function findSession(
  db: Kysely<Database>,
  token: string,
  kind: SessionKind,
  policy: SessionPolicy,
  now: number,
): Promise<SessionRow | undefined> {
  const hash = tokenHash(token);
  const row = await db
    .selectFrom('session')
    .select(['session_hash', 'kind', 'account_id', 'sub_account_uid', 'last_seen_at', 'expires_at'])
    .where('session_hash', '=', hash)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.expires_at <= now || row.last_seen_at + policy.idleSeconds <= now) {
    await db.deleteFrom('session').where('session_hash', '=', hash).execute();
    return undefined;
  }
  if (now - row.last_seen_at >= TOUCH_EVERY_SECONDS) {
    await db
      .updateTable('session')
      .set({ last_seen_at: now })
      .where('session_hash', '=', hash)
      .execute();
  }
  return {
    sessionHash: hash,
    kind: row.kind as SessionKind,
    accountId: row.account_id,
    subAccountUid: row.sub_account_uid,
    expiresAt: row.expires_at,
  };
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

/** Sessions standing on a deleted sub-account are ended, not moved, so nobody lands in another profile. */
export async function endSessionsOfSubAccount(
  db: Kysely<Database>,
  subAccountUid: string,
): Promise<void> {
  await db.deleteFrom('session').where('sub_account_uid', '=', subAccountUid).execute();
}
