import type { CareActionOrder } from '@site/contract/console';

/** zh-TW names of what the care actions page shows (issue 26 item 2, docs/adr/0053). */
export const ORDER_KIND_LABELS = { rent: '租借', buy: '購買', subscribe: '月租' } as const;
export const PAY_METHOD_LABELS = { card: '信用卡', wallet: '儲值金', credit: '看片金' } as const;
export const ORDER_STATE_LABELS = {
  created: '等待付款',
  paid: '已付款',
  failed: '付款失敗',
  cancelled: '已取消',
  refunded: '已退款',
} as const;
export const PURSE_LABELS = { stored: '儲值金', credit: '看片金' } as const;
export const SESSION_KIND_LABELS = { web: '網站', sso: 'App' } as const;

export const moneyText = (amount: number) => `NT$${amount.toLocaleString('en-US')}`;

/** Why an order cannot be refunded by the caller, or null when it can. */
export function refundBlock(order: CareActionOrder, limit: number): string | null {
  if (order.state === 'refunded') return '已退款';
  if (order.state !== 'paid') return '未付款，無法退款';
  if (order.refundable) return null;
  if (order.watched) return '已開始觀看，須由財務人員退款';
  if (order.amount > limit) return `超過 ${moneyText(limit)}，須由財務人員退款`;
  return '無法退款';
}

/**
 * A new id for one action, made when its dialog opens: the server keys a goodwill grant or a
 * wallet entry by it, so sending the same form twice acts once.
 */
export function newActionId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `ca-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A whole positive NT$ amount typed in a field, or null. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim().replaceAll(',', '');
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return amount >= 1 ? amount : null;
}
