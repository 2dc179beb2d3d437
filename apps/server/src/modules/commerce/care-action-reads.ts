import type { Kysely } from 'kysely';
import type {
  CareActionEntitlement,
  CareMoney,
  CareActionOrder,
  StaffRole,
} from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { requireCareMember } from '../accounts/care-actions.js';
import { findTitles } from '../catalogue/queries.js';
import { itemNames, nameOf } from './order-history.js';
import { orderSource, type OrderRow } from './order-records.js';
import { balances } from './wallet.js';

/** The newest this many orders are on the actions page (older ones: the member page's search). */
const ORDERS_SHOWN = 200;

/** Who may refund beyond the limit and refund watched rentals (docs/adr/0053). */
export const mayRefundAny = (roles: readonly StaffRole[]) =>
  roles.includes('finance') || roles.includes('admin');

/** Orders whose rental has been played: their refund is finance's. */
async function watchedOrders(db: Kysely<Database>, rows: OrderRow[]): Promise<Set<string>> {
  const sources = rows.filter((r) => r.kind === 'rent').map((r) => orderSource(r.order_id));
  if (sources.length === 0) return new Set();
  const played = await db
    .selectFrom('entitlement')
    .select('source')
    .where('source', 'in', sources)
    .where('first_played_at', 'is not', null)
    .execute();
  return new Set(played.map((p) => p.source ?? ''));
}

/** Orders as customer care sees them: what may be refunded by whom, and the provider's side. */
export async function presentCareOrders(
  db: Kysely<Database>,
  rows: OrderRow[],
  roles: readonly StaffRole[],
  limit: number,
): Promise<CareActionOrder[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.order_id);
  const [names, watched, refunds] = await Promise.all([
    itemNames(db, rows),
    watchedOrders(db, rows),
    db
      .selectFrom('payment_refund')
      .select(['order_id', 'state'])
      .where('order_id', 'in', ids)
      .execute(),
  ]);
  const refundState = new Map(refunds.map((r) => [r.order_id, r.state]));
  return rows.map((row) => {
    const isWatched = watched.has(orderSource(row.order_id));
    const provider = refundState.get(row.order_id);
    return {
      orderId: row.order_id,
      kind: row.kind,
      itemName: nameOf(names, row),
      amount: Number(row.amount),
      payMethod: row.pay_method,
      state: row.state,
      refundReason: row.refund_reason,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      watched: isWatched,
      refundable:
        row.state === 'paid' &&
        (mayRefundAny(roles) || (Number(row.amount) <= limit && !isWatched)),
      providerRefund: provider === 'done' || provider === 'requested' ? provider : null,
    };
  });
}

export async function careEntitlements(
  db: Kysely<Database>,
  accountId: string,
): Promise<CareActionEntitlement[]> {
  const rows = await db
    .selectFrom('entitlement')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('granted_at', 'desc')
    .orderBy('entitlement_id')
    .execute();
  const titles = await findTitles(db, [...new Set(rows.map((r) => r.content_id))]);
  const names = new Map(titles.map((t) => [t.content_id, t.name]));
  const num = (v: number | null) => (v === null ? null : Number(v));
  return rows.map((r) => ({
    entitlementId: r.entitlement_id,
    contentId: r.content_id,
    name: names.get(r.content_id) ?? r.content_id,
    kind: r.kind === 'buy' ? 'buy' : 'rent',
    grantedAt: Number(r.granted_at),
    startBy: num(r.start_by),
    firstPlayedAt: num(r.first_played_at),
    expiresAt: num(r.expires_at),
    source: r.source,
  }));
}

/** What the care actions page shows to act on money and rights. */
export async function careMoney(
  db: Kysely<Database>,
  accountId: string,
  roles: readonly StaffRole[],
  limit: number,
  now: number,
): Promise<CareMoney> {
  const member = await requireCareMember(db, accountId);
  const [orders, entitlements, subscriptions, services, wallet] = await Promise.all([
    db
      .selectFrom('purchase_order')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('order_id', 'desc')
      .limit(ORDERS_SHOWN)
      .execute(),
    careEntitlements(db, accountId),
    db
      .selectFrom('subscription as s')
      .innerJoin('monthly_service as m', 'm.service_id', 's.service_id')
      .select(['s.service_id', 'm.name', 's.paid_until'])
      .where('s.account_id', '=', accountId)
      .orderBy('s.service_id')
      .execute(),
    db.selectFrom('monthly_service').select(['service_id', 'name']).orderBy('service_id').execute(),
    balances(db, accountId, now),
  ]);
  return {
    ...member,
    orders: await presentCareOrders(db, orders, roles, limit),
    entitlements,
    subscriptions: subscriptions.map((s) => ({
      serviceId: s.service_id,
      name: s.name,
      paidUntil: Number(s.paid_until),
    })),
    services: services.map((s) => ({ serviceId: s.service_id, name: s.name })),
    wallet,
    refundLimit: limit,
  };
}
