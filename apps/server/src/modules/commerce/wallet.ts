import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Purse, WalletEntryTable } from '../../db/schema-commerce.js';
import { AppError } from '../../http/errors.js';

/**
 * The wallet (docs/adr/0020): two purses per account, 'stored' (儲值金: stored value,
 * non-transferable, guaranteed by a bank for one year from sale) and 'credit' (看片金: viewing
 * credit, each grant expiring `credit_days` after redemption). Every change is a wallet_entry
 * row; the wallet row's balance is kept equal to the sum of its purse's rows in the same
 * transaction, and a CHECK keeps it at or above zero.
 *
 * Viewing credit is kept in lots: each grant (a positive row with expires_at) is a lot; a
 * spending row and an expiry row name the lot they draw on (lot_id = the grant's entry_id), so
 * what is left of each lot is its amount plus the rows that name it.
 */

type Db = Kysely<Database> | Transaction<Database>;
type Reason = WalletEntryTable['reason'];

/**
 * An entry's id is a digest of what makes it unique (purse, reason, source, lot), so writing the
 * same change twice hits the primary key on both databases. The unique index of migration 0012
 * alone would not catch it: its lot_id is null on most rows, and null never equals null there.
 */
function entryId(purse: Purse, reason: Reason, source: string, lotId: string | null): string {
  const digest = crypto
    .createHash('sha256')
    .update(`${purse}\n${reason}\n${source}\n${lotId ?? ''}`)
    .digest('base64url');
  return `W${digest.slice(0, 27)}`;
}

function requireAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`wallet amounts are positive whole NT$, not ${amount}`);
  }
}

/** Adds `delta` to a purse's running balance, creating the row on first use. */
async function addToBalance(
  trx: Transaction<Database>,
  accountId: string,
  purse: Purse,
  delta: number,
): Promise<void> {
  if (delta < 0) {
    // Lowering needs the row (an upsert's candidate row would already break the CHECK).
    await trx
      .updateTable('wallet')
      .set({ balance: sql<number>`balance + ${delta}` })
      .where('account_id', '=', accountId)
      .where('purse', '=', purse)
      .executeTakeFirstOrThrow();
    return;
  }
  await trx
    .insertInto('wallet')
    .values({ account_id: accountId, purse, balance: delta })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'purse'])
        .doUpdateSet({ balance: sql<number>`wallet.balance + ${delta}` }),
    )
    .execute();
}

export interface CreditInput {
  accountId: string;
  purse: Purse;
  /** NT$, positive. */
  amount: number;
  /** 'voucher' for a redeemed voucher, 'refund' for an order paid back. */
  reason: Exclude<Reason, 'expiry'>;
  /** Where it comes from: `voucher:{serial}`, `order:{id}`. One credit per source and reason. */
  source: string;
  /** Required for viewing credit (the lot's end); stored value does not expire. */
  expiresAt?: number | null;
  now: number;
}

/**
 * Adds to a purse: one entry row and the balance, inside the caller's transaction. Crediting the
 * same (purse, reason, source) again does nothing and answers false; concurrent duplicates meet
 * on the primary key (PostgreSQL makes the second wait for the first and then skip).
 */
