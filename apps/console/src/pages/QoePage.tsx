import {
  QOE_BREAKDOWN_LABELS,
  QOE_REBUFFER_RATIO_LINE,
  QOE_START_P50_LINE_MS,
  consoleQoeCalls,
  qoeBreakdownSchema,
  type QoeBreakdown,
  type QoeRow,
} from '@site/contract/console';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../api/call';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';
import { TimeSeriesChart, type TimeSeries } from '../ui/charts/TimeSeriesChart';
import { DataTable } from '../ui/DataTable';
import { Field } from '../ui/form';
import { QoeAlertBanner } from '../qoe/QoeAlertBanner';
import { PERIODS, percent, seconds, type Period } from '../qoe/format';

/** SPEC §8's texts of the player error codes (they stay in English). */
const ERROR_TEXTS: Record<number, string> = {
  1: 'download cancelled',
  2: 'connection lost',
  3: 'bad format',
  4: 'unavailable or unsupported',
  5: 'encrypted',
};

const column = createColumnHelper<QoeRow>();

/**
 * 播放品質 (issue 26 item 6; docs/adr/0055): start time p50/p95, rebuffer ratio and error rate by
 * title, channel, device type or hour over a chosen period, the hourly figures as charts, and
 * the alert of the last 15 minutes. Read-only.
 */
