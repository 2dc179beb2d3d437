import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { findTitles } from '../catalogue/queries.js';
import { monthlyServiceStatus } from './service-status.js';

/*
 * What customer care reads of an account's rights, orders, wallet and vouchers (issue 26 item 1,
 * docs/adr/0052). Commerce owns these tables, so the care module asks here. Reads only: the
 * wallet's balances are read as they stand, expired viewing credit counted out, never written
 * off from here (the member's own next wallet use does that, wallet.ts applyCreditExpiry).
 */

const ENTITLEMENTS_MAX = 50;
const REDEMPTIONS_MAX = 50;

/** The account an order belongs to (order_id is the primary key). */
export async function accountOfOrder(
  db: Kysely<Database>,
  orderId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('purchase_order')
    .select('account_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row?.account_id;
}

/** The account that redeemed a serial (serial is the primary key); undefined if none has. */
export async function accountOfSerial(
  db: Kysely<Database>,
  serial: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('voucher')
    .select('redeemed_by')
    .where('serial', '=', serial)
    .executeTakeFirst();
  return row?.redeemed_by ?? undefined;
}

async function titleNames(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  return new Map((await findTitles(db, unique)).map((t) => [t.content_id, t.name]));
}

type RightState = 'owned' | 'unstarted' | 'watching' | 'lapsed' | 'ended';

/** Where a right stands at `now` on its two clocks (SPEC §4: 168 h to start, 48 h to watch). */
export function rightState(
  row: {
    kind: string;
    start_by: number | null;
    first_played_at: number | null;
    expires_at: number | null;
  },
  now: number,
): RightState {
  if (row.kind !== 'rent') return 'owned';
  if (row.first_played_at === null) {
    return row.start_by !== null && Number(row.start_by) > now ? 'unstarted' : 'lapsed';
  }
  return row.expires_at !== null && Number(row.expires_at) > now ? 'watching' : 'ended';
}

/** Rentals and purchases, newest grant first, with both rental clocks. */
export async function careEntitlements(db: Kysely<Database>, accountId: string, now: number) {
  const mine = db.selectFrom('entitlement').where('account_id', '=', accountId);
  const [count, rows] = await Promise.all([
    mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    mine
      .selectAll()
      .orderBy('granted_at', 'desc')
      .orderBy('entitlement_id', 'desc')
      .limit(ENTITLEMENTS_MAX)
      .execute(),
  ]);
  const names = await titleNames(
    db,
    rows.map((r) => r.content_id),
  );
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    total: Number(count.n),
    items: rows.map((r) => ({
      contentId: r.content_id,
      name: names.get(r.content_id) ?? r.content_id,
      kind: r.kind === 'rent' ? ('rent' as const) : ('buy' as const),
      source: r.source,
      grantedAt: Number(r.granted_at),
      startBy: num(r.start_by),
      watchHours: num(r.watch_hours),
      firstPlayedAt: num(r.first_played_at),
      expiresAt: num(r.expires_at),
      state: rightState(r, now),
    })),
  };
}

export async function careServices(db: Kysely<Database>, accountId: string, now: number) {
  return (await monthlyServiceStatus(db, accountId, now)).map((s) => ({
    serviceId: s.serviceId,
    name: s.name,
    paidUntil: s.paidUntil,
    active: s.active === 'Y',
  }));
}

