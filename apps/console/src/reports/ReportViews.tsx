import {
  consoleReportCalls,
  type DrawReport,
  type RevenueDay,
  type RevenueReport,
  type ViewingLine,
  type ViewingReport,
  type VoucherBatchLine,
  type VoucherReport,
} from '@site/contract/console';
import { TimeSeriesChart } from '../ui/charts/TimeSeriesChart';
import { ExportButton, ReportTable, type Column } from './parts';
import { formatMoney, formatNumber } from './period';

type Period = { from: string; to: string };
type RevenueRow = RevenueReport['totals'] & { date: string };

const REVENUE_COLUMNS: Column<RevenueRow>[] = [
  { header: '日期', cell: (d) => d.date },
  { header: '租借', cell: (d) => `${formatMoney(d.rent.amount)}（${d.rent.count}）`, number: true },
  { header: '購買', cell: (d) => `${formatMoney(d.buy.amount)}（${d.buy.count}）`, number: true },
  {
    header: '月租',
    cell: (d) => `${formatMoney(d.monthly.amount)}（${d.monthly.count}）`,
    number: true,
  },
  { header: '序號兌換', cell: (d) => formatNumber(d.redeemed.count), number: true },
  {
    header: '退款',
    cell: (d) => `${formatMoney(d.refunds.amount)}（${d.refunds.count}）`,
    number: true,
  },
  { header: '儲值金售出', cell: (d) => formatMoney(d.storedValueSold), number: true },
  { header: '看片金發放', cell: (d) => formatMoney(d.creditGranted), number: true },
  { header: '信用卡', cell: (d) => formatMoney(d.paidByCard), number: true },
  { header: '儲值金付款', cell: (d) => formatMoney(d.paidByStoredValue), number: true },
  { header: '看片金付款', cell: (d) => formatMoney(d.paidByCredit), number: true },
  { header: '淨營收', cell: (d) => formatMoney(d.net), number: true },
];

const REASONS: Record<string, string> = {
  voucher: '序號兌換',
  order: '訂單付款',
  refund: '退款',
  expiry: '到期',
  adjustment: '客服調整',
};
const PURSES: Record<string, string> = { stored: '儲值金', credit: '看片金' };

const points = (days: readonly { dayStart: number }[], pick: (i: number) => number) =>
  days.map((d, i) => [d.dayStart, pick(i)] as const);

export function RevenueView({ report, period }: { report: RevenueReport; period: Period }) {
  const d = report.days;
  return (
    <>
      <TimeSeriesChart
        title="每日營收（台北）"
        series={[
          { label: '租借', unit: 'NT$', points: points(d, (i) => d[i]!.rent.amount) },
          { label: '購買', unit: 'NT$', points: points(d, (i) => d[i]!.buy.amount) },
          { label: '月租', unit: 'NT$', points: points(d, (i) => d[i]!.monthly.amount) },
          { label: '退款', unit: 'NT$', points: points(d, (i) => d[i]!.refunds.amount) },
          { label: '儲值金售出', unit: 'NT$', points: points(d, (i) => d[i]!.storedValueSold) },
        ]}
      />
      <ExportButton report="revenue" period={period} />
      <ReportTable<RevenueRow>
        caption="每日營收與退款"
        columns={REVENUE_COLUMNS}
        rows={report.days as RevenueDay[]}
        rowKey={(row) => row.date}
        foot={{ ...report.totals, date: '合計' }}
      />
      <ReportTable
        caption="錢包帳務（期間內每一筆錢包異動，依錢包與原因加總）"
        columns={[
          { header: '錢包', cell: (l) => PURSES[l.purse] ?? l.purse },
          { header: '原因', cell: (l) => REASONS[l.reason] ?? l.reason },
          { header: '筆數', cell: (l) => formatNumber(l.count), number: true },
          { header: '金額', cell: (l) => formatMoney(l.amount), number: true },
        ]}
        rows={report.ledger}
        rowKey={(l) => `${l.purse} ${l.reason}`}
      />
    </>
  );
}

