import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Continue watching asks, per title, whether a newer position exists: an index on
 * (sub-account, title, time) makes that a probe instead of a scan of the sub-account's rows.
 */
export function listIndexes(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('watch_position_by_title')
        .on('watch_position')
        .columns(['sub_account_uid', 'title_id', 'updated_at', 'content_id'])
        .execute();
    },
  };
}
