import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CareAccess } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { recordCareAction } from '../audit/care-trail.js';
import type { Actor } from '../audit/trail.js';
import { tellMemberOfCare } from '../engagement/care-messages.js';
import { kidPinBucket } from './guards.js';

/*
 * Customer care on a member's access (issue 26 item 2, docs/adr/0053): sign sessions out, unlock
 * the kid PIN. Sessions are not cached anywhere (session-lookup.ts reads the row on every
 * request, on every instance), so a deleted row signs the member out everywhere at their next
 * request: well inside the 60 seconds, with nothing to broadcast.
 */

/** The member care is working on; 404 when there is none. */
export async function requireCareMember(
  db: Kysely<Database>,
  accountId: string,
): Promise<{ accountId: string; loginId: string }> {
  const row = await db
    .selectFrom('account')
    .select(['account_id', 'login_id'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw notFound('找不到這位會員。');
  return { accountId: row.account_id, loginId: row.login_id };
}

/**
 * A session's name on the console: a digest of its stored hash. The stored hash opens nothing
 * (the token does), but it stays in the database: what leaves for the console is a name only.
 */
export function sessionIdOf(sessionHash: string): string {
  return crypto
    .createHash('sha256')
    .update(`care\n${sessionHash}`)
    .digest('base64url')
    .slice(0, 22);
}

export async function careAccess(
  db: Kysely<Database>,
  accountId: string,
  now: number,
): Promise<CareAccess> {
  const member = await requireCareMember(db, accountId);
  const [sessions, subAccounts, account, throttle] = await Promise.all([
    db
      .selectFrom('session as s')
      .leftJoin('sub_account as u', 'u.sub_account_uid', 's.sub_account_uid')
      .select(['s.session_hash', 's.kind', 's.device_type', 's.created_at', 's.last_seen_at'])
      .select(['s.expires_at', 'u.nickname'])
      .where('s.account_id', '=', accountId)
      .where('s.expires_at', '>', now)
      .orderBy('s.last_seen_at', 'desc')
      .orderBy('s.session_hash')
      .execute(),
    db
      .selectFrom('sub_account')
      .select(['sub_account_uid', 'nickname', 'kidmode', 'is_primary'])
      .where('account_id', '=', accountId)
      .orderBy('slot')
      .execute(),
    db
      .selectFrom('account')
      .select('kid_pin_hash')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('auth_throttle')
      .select(['failures', 'locked'])
      .where('bucket', '=', kidPinBucket(accountId))
      .executeTakeFirst(),
  ]);
  return {
    ...member,
    sessions: sessions.map((s) => ({
      sessionId: sessionIdOf(s.session_hash),
      kind: s.kind === 'sso' ? 'sso' : 'web',
      deviceType: s.device_type,
      subAccountName: s.nickname ?? '',
      createdAt: Number(s.created_at),
      lastSeenAt: Number(s.last_seen_at),
      expiresAt: Number(s.expires_at),
    })),
    subAccounts: subAccounts.map((u) => ({
      subAccountUid: u.sub_account_uid,
      nickname: u.nickname,
      kid: u.kidmode === '1',
      primary: Number(u.is_primary) === 1,
    })),
    kidPin: {
      set: account.kid_pin_hash !== null,
      failures: Number(throttle?.failures ?? 0),
      locked: Number(throttle?.locked ?? 0) === 1,
    },
  };
}

/**
 * Signs one session of the member out, or all of them (`sessionId` null): the rows go, with the
 * audit entry, in one transaction. A session of another account is not found (404).
 */
export async function revokeSessions(
  db: Kysely<Database>,
  actor: Actor,
  input: { accountId: string; sessionId: string | null; reason: string },
  now: number,
): Promise<number> {
  const { accountId, sessionId, reason } = input;
  await requireCareMember(db, accountId);
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('session')
      .select(['session_hash', 'device_type'])
      .where('account_id', '=', accountId)
      .execute();
    const chosen =
      sessionId === null ? rows : rows.filter((r) => sessionIdOf(r.session_hash) === sessionId);
    if (sessionId !== null && chosen.length === 0) throw notFound('找不到這個登入工作階段。');
    if (chosen.length > 0) {
      await trx
        .deleteFrom('session')
        .where('account_id', '=', accountId)
        .where(
          'session_hash',
          'in',
          chosen.map((r) => r.session_hash),
        )
        .execute();
    }
    await recordCareAction(
      trx,
      actor,
      accountId,
      sessionId === null ? 'revoke_all_sessions' : 'revoke_session',
      { sessionId, revoked: chosen.length },
      reason,
      now,
    );
    return chosen.length;
  });
}

/**
 * Clears the kid PIN's failures and lock (what the owner's password does on the site), audited,
 * and tells the member. The PIN itself is kept: care never learns or sets it.
 */
export async function unlockKidPin(
  db: Kysely<Database>,
  actor: Actor,
  input: { accountId: string; reason: string },
  now: number,
): Promise<boolean> {
  await requireCareMember(db, input.accountId);
  const bucket = kidPinBucket(input.accountId);
  return db.transaction().execute(async (trx) => {
    const cleared = await trx
      .deleteFrom('auth_throttle')
      .where('bucket', '=', bucket)
      .returning('locked')
      .executeTakeFirst();
    const wasLocked = Number(cleared?.locked ?? 0) === 1;
    await recordCareAction(
      trx,
      actor,
      input.accountId,
      'unlock_kid_pin',
      { wasLocked, failures: cleared ? 'cleared' : 'none' },
      input.reason,
      now,
    );
    await tellMemberOfCare(trx, {
      accountId: input.accountId,
      title: '兒童 PIN 碼已解除鎖定',
      content: '客服已為您解除兒童 PIN 碼的鎖定，原本的 PIN 碼不變，現在可以再次輸入。',
      actor: actor.email,
      now,
    });
    return wasLocked;
  });
}
