import {
  REPORT_LABELS,
  REPORT_NAMES,
  consoleReportCalls,
  reportPeriodSchema,
  type ReportName,
  type StaffRole,
} from '@site/contract/console';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { NavLink, Navigate, Route, Routes, useSearchParams } from 'react-router';
import { call } from '../api/call';
import { ExportButton, ReportTable } from '../reports/parts';
import { defaultPeriod, formatMoney, mayRead } from '../reports/period';
import {
  DrawView,
  PERIOD_CALLS,
  RevenueView,
  ViewingView,
  VoucherView,
} from '../reports/ReportViews';
import { formatTaipei } from '../time';
import { Alert } from '../ui/Alert';

/** 報表 (issue 26 items 4, 5, 7; docs/adr/0054): one sub-page per report the role may read. */
export function ReportsPage({ roles }: { roles: readonly StaffRole[] }) {
  const readable = REPORT_NAMES.filter((name) => mayRead(name, roles));
  return (
    <>
      <h1>報表</h1>
      <nav aria-label="報表" className="report__tabs">
        <ul>
          {readable.map((name) => (
            <li key={name}>
              <NavLink to={`/reports/${name}`}>{REPORT_LABELS[name]}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route
          index
          element={readable[0] ? <Navigate to={`/reports/${readable[0]}`} replace /> : null}
        />
        {readable.map((name) => (
          <Route
            key={name}
            path={name}
            element={name === 'stored-value' ? <StoredValuePage /> : <PeriodReport report={name} />}
          />
        ))}
      </Routes>
    </>
  );
}

type PeriodName = Exclude<ReportName, 'stored-value'>;

/** A report over a period of Taipei days, the period kept in the address. */
function PeriodReport({ report }: { report: PeriodName }) {
  const [search, setSearch] = useSearchParams();
  const fallback = defaultPeriod();
  const period = { from: search.get('from') ?? fallback.from, to: search.get('to') ?? fallback.to };
  const valid = reportPeriodSchema.safeParse(period);
  const [draft, setDraft] = useState(period);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    document.title = `${REPORT_LABELS[report]}報表 — 營運後台`;
  }, [report]);
  const data = useQuery({
    queryKey: ['console', 'reports', report, period.from, period.to],
    queryFn: () => call(PERIOD_CALLS[report], period),
    enabled: valid.success,
    placeholderData: keepPreviousData,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = reportPeriodSchema.safeParse(draft);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? '期間不正確');
      return;
    }
    setProblem(null);
    setSearch(checked.data);
  };
  return (
    <section aria-labelledby="report-title">
      <h2 id="report-title">
        {REPORT_LABELS[report]}（{period.from} 至 {period.to}，台北時間）
      </h2>
      <form className="filters" onSubmit={submit} noValidate>
        <label className="field">
          <span>開始日期</span>
          <input
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </label>
        <label className="field">
          <span>結束日期</span>
          <input
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </label>
        <div className="filters__actions">
          <button type="submit" className="button">
            查詢
          </button>
        </div>
      </form>
      {problem && <Alert>{problem}</Alert>}
      {!valid.success && <Alert>{valid.error.issues[0]?.message ?? '期間不正確'}</Alert>}
      {data.isError && <Alert>{data.error.message}</Alert>}
      {data.isPending && valid.success && <p aria-busy="true">載入中…</p>}
      {data.data && <ReportBody report={report} data={data.data} period={period} />}
    </section>
  );
}

function ReportBody({
  report,
  data,
  period,
}: {
  report: PeriodName;
  data: unknown;
  period: { from: string; to: string };
}) {
  // The reply is the one PERIOD_CALLS[report] answers; each view takes its own shape.
  if (report === 'revenue') return <RevenueView report={data as never} period={period} />;
  if (report === 'vouchers') return <VoucherView report={data as never} period={period} />;
  if (report === 'draws') return <DrawView report={data as never} period={period} />;
  return <ViewingView report={data as never} period={period} />;
}

/** Stored value sold and still unspent by sale month: the bank guarantee's figures (SPEC §9). */
function StoredValuePage() {
  useEffect(() => {
    document.title = '儲值金餘額報表 — 營運後台';
  }, []);
  const data = useQuery({
    queryKey: ['console', 'reports', 'stored-value'],
    queryFn: () => call(consoleReportCalls.storedValue),
  });
  return (
    <section aria-labelledby="report-title">
      <h2 id="report-title">儲值金餘額（依售出月份）</h2>
      <p>儲值金自售出起由銀行履約保證一年。未使用餘額以先進先出計算：會員先用掉最早的儲值金。</p>
      {data.isError && <Alert>{data.error.message}</Alert>}
      {data.isPending && <p aria-busy="true">載入中…</p>}
      {data.data && (
        <>
          <p>
            截至 {formatTaipei(data.data.asOf)}，未使用儲值金共{' '}
            <strong>{formatMoney(data.data.outstanding)}</strong>。
          </p>
          <ExportButton report="stored-value" />
          <ReportTable
            caption="各售出月份的儲值金"
            columns={[
              { header: '售出月份', cell: (m) => m.month },
              { header: '儲值金售出', cell: (m) => formatMoney(m.sold), number: true },
              { header: '未使用餘額', cell: (m) => formatMoney(m.outstanding), number: true },
              { header: '履約保證至', cell: (m) => m.guaranteeUntil },
            ]}
            rows={data.data.months}
            rowKey={(m) => m.month}
          />
        </>
      )}
    </section>
  );
}
