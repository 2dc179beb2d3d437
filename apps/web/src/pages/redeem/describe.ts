import type { RedeemVoucherData, VoucherHistoryItem, VoucherPreview } from '@site/contract';
import { formatDateTime } from '../../features/catalogue/format';
import { t } from '../../i18n/zh-TW';

/** What a serial grants, in one line (step1). */
export function grantText(preview: VoucherPreview): string {
  const g = t.redeem.grants;
  switch (preview.kind) {
    case 'title':
      return preview.title ? g.title(preview.title.contentName) : g.choice;
    case 'service':
      return preview.service ? g.service(preview.service.name, preview.service.periodDays) : '';
    case 'stored_value':
      return g.stored(preview.amount ?? 0);
    case 'viewing_credit':
      return g.credit(preview.amount ?? 0, preview.creditDays ?? 0);
  }
}

/** What a redemption did, in one sentence (step2); dates in Taipei time. */
export function doneText(result: RedeemVoucherData): string {
  const d = t.redeem.done;
  if (result.rental)
    return d.title(result.rental.contentName, formatDateTime(result.rental.startBy));
  if (result.service)
    return d.service(result.service.name, formatDateTime(result.service.paidUntil));
  if (result.credit?.purse === 'stored') return d.stored(result.credit.amount);
  if (result.credit)
    return d.credit(result.credit.amount, formatDateTime(result.credit.expiresAt ?? 0));
  return t.redeem.doneTitle;
}

/** One line of the history: what the voucher gave. */
export function historyText(item: VoucherHistoryItem): string {
  const g = t.redeem.grants;
  switch (item.kind) {
    case 'title':
      return item.contentName ? g.title(item.contentName) : t.redeem.history.kinds.title;
    case 'service':
      return item.serviceName ?? t.redeem.history.kinds.service;
    case 'stored_value':
      return g.stored(item.amount ?? 0);
    case 'viewing_credit':
      return `${t.redeem.wallet.credit} ${t.redeem.wallet.amount(item.amount ?? 0)}`;
  }
}
