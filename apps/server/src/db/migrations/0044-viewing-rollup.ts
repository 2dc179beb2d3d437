import { sql, type Kysely, type Migration } from 'kysely';
import type { MigrationContext } from './context.js';

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
export function viewingRollup({ text, dialect }: MigrationContext): Migration {
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
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('report_audience_day').execute();
      await db.schema.dropTable('report_viewer_day').execute();
      await db.schema.dropTable('report_viewing_day').execute();
      // The watermark goes with the rollup (reports/viewing-rollup.ts names it 'viewing_day').
      await sql`delete from report_rollup where name = 'viewing_day'`.execute(db);
      await db.schema.dropIndex('viewing_play_by_kept').execute();
      if (dialect === 'postgres') {
        await db.schema.alterTable('viewing_play').dropColumn('kept_at').execute();
      } else {
        // SQLite's DROP COLUMN checks every trigger again, and fails on 0023's view_record_count
        // triggers ("no such column: c.records", their upsert alias): the table is made again.
        const columns = sql.raw(
          'stream_id, account_id, sub_account_uid, playing_kind, playing_id, started_at, seconds',
        );
        await sql`create table viewing_play_0042 as select ${columns} from viewing_play`.execute(
          db,
        );
        await db.schema.dropTable('viewing_play').execute();
        await db.schema
          .createTable('viewing_play')
          .addColumn('stream_id', text, (c) => c.primaryKey())
          .addColumn('account_id', text, (c) => c.notNull())
          .addColumn('sub_account_uid', text, (c) => c.notNull())
          .addColumn('playing_kind', text, (c) => c.notNull())
          .addColumn('playing_id', text, (c) => c.notNull())
          .addColumn('started_at', 'bigint', (c) => c.notNull())
          .addColumn('seconds', 'bigint', (c) => c.notNull())
          .execute();
        await sql`insert into viewing_play (${columns}) select ${columns} from viewing_play_0042`.execute(
          db,
        );
        await db.schema.dropTable('viewing_play_0042').execute();
      }
      await db.schema
        .createIndex('viewing_play_by_start')
        .on('viewing_play')
        .columns(['started_at', 'playing_kind', 'playing_id'])
        .execute();
    },
  };
}
