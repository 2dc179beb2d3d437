import type { Transaction } from 'kysely';
import type { OrderState } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { findTitle } from '../catalogue/queries.js';
import {
  extendSubscription,
  grantTitle,
  heldRightForGrant,
  type HeldRight,
} from './entitlements.js';
import { findOrder, orderSource, type OrderRow } from './order-records.js';
import { returnPayment } from './payments/refunds.js';

/*
 * Settling an order (docs/adr/0021): the one place an order leaves 'created'. A payment is
 * approved at the provider before we hear of it, so the held-right check of placing an order is
 * not enough: two checkouts of one title, or a checkout and a wallet payment, can both be open.
 * Settlement decides again, under the account's entitlement lock: a payment that would give a
 * right the buyer already holds is not taken (refunded at once, reason 'already_entitled').
 */

/** The right an order for a title would duplicate, if the account holds one now. */
export async function rightAlreadyHeld(
  trx: Transaction<Database>,
  order: Pick<OrderRow, 'account_id' | 'kind' | 'content_id'>,
  now: number,
): Promise<HeldRight | null> {
  if (order.kind === 'subscribe' || !order.content_id) return null; // periods add up
  const title = await findTitle(trx, order.content_id);
  if (!title) throw new Error(`order for unknown title ${order.content_id}`);
  return heldRightForGrant(trx, order.account_id, title, now);
}

/**
 * Moves an order out of 'created' (to paid, failed or cancelled), once: the update is
 * conditional on the state, so of two deliveries at once one moves it and the other gets null.
 * Paid means fulfilled in the same transaction; a payment that would duplicate a right held is
 * recorded as 'refunded' instead, and its money goes back (card: queued for the provider).
 */
export async function settleOrder(
  trx: Transaction<Database>,
  orderId: string,
  to: Exclude<OrderState, 'created' | 'refunded'>,
  now: number,
): Promise<OrderRow | null> {
  const seen = await findOrder(trx, orderId);
  if (!seen || seen.state !== 'created') return null;
  const duplicate = to === 'paid' && (await rightAlreadyHeld(trx, seen, now)) !== null;
  const row = await trx
    .updateTable('purchase_order')
    .set({
      state: duplicate ? 'refunded' : to,
      refund_reason: duplicate ? 'already_entitled' : null,
      updated_at: now,
    })
    .where('order_id', '=', orderId)
    .where('state', '=', 'created')
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  if (row.state === 'paid') await fulfil(trx, row, now);
  if (row.state === 'refunded') await returnPayment(trx, row, now);
  return row;
}

/** Grants what a paid order bought; one grant per order whatever happens (the source is unique). */
async function fulfil(trx: Transaction<Database>, order: OrderRow, now: number): Promise<void> {
  const grant = { accountId: order.account_id, source: orderSource(order.order_id), now };
  if (order.kind === 'subscribe') {
    await extendSubscription(trx, { ...grant, serviceId: order.service_id! });
  } else {
    await grantTitle(trx, { ...grant, contentId: order.content_id!, kind: order.kind });
  }
}
