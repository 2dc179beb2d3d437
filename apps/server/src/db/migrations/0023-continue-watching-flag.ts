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
export function continueWatchingFlag(ctx: MigrationContext) {
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
      await createHistoryCounts(db, ctx);
    },
  };
}

/**
 * How many records each sub-account's history holds, and how many of them are in continue
 * watching, per audience level: the counts call and every page of the two lists asked COUNT(*)
 * over a thousand index entries for a long history. Triggers on view_record keep the table, so
 * every statement that inserts, deletes or re-levels a record or changes its flag keeps it right
 * (the heartbeat batch, deletions, restampHistoryAudience), on both databases alike. A record's
 * ordinary heartbeat changes neither column, and the update trigger fires only when one changes.
 */
export async function createHistoryCounts(db: Kysely<unknown>, ctx: MigrationContext) {
  await db.schema
    .createTable('view_record_count')
    .addColumn('sub_account_uid', ctx.text, (c) => c.notNull())
    .addColumn('audience', 'integer', (c) => c.notNull())
    .addColumn('records', 'integer', (c) => c.notNull())
    .addColumn('watching', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('view_record_count_pk', ['sub_account_uid', 'audience'])
    .execute();
  await sql`INSERT INTO view_record_count (sub_account_uid, audience, records, watching)
    SELECT sub_account_uid, audience, COUNT(*), SUM(continue_watching)
    FROM view_record GROUP BY sub_account_uid, audience`.execute(db);
  const add = (row: 'new' | 'old', sign: '+' | '-') =>
    sql.raw(
      `INSERT INTO view_record_count AS c (sub_account_uid, audience, records, watching)
      VALUES (${row}.sub_account_uid, ${row}.audience, ${sign}1, ${sign}${row}.continue_watching)
      ON CONFLICT (sub_account_uid, audience) DO UPDATE SET
        records = c.records + excluded.records, watching = c.watching + excluded.watching`,
    );
  const changed = sql.raw(
    'old.audience <> new.audience OR old.continue_watching <> new.continue_watching',
  );
  if (ctx.dialect === 'postgres') {
    await sql`CREATE FUNCTION view_record_count_keep() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN ${add('old', '-')}; END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN ${add('new', '+')}; END IF;
        RETURN NULL;
      END $$`.execute(db);
    for (const [event, when] of [
      ['INSERT', sql``],
      ['DELETE', sql``],
      ['UPDATE OF audience, continue_watching', sql`WHEN (${changed})`],
    ] as const) {
      await sql`CREATE TRIGGER ${sql.raw(`view_record_count_${event.split(' ')[0]!.toLowerCase()}`)}
        AFTER ${sql.raw(event)} ON view_record FOR EACH ROW ${when}
        EXECUTE FUNCTION view_record_count_keep()`.execute(db);
    }
  } else {
    await sql`CREATE TRIGGER view_record_count_insert AFTER INSERT ON view_record
      BEGIN ${add('new', '+')}; END`.execute(db);
    await sql`CREATE TRIGGER view_record_count_delete AFTER DELETE ON view_record
      BEGIN ${add('old', '-')}; END`.execute(db);
    await sql`CREATE TRIGGER view_record_count_update
      AFTER UPDATE OF audience, continue_watching ON view_record WHEN ${changed}
      BEGIN ${add('old', '-')}; ${add('new', '+')}; END`.execute(db);
  }
}
