import type { Kysely } from 'kysely';
import type { MonthlyServiceStatus } from '@site/contract';
import type { Database } from '../../db/schema.js';

/**
 * The monthly services an account has held (issue 23 item 1): each with its paid period. A
 * period is paid ahead, by an order or a voucher, one at a time; nothing charges the member
 * again by itself, so every service ends at paid_until unless another period is bought
 * (autoRenew 'N', docs/adr/0041). Latest end first, so running services lead.
 */
export async function monthlyServiceStatus(
  db: Kysely<Database>,
  accountId: string,
  now: number,
): Promise<MonthlyServiceStatus[]> {
  const rows = await db
    .selectFrom('subscription as s')
    .innerJoin('monthly_service as m', 'm.service_id', 's.service_id')
    .select(['s.service_id', 's.paid_until', 'm.name', 'm.price', 'm.period_days'])
    .where('s.account_id', '=', accountId)
    .orderBy('s.paid_until', 'desc')
    .orderBy('s.service_id')
    .execute();
  return rows.map((row) => ({
    serviceId: row.service_id,
    name: row.name,
    price: Number(row.price),
    periodDays: Number(row.period_days),
    active: Number(row.paid_until) > now ? 'Y' : 'N',
    paidUntil: Number(row.paid_until),
    autoRenew: 'N',
  }));
}
