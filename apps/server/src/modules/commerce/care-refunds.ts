import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { recordCareAction } from '../audit/care-trail.js';
import type { Actor } from '../audit/trail.js';
import { tellMemberOfCare } from '../engagement/care-messages.js';
import { mayRefundAny } from './care-action-reads.js';
import { itemNames, nameOf } from './order-history.js';
import { findOrder, orderSource, type OrderRow } from './order-records.js';
import type { PaymentProvider } from './payments/provider.js';
import { refundInside, sendRefund } from './payments/refunds.js';

/*
 * Customer care's refund of an order (issue 26 item 2, docs/adr/0053). Refunds are whole: the
 * amount the operator types must be the amount paid (more is refused, and less too: a partial
 * goodwill is a wallet credit). The order is claimed by refundInside's conditional update, so of
 * 20 clicks at once exactly one refunds and the rest are told it is refunded already (409); the
 * audit entry and the member's inbox message are written in that same transaction. A card
 * refund is sent to the provider after commit, once (payment_refund is one row per order).
 */

const WHERE_IT_GOES = {
  card: '原付款信用卡（依發卡銀行作業時間入帳）',
  wallet: '您的儲值金',
  credit: '您的看片金（已過期的部分不退回）',
} as const;

/** Whether this rental order has been played (its right's clock started). */
async function wasWatched(trx: Transaction<Database>, order: OrderRow): Promise<boolean> {
  if (order.kind !== 'rent') return false;
  const row = await trx
    .selectFrom('entitlement')
    .select('first_played_at')
    .where('source', '=', orderSource(order.order_id))
    .executeTakeFirst();
  return row?.first_played_at !== null && row?.first_played_at !== undefined;
}

/** The refusals that need no transaction: someone else's order, a wrong amount. */
function requireRefundable(
  seen: OrderRow | undefined,
  accountId: string,
  amount: number,
): OrderRow {
  // Another member's order is answered as a missing one: care works on one member at a time.
  if (!seen || seen.account_id !== accountId) throw notFound('這位會員沒有這筆訂單。');
  if (seen.state === 'refunded') throw new AppError('CONFLICT', undefined, '這筆訂單已經退款了。');
  if (seen.state !== 'paid') {
    throw new AppError('CONFLICT', undefined, '只有已付款的訂單可以退款。');
  }
  const paid = Number(seen.amount);
  if (amount > paid) {
    throw new AppError('BAD_INPUT', [
      { name: 'amount', problem: `退款金額不能超過實付金額 NT$${paid}` },
    ]);
  }
  if (amount < paid) {
    throw new AppError('BAD_INPUT', [
      {
        name: 'amount',
        problem: `訂單須全額退款（NT$${paid}）；部分補償請改用錢包加值`,
      },
    ]);
  }
  return seen;
}

export interface CareRefund {
  accountId: string;
  orderId: string;
  amount: number;
  reason: string;
}

export async function careRefund(
  db: Kysely<Database>,
  provider: PaymentProvider | null,
  actor: Actor,
  input: CareRefund,
  limit: number,
  now: number,
): Promise<OrderRow> {
  const { accountId, orderId, reason } = input;
  const seen = requireRefundable(await findOrder(db, orderId), accountId, input.amount);
  const anyRefund = mayRefundAny(actor.roles);
  if (!anyRefund && Number(seen.amount) > limit) {
    throw new AppError('STAFF_FORBIDDEN', undefined, `超過 NT$${limit} 的退款須由財務人員處理。`);
  }
  const name = nameOf(await itemNames(db, [seen]), seen);
  const order = await db.transaction().execute((trx) =>
    refundInside(trx, orderId, now, async (row) => {
      const watched = await wasWatched(trx, row);
      if (watched && !anyRefund) {
        throw new AppError('STAFF_FORBIDDEN', undefined, '已開始觀看的租借須由財務人員退款。');
      }
      await recordCareAction(
        trx,
        actor,
        accountId,
        'refund_order',
        { orderId, amount: Number(row.amount), payMethod: row.pay_method, watched },
        reason,
        now,
      );
      await tellMemberOfCare(trx, {
        accountId,
        title: '訂單已退款',
        content: `您的訂單 ${orderId}（${name}）已由客服退款 NT$${row.amount}，款項退回${WHERE_IT_GOES[row.pay_method]}。`,
        actor: actor.email,
        now,
      });
    }),
  );
  if (order.pay_method === 'card') await sendRefund(db, provider, order.order_id, now);
  return (await findOrder(db, orderId))!;
}
