import { sql, type Kysely } from 'kysely';
import type { StoredValueMonth, StoredValueReport } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { taipeiMonth } from './days.js';

/*
 * Stored value outstanding by sale month (issue 26 item 4; SPEC §9: the bank guarantees stored
 * value for one year from sale; docs/adr/0054). The wallet does not say which money a spend
 * used, so the report takes it as first in, first spent, per account: every incoming row of the
 * stored purse (a voucher sold, a refund paid back, care's credit) is a lot, the account's
 * spends use up its oldest lots first, and what is left of each lot is outstanding in the lot's
 * Taipei month. The months' outstanding therefore sums to the purses' balances exactly.
 */

/** The last Taipei day of a month one year on: 'YYYY-MM' → 'YYYY+1-MM-last'. */
export function guaranteeEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y! + 1, m!, 0));
  return last.toISOString().slice(0, 10);
}

/**
 * What is left of each lot: the account's lots in time order with their running total; a lot is
 * untouched while the running total is within what is left in all, spent wholly when its running
 * total before it is within what was spent, partly in between.
 */
export async function storedValueReport(
  db: Kysely<Database>,
  now: number,
): Promise<StoredValueReport> {
  const rows = await sql<{
    hour: number | string;
    sold: number | string;
    outstanding: number | string;
  }>`
    with lots as (
      select account_id, created_at, amount, reason,
        sum(amount) over (
          partition by account_id order by created_at, entry_id rows unbounded preceding
        ) as upto
      from wallet_entry
      where purse = 'stored' and amount > 0 and created_at <= ${now}
    ),
    spent as (
      select account_id, -sum(amount) as spent
      from wallet_entry
      where purse = 'stored' and amount < 0 and created_at <= ${now}
      group by account_id
    ),
    left_of as (
      select lots.created_at / 3600 as hour, lots.amount, lots.reason,
        lots.upto - coalesce(spent.spent, 0) as rest
      from lots left join spent on spent.account_id = lots.account_id
    )
    select hour,
      sum(case when reason = 'voucher' then amount else 0 end) as sold,
      sum(case when rest <= 0 then 0 when rest >= amount then amount else rest end) as outstanding
    from left_of
    group by hour
  `.execute(db);
  const months = new Map<string, StoredValueMonth>();
  for (const row of rows.rows) {
    const month = taipeiMonth(Number(row.hour) * 3600);
    const line = months.get(month) ?? {
      month,
      sold: 0,
      outstanding: 0,
      guaranteeUntil: guaranteeEnd(month),
    };
    line.sold += Number(row.sold);
    line.outstanding += Number(row.outstanding);
    months.set(month, line);
  }
  const list = [...months.values()].sort((a, b) => a.month.localeCompare(b.month));
  return {
    asOf: now,
    months: list,
    outstanding: list.reduce((sum, m) => sum + m.outstanding, 0),
  };
}

/** How old a computed report may be before a read asks for a new one (seconds). */
export const STORED_VALUE_MAX_AGE = 300;

const snapshots = new WeakMap<
  Kysely<Database>,
  { report: StoredValueReport; refreshing: Promise<StoredValueReport> | null }
>();

/**
 * The report as last computed (docs/adr/0054): the first-in-first-out pass reads every
 * stored-value row there is, seconds over a million rows, so an instance keeps its last answer
 * and says when it was taken (`asOf`). A read of an answer older than STORED_VALUE_MAX_AGE gets
 * it at once while a new one is computed behind it; the first read of an instance waits.
 */
export async function storedValueSnapshot(
  db: Kysely<Database>,
  now: number,
): Promise<StoredValueReport> {
  const held = snapshots.get(db);
  if (!held) {
    const report = await storedValueReport(db, now);
    snapshots.set(db, { report, refreshing: null });
    return report;
  }
  if (now - held.report.asOf >= STORED_VALUE_MAX_AGE && !held.refreshing) {
    held.refreshing = storedValueReport(db, now);
    held.refreshing.then(
      (report) => snapshots.set(db, { report, refreshing: null }),
      () => (held.refreshing = null),
    );
  }
  return held.report;
}
