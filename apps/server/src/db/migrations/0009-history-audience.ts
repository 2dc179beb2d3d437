import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Play history keeps a copy of each title's audience level (modules/catalogue/audience.ts), so
 * counting and paging a long history reads one index instead of probing every title; the copy is
 * refreshed by every heartbeat and by restampHistoryAudience when a title's flags change.
 * A record whose title is unknown gets the narrowest level.
 */
export function historyAudience(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('view_record')
        .addColumn('audience', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // audienceOf() as it stood when this migration was written.
      await sql`UPDATE view_record SET audience = COALESCE((
        SELECT CASE WHEN is_sexual = 1 THEN 0 WHEN is_restricted = 1 THEN 1
                    WHEN kid_safe = 1 THEN 3 ELSE 2 END
        FROM title WHERE title.content_id = view_record.title_id), 0)`.execute(db);
      // The history page walks this index newest first, filtering on audience, and a count reads
      // it alone: neither touches the table.
      await db.schema.dropIndex('view_record_recent').execute();
      await db.schema
        .createIndex('view_record_recent')
        .on('view_record')
        .columns(['sub_account_uid', 'last_viewed_at', 'title_id', 'audience', 'last_content_id'])
        .execute();
      await db.schema
        .createIndex('view_record_by_title')
        .on('view_record')
        .columns(['title_id'])
        .execute();
    },
  };
}