export async function credit(trx: Transaction<Database>, input: CreditInput): Promise<boolean> {
  requireAmount(input.amount);
  const expiresAt = input.expiresAt ?? null;
  if (input.purse === 'credit' && expiresAt === null) {
    throw new Error('viewing credit needs an expiry');
  }
  const inserted = await trx
    .insertInto('wallet_entry')
    .values({
      entry_id: entryId(input.purse, input.reason, input.source, null),
      account_id: input.accountId,
      purse: input.purse,
      amount: input.amount,
      reason: input.reason,
      source: input.source,
      expires_at: input.purse === 'credit' ? expiresAt : null,
      lot_id: null,
      created_at: input.now,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await addToBalance(trx, input.accountId, input.purse, input.amount);
  return true;
}

export interface DebitInput {
  accountId: string;
  purse: Purse;
  /** NT$, positive. */
  amount: number;
  /** What is paid: `order:{id}`; a care debit: `care:{actionId}`. One debit per source. */
  source: string;
  /** 'order' (a payment) unless customer care takes it back ('adjustment', docs/adr/0053). */
  reason?: 'order' | 'adjustment';
  now: number;
}

/**
 * Spends from a purse inside the caller's transaction: false when the balance is short (nothing
 * written). The balance is taken by one conditional update (`balance >= amount`), so of many
 * concurrent debits only those the balance covers pass, on either database, and it never goes
 * below zero. Viewing credit is drawn from the lots that expire first (after expiry is applied),
 * one row per lot. Debiting the same source twice throws CONFLICT (rolling the caller back).
 */
export async function debit(trx: Transaction<Database>, input: DebitInput): Promise<boolean> {
  requireAmount(input.amount);
  const { accountId, purse, amount, source, now } = input;
  const reason = input.reason ?? 'order';
  if (purse === 'credit') await applyCreditExpiry(trx, accountId, now);
  const taken = await trx
    .updateTable('wallet')
    .set({ balance: sql<number>`balance - ${amount}` })
    .where('account_id', '=', accountId)
    .where('purse', '=', purse)
    .where('balance', '>=', amount)
    .returning('balance')
    .executeTakeFirst();
  if (!taken) return false;

  const draws: { lotId: string | null; amount: number }[] = [];
  if (purse === 'stored') {
    draws.push({ lotId: null, amount });
  } else {
    let left = amount;
    for (const lot of await creditLots(trx, accountId, now)) {
      if (left === 0) break;
      const take = Math.min(left, lot.rest);
      draws.push({ lotId: lot.lotId, amount: take });
      left -= take;
    }
    // The balance said yes, so the lots must cover it; if not, the ledger is wrong: stop.
    if (left > 0) throw new Error(`credit lots of ${accountId} do not cover their balance`);
  }
  for (const draw of draws) {
    const inserted = await trx
      .insertInto('wallet_entry')
      .values({
        entry_id: entryId(purse, reason, source, draw.lotId),
        account_id: accountId,
        purse,
        amount: -draw.amount,
        reason,
        source,
        expires_at: null,
        lot_id: draw.lotId,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
      throw new AppError('CONFLICT', undefined, '這筆款項已經扣過了。');
    }
  }
  return true;
}

/**
 * Gives back viewing credit an order spent (a refund), inside the caller's transaction: each lot
 * it drew on gets its part back (a 'refund' row naming the lot), so the credit keeps the end it
 * had. The part of a lot that has ended by `now` is not given back: it would have expired unspent.
 * Returns the NT$ given back; a second call for the same source gives nothing.
 */
export async function returnCredit(
  trx: Transaction<Database>,
  input: { accountId: string; source: string; now: number },
): Promise<number> {
  const { accountId, source, now } = input;
  const draws = await trx
    .selectFrom('wallet_entry as d')
    .innerJoin('wallet_entry as lot', 'lot.entry_id', 'd.lot_id')
    .select(['d.lot_id', 'd.amount', 'lot.expires_at'])
    .where('d.account_id', '=', accountId)
    .where('d.purse', '=', 'credit')
    .where('d.reason', '=', 'order')
    .where('d.source', '=', source)
    .execute();
  let total = 0;
  for (const draw of draws) {
    if (Number(draw.expires_at) <= now) continue;
    const amount = -Number(draw.amount);
    const inserted = await trx
      .insertInto('wallet_entry')
      .values({
        entry_id: entryId('credit', 'refund', source, draw.lot_id),
        account_id: accountId,
        purse: 'credit',
        amount,
        reason: 'refund',
        source,
        expires_at: null,
        lot_id: draw.lot_id,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) total += amount;
  }
  if (total > 0) await addToBalance(trx, accountId, 'credit', total);
  return total;
}

export interface CreditLot {
  /** The grant's entry_id. */
  lotId: string;
  source: string;
  expiresAt: number;
  /** What is left of it, NT$. */
  rest: number;
}

/** Every viewing-credit grant of an account with what is left of it, soonest to expire first. */
async function allCreditLots(db: Db, accountId: string): Promise<CreditLot[]> {
  const rows = await db
    .selectFrom('wallet_entry')
    .select(['entry_id', 'amount', 'source', 'expires_at', 'lot_id'])
    .where('account_id', '=', accountId)
    .where('purse', '=', 'credit')
    .execute();
  const lots = new Map<string, CreditLot>();
  for (const row of rows) {
    if (row.lot_id === null && row.expires_at !== null) {
      lots.set(row.entry_id, {
        lotId: row.entry_id,
        source: row.source,
        expiresAt: Number(row.expires_at),
        rest: 0,
      });
    }
  }
  for (const row of rows) {
    const lot = lots.get(row.lot_id ?? row.entry_id);
    if (lot) lot.rest += Number(row.amount);
  }
  return [...lots.values()].sort(
    (a, b) => a.expiresAt - b.expiresAt || (a.lotId < b.lotId ? -1 : a.lotId > b.lotId ? 1 : 0),
  );
}

/** The viewing-credit lots still running at `now` with something left. */
export async function creditLots(db: Db, accountId: string, now: number): Promise<CreditLot[]> {
  return (await allCreditLots(db, accountId)).filter((l) => l.expiresAt > now && l.rest > 0);
}

async function expiredLots(db: Db, accountId: string, now: number): Promise<CreditLot[]> {
  return (await allCreditLots(db, accountId)).filter((l) => l.expiresAt <= now && l.rest > 0);
}

/**
 * Writes off what is left of every viewing-credit grant past its end: one 'expiry' row per lot
 * (lot_id = the grant) and the balance lowered by the same sum. The purse's wallet row is locked
 * first (an update that changes nothing), so on PostgreSQL two callers, or a caller and a debit,
 * take turns and the rests are read after the other's commit. Returns the NT$ written off.
 */
export async function applyCreditExpiry(
  trx: Transaction<Database>,
  accountId: string,
  now: number,
): Promise<number> {
  const locked = await trx
    .updateTable('wallet')
    .set({ balance: sql<number>`balance` })
    .where('account_id', '=', accountId)
    .where('purse', '=', 'credit')
    .returning('balance')
    .executeTakeFirst();
  if (!locked) return 0;
  let total = 0;
  for (const lot of await expiredLots(trx, accountId, now)) {
    const inserted = await trx
      .insertInto('wallet_entry')
      .values({
        entry_id: entryId('credit', 'expiry', lot.source, lot.lotId),
        account_id: accountId,
        purse: 'credit',
        amount: -lot.rest,
        reason: 'expiry',
        source: lot.source,
        expires_at: null,
        lot_id: lot.lotId,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) total += lot.rest;
  }
  if (total > 0) await addToBalance(trx, accountId, 'credit', -total);
  return total;
}

export interface Balances {
  stored: number;
  credit: number;
  creditLots: { amount: number; expiresAt: number }[];
}

/**
 * The balances of both purses at `now`, expired viewing credit written off first (in a
 * transaction of its own when there is something to write off; inside the caller's when given one).
 */
export async function balances(db: Db, accountId: string, now: number): Promise<Balances> {
  if ((await expiredLots(db, accountId, now)).length > 0) {
    if (db.isTransaction) await applyCreditExpiry(db as Transaction<Database>, accountId, now);
    else await db.transaction().execute((trx) => applyCreditExpiry(trx, accountId, now));
  }
  const rows = await db
    .selectFrom('wallet')
    .select(['purse', 'balance'])
    .where('account_id', '=', accountId)
    .execute();
  const of = (purse: Purse) => Number(rows.find((r) => r.purse === purse)?.balance ?? 0);
  return {
    stored: of('stored'),
    credit: of('credit'),
    creditLots: (await creditLots(db, accountId, now)).map((l) => ({
      amount: l.rest,
      expiresAt: l.expiresAt,
    })),
  };
}
