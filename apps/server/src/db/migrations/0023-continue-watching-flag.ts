import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Continue watching is the history's records whose last watched movie or episode is neither
 * finished nor removed. Counting it probed watch_position once per record (a thousand probes for
 * a long history, on every counts call). The record now keeps that answer itself,
 * `continue_watching` (1 or 0), written by every statement that changes a position or a record
 * (modules/lists/heartbeat-writer.ts, positions.ts), and a partial index holds only the records
 * where it is 1, so continue watching counts and pages from that index alone, as the history does
 * from view_record_recent. The literal `continue_watching = 1` in the queries is what lets both
 * planners use the partial index.
 */
export function continueWatchingFlag(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('view_record')
        .addColumn('continue_watching', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`UPDATE view_record SET continue_watching = 1 WHERE EXISTS (
        SELECT 1 FROM watch_position w
        WHERE w.sub_account_uid = view_record.sub_account_uid
          AND w.content_id = view_record.last_content_id
          AND w.finished = 0 AND w.hidden = 0)`.execute(db);
      await db.schema
        .createIndex('view_record_continue_watching')
        .on('view_record')
        .columns(['sub_account_uid', 'last_viewed_at', 'title_id', 'audience', 'last_content_id'])
        .where(sql.ref('continue_watching'), '=', sql.lit(1))
        .execute();
    },
  };
}