/** A page of orders, newest first, each with its payment: provider reference and card refund. */
export async function careOrders(
  db: Kysely<Database>,
  accountId: string,
  page: number,
  pageSize: number,
) {
  const mine = db.selectFrom('purchase_order').where('account_id', '=', accountId);
  const [count, rows] = await Promise.all([
    mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    mine
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('order_id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  const orderIds = rows.map((r) => r.order_id);
  const serviceIds = [...new Set(rows.flatMap((r) => (r.service_id ? [r.service_id] : [])))];
  const [titles, services, refunds] = await Promise.all([
    titleNames(
      db,
      rows.flatMap((r) => (r.content_id ? [r.content_id] : [])),
    ),
    serviceIds.length === 0
      ? []
      : db
          .selectFrom('monthly_service')
          .select(['service_id', 'name'])
          .where('service_id', 'in', serviceIds)
          .execute(),
    orderIds.length === 0
      ? []
      : db
          .selectFrom('payment_refund')
          .select(['order_id', 'state', 'amount', 'requested_at', 'done_at'])
          .where('order_id', 'in', orderIds)
          .execute(),
  ]);
  const serviceName = new Map(services.map((s) => [s.service_id, s.name]));
  const refundOf = new Map(refunds.map((r) => [r.order_id, r]));
  return {
    total: Number(count.n),
    page,
    items: rows.map((r) => {
      const refund = refundOf.get(r.order_id);
      return {
        orderId: r.order_id,
        kind: r.kind,
        itemName: r.content_id
          ? (titles.get(r.content_id) ?? r.content_id)
          : r.service_id
            ? (serviceName.get(r.service_id) ?? r.service_id)
            : '',
        amount: Number(r.amount),
        payMethod: r.pay_method,
        state: r.state,
        createdAt: Number(r.created_at),
        updatedAt: Number(r.updated_at),
        providerRef: r.provider_ref,
        refundReason: r.refund_reason,
        cardRefund: refund
          ? {
              state: refund.state,
              amount: Number(refund.amount),
              requestedAt: Number(refund.requested_at),
              doneAt: refund.done_at === null ? null : Number(refund.done_at),
            }
          : null,
      };
    }),
  };
}

/** A page of the wallet's ledger (both purses), newest first, ties by entry id. */
export async function careLedger(
  db: Kysely<Database>,
  accountId: string,
  page: number,
  pageSize: number,
) {
  const mine = db.selectFrom('wallet_entry').where('account_id', '=', accountId);
  const [count, rows] = await Promise.all([
    mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    mine
      .select(['entry_id', 'purse', 'amount', 'reason', 'source', 'expires_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('entry_id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return {
    total: Number(count.n),
    page,
    items: rows.map((r) => ({
      entryId: r.entry_id,
      purse: r.purse,
      amount: Number(r.amount),
      reason: r.reason,
      source: r.source,
      expiresAt: r.expires_at === null ? null : Number(r.expires_at),
      createdAt: Number(r.created_at),
    })),
  };
}

/**
 * Both purses as they stand at `now`, read only: the wallet rows' balances, less viewing credit
 * past its end that no wallet use has written off yet; every credit lot with something left.
 */
export async function careWallet(db: Kysely<Database>, accountId: string, now: number) {
  const [purses, credit] = await Promise.all([
    db
      .selectFrom('wallet')
      .select(['purse', 'balance'])
      .where('account_id', '=', accountId)
      .execute(),
    db
      .selectFrom('wallet_entry')
      .select(['entry_id', 'amount', 'source', 'expires_at', 'lot_id'])
      .where('account_id', '=', accountId)
      .where('purse', '=', 'credit')
      .execute(),
  ]);
  const lots = new Map<string, { source: string; rest: number; expiresAt: number }>();
  for (const r of credit) {
    if (r.lot_id === null && r.expires_at !== null) {
      lots.set(r.entry_id, { source: r.source, rest: 0, expiresAt: Number(r.expires_at) });
    }
  }
  for (const r of credit) {
    const lot = lots.get(r.lot_id ?? r.entry_id);
    if (lot) lot.rest += Number(r.amount);
  }
  const left = [...lots.values()]
    .filter((l) => l.rest > 0)
    .map((l) => ({ ...l, expired: l.expiresAt <= now }))
    .sort((a, b) => a.expiresAt - b.expiresAt || (a.source < b.source ? -1 : 1));
  const balance = (purse: string) => Number(purses.find((p) => p.purse === purse)?.balance ?? 0);
  const pending = left.filter((l) => l.expired).reduce((sum, l) => sum + l.rest, 0);
  return {
    stored: balance('stored'),
    credit: Math.max(0, balance('credit') - pending),
    creditLots: left,
  };
}

const kindOf = (kind: string) =>
  (['title', 'service', 'stored_value', 'viewing_credit'] as const).find((k) => k === kind) ??
  'title';

/** The vouchers the account redeemed, newest first, with what each gave. */
export async function careRedemptions(db: Kysely<Database>, accountId: string) {
  const rows = await db
    .selectFrom('voucher')
    .select(['serial', 'kind', 'content_id', 'service_id', 'amount', 'batch_id', 'redeemed_at'])
    .where('redeemed_by', '=', accountId)
    .orderBy('redeemed_at', 'desc')
    .orderBy('serial')
    .limit(REDEMPTIONS_MAX)
    .execute();
  if (rows.length === 0) return [];
  // A title voucher with a choice names its title in the right it granted.
  const granted = await db
    .selectFrom('entitlement')
    .select(['source', 'content_id'])
    .where('account_id', '=', accountId)
    .where(
      'source',
      'in',
      rows.map((r) => `voucher:${r.serial}`),
    )
    .execute();
  const grantedTitle = new Map(granted.map((g) => [g.source, g.content_id]));
  const serviceIds = [...new Set(rows.flatMap((r) => (r.service_id ? [r.service_id] : [])))];
  const [titles, services] = await Promise.all([
    titleNames(db, [
      ...granted.map((g) => g.content_id),
      ...rows.flatMap((r) => (r.content_id ? [r.content_id] : [])),
    ]),
    serviceIds.length === 0
      ? []
      : db
          .selectFrom('monthly_service')
          .select(['service_id', 'name'])
          .where('service_id', 'in', serviceIds)
          .execute(),
  ]);
  const serviceName = new Map(services.map((s) => [s.service_id, s.name]));
  return rows.map((r) => {
    const kind = kindOf(r.kind);
    const contentId = grantedTitle.get(`voucher:${r.serial}`) ?? r.content_id;
    const what =
      kind === 'title'
        ? contentId
          ? (titles.get(contentId) ?? contentId)
          : '（尚未選片）'
        : kind === 'service'
          ? (serviceName.get(r.service_id ?? '') ?? r.service_id ?? '')
          : `NT$ ${Number(r.amount ?? 0)}`;
    return {
      serial: r.serial,
      kind,
      batchId: r.batch_id,
      redeemedAt: Number(r.redeemed_at),
      granted: what,
    };
  });
}
