import type { Kysely } from 'kysely';
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

/** The rows a batch of entries adds to: each aggregate row once, so one upsert each table. */
export function aggregate(entries: readonly QoeEntry[]) {
  const hourly = new Map<
    string,
    QoeCounts & { period_start: number; play_type: string; content_id: string; device_type: string }
  >();
  const recent = new Map<number, QoeCounts & { period_start: number }>();
  const errors = new Map<
    string,
    {
      period_start: number;
      play_type: string;
      content_id: string;
      device_type: string;
      code: number;
      errors: number;
      fatals: number;
    }
  >();
  for (const entry of entries) {
    const { report, deviceType } = entry;
    const hour = entry.at - (entry.at % 3600);
    const minute = entry.at - (entry.at % 60);
    const key = `${hour}\n${report.playType}\n${report.contentID}\n${deviceType}`;
    let row = hourly.get(key);
    if (!row) {
      row = {
        period_start: hour,
        play_type: report.playType,
        content_id: report.contentID,
        device_type: deviceType,
        ...emptyCounts(),
      };
      hourly.set(key, row);
    }
    add(row, entry);
    let total = recent.get(minute);
    if (!total) recent.set(minute, (total = { period_start: minute, ...emptyCounts() }));
    add(total, entry);
    const codes: [number, 'errors' | 'fatals'][] = report.errorCodes.map((c) => [c, 'errors']);
    if (report.fatalCode !== null) codes.push([report.fatalCode, 'fatals']);
    for (const [code, kind] of codes) {
      const errorKey = `${key}\n${code}`;
      let counted = errors.get(errorKey);
      if (!counted) {
        counted = {
          period_start: hour,
          play_type: report.playType,
          content_id: report.contentID,
          device_type: deviceType,
          code,
          errors: 0,
          fatals: 0,
        };
        errors.set(errorKey, counted);
      }
      counted[kind] += 1;
    }
  }
  return {
    hourly: [...hourly.values()],
    recent: [...recent.values()],
    errors: [...errors.values()],
  };
}

/**
 * Adds a batch of reports to the aggregates in one transaction: an upsert per table that adds
 * to the counts already there, so instances writing the same hour never lose each other's.
 */
export async function addReports(
  db: Kysely<Database>,
  entries: readonly QoeEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const { hourly, recent, errors } = aggregate(entries);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('qoe_hourly')
      .values(hourly)
      .onConflict((oc) =>
        oc
          .columns(['period_start', 'play_type', 'content_id', 'device_type'])
          .doUpdateSet((eb) =>
            Object.fromEntries(
              COUNT_COLUMNS.map((c) => [c, eb(`qoe_hourly.${c}`, '+', eb.ref(`excluded.${c}`))]),
            ),
          ),
      )
      .execute();
    await trx
      .insertInto('qoe_recent')
      .values(recent)
      .onConflict((oc) =>
        oc
          .column('period_start')
          .doUpdateSet((eb) =>
            Object.fromEntries(
              COUNT_COLUMNS.map((c) => [c, eb(`qoe_recent.${c}`, '+', eb.ref(`excluded.${c}`))]),
            ),
          ),
      )
      .execute();
    if (errors.length > 0) {
      await trx
        .insertInto('qoe_error_hourly')
        .values(errors)
        .onConflict((oc) =>
          oc
            .columns(['period_start', 'play_type', 'content_id', 'device_type', 'code'])
            .doUpdateSet((eb) => ({
              errors: eb('qoe_error_hourly.errors', '+', eb.ref('excluded.errors')),
              fatals: eb('qoe_error_hourly.fatals', '+', eb.ref('excluded.fatals')),
            })),
        )
        .execute();
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
