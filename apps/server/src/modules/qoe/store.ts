import { CompiledQuery, type Kysely } from 'kysely';
import { dialectOf } from '../../db/connect.js';
import type { QoeReportData } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { START_BUCKET_COLUMNS, type QoeCounts } from '../../db/schema-qoe.js';
import { startBucketOf } from './histogram.js';

/** One report as received: the page's figures, the server's clock and device type. */
export interface QoeEntry {
  report: QoeReportData;
  deviceType: string;
  /** Unix seconds. */
  at: number;
}

/** The alert's minutes are kept this long; older ones are removed as new minutes are written. */
export const RECENT_KEEP_SECONDS = 86_400;

const COUNT_COLUMNS = [
  'sessions',
  'starts',
  'watch_ms',
  'stall_ms',
  'stall_count',
  'bitrate_switches',
  'fatals',
  'errors',
  ...START_BUCKET_COLUMNS,
] as const satisfies readonly (keyof QoeCounts)[];

const emptyCounts = (): QoeCounts =>
  Object.fromEntries(COUNT_COLUMNS.map((c) => [c, 0])) as QoeCounts;

function add(counts: QoeCounts, { report }: QoeEntry): void {
  if (report.started) counts.sessions += 1;
  if (report.startMs !== null) {
    counts.starts += 1;
    counts[START_BUCKET_COLUMNS[startBucketOf(report.startMs)]!] += 1;
  }
  counts.watch_ms += report.watchMs;
  counts.stall_ms += report.stallMs;
  counts.stall_count += report.stallCount;
  counts.bitrate_switches += report.bitrateSwitches;
  if (report.fatalCode !== null) counts.fatals += 1;
  counts.errors += report.errorCodes.length;
}

type Rollup = 'qoe_hourly' | 'qoe_daily' | 'qoe_hour_device' | 'qoe_recent';
type KeyColumn = 'play_type' | 'content_id' | 'device_type';

/**
 * The aggregates each report is added to (docs/adr/0055): the period they count by, and the
 * key columns besides the period's start.
 */
const ROLLUPS: readonly { table: Rollup; seconds: number; keys: readonly KeyColumn[] }[] = [
  { table: 'qoe_hourly', seconds: 3600, keys: ['play_type', 'content_id', 'device_type'] },
  { table: 'qoe_daily', seconds: 86_400, keys: ['play_type', 'content_id', 'device_type'] },
  { table: 'qoe_hour_device', seconds: 3600, keys: ['play_type', 'device_type'] },
  { table: 'qoe_recent', seconds: 60, keys: [] },
];

type AggregateRow = QoeCounts & { period_start: number } & Partial<Record<KeyColumn, string>>;
interface ErrorRow {
  period_start: number;
  play_type: string;
  content_id: string;
  device_type: string;
  code: number;
  errors: number;
  fatals: number;
}

/** The rows a batch of entries adds to: each aggregate row once, so one upsert per table. */
export function aggregate(entries: readonly QoeEntry[]) {
  const tables = new Map(ROLLUPS.map((r) => [r.table, new Map<string, AggregateRow>()]));
  const errors = new Map<string, ErrorRow>();
  for (const entry of entries) {
    const { report, deviceType } = entry;
    const keyValues: Record<KeyColumn, string> = {
      play_type: report.playType,
      content_id: report.contentID,
      device_type: deviceType,
    };
    for (const { table, seconds, keys } of ROLLUPS) {
      const start = entry.at - (entry.at % seconds);
      const key = [start, ...keys.map((k) => keyValues[k])].join('\n');
      const rows = tables.get(table)!;
      let row = rows.get(key);
      if (!row) {
        row = { period_start: start, ...emptyCounts() };
        for (const k of keys) row[k] = keyValues[k];
        rows.set(key, row);
      }
      add(row, entry);
    }
    const hour = entry.at - (entry.at % 3600);
    const codes: [number, 'errors' | 'fatals'][] = report.errorCodes.map((c) => [c, 'errors']);
    if (report.fatalCode !== null) codes.push([report.fatalCode, 'fatals']);
    for (const [code, kind] of codes) {
      const errorKey = [hour, report.playType, report.contentID, deviceType, code].join('\n');
      let counted = errors.get(errorKey);
      if (!counted) {
        counted = { period_start: hour, ...keyValues, code, errors: 0, fatals: 0 };
        errors.set(errorKey, counted);
      }
      counted[kind] += 1;
    }
  }
  return {
    rollups: ROLLUPS.map((r) => ({ ...r, rows: [...tables.get(r.table)!.values()] })),
    errors: [...errors.values()],
  };
}

