import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';

/**
 * Reports (issue 26 items 4, 5, 7; docs/adr/0054-reports.md): money for finance, viewing,
 * vouchers and draws for marketing, everything readable by the auditor. A period is a run of
 * whole Taipei days, `from` to `to` inclusive; every day of it is in the reply, days without
 * figures as zeros. Money is whole NT$ and adds up to the ledger for the same period exactly.
 */

/** The longest period a report covers: one quarter. */
export const REPORT_MAX_DAYS = 92;

const dateSchema = z
  .string({ message: '請輸入日期' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式須為 YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, '日期不存在');

/** Whole days between two 'YYYY-MM-DD' dates (calendar arithmetic, no time zone involved). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const reportPeriodSchema = z
  .strictObject({ from: dateSchema, to: dateSchema })
  .superRefine((value, ctx) => {
    const span = daysBetween(value.from, value.to);
    if (span < 0) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: '結束日期不可早於開始日期' });
    } else if (span + 1 > REPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `報表期間最長 ${REPORT_MAX_DAYS} 天` });
    }
  });
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

const int = () => z.number().int();
const countAmount = z.object({ count: int(), amount: int() });

/** One Taipei day of money (NT$). */
export const revenueDaySchema = z.object({
  date: z.string(),
  /** Unix seconds of the day's Taipei midnight (the charts' x). */
  dayStart: int(),
  /** Orders paid (card, stored value or viewing credit), by what they sold, booked on the order's day. */
  rent: countAmount,
  buy: countAmount,
  monthly: countAmount,
  /** Rights given by title and service vouchers (no money changes hands here). */
  redeemed: z.object({ count: int() }),
  /** What the day's orders were paid with. */
  paidByCard: int(),
  paidByStoredValue: int(),
  paidByCredit: int(),
  /** Money given back that day: card refunds asked of the provider, wallet refunds credited. */
  refunds: countAmount,
  /** Stored value loaded by vouchers (sold), viewing credit granted by vouchers. */
  storedValueSold: int(),
  creditGranted: int(),
  /** rent + buy + monthly − refunds. */
  net: int(),
});
export type RevenueDay = z.infer<typeof revenueDaySchema>;

/** The wallet ledger of the period by purse and reason (every reason, known or not). */
export const ledgerLineSchema = z.object({
  purse: z.string(),
  reason: z.string(),
  count: int(),
  amount: int(),
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

export const revenueReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(revenueDaySchema),
  totals: revenueDaySchema.omit({ date: true, dayStart: true }),
  ledger: z.array(ledgerLineSchema),
});
export type RevenueReport = z.infer<typeof revenueReportSchema>;

export const storedValueMonthSchema = z.object({
  /** 'YYYY-MM', Taipei. */
  month: z.string(),
  /** Stored value loaded by vouchers that month. */
  sold: int(),
  /** What is still unspent of the money that came in that month (first in, first spent). */
  outstanding: int(),
  /** The last Taipei day of the bank guarantee: one year from the month's last sale day. */
  guaranteeUntil: z.string(),
});
export type StoredValueMonth = z.infer<typeof storedValueMonthSchema>;

export const storedValueReportSchema = z.object({
  asOf: int(),
  months: z.array(storedValueMonthSchema),
  /** Equals the sum of every member's stored-value balance. */
  outstanding: int(),
});
export type StoredValueReport = z.infer<typeof storedValueReportSchema>;

export const voucherBatchLineSchema = z.object({
  /** null: serials made before batches. */
  batchId: z.string().nullable(),
  name: z.string(),
  kind: z.string(),
  quantity: int(),
  /** Redeemed within the period, and ever. */
  redeemed: int(),
  redeemedEver: int(),
  /** Stored value or viewing credit the period's redemptions put into wallets (NT$). */
  amount: int(),
});
export type VoucherBatchLine = z.infer<typeof voucherBatchLineSchema>;

export const voucherReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ date: z.string(), dayStart: int(), redeemed: int() })),
  batches: z.array(voucherBatchLineSchema),
});
export type VoucherReport = z.infer<typeof voucherReportSchema>;

export const drawReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({ date: z.string(), dayStart: int(), draws: int(), participants: int(), won: int() }),
  ),
  activities: z.array(
    z.object({
      activityId: z.string(),
      title: z.string(),
      channelName: z.string(),
      draws: int(),
      participants: int(),
      won: int(),
    }),
  ),
});
export type DrawReport = z.infer<typeof drawReportSchema>;

const viewingLine = z.object({
  id: z.string(),
  name: z.string(),
  plays: int(),
  viewers: int(),
  minutes: int(),
});
export type ViewingLine = z.infer<typeof viewingLine>;

