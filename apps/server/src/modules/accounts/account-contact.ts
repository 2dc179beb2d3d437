import type { Kysely } from 'kysely';
import type { AccountProfile } from '@site/contract';
import type { Config } from '../../config.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { requireOwnerPassword } from './guards.js';
import { maskLoginId } from './login-info.js';

/*
 * The account's profile and contact details (issue 23 item 1, docs/adr/0041):
 * 1. The login id is shown masked; the e-mail and phone are the member's own and shown whole.
 * 2. Changing them needs the current password (a wrong one: 403, throttled as owner checks are).
 * 3. An e-mail is held by one account at most, and never by an account other than the one whose
 *    login id it is; a taken one gets one generic refusal that names nobody.
 */

const emailTaken = () =>
  new AppError(
    'CONFLICT',
    [{ name: 'email', problem: 'unavailable' }],
    '這個電子郵件地址無法使用，請改用其他地址。',
  );

export async function accountProfile(
  db: Kysely<Database>,
  accountId: string,
): Promise<AccountProfile> {
  const row = await db
    .selectFrom('account as a')
    .innerJoin('sub_account as p', (join) =>
      join.onRef('p.account_id', '=', 'a.account_id').on('p.is_primary', '=', 1),
    )
    .select(['a.login_id', 'a.created_at', 'a.email', 'a.phone', 'p.nickname'])
    .where('a.account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return {
    loginIdMasked: maskLoginId(row.login_id),
    memberSince: Number(row.created_at),
    nickname: row.nickname,
    email: row.email,
    phone: row.phone,
  };
}

/** Rule 3: whether another account holds this address, as its e-mail or as its login id. */
async function heldByAnother(db: Kysely<Database>, accountId: string, email: string) {
  const other = await db
    .selectFrom('account')
    .select('account_id')
    .where('account_id', '!=', accountId)
    .where((eb) => eb.or([eb('email', '=', email), eb('login_id', '=', email)]))
    .executeTakeFirst();
  return other !== undefined;
}

export interface ContactChange {
  /** '' clears. */
  email: string;
  phone: string;
  password: string;
}

/** Rules 2 and 3; answers the profile as it now is. */
export async function changeContact(
  db: Kysely<Database>,
  config: Config,
  accountId: string,
  change: ContactChange,
  now: number,
): Promise<AccountProfile> {
  await requireOwnerPassword(db, accountId, change.password, config, now, {
    name: 'password',
    detail: '目前的密碼不正確。',
  });
  const email = change.email || null;
  if (email && (await heldByAnother(db, accountId, email))) throw emailTaken();
  try {
    await db
      .updateTable('account')
      .set({ email, phone: change.phone || null })
      .where('account_id', '=', accountId)
      .execute();
  } catch (error) {
    // Two accounts setting one address at once: the unique index lets one through.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return accountProfile(db, accountId);
}