/** A table a batch adds to: the key it is unique on, then the counts added to it. */
interface Upsert {
  table: Rollup | 'qoe_error_hourly';
  keys: readonly string[];
  counts: readonly string[];
}

const UPSERTS: readonly Upsert[] = [
  ...ROLLUPS.map(({ table, keys }) => ({
    table,
    keys: ['period_start', ...keys],
    counts: COUNT_COLUMNS,
  })),
  {
    table: 'qoe_error_hourly',
    keys: ['period_start', 'play_type', 'content_id', 'device_type', 'code'],
    counts: ['errors', 'fatals'],
  },
];

/** Key columns holding text; the rest are whole numbers. */
const TEXT_COLUMNS = new Set(['play_type', 'content_id', 'device_type']);

/**
 * `INSERT … SELECT` of one table's rows from a JSON array of arrays (one parameter, the columns
 * in `keys, counts` order) that adds to the counts already there. Its text is the same for every
 * batch, so SQLite prepares it once (the statement cache) and PostgreSQL plans it once per
 * connection, where a VALUES list would be a new statement of hundreds of parameters each batch.
 */
function upsertStatement({ table, keys, counts }: Upsert, postgres: boolean, param: string) {
  const columns = [...keys, ...counts];
  const values = columns.map((c, i) =>
    postgres ? (TEXT_COLUMNS.has(c) ? `v->>${i}` : `(v->>${i})::bigint`) : `value->>${i}`,
  );
  const from = postgres
    ? `jsonb_array_elements(${param}::jsonb) as r(v)`
    : `json_each(${param}) where true`;
  const added = counts.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');
  return (
    `insert into ${table} (${columns.join(', ')}) select ${values.join(', ')} from ${from} ` +
    `on conflict (${keys.join(', ')}) do update set ${added}`
  );
}

/** PostgreSQL: every table in one statement (writable CTEs), so a batch is one round trip. */
const POSTGRES_BATCH =
  '/* prepared: qoe_batch */ with ' +
  UPSERTS.slice(0, -1)
    .map((u, i) => `added_${i} as (${upsertStatement(u, true, `$${i + 1}`)})`)
    .join(', ') +
  ' ' +
  upsertStatement(UPSERTS[UPSERTS.length - 1]!, true, `$${UPSERTS.length}`);
const SQLITE_STATEMENTS = UPSERTS.map((u) => upsertStatement(u, false, '?'));

/**
 * Each table's rows as the JSON its statement reads, in key order: batches written at once by
 * several instances then lock the rows they share in the same order and never wait in a cycle.
 */
function rowsJson(upsert: Upsert, rows: readonly Record<string, unknown>[]): string {
  const columns = [...upsert.keys, ...upsert.counts];
  const keyed = rows.map((row) => ({
    key: upsert.keys.map((c) => row[c]).join('\n'),
    values: columns.map((c) => row[c]),
  }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return JSON.stringify(keyed.map((r) => r.values));
}

/**
 * Adds a batch of reports to the aggregates atomically: per table, an upsert that adds to the
 * counts already there, so instances writing the same hour never lose each other's. PostgreSQL
 * runs them as one statement; SQLite, where a statement costs no round trip, as one transaction.
 */
export async function addReports(
  db: Kysely<Database>,
  entries: readonly QoeEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const { rollups, errors } = aggregate(entries);
  const params = [...rollups.map((r) => r.rows), errors].map((rows, i) =>
    rowsJson(UPSERTS[i]!, rows as unknown as Record<string, unknown>[]),
  );
  if (dialectOf(db) === 'postgres') {
    await db.executeQuery(CompiledQuery.raw(POSTGRES_BATCH, params));
    return;
  }
  await db.transaction().execute(async (trx) => {
    for (const [i, text] of SQLITE_STATEMENTS.entries()) {
      if (params[i] !== '[]') await trx.executeQuery(CompiledQuery.raw(text, [params[i]]));
    }
  });
}

/** Removes the alert's minutes older than a day (called when a new minute is first written). */
export async function pruneRecent(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .deleteFrom('qoe_recent')
    .where('period_start', '<', now - RECENT_KEEP_SECONDS)
    .execute();
}
