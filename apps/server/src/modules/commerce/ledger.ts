import type { Kysely } from 'kysely';
import type { WalletLedgerEntry } from '@site/contract';
import type { Database } from '../../db/schema.js';

/**
 * The wallet's ledger for the account centre (issue 23 item 1): every wallet_entry of both purses,
 * newest first, ties broken by the entry's id so both databases page alike (DESIGN §4).
 */
export async function walletLedger(
  db: Kysely<Database>,
  accountId: string,
  page: { startIndex: number; maxRecord: number },
): Promise<{ totalCount: number; entries: WalletLedgerEntry[] }> {
  const mine = db.selectFrom('wallet_entry').where('account_id', '=', accountId);
  const [count, rows] = await Promise.all([
    mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    mine
      .select(['entry_id', 'purse', 'amount', 'reason', 'source', 'expires_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('entry_id', 'desc')
      .limit(page.maxRecord)
      .offset(page.startIndex)
      .execute(),
  ]);
  return {
    totalCount: Number(count.n),
    entries: rows.map((row) => ({
      entryId: row.entry_id,
      purse: row.purse,
      amount: Number(row.amount),
      reason: row.reason,
      orderId: row.source.startsWith('order:') ? row.source.slice('order:'.length) : null,
      expiresAt: row.expires_at === null ? null : Number(row.expires_at),
      createdAt: Number(row.created_at),
    })),
  };
}
