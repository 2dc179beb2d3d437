import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newToken, tokenHash } from '../accounts/tokens.js';

/**
 * Console sessions: shorter than members' (an unattended console is a bigger door), and a
 * sign-in that still owes its second factor lives only a few minutes.
 */
export interface StaffSessionPolicy {
  idleSeconds: number;
  absoluteSeconds: number;
}

export const PENDING_SECOND_FACTOR_SECONDS = 300;
const TOUCH_EVERY_SECONDS = 30;

export interface StaffSessionRow {
  token_hash: string;
  staff_id: string;
  second_factor_done: number;
  last_seen_at: number;
  expires_at: number;
}

export async function startStaffSession(
  db: Kysely<Database>,
  staffId: string,
  secondFactorDone: boolean,
  policy: StaffSessionPolicy,
  now: number,
): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const expiresAt =
    now + (secondFactorDone ? policy.absoluteSeconds : PENDING_SECOND_FACTOR_SECONDS);
  await db
    .insertInto('staff_session')
    .values({
      token_hash: tokenHash(token),
      staff_id: staffId,
      second_factor_done: secondFactorDone ? 1 : 0,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** The live session of a console cookie, touched at most every 30 s; null when gone or idle. */
export async function lookupStaffSession(
  db: Kysely<Database>,
  token: string,
  policy: StaffSessionPolicy,
  now: number,
): Promise<StaffSessionRow | null> {
  const hash = tokenHash(token);
  const row = await db
    .selectFrom('staff_session')
    .select(['token_hash', 'staff_id', 'second_factor_done', 'last_seen_at', 'expires_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (!row || row.expires_at <= now || row.last_seen_at + policy.idleSeconds <= now) return null;
  if (now - row.last_seen_at >= TOUCH_EVERY_SECONDS) {
    await db
      .updateTable('staff_session')
      .set({ last_seen_at: now })
      .where('token_hash', '=', hash)
      .execute();
  }
  return row;
}

export async function endStaffSession(db: Kysely<Database>, tokenHashValue: string): Promise<void> {
  await db.deleteFrom('staff_session').where('token_hash', '=', tokenHashValue).execute();
}

/** Every console session of a staff member, but perhaps the one that asked. */
export async function endStaffSessions(
  db: Kysely<Database>,
  staffId: string,
  except?: string,
): Promise<void> {
  let query = db.deleteFrom('staff_session').where('staff_id', '=', staffId);
  if (except) query = query.where('token_hash', '!=', except);
  await query.execute();
}
