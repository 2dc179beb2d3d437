import type { CreateTableBuilder, Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

const BUCKETS = Array.from({ length: 32 }, (_, k) => `start_b${String(k).padStart(2, '0')}`);
const COUNTS = [
  'sessions',
  'starts',
  'watch_ms',
  'stall_ms',
  'stall_count',
  'bitrate_switches',
  'fatals',
  'errors',
  ...BUCKETS,
];

function withCounts<T extends string>(
  table: CreateTableBuilder<T, string>,
): CreateTableBuilder<T, string> {
  let built = table;
  for (const column of COUNTS) {
    built = built.addColumn(column, 'bigint', (c) =>
      c.notNull().defaultTo(0),
    ) as CreateTableBuilder<T, string>;
  }
  return built;
}

/**
 * Quality of experience (issue 26 item 6; docs/adr/0055), owned by the qoe module: aggregates
 * the players' beacons are added into, never the beacons themselves.
 *   - qoe_hourly: per hour × play type × content × device type, counts and a start-time
 *     histogram (32 log-spaced buckets). Every key leads with the period's start, so a period
 *     is a range of the primary key.
 *   - qoe_daily: the same per UTC day: title and channel reports read whole days here and only
 *     the hours at the period's edges from qoe_hourly.
 *   - qoe_hour_device: per hour × play type × device type: the device and hour reports.
 *   - qoe_recent: per minute, everything together; the alert's last 15 minutes (kept a day).
 *   - qoe_error_hourly: errors and fatal errors by SPEC §8 code.
 */
export function qoe({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      // The hourly and daily tables differ only in the period their rows count.
      for (const table of ['qoe_hourly', 'qoe_daily']) {
        await withCounts(
          db.schema
            .createTable(table)
            .addColumn('period_start', 'bigint', (c) => c.notNull())
            .addColumn('play_type', text, (c) => c.notNull())
            .addColumn('content_id', text, (c) => c.notNull())
            .addColumn('device_type', text, (c) => c.notNull()),
        )
          .addPrimaryKeyConstraint(`${table}_pk`, [
            'period_start',
            'play_type',
            'content_id',
            'device_type',
          ])
          .execute();
      }
      await withCounts(
        db.schema
          .createTable('qoe_hour_device')
          .addColumn('period_start', 'bigint', (c) => c.notNull())
          .addColumn('play_type', text, (c) => c.notNull())
          .addColumn('device_type', text, (c) => c.notNull()),
      )
        .addPrimaryKeyConstraint('qoe_hour_device_pk', ['period_start', 'play_type', 'device_type'])
        .execute();
      await withCounts(
        db.schema
          .createTable('qoe_recent')
          .addColumn('period_start', 'bigint', (c) => c.notNull().primaryKey()),
      ).execute();
      await db.schema
        .createTable('qoe_error_hourly')
        .addColumn('period_start', 'bigint', (c) => c.notNull())
        .addColumn('play_type', text, (c) => c.notNull())
        .addColumn('content_id', text, (c) => c.notNull())
        .addColumn('device_type', text, (c) => c.notNull())
        .addColumn('code', 'integer', (c) => c.notNull())
        .addColumn('errors', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('fatals', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('qoe_error_hourly_pk', [
          'period_start',
          'play_type',
          'content_id',
          'device_type',
          'code',
        ])
        .execute();
    },
  };
}
