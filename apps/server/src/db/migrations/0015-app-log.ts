import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * The app log (issue 12; docs/adr/0024-player.md), owned by the telemetry module: one row per
 * entry a page posts to /sas/InsertAppLog, only ever inserted (the module has no update or delete).
 * The index serves reading it by time and removing old rows in a later retention job.
 */
export function appLog({ text, autoId }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_log')
        .addColumn('log_id', 'integer', autoId)
        .addColumn('log_type', text, (c) => c.notNull())
        .addColumn('content_id', text, (c) => c.notNull())
        .addColumn('play_type', text, (c) => c.notNull())
        .addColumn('player_error_code', 'integer', (c) => c.notNull())
        .addColumn('video_position_ms', 'bigint', (c) => c.notNull())
        .addColumn('error_message', text, (c) => c.notNull())
        .addColumn('sub_account_uid', text)
        .addColumn('user_agent', text, (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('app_log_by_time')
        .on('app_log')
        .columns(['received_at', 'log_id'])
        .execute();
    },
  };
}
