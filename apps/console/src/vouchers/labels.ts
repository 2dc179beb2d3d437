import type { VoucherBatchFigures } from '@site/contract/console';

export const BATCHES_KEY = ['console', 'voucher-batches'] as const;

const count = new Intl.NumberFormat('zh-TW');
export const formatCount = (n: number) => count.format(n);

/** The figures' names, in the order the pages show them. */
export const FIGURE_LABELS: [keyof VoucherBatchFigures, string][] = [
  ['issued', '發行'],
  ['redeemed', '已兌換'],
  ['open', '可兌換'],
  ['expired', '已逾期'],
  ['voided', '已作廢'],
];
