import type { Kysely } from 'kysely';
import type { LedgerLine, ReportPeriod, RevenueDay, RevenueReport } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { hourOf, perDay, periodDays } from './days.js';
import { walletByHour } from './wallet-rollup.js';

/*
 * The revenue report (issue 26 item 4, docs/adr/0054). Each figure is a sum of ledger rows in the
 * period, put in the Taipei day of the row's own time:
 *   - sales: orders that were paid (now 'paid', or 'refunded' after paying), on the order's day,
 *     by what they sold and by what paid them;
 *   - refunds: card refunds on the day they were asked of the provider (payment_refund), wallet
 *     refunds on the day they were credited (wallet_entry 'refund');
 *   - stored value sold and viewing credit granted: wallet_entry 'voucher' rows of each purse;
 *   - the ledger: every wallet_entry of the period by purse and reason, whatever the reason
 *     (closed hours from their rollup, wallet-rollup.ts),
 *     (care's adjustments included), so nothing in the wallet goes unreported.
 * Rights given by title and service vouchers are counted (no money moves here).
 */

type Figures = Omit<RevenueDay, 'date' | 'dayStart'>;

export function zeroFigures(): Figures {
  return {
    rent: { count: 0, amount: 0 },
    buy: { count: 0, amount: 0 },
    monthly: { count: 0, amount: 0 },
    redeemed: { count: 0 },
    paidByCard: 0,
    paidByStoredValue: 0,
    paidByCredit: 0,
    refunds: { count: 0, amount: 0 },
    storedValueSold: 0,
    creditGranted: 0,
    net: 0,
  };
}

/** Adds one day's (or any) figures into another, net included. */
export function addFigures(into: Figures, from: Figures): void {
  for (const key of ['rent', 'buy', 'monthly', 'refunds'] as const) {
    into[key].count += from[key].count;
    into[key].amount += from[key].amount;
  }
  into.redeemed.count += from.redeemed.count;
  for (const key of [
    'paidByCard',
    'paidByStoredValue',
    'paidByCredit',
    'storedValueSold',
    'creditGranted',
  ] as const) {
    into[key] += from[key];
  }
  into.net = into.rent.amount + into.buy.amount + into.monthly.amount - into.refunds.amount;
}

const SOLD = { rent: 'rent', buy: 'buy', subscribe: 'monthly' } as const;
const PAID_BY = {
  card: 'paidByCard',
  wallet: 'paidByStoredValue',
  credit: 'paidByCredit',
} as const;

export async function revenueReport(
  db: Kysely<Database>,
  period: ReportPeriod,
  now: number,
): Promise<RevenueReport> {
  const days = periodDays(period);
  const { start, end } = days;
  const [orders, cardRefunds, ledger, redeemed] = await Promise.all([
    db
      .selectFrom('purchase_order')
      .select(['kind', 'pay_method'])
      .select(hourOf('created_at').as('hour'))
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('amount')])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .where('state', 'in', ['paid', 'refunded'])
      .groupBy(['hour', 'kind', 'pay_method'])
      .execute(),
    db
      .selectFrom('payment_refund')
      .select(hourOf('requested_at').as('hour'))
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('amount')])
      .where('requested_at', '>=', start)
      .where('requested_at', '<', end)
      .groupBy('hour')
      .execute(),
    walletByHour(db, start, end, now),
    db
      .selectFrom('voucher')
      .select(hourOf('redeemed_at').as('hour'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('redeemed_at', '>=', start)
      .where('redeemed_at', '<', end)
      .where('kind', 'in', ['title', 'service'])
      .groupBy('hour')
      .execute(),
  ]);

  const table = perDay(days, zeroFigures);
  for (const row of orders) {
    const day = table.at(row.hour);
    if (!day) continue;
    const sold = day[SOLD[row.kind]];
    sold.count += Number(row.n);
    sold.amount += Number(row.amount);
    day[PAID_BY[row.pay_method]] += Number(row.amount);
  }
  for (const row of cardRefunds) {
    const day = table.at(row.hour);
    if (!day) continue;
    day.refunds.count += Number(row.n);
    day.refunds.amount += Number(row.amount);
  }
  const lines = new Map<string, LedgerLine>();
  for (const row of ledger) {
    const amount = Number(row.amount);
    const key = `${row.purse} ${row.reason}`;
    const line = lines.get(key) ?? { purse: row.purse, reason: row.reason, count: 0, amount: 0 };
    line.count += Number(row.n);
    line.amount += amount;
    lines.set(key, line);
    const day = table.at(row.hour);
    if (!day) continue;
    // A viewing-credit refund may be several rows (one per lot): count the orders, once each.
    if (row.reason === 'refund') {
      day.refunds.amount += amount;
      day.refunds.count += Number(row.sources);
    }
    if (row.reason === 'voucher' && row.purse === 'stored') day.storedValueSold += amount;
    if (row.reason === 'voucher' && row.purse === 'credit') day.creditGranted += amount;
  }
  for (const row of redeemed) {
    const day = table.at(row.hour);
    if (day) day.redeemed.count += Number(row.n);
  }

  const totals = zeroFigures();
  const out = table.rows.map((figures, i) => {
    addFigures(figures, zeroFigures());
    addFigures(totals, figures);
    return { date: days.days[i]!.date, dayStart: days.days[i]!.dayStart, ...figures };
  });
  return {
    from: period.from,
    to: period.to,
    days: out,
    totals,
    ledger: [...lines.values()].sort(
      (a, b) => a.purse.localeCompare(b.purse) || a.reason.localeCompare(b.reason),
    ),
  };
}
