import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/*
 * What customer care reads of an account (issue 26 item 1, docs/adr/0052). The accounts module
 * owns these tables, so the care module asks here. Never a password, PIN or session hash: the
 * selects name their columns, and a session is shown by what it is, not by its token's hash.
 */

export interface AccountContactRow {
  accountId: string;
  loginId: string;
  email: string | null;
  phone: string | null;
  createdAt: number;
}

const contactColumns = ['account_id', 'login_id', 'email', 'phone', 'created_at'] as const;

function contactOf(row: {
  account_id: string;
  login_id: string;
  email: string | null;
  phone: string | null;
  created_at: number;
}): AccountContactRow {
  return {
    accountId: row.account_id,
    loginId: row.login_id,
    email: row.email,
    phone: row.phone,
    createdAt: Number(row.created_at),
  };
}

/**
 * Accounts whose login id, contact e-mail or contact phone is exactly one of these (each already
 * in its column's spelling). Each is an equality on an indexed column: login_id and email are
 * unique, phone has its index (migration 0040), so no lookup reads more than its matches.
 */
export async function accountsByContact(
  db: Kysely<Database>,
  keys: { loginId?: string | undefined; email?: string | undefined; phone?: string | undefined },
): Promise<{
  loginId: AccountContactRow[];
  email: AccountContactRow[];
  phone: AccountContactRow[];
}> {
  const by = async (column: 'login_id' | 'email' | 'phone', value: string | undefined) =>
    value === undefined
      ? []
      : (
          await db
            .selectFrom('account')
            .select(contactColumns)
            .where(column, '=', value)
            .orderBy('account_id')
            .limit(50)
            .execute()
        ).map(contactOf);
  const [loginId, email, phone] = await Promise.all([
    by('login_id', keys.loginId),
    by('email', keys.email),
    by('phone', keys.phone),
  ]);
  return { loginId, email, phone };
}

export async function accountsByIds(
  db: Kysely<Database>,
  accountIds: readonly string[],
): Promise<AccountContactRow[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectFrom('account')
    .select(contactColumns)
    .where('account_id', 'in', [...accountIds])
    .orderBy('account_id')
    .execute();
  return rows.map(contactOf);
}

/** The account as care sees it; undefined when there is no such account. */
export async function careAccount(db: Kysely<Database>, accountId: string) {
  const row = await db
    .selectFrom('account as a')
    .leftJoin('auth_throttle as t', (join) => join.on('t.bucket', '=', `kid-pin:${accountId}`))
    .select([
      'a.account_id',
      'a.login_id',
      'a.email',
      'a.phone',
      'a.created_at',
      'a.password_changed_at',
      (eb) => eb('a.kid_pin_hash', 'is not', null).as('kid_pin_set'),
      't.locked',
    ])
    .where('a.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...contactOf(row),
    passwordChangedAt: Number(row.password_changed_at),
    kidPinSet: Boolean(row.kid_pin_set),
    kidPinLocked: Number(row.locked ?? 0) === 1,
  };
}

export async function careSubAccounts(db: Kysely<Database>, accountId: string) {
  const rows = await db
    .selectFrom('sub_account')
    .select([
      'sub_account_uid',
      'nickname',
      'kidmode',
      'is_primary',
      'filter_restrict',
      'created_at',
    ])
    .where('account_id', '=', accountId)
    .orderBy('slot')
    .execute();
  return rows.map((r) => ({
    subAccountUid: r.sub_account_uid,
    nickname: r.nickname,
    kidMode: r.kidmode === '1',
    isPrimary: Number(r.is_primary) === 1,
    filterRestrict: r.filter_restrict !== 'N',
    createdAt: Number(r.created_at),
  }));
}

/**
 * The account's sessions still open at `now`, last used first, with the device each was opened
 * on (its id stays here: the care module names it through the devices module).
 */
export async function careSessions(db: Kysely<Database>, accountId: string, now: number) {
  const rows = await db
    .selectFrom('session as s')
    .leftJoin('sub_account as u', 'u.sub_account_uid', 's.sub_account_uid')
    .select([
      's.kind',
      's.device_type',
      's.device_id',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
      'u.nickname',
    ])
    .where('s.account_id', '=', accountId)
    .where('s.expires_at', '>', now)
    .orderBy('s.last_seen_at', 'desc')
    .orderBy('s.created_at', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    kind: r.kind === 'sso' ? ('sso' as const) : ('web' as const),
    nickname: r.nickname ?? '（已刪除的使用者）',
    deviceType: r.device_type,
    deviceId: r.device_id,
    createdAt: Number(r.created_at),
    lastSeenAt: Number(r.last_seen_at),
    expiresAt: Number(r.expires_at),
  }));
}
