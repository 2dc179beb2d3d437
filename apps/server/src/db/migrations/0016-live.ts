import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/** "Not yet on air, no date set": what a stored status '0' becomes (9999-12-31T23:59:59Z). */
const NOT_SCHEDULED = 253_402_300_799;

/**
 * Live TV (issue 13; docs/adr/0025), owned by the live module. A channel's status is no longer
 * stored: it follows its air window (`air_start_at`, `air_end_at`) and the clock, so it is never
 * stale. The channel gains what switch-channel answers (bitrate cap, content ids, Twitch source,
 * subscription service, sponsor logo), the assets its origin plays out, and a schedule revision
 * that every XMLTV import bumps, so each server instance notices a new schedule. Its wordings
 * (SPEC §3 uiWordingList) and the viewers' live bookmarks get tables of their own.
 */
export function live({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      // SQLite adds one column per statement.
      const columns: [string, string, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder][] = [
        ['air_start_at', 'bigint', (c) => c],
        ['air_end_at', 'bigint', (c) => c],
        ['max_bitrate', 'integer', (c) => c.notNull().defaultTo(8_000_000)],
        ['content_id', 'text', (c) => c.notNull().defaultTo('')],
        ['twitch_login', 'text', (c) => c],
        ['service_id', 'text', (c) => c],
        ['sponsor_logo_path', 'text', (c) => c],
        ['sponsor_logo_position', 'text', (c) => c.notNull().defaultTo('UR')],
        ['playout_clip_ids', 'text', (c) => c.notNull().defaultTo('')],
        ['schedule_rev', 'integer', (c) => c.notNull().defaultTo(0)],
      ];
      for (const [name, type, build] of columns) {
        await db.schema
          .alterTable('channel')
          .addColumn(name, type === 'text' ? text : (type as 'bigint' | 'integer'), build)
          .execute();
      }

      // The stored statuses become windows: '0' not yet scheduled, '9' ended long ago.
      await sql`update channel set air_start_at = ${NOT_SCHEDULED} where status = '0'`.execute(db);
      await sql`update channel set air_end_at = 0 where status = '9'`.execute(db);
      await sql`update channel set content_id = 'LIVE-' || channel_id`.execute(db);
      await db.schema.alterTable('channel').dropColumn('status').execute();

      await db.schema
        .createTable('channel_wording')
        .addColumn('channel_id', text, (c) => c.notNull().references('channel.channel_id'))
        /** One of SPEC §3's uiWordingList ids. */
        .addColumn('wording_id', text, (c) => c.notNull())
        .addColumn('wording', text, (c) => c.notNull())
        .addPrimaryKeyConstraint('channel_wording_pk', ['channel_id', 'wording_id'])
        .execute();

      // A signed-in viewer's watching of one channel (visitors get a signed id and no row).
      await db.schema
        .createTable('live_bookmark')
        .addColumn('bookmark_id', text, (c) => c.primaryKey())
        .addColumn('channel_id', text, (c) => c.notNull().references('channel.channel_id'))
        .addColumn('account_id', text, (c) => c.notNull())
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        /** Seconds between inserts, each capped at two bookmark intervals. */
        .addColumn('seconds_watched', 'integer', (c) => c.notNull().defaultTo(0))
        /** 'first' | 'interval' | 'pause' | 'error' */
        .addColumn('last_reason', text, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('live_bookmark_by_account')
        .on('live_bookmark')
        .columns(['account_id', 'channel_id'])
        .execute();
    },
  };
}
