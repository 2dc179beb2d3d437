import { sql, type Transaction } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Purse } from '../../src/db/schema-commerce.js';
import type { Database } from '../../src/db/schema.js';
import { applyCreditExpiry, balances, credit, debit } from '../../src/modules/commerce/wallet.js';
import { newMember, useTestApp } from '../support/index.js';

const DAY = 86_400;

/**
 * Issue 11 item 4 (docs/adr/0020): the wallet is a ledger whose running balance always equals
 * the sum of its rows, never goes below zero under concurrent spending, credits once per source,
 * and writes viewing credit off when its grant expires, on both databases.
 */
describe('wallet', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  let sources = 0;
  const nextSource = (kind: string) => `${kind}:W${(sources += 1)}`;
  const account = async () => (await newMember(ctx.app)).accountId;

  const inTrx = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    db().transaction().execute(work);

  const give = (accountId: string, purse: Purse, amount: number, expiresAt?: number) =>
    inTrx((trx) =>
      credit(trx, {
        accountId,
        purse,
        amount,
        reason: 'voucher',
        source: nextSource('voucher'),
        ...(expiresAt === undefined ? {} : { expiresAt }),
        now: ctx.now.value,
      }),
    );
  const spend = (accountId: string, purse: Purse, amount: number, source = nextSource('order')) =>
    inTrx((trx) => debit(trx, { accountId, purse, amount, source, now: ctx.now.value }));

  /** The stored balance and the sum of the purse's rows: they must agree. */
  async function ledger(accountId: string, purse: Purse) {
    const [row, sum] = await Promise.all([
      db()
        .selectFrom('wallet')
        .select('balance')
        .where('account_id', '=', accountId)
        .where('purse', '=', purse)
        .executeTakeFirst(),
      db()
        .selectFrom('wallet_entry')
        .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
        .where('account_id', '=', accountId)
        .where('purse', '=', purse)
        .executeTakeFirstOrThrow(),
    ]);
    return { balance: Number(row?.balance ?? 0), sum: Number(sum.total) };
  }

  it('credits once per source, even when the same credit arrives twice at once', async () => {
    const accountId = await account();
    const source = nextSource('voucher');
    const once = () =>
      inTrx((trx) =>
        credit(trx, {
          accountId,
          purse: 'stored',
          amount: 120,
          reason: 'voucher',
          source,
          now: ctx.now.value,
        }),
      );
    const results = await Promise.all(Array.from({ length: 10 }, once));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await once()).toBe(false);
    // A refund from an order is another reason: it counts on its own.
    const refunded = await inTrx((trx) =>
      credit(trx, {
        accountId,
        purse: 'stored',
        amount: 30,
        reason: 'refund',
        source,
        now: ctx.now.value,
      }),
    );
    expect(refunded).toBe(true);
    expect(await ledger(accountId, 'stored')).toEqual({ balance: 150, sum: 150 });
  });

  it('refuses what is not whole positive NT$, and viewing credit without an expiry', async () => {
    const accountId = await account();
    for (const amount of [0, -5, 1.5]) {
      await expect(give(accountId, 'stored', amount)).rejects.toThrow(/positive whole/);
    }
    await expect(give(accountId, 'credit', 10)).rejects.toThrow(/expiry/);
    expect(await ledger(accountId, 'stored')).toEqual({ balance: 0, sum: 0 });
  });

  describe('balance 100 and 20 debits of 100 at once', () => {
    for (const purse of ['stored', 'credit'] as const) {
      it(`${purse}: exactly one succeeds, and the balance never goes below zero`, async () => {
        const accountId = await account();
        await give(accountId, purse, 100, purse === 'credit' ? ctx.now.value + 7 * DAY : undefined);
        const outcomes = await Promise.allSettled(
          Array.from({ length: 20 }, () => spend(accountId, purse, 100)),
        );
        // Every debit answered (a CHECK violation would have been a rejection): one yes.
        expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);
        const yes = outcomes.filter((o) => o.status === 'fulfilled' && o.value === true);
        expect(yes).toHaveLength(1);
        expect(await ledger(accountId, purse)).toEqual({ balance: 0, sum: 0 });
        const debits = await db()
          .selectFrom('wallet_entry')
          .select('amount')
          .where('account_id', '=', accountId)
          .where('reason', '=', 'order')
          .execute();
        expect(debits).toEqual([{ amount: -100 }]);
      });
    }

    it('twenty debits of 30 against 100: exactly three pass', async () => {
      const accountId = await account();
      await give(accountId, 'stored', 100);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => spend(accountId, 'stored', 30)),
      );
      expect(results.filter(Boolean)).toHaveLength(3);
      expect(await ledger(accountId, 'stored')).toEqual({ balance: 10, sum: 10 });
    });
  });

  it('a short balance writes nothing; the same order debited twice is refused and rolled back', async () => {
    const accountId = await account();
    expect(await spend(accountId, 'stored', 1)).toBe(false);
    await give(accountId, 'stored', 50);
    expect(await spend(accountId, 'stored', 51)).toBe(false);
    const source = nextSource('order');
    expect(await spend(accountId, 'stored', 20, source)).toBe(true);
    await expect(spend(accountId, 'stored', 20, source)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await ledger(accountId, 'stored')).toEqual({ balance: 30, sum: 30 });
  });

  it('viewing credit is spent soonest-to-expire first, and expires by the clock', async () => {
    const accountId = await account();
    const start = ctx.now.value;
    try {
      await give(accountId, 'credit', 300, start + 30 * DAY);
      await give(accountId, 'credit', 200, start + 10 * DAY);
      await give(accountId, 'stored', 80);
      expect(await balances(db(), accountId, start)).toEqual({
        stored: 80,
        credit: 500,
        creditLots: [
          { amount: 200, expiresAt: start + 10 * DAY },
          { amount: 300, expiresAt: start + 30 * DAY },
        ],
      });
      // 250 takes the 200 that ends first, then 50 of the other: one row per lot.
      const order = nextSource('order');
      expect(await spend(accountId, 'credit', 250, order)).toBe(true);
      const draws = await db()
        .selectFrom('wallet_entry as d')
        .innerJoin('wallet_entry as g', 'g.entry_id', 'd.lot_id')
        .select(['d.amount', 'g.expires_at'])
        .where('d.source', '=', order)
        .orderBy('g.expires_at')
        .execute();
      expect(draws).toEqual([
        { amount: -200, expires_at: start + 10 * DAY },
        { amount: -50, expires_at: start + 30 * DAY },
      ]);

      // A second before the end nothing expires; at the end the rest (250) is written off.
      ctx.now.value = start + 30 * DAY - 1;
      expect((await balances(db(), accountId, ctx.now.value)).credit).toBe(250);
      ctx.now.value = start + 30 * DAY;
      expect(await spend(accountId, 'credit', 1)).toBe(false);
      expect(await balances(db(), accountId, ctx.now.value)).toEqual({
        stored: 80,
        credit: 0,
        creditLots: [],
      });
      const expiry = await db()
        .selectFrom('wallet_entry')
        .select(['amount', 'lot_id'])
        .where('account_id', '=', accountId)
        .where('reason', '=', 'expiry')
        .execute();
      expect(expiry).toHaveLength(1);
      expect(expiry[0]!.amount).toBe(-250);
      expect(await ledger(accountId, 'credit')).toEqual({ balance: 0, sum: 0 });
      // Stored value does not expire.
      ctx.now.value = start + 3650 * DAY;
      expect((await balances(db(), accountId, ctx.now.value)).stored).toBe(80);
    } finally {
      ctx.now.value = start;
    }
  });

  it('expiry applied by many at once writes each lot off once', async () => {
    const accountId = await account();
    const start = ctx.now.value;
    await give(accountId, 'credit', 40, start + DAY);
    await give(accountId, 'credit', 60, start + 2 * DAY);
    await give(accountId, 'credit', 70, start + 5 * DAY);
    const later = start + 3 * DAY;
    const written = await Promise.all([
      ...Array.from({ length: 10 }, () => inTrx((trx) => applyCreditExpiry(trx, accountId, later))),
      ...Array.from({ length: 10 }, () => balances(db(), accountId, later).then(() => 0)),
    ]);
    expect(written.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100);
    const expiries = await db()
      .selectFrom('wallet_entry')
      .select('amount')
      .where('account_id', '=', accountId)
      .where('reason', '=', 'expiry')
      .orderBy('amount')
      .execute();
    expect(expiries).toEqual([{ amount: -60 }, { amount: -40 }]);
    expect(await ledger(accountId, 'credit')).toEqual({ balance: 70, sum: 70 });
  });

  describe('with debits and expiry racing', () => {
    let accountId: string;
    beforeAll(async () => {
      accountId = await account();
    });

    it('spending and expiry at once never leave the balance and the rows apart', async () => {
      const start = ctx.now.value;
      await give(accountId, 'credit', 100, start + DAY);
      await give(accountId, 'credit', 100, start + 3 * DAY);
      const at = start + 2 * DAY;
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0
            ? inTrx((trx) =>
                debit(trx, {
                  accountId,
                  purse: 'credit',
                  amount: 30,
                  source: nextSource('order'),
                  now: at,
                }),
              )
            : inTrx((trx) => applyCreditExpiry(trx, accountId, at)).then(() => null),
        ),
      );
      // Only the lot ending at +3 days is there to spend: 100 covers three debits of 30.
      expect(results.filter((r) => r === true)).toHaveLength(3);
      expect(await ledger(accountId, 'credit')).toEqual({ balance: 10, sum: 10 });
      expect((await balances(db(), accountId, at)).creditLots).toEqual([
        { amount: 10, expiresAt: start + 3 * DAY },
      ]);
    });
  });
});
