import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../modules/accounts/password.js';
import { createSubAccount } from '../modules/accounts/sub-accounts.js';
import { newId } from '../modules/accounts/tokens.js';
import { seedDemoLists } from './lists.js';

/** Demo members (README "Demo accounts"): passwords are public, so these are for demos only. */
export const demoMembers = [
  {
    loginId: 'demo@example.com',
    password: 'demo1234',
    kidPin: '1234',
    withLists: true,
    subAccounts: [
      { nickname: '爸爸', iconIdx: 0, kidmode: '0' as const, isPrimary: true },
      { nickname: '媽媽', iconIdx: 5, kidmode: '0' as const },
      { nickname: '小寶', iconIdx: 2, kidmode: '1' as const },
    ],
  },
  {
    loginId: '0912345678',
    password: 'demo5678',
    kidPin: null,
    withLists: false,
    subAccounts: [{ nickname: '阿華', iconIdx: 3, kidmode: '0' as const, isPrimary: true }],
  },
];

/** Creates each demo member once; an existing login id is left as it is. */
export async function seedDemoMembers(
  db: Kysely<Database>,
  cost: number,
  now: number,
): Promise<number> {
  let created = 0;
  for (const member of demoMembers) {
    const exists = await db
      .selectFrom('account')
      .select('account_id')
      .where('login_id', '=', member.loginId)
      .executeTakeFirst();
    if (exists) continue;
    const accountId = newId('A');
    await db
      .insertInto('account')
      .values({
        account_id: accountId,
        login_id: member.loginId,
        password_hash: await hashPassword(member.password, cost),
        kid_pin_hash: member.kidPin ? await hashPassword(member.kidPin, cost) : null,
        created_at: now,
        password_changed_at: now,
      })
      .execute();
    const rows = [];
    for (const sub of member.subAccounts)
      rows.push(await createSubAccount(db, accountId, sub, now));
    if (member.withLists) await seedDemoLists(db, accountId, rows, now);
    created += 1;
  }
  return created;
}
