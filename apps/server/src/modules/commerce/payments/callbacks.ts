import type { Kysely } from 'kysely';
import type { OrderState } from '@site/contract';
import type { Database } from '../../../db/schema.js';
import { AppError, notFound } from '../../../http/errors.js';
import { findOrder } from '../order-records.js';
import { settleOrder } from '../settlement.js';
import { STATE_OF_OUTCOME, type CallbackEvent, type PaymentProvider } from './provider.js';
import { sendRefund } from './refunds.js';

export interface CallbackResult {
  /** The event was seen before: nothing changed. */
  duplicate: boolean;
  /** This callback moved the order out of 'created' (true for one delivery per order at most). */
  changed: boolean;
  /** The order's state after this callback. */
  state: OrderState;
}

/**
 * A verified callback applied (applyCallback), then, when it approved a payment that settlement
 * refused (a right already held), the refund sent to the provider after the commit.
 */
export async function settleCallback(
  db: Kysely<Database>,
  provider: PaymentProvider,
  event: CallbackEvent,
  now: number,
): Promise<CallbackResult> {
  const result = await applyCallback(db, provider.name, event, now);
  if (result.changed && result.state === 'refunded') {
    await sendRefund(db, provider, event.orderId, now);
  }
  return result;
}

/**
 * Applies a verified callback, idempotently (ADR 0021), in one transaction:
 *   1. record (provider, event id) — the primary key makes a replay, or the same event delivered
 *      twice at once, a no-op (the second waits for the first, then finds it);
 *   2. the order must be this provider's and the amount must be the order's (else refused and
 *      nothing is recorded);
 *   3. move the order out of 'created' by a conditional update (settlement.ts): fulfilled when
 *      paid, or refunded at once when it would give a right the buyer already holds.
 * An outcome for an order already settled (say an approval after a cancel) is recorded and
 * changes nothing.
 */
export async function applyCallback(
  db: Kysely<Database>,
  provider: string,
  event: CallbackEvent,
  now: number,
): Promise<CallbackResult> {
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('payment_callback')
      .values({
        provider,
        event_id: event.eventId,
        order_id: event.orderId,
        outcome: event.outcome,
        received_at: now,
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .executeTakeFirst();
    const order = await findOrder(trx, event.orderId);
    if (!order || order.pay_method !== 'card' || order.provider_ref !== provider) {
      throw notFound('找不到這筆訂單。');
    }
    if (Number(recorded.numInsertedOrUpdatedRows ?? 0) !== 1) {
      return { duplicate: true, changed: false, state: order.state };
    }
    if (event.amount !== order.amount) throw new AppError('PAYMENT_AMOUNT_MISMATCH');
    const moved = await settleOrder(trx, order.order_id, STATE_OF_OUTCOME[event.outcome], now);
    // Not moved: another outcome settled it first; answer the state it is in now.
    const state = moved?.state ?? (await findOrder(trx, order.order_id))?.state ?? order.state;
    return { duplicate: false, changed: moved !== null, state };
  });
}
