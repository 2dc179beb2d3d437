import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * Start over and catch-up (issue 24; docs/adr/0043), owned by the live module:
 * - `channel.catchup_hours`: how far back a channel's programmes may be played from their start
 *   (0: not at all, the default, so no channel offers catch-up until someone decided it may);
 * - `programme.catchup_blackout`: 1 for a programme without catch-up rights (a sports event, say),
 *   set by the XMLTV import from `<category>no-catchup</category>`;
 * - `programme_position`: a viewer's resume point in a programme, named by its channel and start
 *   (the start of an aired programme never changes; its id may, with a re-import).
 */
export function catchup(ctx: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('channel')
        .addColumn('catchup_hours', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('programme')
        .addColumn('catchup_blackout', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('programme_position')
        .addColumn('sub_account_uid', ctx.text, (c) => c.notNull())
        .addColumn('account_id', ctx.text, (c) => c.notNull())
        .addColumn('channel_id', ctx.text, (c) => c.notNull())
        .addColumn('program_start', 'bigint', (c) => c.notNull())
        .addColumn('position_seconds', 'integer', (c) => c.notNull())
        .addColumn('client_seq', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('programme_position_pk', [
          'sub_account_uid',
          'channel_id',
          'program_start',
        ])
        .execute();
      await db.schema
        .createIndex('programme_position_recent')
        .on('programme_position')
        .columns(['sub_account_uid', 'updated_at'])
        .execute();
    },
  };
}
