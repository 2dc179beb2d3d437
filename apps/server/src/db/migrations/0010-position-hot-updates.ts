import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Every heartbeat rewrites its watch_position row. While updated_at sat in two indexes, each
 * rewrite added an entry to all three of the table's indexes; now that continue watching reads
 * positions through the history (view_record) and its key, no index holds a column a heartbeat
 * changes, so PostgreSQL rewrites the row beside the old one on its page (a HOT update) and
 * touches no index. Pages keep 30 % free for those new versions. The one lookup besides the key,
 * a sub-account's positions under a title (resumePoint, removals), needs no time in its index.
 */
export function positionHotUpdates(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('watch_position_recent').execute();
      await db.schema.dropIndex('watch_position_by_title').execute();
      await db.schema
        .createIndex('watch_position_by_title')
        .on('watch_position')
        .columns(['sub_account_uid', 'title_id'])
        .execute();
      if (ctx.dialect === 'postgres') {
        await sql`alter table watch_position set (fillfactor = 70)`.execute(db);
      }
    },
  };
}
