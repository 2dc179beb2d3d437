import type { Kysely } from 'kysely';
import type { OrderListItem, OrderReceipt } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { taipeiParts } from '../../taipei-time.js';
import { findTitles } from '../catalogue/queries.js';
import { findOrder, type OrderRow } from './order-records.js';

/*
 * The account centre's orders and receipts (issue 23 item 1, docs/adr/0041):
 * 1. A member sees their own orders only, newest first (ties by order id).
 * 2. A paid order was paid when it left 'created' (settlement writes updated_at then, and a paid
 *    order changes no more unless refunded), so paidAt is updated_at for a paid order, else null.
 * 3. Only a paid order has a receipt; another account's order is 404 exactly as a missing one.
 * 4. Amounts are tax-inclusive NT$; the receipt names the 5% business tax inside the amount.
 */

const TAX_RATE = 0.05;
const noSuchOrder = () => notFound('找不到這筆訂單。');

/** What each order bought, by name: titles through the catalogue, services from commerce. */
export async function itemNames(
  db: Kysely<Database>,
  rows: OrderRow[],
): Promise<Map<string, string>> {
  const contentIds = [...new Set(rows.flatMap((r) => (r.content_id ? [r.content_id] : [])))];
  const serviceIds = [...new Set(rows.flatMap((r) => (r.service_id ? [r.service_id] : [])))];
  const names = new Map<string, string>();
  if (contentIds.length > 0) {
    for (const title of await findTitles(db, contentIds)) names.set(title.content_id, title.name);
  }
  if (serviceIds.length > 0) {
    const services = await db
      .selectFrom('monthly_service')
      .select(['service_id', 'name'])
      .where('service_id', 'in', serviceIds)
      .execute();
    for (const s of services) names.set(`service:${s.service_id}`, s.name);
  }
  return names;
}

export function nameOf(names: Map<string, string>, row: OrderRow): string {
  if (row.content_id) return names.get(row.content_id) ?? row.content_id;
  if (row.service_id) return names.get(`service:${row.service_id}`) ?? row.service_id;
  return '';
}

const paidAt = (row: OrderRow) => (row.state === 'paid' ? Number(row.updated_at) : null);

/** Rule 1. */
export async function orderList(
  db: Kysely<Database>,
  accountId: string,
  page: { startIndex: number; maxRecord: number },
): Promise<{ totalCount: number; orders: OrderListItem[] }> {
  const mine = db.selectFrom('purchase_order').where('account_id', '=', accountId);
  const [count, rows] = await Promise.all([
    mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    mine
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('order_id', 'desc')
      .limit(page.maxRecord)
      .offset(page.startIndex)
      .execute(),
  ]);
  const names = await itemNames(db, rows);
  return {
    totalCount: Number(count.n),
    orders: rows.map((row) => ({
      orderId: row.order_id,
      kind: row.kind,
      itemName: nameOf(names, row),
      amount: Number(row.amount),
      payMethod: row.pay_method,
      state: row.state,
      createdAt: Number(row.created_at),
      paidAt: paidAt(row),
    })),
  };
}

/** The receipt's number: the Taipei date it was paid and the order id (unique with it). */
export function receiptNumber(orderId: string, paidAtSeconds: number): string {
  return `R${taipeiParts(paidAtSeconds).date.replaceAll('-', '')}-${orderId}`;
}

/** The business tax inside a tax-inclusive amount (rule 4). */
export function taxInside(amount: number): number {
  return amount - Math.round(amount / (1 + TAX_RATE));
}

/** Rules 3 and 4. */
export async function orderReceipt(
  db: Kysely<Database>,
  accountId: string,
  orderId: string,
): Promise<OrderReceipt> {
  const row = await findOrder(db, orderId);
  if (!row || row.account_id !== accountId) throw noSuchOrder();
  const paid = paidAt(row);
  if (paid === null) {
    throw notFound(
      row.state === 'refunded' ? '這筆訂單已退款，沒有收據。' : '這筆訂單尚未付款，沒有收據。',
    );
  }
  const amount = Number(row.amount);
  const names = await itemNames(db, [row]);
  return {
    receiptNo: receiptNumber(row.order_id, paid),
    orderId: row.order_id,
    items: [{ name: nameOf(names, row), kind: row.kind, amount }],
    amount,
    taxIncluded: taxInside(amount),
    payMethod: row.pay_method,
    paidAt: paid,
  };
}
