import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError, notFound } from '../../../http/errors.js';
import { findOrder, orderSource, type OrderRow } from '../orders.js';
import { credit, returnCredit } from '../wallet.js';

/**
 * An operator's refund of a paid order (there is no customer-facing refund call; ADR 0021), in
 * one transaction, once (conditional on state 'paid'):
 *   - the order becomes 'refunded';
 *   - a wallet order's amount goes back to the stored-value purse (reason 'refund', the order's
 *     source, so it is credited once); a viewing-credit order's credit goes back to the lots it
 *     came from, keeping their ends (what has ended meanwhile is not given back); a card order's
 *     money is returned at the provider by the operator (the sandbox moves no money);
 *   - the right the order granted is taken back: the entitlement from `order:{id}` is removed,
 *     whether the rental had started or not (a started rental ends now; one never started simply
 *     disappears from the rental list); a purchase is removed likewise; a subscription's paid
 *     period is shortened by the period this order added.
 */
export async function refundOrder(
  db: Kysely<Database>,
  orderId: string,
  now: number,
): Promise<OrderRow> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .updateTable('purchase_order')
      .set({ state: 'refunded', updated_at: now })
      .where('order_id', '=', orderId)
      .where('state', '=', 'paid')
      .returningAll()
      .executeTakeFirst();
    if (!order) {
      if (!(await findOrder(trx, orderId))) throw notFound('找不到這筆訂單。');
      throw new AppError('CONFLICT', undefined, '只有已付款的訂單可以退款。');
    }
    const source = orderSource(order.order_id);
    if (order.pay_method === 'wallet') {
      await credit(trx, {
        accountId: order.account_id,
        purse: 'stored',
        amount: order.amount,
        reason: 'refund',
        source,
        now,
      });
    }
    if (order.pay_method === 'credit') {
      await returnCredit(trx, { accountId: order.account_id, source, now });
    }
    if (order.kind === 'subscribe') {
      const period = await trx
        .selectFrom('subscription_period')
        .select(['service_id', 'starts_at', 'ends_at'])
        .where('source', '=', source)
        .executeTakeFirst();
      if (period) {
        const seconds = Number(period.ends_at) - Number(period.starts_at);
        await trx
          .updateTable('subscription')
          .set({ paid_until: sql<number>`paid_until - ${seconds}`, updated_at: now })
          .where('account_id', '=', order.account_id)
          .where('service_id', '=', period.service_id)
          .execute();
      }
    } else {
      await trx.deleteFrom('entitlement').where('source', '=', source).execute();
    }
    return order;
  });
}
