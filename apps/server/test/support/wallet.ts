import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import { credit } from '../../src/modules/commerce/wallet.js';

/** Puts stored value in an account's purse, as a redeemed voucher would. */
export function topUpStored(
  db: Kysely<Database>,
  input: { accountId: string; amount: number; source: string; now: number },
): Promise<unknown> {
  return db
    .transaction()
    .execute((trx) => credit(trx, { ...input, purse: 'stored', reason: 'voucher' }));
}

/** The account's stored-value balance (0 before any top-up). */
export async function storedBalance(db: Kysely<Database>, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('wallet')
    .select('balance')
    .where('account_id', '=', accountId)
    .where('purse', '=', 'stored')
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}