export function QoePage() {
  const [search, setSearch] = useSearchParams();
  const by: QoeBreakdown = qoeBreakdownSchema.safeParse(search.get('by')).data ?? 'title';
  const period: Period = PERIODS.find((p) => p.id === search.get('period')) ?? PERIODS[0]!;
  useEffect(() => {
    document.title = '播放品質 — 營運後台';
  }, []);

  // The period ends with the hour the page was opened in (figures are hourly).
  const [openedAt] = useState(() => Math.floor(Date.now() / 1000));
  const minute = openedAt - (openedAt % 60);
  const to = minute - (minute % 3600) + 3600;
  const from = to - period.hours * 3600;
  const report = useQuery({
    queryKey: ['console', 'qoe', by, from, to],
    queryFn: () => call(consoleQoeCalls.report, { from, to, by }),
    placeholderData: keepPreviousData,
  });
  const hourly = useQuery({
    queryKey: ['console', 'qoe', 'hour', from, to],
    queryFn: () => call(consoleQoeCalls.report, { from, to, by: 'hour' }),
    placeholderData: keepPreviousData,
  });

  const choose = (name: string, value: string) => {
    const next = new URLSearchParams(search);
    next.set(name, value);
    setSearch(next);
  };

  const columns = useMemo(
    () => [
      column.accessor('label', {
        header: QOE_BREAKDOWN_LABELS[by],
        cell: (info) =>
          by === 'hour' ? formatTaipei(Number(info.row.original.key)) : info.getValue(),
      }),
      column.accessor('sessions', {
        header: '播放次數',
        cell: (i) => i.getValue().toLocaleString('zh-TW'),
      }),
      column.accessor('startP50Ms', { header: '起播時間 p50', cell: (i) => seconds(i.getValue()) }),
      column.accessor('startP95Ms', { header: '起播時間 p95', cell: (i) => seconds(i.getValue()) }),
      column.accessor('rebufferRatio', {
        header: '重新緩衝比例',
        cell: (i) => percent(i.getValue()),
      }),
      column.accessor('errorRate', { header: '錯誤率', cell: (i) => percent(i.getValue()) }),
      column.accessor('stallCount', { header: '卡頓次數' }),
      column.accessor('bitrateSwitches', { header: '畫質切換次數' }),
      column.accessor('watchMs', {
        header: '觀看時數',
        cell: (i) =>
          (i.getValue() / 3_600_000).toLocaleString('zh-TW', { maximumFractionDigits: 1 }),
      }),
    ],
    [by],
  );

  const charts = useMemo(() => {
    const rows = hourly.data?.rows ?? [];
    const at = (r: QoeRow) => Number(r.key);
    const startSeries: TimeSeries[] = [
      {
        label: '起播時間 p50',
        unit: '秒',
        points: rows.map((r) => [at(r), toSeconds(r.startP50Ms)] as const),
      },
      {
        label: '起播時間 p95',
        unit: '秒',
        points: rows.map((r) => [at(r), toSeconds(r.startP95Ms)] as const),
      },
    ];
    const ratioSeries: TimeSeries[] = [
      {
        label: '重新緩衝比例',
        unit: '%',
        points: rows.map((r) => [at(r), toPercent(r.rebufferRatio)] as const),
      },
      {
        label: '錯誤率',
        unit: '%',
        points: rows.map((r) => [at(r), toPercent(r.errorRate)] as const),
      },
    ];
    return { startSeries, ratioSeries, empty: rows.length === 0 };
  }, [hourly.data]);

  const total = report.data?.total;
  return (
    <>
      <h1>播放品質</h1>
      <QoeAlertBanner />
      <form
        className="filters"
        role="search"
        aria-label="選擇期間與分組"
        onSubmit={(e) => e.preventDefault()}
      >
        <Field id="qoe-period" label="期間">
          <select
            id="qoe-period"
            value={period.id}
            onChange={(e) => choose('period', e.target.value)}
          >
            {PERIODS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="qoe-by" label="分組">
          <select id="qoe-by" value={by} onChange={(e) => choose('by', e.target.value)}>
            {Object.entries(QOE_BREAKDOWN_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
      </form>
      <p>
        {formatTaipei(from)} 至 {formatTaipei(to)}（台北時間，整點小時）。警示標準：過去 15
        分鐘重新緩衝比例超過 {percent(QOE_REBUFFER_RATIO_LINE)}，或起播時間中位數超過{' '}
        {seconds(QOE_START_P50_LINE_MS)}。
      </p>
      {report.isError && <Alert>{report.error.message}</Alert>}
      {total && (
        <dl className="qoe-totals">
          <dt>播放次數</dt>
          <dd>{total.sessions.toLocaleString('zh-TW')}</dd>
          <dt>起播時間 p50 / p95</dt>
          <dd>
            {seconds(total.startP50Ms)} / {seconds(total.startP95Ms)}
          </dd>
          <dt>重新緩衝比例</dt>
          <dd>{percent(total.rebufferRatio)}</dd>
          <dt>錯誤率</dt>
          <dd>{percent(total.errorRate)}</dd>
        </dl>
      )}
      {!charts.empty && (
        <div className="qoe-charts">
          <TimeSeriesChart title="起播時間（每小時）" series={charts.startSeries} />
          <TimeSeriesChart title="重新緩衝比例與錯誤率（每小時）" series={charts.ratioSeries} />
        </div>
      )}
      <DataTable
        caption={`播放品質（依${QOE_BREAKDOWN_LABELS[by]}）`}
        columns={columns}
        data={report.data?.rows ?? []}
        rowKey={(row) => row.key}
        busy={report.isFetching}
      />
      <h2>錯誤代碼</h2>
      <table className="data-table">
        <caption className="visually-hidden">依錯誤代碼</caption>
        <thead>
          <tr>
            <th scope="col">代碼</th>
            <th scope="col">說明</th>
            <th scope="col">重試的錯誤</th>
            <th scope="col">中止播放</th>
          </tr>
        </thead>
        <tbody>
          {(report.data?.errorCodes ?? []).map((e) => (
            <tr key={e.code}>
              <th scope="row">{e.code}</th>
              <td lang="en">{ERROR_TEXTS[e.code] ?? 'unknown error'}</td>
              <td>{e.errors}</td>
              <td>{e.fatals}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

const toSeconds = (ms: number | null) => (ms === null ? null : ms / 1000);
const toPercent = (ratio: number | null) => (ratio === null ? null : ratio * 100);
