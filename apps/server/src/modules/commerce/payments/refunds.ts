import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError, notFound } from '../../../http/errors.js';
import { findOrder, orderSource, type OrderRow } from '../order-records.js';
import { credit, returnCredit } from '../wallet.js';
import type { PaymentProvider } from './provider.js';

/*
 * Refunds (docs/adr/0021). Money goes back to where it came from, inside the transaction that
 * decides the refund: stored value and viewing credit at once; a card payment by the provider,
 * which we can only ask after our commit, so the request is written first (payment_refund,
 * 'requested', one per order) and sent after commit (sendRefund); a request the provider did
 * not answer stays 'requested' and is sent again by sendRequestedRefunds.
 */

/** Gives back what a refunded order was paid with (once: every write is keyed by the order). */
export async function returnPayment(
  trx: Transaction<Database>,
  order: OrderRow,
  now: number,
): Promise<void> {
  const source = orderSource(order.order_id);
  const accountId = order.account_id;
  if (order.pay_method === 'wallet') {
    await credit(trx, {
      accountId,
      purse: 'stored',
      amount: order.amount,
      reason: 'refund',
      source,
      now,
    });
  } else if (order.pay_method === 'credit') {
    await returnCredit(trx, { accountId, source, now });
  } else {
    await trx
      .insertInto('payment_refund')
      .values({
        order_id: order.order_id,
        provider: order.provider_ref ?? 'unknown',
        amount: order.amount,
        state: 'requested',
        provider_refund_id: null,
        attempts: 0,
        last_error: null,
        requested_at: now,
        done_at: null,
      })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .execute();
  }
}

/**
 * Takes back the right a paid order granted: the entitlement from `order:{id}` is removed, whether
 * the rental had started or not (a started rental ends now; one never started disappears from the
 * rental list); a purchase likewise; a subscription's paid period is shortened by the period this
 * order added.
 */
async function takeBackRight(trx: Transaction<Database>, order: OrderRow, now: number) {
  const source = orderSource(order.order_id);
  if (order.kind !== 'subscribe') {
    await trx.deleteFrom('entitlement').where('source', '=', source).execute();
    return;
  }
  const period = await trx
    .selectFrom('subscription_period')
    .select(['service_id', 'starts_at', 'ends_at'])
    .where('source', '=', source)
    .executeTakeFirst();
  if (!period) return;
  const seconds = Number(period.ends_at) - Number(period.starts_at);
  await trx
    .updateTable('subscription')
    .set({ paid_until: sql<number>`paid_until - ${seconds}`, updated_at: now })
    .where('account_id', '=', order.account_id)
    .where('service_id', '=', period.service_id)
    .execute();
}

/**
 * Refunds a paid order inside the caller's transaction, once (conditional on state 'paid'): the
 * order becomes 'refunded' (reason 'operator'), its money goes back (returnPayment) and its right
 * is taken back. `check` runs after the order is claimed and before anything moves; throwing
 * there rolls the claim back (customer care's right to refund this order, docs/adr/0053).
 */
export async function refundInside(
  trx: Transaction<Database>,
  orderId: string,
  now: number,
  check?: (order: OrderRow) => Promise<void>,
): Promise<OrderRow> {
  const row = await trx
    .updateTable('purchase_order')
    .set({ state: 'refunded', refund_reason: 'operator', updated_at: now })
    .where('order_id', '=', orderId)
    .where('state', '=', 'paid')
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    const seen = await findOrder(trx, orderId);
    if (!seen) throw notFound('找不到這筆訂單。');
    if (seen.state === 'refunded')
      throw new AppError('CONFLICT', undefined, '這筆訂單已經退款了。');
    throw new AppError('CONFLICT', undefined, '只有已付款的訂單可以退款。');
  }
  if (check) await check(row);
  await returnPayment(trx, row, now);
  await takeBackRight(trx, row, now);
  return row;
}

/**
 * An operator's refund of a paid order (ADR 0021), in one transaction (refundInside); a card
 * refund is then sent to the provider. Any number of refunds of one order at once: exactly one
 * refunds it, the others get 409.
 */
export async function refundOrder(
  db: Kysely<Database>,
  provider: PaymentProvider | null,
  orderId: string,
  now: number,
): Promise<OrderRow> {
  const order = await db.transaction().execute((trx) => refundInside(trx, orderId, now));
  if (order.pay_method === 'card') await sendRefund(db, provider, order.order_id, now);
  return order;
}

/**
 * Sends one requested card refund to its provider and records the answer. Returns true once the
 * provider has confirmed it (now or before). A provider that fails or is not configured leaves the
 * request 'requested' with the error, to be sent again; nothing here throws to the caller, whose
 * own transaction has already committed.
 */
export async function sendRefund(
  db: Kysely<Database>,
  provider: PaymentProvider | null,
  orderId: string,
  now: number,
): Promise<boolean> {
  const request = await db
    .selectFrom('payment_refund')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!request) return false;
  if (request.state === 'done') return true;
  let error: string;
  if (provider && provider.name === request.provider) {
    try {
      const { refundId } = await provider.refund({ orderId, amount: request.amount, now });
      await db
        .updateTable('payment_refund')
        .set({
          state: 'done',
          provider_refund_id: refundId,
          attempts: sql<number>`attempts + 1`,
          last_error: null,
          done_at: now,
        })
        .where('order_id', '=', orderId)
        .where('state', '=', 'requested')
        .execute();
      return true;
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
  } else {
    error = `provider ${request.provider} is not configured here`;
  }
  await db
    .updateTable('payment_refund')
    .set({ attempts: sql<number>`attempts + 1`, last_error: error.slice(0, 500) })
    .where('order_id', '=', orderId)
    .where('state', '=', 'requested')
    .execute();
  return false;
}

/** Sends every card refund still waiting for its provider, oldest first; answers how many went. */
export async function sendRequestedRefunds(
  db: Kysely<Database>,
  provider: PaymentProvider | null,
  now: number,
  limit = 100,
): Promise<number> {
  const waiting = await db
    .selectFrom('payment_refund')
    .select('order_id')
    .where('state', '=', 'requested')
    .orderBy('requested_at')
    .limit(limit)
    .execute();
  let sent = 0;
  for (const { order_id } of waiting) if (await sendRefund(db, provider, order_id, now)) sent += 1;
  return sent;
}
