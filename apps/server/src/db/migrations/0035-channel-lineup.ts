import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * The channel line-up in the console (issue 25 items 1 and 4; docs/adr/0047), owned by live:
 *   - channel.sponsor_logo_shown: the sponsor logo on (1) or off (0), kept when switched off.
 *   - channel.version: bumped by every console edit; an edit names the version it was made on.
 *   - channel_ad_plan: an AVOD channel's ad breaks (opening break, interval, planned length),
 *     one row per change, each from `effective_from` (Unix seconds) on. A programme is given the
 *     plan in effect when it starts, so a change never rewrites what has aired. No row: the
 *     defaults the origin always used (an opening break, every 15 minutes, 30 s).
 *   - live_setting: the default channel and the stream-host rules set in the console (no row:
 *     LIVE_DEFAULT_CHANNEL_ID and LIVE_STREAM_HOST_RULES of the environment).
 */
export function channelLineup({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('channel')
        .addColumn('sponsor_logo_shown', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('channel')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('channel_ad_plan')
        .addColumn('channel_id', text, (c) => c.notNull())
        .addColumn('effective_from', 'bigint', (c) => c.notNull())
        .addColumn('opening_break', 'integer', (c) => c.notNull())
        .addColumn('interval_minutes', 'integer')
        .addColumn('break_seconds', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('channel_ad_plan_pk', ['channel_id', 'effective_from'])
        .execute();
      await db.schema
        .createTable('live_setting')
        .addColumn('name', text, (c) => c.primaryKey())
        .addColumn('value', text, (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
