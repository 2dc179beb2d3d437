import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PurchaseOrderTable } from '../../db/schema-commerce.js';

/** An order as stored (purchase_order); placing, settling and refunding all read it. */
export type OrderRow = Selectable<PurchaseOrderTable>;

/** The source every grant, debit and refund of an order is recorded under. */
export const orderSource = (orderId: string) => `order:${orderId}`;

export async function findOrder(
  db: Kysely<Database> | Transaction<Database>,
  orderId: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('purchase_order')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}
