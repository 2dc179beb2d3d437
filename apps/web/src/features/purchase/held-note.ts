import type { HeldRight } from '@site/contract';
import { t } from '../../i18n/zh-TW';
import { formatDateTime } from '../catalogue/format';

/** What the account already holds on a title, and until when (detail page and voucher confirm). */
export function heldNote(held: HeldRight): string {
  if (held.kind === 'buy') return t.purchase.heldBuy;
  if (held.kind === 'service') return t.purchase.heldService(formatDateTime(held.expiresAt ?? 0));
  return held.expiresAt === null
    ? t.purchase.heldRentWaiting(formatDateTime(held.startBy ?? 0))
    : t.purchase.heldRentWatching(formatDateTime(held.expiresAt));
}
