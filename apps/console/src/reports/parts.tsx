import type { ReportName } from '@site/contract/console';
import { useState, type ReactNode } from 'react';
import { ConsoleCallError, callUrl } from '../api/call';
import { downloadExport } from '../api/download';
import { consoleReportCalls } from '@site/contract/console';
import { Alert } from '../ui/Alert';

const EXPORTS = {
  revenue: consoleReportCalls.exportRevenue,
  'stored-value': consoleReportCalls.exportStoredValue,
  vouchers: consoleReportCalls.exportVouchers,
  draws: consoleReportCalls.exportDraws,
  viewing: consoleReportCalls.exportViewing,
} as const;

/** 下載 CSV: the report's audited export (docs/adr/0054) for the period shown. */
export function ExportButton({
  report,
  period,
}: {
  report: ReportName;
  period?: { from: string; to: string };
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadExport(callUrl(EXPORTS[report]), period ?? {}, `report-${report}.csv`);
    } catch (e) {
      setError(e instanceof ConsoleCallError ? e.message : '下載失敗，請稍後再試。');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="report__export">
      <button type="button" className="button" disabled={busy} onClick={() => void download()}>
        {busy ? '準備中…' : '下載 CSV'}
      </button>
      {error && <Alert>{error}</Alert>}
    </div>
  );
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Figures align right. */
  number?: boolean;
}

/** A plain table of a report's rows (no paging: a report's rows are few). */
export function ReportTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  foot,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  foot?: T;
}) {
  if (rows.length === 0) return <p>{caption}：這段期間沒有資料。</p>;
  const cells = (row: T) =>
    columns.map((c, i) =>
      i === 0 ? (
        <th key={c.header} scope="row">
          {c.cell(row)}
        </th>
      ) : (
        <td key={c.header} className={c.number ? 'number' : undefined}>
          {c.cell(row)}
        </td>
      ),
    );
  return (
    <div className="table-wrap report__table">
      <table className="data-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.number ? 'number' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>{cells(row)}</tr>
          ))}
        </tbody>
        {foot && (
          <tfoot>
            <tr>{cells(foot)}</tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
