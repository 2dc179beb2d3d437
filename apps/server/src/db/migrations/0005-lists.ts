import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The personal video area, keyed on the sub-account: to-view list, favorites, watch positions
 * (continue watching), play history; and the entitlements the rental list shows.
 */
export function lists({ text }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ['to_view_item', 'favorite_item']) {
        await db.schema
          .createTable(table)
          .addColumn('sub_account_uid', text, (c) => c.notNull())
          .addColumn('content_id', text, (c) => c.notNull().references('title.content_id'))
          .addColumn('added_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint(`${table}_pk`, ['sub_account_uid', 'content_id'])
          .execute();
        await db.schema
          .createIndex(`${table}_recent`)
          .on(table)
          .columns(['sub_account_uid', 'added_at', 'content_id'])
          .execute();
      }

      // One row per sub-account and playable title (movie or episode). client_seq orders the
      // heartbeats: a write with an older sequence never moves the position back.
      await db.schema
        .createTable('watch_position')
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        .addColumn('content_id', text, (c) => c.notNull())
        .addColumn('title_id', text, (c) => c.notNull())
        .addColumn('position_seconds', 'integer', (c) => c.notNull())
        .addColumn('duration_seconds', 'integer', (c) => c.notNull())
        .addColumn('client_seq', 'bigint', (c) => c.notNull())
        .addColumn('finished', 'integer', (c) => c.notNull())
        .addColumn('hidden', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('watch_position_pk', ['sub_account_uid', 'content_id'])
        .execute();
      await db.schema
        .createIndex('watch_position_recent')
        .on('watch_position')
        .columns(['sub_account_uid', 'updated_at'])
        .execute();

      // Play history: one record per title (a series keeps one record for all its episodes).
      await db.schema
        .createTable('view_record')
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        .addColumn('title_id', text, (c) => c.notNull())
        .addColumn('last_content_id', text, (c) => c.notNull())
        .addColumn('last_viewed_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('view_record_pk', ['sub_account_uid', 'title_id'])
        .execute();
      await db.schema
        .createIndex('view_record_recent')
        .on('view_record')
        .columns(['sub_account_uid', 'last_viewed_at', 'title_id'])
        .execute();

      await db.schema
        .createTable('entitlement')
        .addColumn('entitlement_id', text, (c) => c.primaryKey())
        .addColumn('account_id', text, (c) => c.notNull().references('account.account_id'))
        .addColumn('content_id', text, (c) => c.notNull().references('title.content_id'))
        .addColumn('kind', text, (c) => c.notNull())
        .addColumn('granted_at', 'bigint', (c) => c.notNull())
        .addColumn('start_by', 'bigint')
        .addColumn('watch_hours', 'integer')
        .addColumn('first_played_at', 'bigint')
        .addColumn('expires_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('entitlement_by_account')
        .on('entitlement')
        .columns(['account_id', 'granted_at'])
        .execute();
    },
  };
}
