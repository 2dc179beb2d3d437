import type { CareMemberFile, CareOrder } from '@site/contract/console';
import { formatTaipei } from '../time';

/*
 * How the care pages name what the member file holds (issue 26 item 1; docs/adr/0052): the
 * product's own words for orders, purses and ledger reasons, and the two clocks of a rental.
 */

export const ORDER_KIND_LABELS = {
  rent: '單片租借',
  buy: '單片購買',
  subscribe: '月租',
} as const satisfies Record<CareOrder['kind'], string>;

export const ORDER_STATE_LABELS = {
  created: '待付款',
  paid: '已付款',
  failed: '付款失敗',
  cancelled: '已取消',
  refunded: '已退款',
} as const satisfies Record<CareOrder['state'], string>;

export const PAY_METHOD_LABELS = {
  card: '信用卡',
  wallet: '儲值金',
  credit: '看片金',
} as const satisfies Record<CareOrder['payMethod'], string>;

export const REFUND_REASON_LABELS = {
  already_entitled: '已有權益，自動退款',
  operator: '客服退款',
} as const satisfies Record<NonNullable<CareOrder['refundReason']>, string>;

export const PURSE_LABELS = { stored: '儲值金', credit: '看片金' } as const;

export const LEDGER_REASON_LABELS = {
  voucher: '序號兌換',
  order: '訂單付款',
  refund: '退款',
  expiry: '到期失效',
  adjustment: '客服調整',
} as const;

export const REDEMPTION_KIND_LABELS = {
  title: '單片',
  service: '月租',
  stored_value: '儲值金',
  viewing_credit: '看片金',
} as const;

export const SESSION_KIND_LABELS = { web: '網站', sso: 'App' } as const;

const money = new Intl.NumberFormat('zh-TW');
/** NT$ 1,200; a negative amount keeps its sign: −NT$ 60. */
export function formatMoney(amount: number): string {
  return amount < 0 ? `−NT$ ${money.format(-amount)}` : `NT$ ${money.format(amount)}`;
}

/** An entry's or a right's source ('order:O…', 'voucher:…') in words. */
export function sourceText(source: string | null): string {
  if (!source) return '—';
  const at = source.indexOf(':');
  if (at < 0) return source;
  const kind = source.slice(0, at);
  const id = source.slice(at + 1);
  if (kind === 'order') return `訂單 ${id}`;
  if (kind === 'voucher') return `序號 ${id}`;
  return source;
}

type Right = CareMemberFile['entitlements'][number];

/**
 * A rental's first clock: the time to start watching (SPEC §4: 168 h from the grant), and
 * whether it still runs; a purchase has none.
 */
export function startClockText(right: Right): string {
  if (right.kind !== 'rent' || right.startBy === null) return '—（購買無期限）';
  if (right.firstPlayedAt !== null) return `已於 ${formatTaipei(right.firstPlayedAt)} 開始觀看`;
  return `${formatTaipei(right.startBy)} 前須開始觀看`;
}

/** A rental's second clock: the viewing window once started (48 h from the first play). */
export function watchClockText(right: Right): string {
  if (right.kind !== 'rent') return '—';
  const hours = right.watchHours ?? 48;
  if (right.firstPlayedAt === null || right.expiresAt === null) {
    return `尚未開始（開始後 ${hours} 小時內看完）`;
  }
  return `${formatTaipei(right.expiresAt)} 前看完`;
}
