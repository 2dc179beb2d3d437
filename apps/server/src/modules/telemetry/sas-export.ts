import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SasLogTable } from '../../db/schema-engagement.js';

type SasLogRecord = Omit<Selectable<SasLogTable>, 'log_id'> & { log_id: number };

/** Rows received in [from, to) in order, a page at a time (the operator's CSV export). */
export async function* sasLogRows(
  db: Kysely<Database>,
  from: number,
  to: number,
  pageSize = 5_000,
): AsyncGenerator<SasLogRecord> {
  let after: { at: number; id: number } | null = null;
  for (;;) {
    const cursor = after;
    let query = db.selectFrom('sas_log').selectAll();
    if (cursor) {
      query = query.where((eb) =>
        eb.or([
          eb('received_at', '>', cursor.at),
          eb.and([eb('received_at', '=', cursor.at), eb('log_id', '>', cursor.id)]),
        ]),
      );
    }
    const rows = await query
      .where('received_at', '>=', from)
      .where('received_at', '<', to)
      .orderBy('received_at')
      .orderBy('log_id')
      .limit(pageSize)
      .execute();
    for (const row of rows) yield { ...row, log_id: Number(row.log_id) };
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: Number(last.received_at), id: Number(last.log_id) };
  }
}

const CSV_COLUMNS = [
  'log_id',
  'received_at',
  'user_platform',
  'function_code',
  'device_id',
  'sub_account_uid',
  'user_agent',
  'appendix',
] as const;

/** One CSV field (RFC 4180); a leading =, +, - or @ is prefixed with ' so spreadsheets show text. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvHeader = (): string => CSV_COLUMNS.join(',');
export const csvLine = (row: SasLogRecord): string =>
  CSV_COLUMNS.map((c) =>
    c === 'received_at' ? new Date(Number(row.received_at) * 1000).toISOString() : csvField(row[c]),
  ).join(',');
