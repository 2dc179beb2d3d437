import type {
  DrawReport,
  RevenueReport,
  StoredValueReport,
  ViewingReport,
  VoucherReport,
} from '@site/contract/console';
import { csvCell } from '../audit/csv.js';

/*
 * The reports as CSV (docs/adr/0054): UTF-8 with a BOM so Excel reads the Chinese, every cell
 * quoted and guarded against formulas (audit/csv.ts), Taipei dates, the same figures as the
 * screen. A report of several tables writes each under its own header, a blank line between.
 */

type Cell = string | number;
type Table = { header: string[]; rows: Cell[][] };

export function csvOf(tables: Table[]): { text: string; rows: number } {
  const lines: string[] = [];
  let rows = 0;
  for (const table of tables) {
    if (lines.length > 0) lines.push('');
    lines.push(table.header.map(csvCell).join(','));
    for (const row of table.rows) lines.push(row.map((c) => csvCell(String(c))).join(','));
    rows += table.rows.length;
  }
  return { text: `\uFEFF${lines.join('\r\n')}\r\n`, rows };
}

export const REVENUE_CSV_HEADER = [
  '日期（台北）',
  '租借筆數',
  '租借金額',
  '購買筆數',
  '購買金額',
  '月租筆數',
  '月租金額',
  '序號兌換權利數',
  '信用卡付款',
  '儲值金付款',
  '看片金付款',
  '退款筆數',
  '退款金額',
  '儲值金售出',
  '看片金發放',
  '淨營收',
];

export function revenueCsv(report: RevenueReport) {
  const row = (date: string, d: RevenueReport['totals']): Cell[] => [
    date,
    d.rent.count,
    d.rent.amount,
    d.buy.count,
    d.buy.amount,
    d.monthly.count,
    d.monthly.amount,
    d.redeemed.count,
    d.paidByCard,
    d.paidByStoredValue,
    d.paidByCredit,
    d.refunds.count,
    d.refunds.amount,
    d.storedValueSold,
    d.creditGranted,
    d.net,
  ];
  return csvOf([
    {
      header: REVENUE_CSV_HEADER,
      rows: [...report.days.map((d) => row(d.date, d)), row('合計', report.totals)],
    },
    {
      header: ['錢包', '原因', '筆數', '金額'],
      rows: report.ledger.map((l) => [l.purse, l.reason, l.count, l.amount]),
    },
  ]);
}

export function storedValueCsv(report: StoredValueReport) {
  return csvOf([
    {
      header: ['售出月份（台北）', '儲值金售出', '未使用餘額', '履約保證至'],
      rows: [
        ...report.months.map((m) => [m.month, m.sold, m.outstanding, m.guaranteeUntil]),
        ['合計', report.months.reduce((s, m) => s + m.sold, 0), report.outstanding, ''],
      ],
    },
  ]);
}

export function voucherCsv(report: VoucherReport) {
  return csvOf([
    {
      header: ['批次編號', '批次名稱', '種類', '張數', '期間兌換', '累計兌換', '儲值／看片金額'],
      rows: report.batches.map((b) => [
        b.batchId ?? '',
        b.name,
        b.kind,
        b.quantity,
        b.redeemed,
        b.redeemedEver,
        b.amount,
      ]),
    },
    { header: ['日期（台北）', '兌換張數'], rows: report.days.map((d) => [d.date, d.redeemed]) },
  ]);
}

export function drawCsv(report: DrawReport) {
  return csvOf([
    {
      header: ['活動編號', '活動名稱', '頻道', '抽獎次數', '參加帳號數', '中獎數'],
      rows: report.activities.map((a) => [
        a.activityId,
        a.title,
        a.channelName,
        a.draws,
        a.participants,
        a.won,
      ]),
    },
    {
      header: ['日期（台北）', '抽獎次數', '參加帳號數', '中獎數'],
      rows: report.days.map((d) => [d.date, d.draws, d.participants, d.won]),
    },
  ]);
}

export function viewingCsv(report: ViewingReport) {
  const lines = (list: ViewingReport['titles']) =>
    list.map((l) => [l.id, l.name, l.plays, l.viewers, l.minutes]);
  return csvOf([
    {
      header: ['日期（台北）', '播放次數', '隨選播放', '直播播放', '觀眾數', '觀看分鐘'],
      rows: report.days.map((d) => [
        d.date,
        d.plays,
        d.vodPlays,
        d.livePlays,
        d.viewers,
        d.minutes,
      ]),
    },
    {
      header: ['節目編號', '熱門節目', '播放次數', '觀眾數', '觀看分鐘'],
      rows: lines(report.titles),
    },
    {
      header: ['頻道編號', '頻道', '播放次數', '觀眾數', '觀看分鐘'],
      rows: lines(report.channels),
    },
  ]);
}
