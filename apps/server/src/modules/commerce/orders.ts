import type { Kysely } from 'kysely';
import type {
  BuildPaymentUrlData,
  Order,
  PayMethod,
  PurchaseOffer,
  PurchaseOptions,
} from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { newId } from '../accounts/tokens.js';
import { type Viewer } from '../accounts/viewer.js';
import { toVideoListItem, type TitleRow } from '../catalogue/present.js';
import { findTitle } from '../catalogue/queries.js';
import { requireVisibleTitle, viewerScope } from '../catalogue/visibility.js';
import { heldRight, rightIds } from './entitlements.js';
import { presentHeld } from './held-right.js';
import { findOrder, orderSource, type OrderRow } from './order-records.js';
import type { PaymentProvider } from './payments/provider.js';
import {
  findService,
  offerForService,
  offersForTitle,
  priceItem,
  type ItemRequest,
} from './prices.js';
import { rightAlreadyHeld, settleOrder } from './settlement.js';
import { balances, debit } from './wallet.js';

/*
 * Orders (docs/adr/0021-orders-and-payments.md). States: created → paid | failed | cancelled |
 * refunded (an approved payment for a right already held, settlement.ts); paid → refunded
 * (payments/refunds.ts). Every transition is a conditional update on the state it leaves, so two
 * deliveries of one outcome, or two outcomes at once, move an order once; a paid order is
 * fulfilled in the transaction that marks it paid, from the source `order:{orderId}`, which
 * grants once (entitlements.ts).
 */

/** Where the provider sends the browser back to. */
export const resultPath = (orderId: string) =>
  `/checkout/result?orderId=${encodeURIComponent(orderId)}`;

export interface PlaceOrder {
  /** An adult member: kids do not buy (ADR 0021; the call's access refuses them). */
  viewer: Viewer;
  item: ItemRequest;
  payMethod: PayMethod;
  now: number;
}

/**
 * ajaxBuildPaymentURLData: prices the item from the catalogue and creates the order. Card: the
 * order waits in 'created' and the answer is the provider's checkout URL. Wallet: stored value
 * pays at once, in one transaction (order, debit, paid, grant) or not at all.
 */
export async function placeOrder(
  db: Kysely<Database>,
  provider: PaymentProvider | null,
  input: PlaceOrder,
): Promise<BuildPaymentUrlData> {
  const buyer = input.viewer;
  const { now } = input;
  const item = await priceItem(db, input.item, viewerScope(buyer), now);
  if (item.title) {
    const held = await heldRight(db, buyer.accountId, rightIds(item.title), now);
    if (held) throw new AppError('ALREADY_ENTITLED');
  }
  if (input.payMethod === 'credit' && item.kind === 'subscribe') {
    throw new AppError('BAD_INPUT', undefined, '看片金只能用於租借或購買單片。');
  }
  if (input.payMethod === 'card' && !provider) {
    throw new AppError('UNAVAILABLE', undefined, '信用卡付款暫停服務，請改用儲值金付款。');
  }
  const order: OrderRow = {
    order_id: newId('O'),
    account_id: buyer.accountId,
    kind: item.kind,
    content_id: item.contentId,
    service_id: item.serviceId,
    amount: item.amount,
    pay_method: input.payMethod,
    state: 'created',
    provider_ref: input.payMethod === 'card' ? provider!.name : null,
    refund_reason: null,
    created_at: now,
    updated_at: now,
  };

  if (input.payMethod === 'card') {
    await db.insertInto('purchase_order').values(order).execute();
    const paymentUrl = provider!.buildRedirect({
      orderId: order.order_id,
      amount: order.amount,
      itemName: item.name,
      returnPath: resultPath(order.order_id),
      now,
    });
    return { orderId: order.order_id, state: 'created', amount: order.amount, paymentUrl };
  }

  await db.transaction().execute(async (trx) => {
    await trx.insertInto('purchase_order').values(order).execute();
    // Decided again under the account's lock: another payment may have given it since the check
    // above. Throwing rolls the order back before anything is debited.
    if (await rightAlreadyHeld(trx, order, now)) throw new AppError('ALREADY_ENTITLED');
    const purse = input.payMethod === 'credit' ? 'credit' : 'stored';
    const debited = await debit(trx, {
      accountId: buyer.accountId,
      purse,
      amount: order.amount,
      source: orderSource(order.order_id),
      now,
    });
    // Throwing rolls the order back with the debit: a refused wallet payment leaves nothing.
    if (!debited) {
      throw purse === 'credit'
        ? new AppError('INSUFFICIENT_BALANCE', undefined, '看片金餘額不足，請改用其他方式付款。')
        : new AppError('INSUFFICIENT_BALANCE');
    }
    if (!(await settleOrder(trx, order.order_id, 'paid', now))) {
      throw new Error(`order ${order.order_id} left 'created' inside its own transaction`);
    }
  });
  return { orderId: order.order_id, state: 'paid', amount: order.amount, paymentUrl: null };
}

