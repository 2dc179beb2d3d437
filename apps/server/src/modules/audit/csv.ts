import type { AuditEntry } from '@site/contract/console';
import { taipeiDateTime } from '../../taipei-time.js';

/**
 * One CSV cell. Quoted always (commas, quotes, line breaks); a cell a spreadsheet would read as a
 * formula (starting with = + - @, a tab or a carriage return) gets a leading apostrophe, so an
 * exported name such as `=HYPERLINK(…)` stays text (OWASP "CSV injection").
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const AUDIT_CSV_HEADER = [
  '編號',
  '時間（台北）',
  '員工',
  '角色',
  '操作',
  '對象',
  '對象編號',
  '變更前',
  '變更後',
];

export function auditCsvRow(entry: AuditEntry): string {
  return [
    String(entry.auditId),
    taipeiDateTime(entry.at),
    entry.staffEmail,
    entry.roles.join(' '),
    entry.call,
    entry.entity,
    entry.entityId,
    entry.before ? JSON.stringify(entry.before) : '',
    entry.after ? JSON.stringify(entry.after) : '',
  ]
    .map(csvCell)
    .join(',');
}
