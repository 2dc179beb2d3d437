import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';
import { createSubAccount, type SubAccountRow } from './sub-accounts.js';
import { newId } from './tokens.js';

/** The one reply for an unknown login id and a wrong password, so neither is told apart. */
export const badCredentials = () =>
  new AppError('NOT_LOGGED_IN', undefined, '帳號或密碼錯誤，請重新輸入。');

export interface Member {
  accountId: string;
  loginId: string;
}

/**
 * A new account with its primary sub-account (never a kid), inside the caller's transaction
 * (sign-up's confirmation, sign-up.ts); undefined when the login id is taken, nothing written.
 */
export async function createAccount(
  trx: Kysely<Database>,
  input: { loginId: string; passwordHash: string },
  now: number,
): Promise<{ member: Member; primary: SubAccountRow } | undefined> {
  const accountId = newId('A');
  const inserted = await trx
    .insertInto('account')
    .values({
      account_id: accountId,
      login_id: input.loginId,
      password_hash: input.passwordHash,
      kid_pin_hash: null,
      created_at: now,
      password_changed_at: now,
    })
    .onConflict((oc) => oc.column('login_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return undefined;
  const primary = await createSubAccount(
    trx,
    accountId,
    { nickname: '主帳號', iconIdx: 0, kidmode: '0', isPrimary: true },
    now,
  );
  return { member: { accountId, loginId: input.loginId }, primary };
}

let decoy: Promise<string> | undefined;

/** The member whose password this is; unknown ids cost the same scrypt work as wrong passwords. */
export async function authenticate(
  db: Kysely<Database>,
  loginId: string,
  password: string,
  cost: number,
): Promise<Member> {
  const account = await db
    .selectFrom('account')
    .select(['account_id', 'login_id', 'password_hash'])
    .where('login_id', '=', loginId)
    .executeTakeFirst();
  decoy ??= decoyHash(cost);
  const ok = await verifyPassword(password, account?.password_hash ?? (await decoy));
  if (!account || !ok) throw badCredentials();
  return { accountId: account.account_id, loginId: account.login_id };
}

export async function checkPassword(
  db: Kysely<Database>,
  accountId: string,
  password: string,
): Promise<boolean> {
  const account = await db
    .selectFrom('account')
    .select('password_hash')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return verifyPassword(password, account.password_hash);
}

export async function checkKidPin(
  db: Kysely<Database>,
  accountId: string,
  pin: string,
): Promise<boolean> {
  const account = await db
    .selectFrom('account')
    .select('kid_pin_hash')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return account.kid_pin_hash !== null && verifyPassword(pin, account.kid_pin_hash);
}

export async function changePassword(
  db: Kysely<Database>,
  accountId: string,
  newPassword: string,
  cost: number,
  now: number,
): Promise<void> {
  const passwordHash = await hashPassword(newPassword, cost);
  await db
    .updateTable('account')
    .set({ password_hash: passwordHash, password_changed_at: now })
    .where('account_id', '=', accountId)
    .execute();
}

export async function setKidPin(
  db: Kysely<Database>,
  accountId: string,
  pin: string,
  cost: number,
): Promise<void> {
  const pinHash = await hashPassword(pin, cost);
  await db
    .updateTable('account')
    .set({ kid_pin_hash: pinHash })
    .where('account_id', '=', accountId)
    .execute();
}

/** The member account of a login id (e-mail or phone), for staff naming one member. */
export async function accountOfLoginId(
  db: Kysely<Database>,
  loginId: string,
): Promise<{ accountId: string; loginId: string } | undefined> {
  const row = await db
    .selectFrom('account')
    .select(['account_id', 'login_id'])
    .where('login_id', '=', loginId)
    .executeTakeFirst();
  return row && { accountId: row.account_id, loginId: row.login_id };
}

/** Login ids of these accounts, by account id. */
export async function loginIdsOf(
  db: Kysely<Database>,
  accountIds: readonly string[],
): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('account')
    .select(['account_id', 'login_id'])
    .where('account_id', 'in', [...accountIds])
    .execute();
  return new Map(rows.map((r) => [r.account_id, r.login_id]));
}