/**
 * ajaxFindOrderData: one of the member's own orders. Another account's order is answered as a
 * missing one (404), so order ids cannot be probed.
 */
export async function findOwnOrder(
  db: Kysely<Database>,
  member: Viewer,
  orderId: string,
): Promise<Order> {
  const row = await findOrder(db, orderId);
  if (!row || row.account_id !== member.accountId) throw notFound('找不到這筆訂單。');
  return presentOrder(db, row);
}

async function presentOrder(db: Kysely<Database>, row: OrderRow): Promise<Order> {
  let itemName = '';
  let otherId: string | null = null;
  if (row.content_id) {
    const title = await findTitle(db, row.content_id);
    itemName = title?.name ?? row.content_id;
    otherId = title ? (title.series_id ?? title.content_id) : null;
  } else if (row.service_id) {
    itemName = (await findService(db, row.service_id))?.name ?? row.service_id;
  }
  return {
    orderId: row.order_id,
    kind: row.kind,
    contentId: row.content_id,
    otherId,
    serviceId: row.service_id,
    itemName,
    amount: row.amount,
    payMethod: row.pay_method,
    state: row.state,
    refundReason: row.refund_reason,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

/**
 * ajaxFindPurchaseOptions: what the detail and checkout pages may offer for a title (its rent or
 * buy price, the services that hold it) or for one service, with the right the member already
 * holds (then the page offers 立即觀看) and their stored value and viewing credit. Asking starts nothing: a
 * rental's clock starts only when playback is granted.
 */
export async function purchaseOptions(
  db: Kysely<Database>,
  viewer: Viewer | null,
  query: { contentId?: string | undefined; serviceId?: string | undefined },
  now: number,
): Promise<PurchaseOptions> {
  let title: TitleRow | null = null;
  let offers: PurchaseOffer[] = [];
  if (query.contentId) {
    title = await requireVisibleTitle(db, viewerScope(viewer), query.contentId, now);
    offers = await offersForTitle(db, title);
  }
  const { serviceId } = query;
  if (serviceId && !offers.some((o) => o.kind === 'subscribe' && o.serviceId === serviceId)) {
    offers.push(await offerForService(db, serviceId));
  }
  const canBuy = viewer !== null && !viewer.kidMode;
  const held = viewer && title ? await heldRight(db, viewer.accountId, rightIds(title), now) : null;
  const item = title ? toVideoListItem(title) : null;
  const wallet = canBuy ? await balances(db, viewer.accountId, now) : null;
  return {
    isLogin: viewer ? 'Y' : 'N',
    canBuy: canBuy ? 'Y' : 'N',
    title: item && {
      contentId: item.contentId,
      otherId: item.otherId,
      contentName: item.contentName,
      isSeries: item.isSeries,
      sellType: item.sellType,
      posterUrl: item.posterUrl,
    },
    offers,
    held: held && presentHeld(held),
    storedBalance: canBuy ? wallet!.stored : null,
    creditBalance: canBuy ? wallet!.credit : null,
  };
}
