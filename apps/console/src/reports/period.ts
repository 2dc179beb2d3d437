import { REPORT_READERS, type ReportName, type StaffRole } from '@site/contract/console';

const taipeiDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Taipei',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's Taipei date 'YYYY-MM-DD', and the date `days` before it. */
export function taipeiToday(now = Date.now()): string {
  return taipeiDate.format(new Date(now));
}
export function daysBefore(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The period a report opens with: the last 30 Taipei days, today included. */
export function defaultPeriod(now = Date.now()): { from: string; to: string } {
  const to = taipeiToday(now);
  return { from: daysBefore(to, 29), to };
}

/** Whether these roles may read a report (REPORT_READERS; an admin reads all). */
export function mayRead(report: ReportName, roles: readonly StaffRole[]): boolean {
  const readers: readonly StaffRole[] = REPORT_READERS[report];
  return roles.includes('admin') || roles.some((role) => readers.includes(role));
}

const money = new Intl.NumberFormat('zh-TW');
/** A whole number as the tables show it, e.g. 1,234. */
export const formatNumber = (n: number) => money.format(n);
/** NT$ as the tables show it, e.g. NT$1,234 (a negative as −NT$1,234). */
export const formatMoney = (n: number) => `${n < 0 ? '−' : ''}NT$${money.format(Math.abs(n))}`;