/** How many titles the viewing report ranks. */
export const VIEWING_TOP_TITLES = 20;

export const viewingReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      dayStart: int(),
      plays: int(),
      vodPlays: int(),
      livePlays: int(),
      /** Distinct viewers (sub-accounts) that day. */
      viewers: int(),
      minutes: int(),
    }),
  ),
  /** Distinct viewers over the whole period (not the sum of the days). */
  viewers: int(),
  titles: z.array(viewingLine),
  channels: z.array(viewingLine),
});
export type ViewingReport = z.infer<typeof viewingReportSchema>;

export const REPORT_NAMES = ['revenue', 'stored-value', 'vouchers', 'draws', 'viewing'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const REPORT_LABELS = {
  revenue: '營收',
  'stored-value': '儲值金餘額',
  vouchers: '序號兌換',
  draws: '抽獎參與',
  viewing: '收視',
} as const satisfies Record<ReportName, string>;

/** Who reads which report (docs/adr/0054); an admin reads all. */
export const REPORT_READERS = {
  revenue: ['finance', 'auditor'],
  'stored-value': ['finance', 'auditor'],
  vouchers: ['finance', 'marketing', 'auditor'],
  draws: ['marketing', 'auditor'],
  viewing: ['marketing', 'auditor'],
} as const;

const tags = ['console: reports'];
const exportSummary = (what: string) =>
  `${what} as CSV (UTF-8 with BOM, zh-TW headers, Taipei dates); every export audited`;

export const consoleReportCalls = {
  revenue: describeConsoleCall({
    method: 'GET',
    path: '/console/api/reports/revenue',
    summary: 'Revenue by Taipei day and sell type, refunds, stored value sold, the wallet ledger',
    tags,
    input: reportPeriodSchema,
    reply: envelopeOf(revenueReportSchema),
    access: { staff: REPORT_READERS.revenue },
  }),
  exportRevenue: describeConsoleCall({
    method: 'POST',
    path: '/console/api/reports/revenue/export',
    summary: exportSummary('Revenue by day'),
    tags,
    input: reportPeriodSchema,
    reply: z.string(),
    access: { staff: REPORT_READERS.revenue },
  }),
  storedValue: describeConsoleCall({
    method: 'GET',
    path: '/console/api/reports/stored-value',
    summary: 'Stored value sold and still outstanding by Taipei sale month (the bank guarantee)',
    tags,
    reply: envelopeOf(storedValueReportSchema),
    access: { staff: REPORT_READERS['stored-value'] },
  }),
  exportStoredValue: describeConsoleCall({
    method: 'POST',
    path: '/console/api/reports/stored-value/export',
    summary: exportSummary('Stored value by sale month'),
    tags,
    reply: z.string(),
    access: { staff: REPORT_READERS['stored-value'] },
  }),
  vouchers: describeConsoleCall({
    method: 'GET',
    path: '/console/api/reports/vouchers',
    summary: 'Voucher redemptions by Taipei day and by batch',
    tags,
    input: reportPeriodSchema,
    reply: envelopeOf(voucherReportSchema),
    access: { staff: REPORT_READERS.vouchers },
  }),
  exportVouchers: describeConsoleCall({
    method: 'POST',
    path: '/console/api/reports/vouchers/export',
    summary: exportSummary('Voucher redemptions by batch'),
    tags,
    input: reportPeriodSchema,
    reply: z.string(),
    access: { staff: REPORT_READERS.vouchers },
  }),
  draws: describeConsoleCall({
    method: 'GET',
    path: '/console/api/reports/draws',
    summary: 'Draw participation by Taipei day and by activity',
    tags,
    input: reportPeriodSchema,
    reply: envelopeOf(drawReportSchema),
    access: { staff: REPORT_READERS.draws },
  }),
  exportDraws: describeConsoleCall({
    method: 'POST',
    path: '/console/api/reports/draws/export',
    summary: exportSummary('Draw participation by activity'),
    tags,
    input: reportPeriodSchema,
    reply: z.string(),
    access: { staff: REPORT_READERS.draws },
  }),
  viewing: describeConsoleCall({
    method: 'GET',
    path: '/console/api/reports/viewing',
    summary: 'Plays, viewers and minutes watched by Taipei day; top titles; channels',
    tags,
    input: reportPeriodSchema,
    reply: envelopeOf(viewingReportSchema),
    access: { staff: REPORT_READERS.viewing },
  }),
  exportViewing: describeConsoleCall({
    method: 'POST',
    path: '/console/api/reports/viewing/export',
    summary: exportSummary('Viewing by day'),
    tags,
    input: reportPeriodSchema,
    reply: z.string(),
    access: { staff: REPORT_READERS.viewing },
  }),
} as const;