export function VoucherView({ report, period }: { report: VoucherReport; period: Period }) {
  return (
    <>
      <TimeSeriesChart
        title="每日序號兌換（台北）"
        series={[
          {
            label: '兌換',
            unit: '張',
            points: points(report.days, (i) => report.days[i]!.redeemed),
          },
        ]}
      />
      <ExportButton report="vouchers" period={period} />
      <ReportTable<VoucherBatchLine>
        caption="各批次兌換"
        columns={[
          { header: '批次', cell: (b) => b.name },
          { header: '張數', cell: (b) => formatNumber(b.quantity), number: true },
          { header: '期間兌換', cell: (b) => formatNumber(b.redeemed), number: true },
          { header: '累計兌換', cell: (b) => formatNumber(b.redeemedEver), number: true },
          { header: '儲值／看片金額', cell: (b) => formatMoney(b.amount), number: true },
        ]}
        rows={report.batches}
        rowKey={(b) => b.batchId ?? ''}
      />
    </>
  );
}

export function DrawView({ report, period }: { report: DrawReport; period: Period }) {
  const d = report.days;
  return (
    <>
      <TimeSeriesChart
        title="每日抽獎參與（台北）"
        series={[
          { label: '抽獎次數', unit: '次', points: points(d, (i) => d[i]!.draws) },
          { label: '參加帳號', unit: '個', points: points(d, (i) => d[i]!.participants) },
          { label: '中獎', unit: '次', points: points(d, (i) => d[i]!.won) },
        ]}
      />
      <ExportButton report="draws" period={period} />
      <ReportTable
        caption="各活動參與"
        columns={[
          { header: '活動', cell: (a) => a.title },
          { header: '頻道', cell: (a) => a.channelName },
          { header: '抽獎次數', cell: (a) => formatNumber(a.draws), number: true },
          { header: '參加帳號', cell: (a) => formatNumber(a.participants), number: true },
          { header: '中獎', cell: (a) => formatNumber(a.won), number: true },
        ]}
        rows={report.activities}
        rowKey={(a) => a.activityId}
      />
    </>
  );
}

const VIEWING_COLUMNS = (first: string): Column<ViewingLine>[] => [
  { header: first, cell: (l) => l.name },
  { header: '播放次數', cell: (l) => formatNumber(l.plays), number: true },
  { header: '觀眾', cell: (l) => formatNumber(l.viewers), number: true },
  { header: '觀看分鐘', cell: (l) => formatNumber(l.minutes), number: true },
];

export function ViewingView({ report, period }: { report: ViewingReport; period: Period }) {
  const d = report.days;
  return (
    <>
      <TimeSeriesChart
        title="每日收視（台北）"
        series={[
          { label: '隨選播放', unit: '次', points: points(d, (i) => d[i]!.vodPlays) },
          { label: '直播播放', unit: '次', points: points(d, (i) => d[i]!.livePlays) },
          { label: '觀眾', unit: '人', points: points(d, (i) => d[i]!.viewers) },
        ]}
      />
      <TimeSeriesChart
        title="每日觀看分鐘（台北）"
        series={[{ label: '觀看分鐘', unit: '分鐘', points: points(d, (i) => d[i]!.minutes) }]}
      />
      <p>期間內觀眾共 {formatNumber(report.viewers)} 人（同一人只算一次）。</p>
      <ExportButton report="viewing" period={period} />
      <ReportTable
        caption={`熱門節目（依播放次數，前 ${report.titles.length} 名）`}
        columns={VIEWING_COLUMNS('節目')}
        rows={report.titles}
        rowKey={(l) => l.id}
      />
      <ReportTable
        caption="各頻道收視"
        columns={VIEWING_COLUMNS('頻道')}
        rows={report.channels}
        rowKey={(l) => l.id}
      />
    </>
  );
}

/** The calls behind each period report. */
export const PERIOD_CALLS = {
  revenue: consoleReportCalls.revenue,
  vouchers: consoleReportCalls.vouchers,
  draws: consoleReportCalls.draws,
  viewing: consoleReportCalls.viewing,
} as const;
