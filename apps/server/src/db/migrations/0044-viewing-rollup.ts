import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * The viewing report's rollup (issue 26 item 5, docs/adr/0054 "Speed"), owned by the reports
 * module.
 *   - viewing_play.kept_at: when the devices module kept the play (a day after its lease ended,
 *     so long after started_at). The rollup's watermark is on it: a play kept late, with an old
 *     started_at, is still added once. Plays kept before this migration get 0 ("kept before the
 *     rollup existed") and are added by the first report read. PostgreSQL then drops the default,
 *     so a writer that forgets the column fails; SQLite cannot drop a default, the code always
 *     writes it (devices/viewing-plays.ts).
 *   - The report no longer reads viewing_play by started_at (only the plays kept since the
 *     watermark, by kept_at), so viewing_play_by_start goes.
 *   - report_viewing_day: plays and seconds per Taipei day (its midnight, Unix seconds), kind
 *     and what the play counts for (the channel, the title, or an episode's series).
 *   - report_viewer_day, report_audience_day: who watched on which day (anything; that title or
 *     channel), each row with the viewer's previous such day, so distinct viewers over any
 *     period are a count of the rows whose previous day is before the period: exact, no hashing.
 */
export function viewingRollup({ text, dialect }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('viewing_play')
        .addColumn('kept_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'postgres') {
        await db.schema
          .alterTable('viewing_play')
          .alterColumn('kept_at', (c) => c.dropDefault())
          .execute();
      }
      await db.schema.dropIndex('viewing_play_by_start').execute();
      await db.schema
        .createIndex('viewing_play_by_kept')
        .on('viewing_play')
        .column('kept_at')
        .execute();
      await db.schema
        .createTable('report_viewing_day')
        .addColumn('day_start', 'bigint', (c) => c.notNull())
        .addColumn('playing_kind', text, (c) => c.notNull())
        .addColumn('counted_id', text, (c) => c.notNull())
        .addColumn('plays', 'bigint', (c) => c.notNull())
        .addColumn('seconds', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_viewing_day_pk', [
          'day_start',
          'playing_kind',
          'counted_id',
        ])
        .execute();
      await db.schema
        .createTable('report_viewer_day')
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        .addColumn('day_start', 'bigint', (c) => c.notNull())
        .addColumn('prev_day', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_viewer_day_pk', ['sub_account_uid', 'day_start'])
        .execute();
      await db.schema
        .createIndex('report_viewer_day_by_day')
        .on('report_viewer_day')
        .columns(['day_start', 'prev_day'])
        .execute();
      await db.schema
        .createTable('report_audience_day')
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        .addColumn('playing_kind', text, (c) => c.notNull())
        .addColumn('counted_id', text, (c) => c.notNull())
        .addColumn('day_start', 'bigint', (c) => c.notNull())
        .addColumn('prev_day', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_audience_day_pk', [
          'sub_account_uid',
          'playing_kind',
          'counted_id',
          'day_start',
        ])
        .execute();
      await db.schema
        .createIndex('report_audience_day_by_day')
        .on('report_audience_day')
        .columns(['day_start', 'prev_day', 'playing_kind', 'counted_id'])
        .execute();
    },
  };
}
