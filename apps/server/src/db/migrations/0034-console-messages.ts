import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * Inbox messages and announcements from the console (issue 25 item 8; docs/adr/0046), owned by
 * the engagement module. A message is stored once with its audience rule and read per member:
 *   - inbox_message.audience: null or 'all' (everyone, as before), 'service' (a monthly service
 *     paid past sent_at), 'rentalEnding' (a rental ending within audience_days of sent_at); a
 *     message with account_id is for that member alone, whatever the audience.
 *   - sent_at may lie ahead: a scheduled message, shown from then on.
 *   - created_by / created_at: the staff member who sent it (null: seeded or imported).
 *   - inbox_status_by_message: the read and deleted counts per message.
 *   - announcement.version, created_by, updated_at: edits on the version seen.
 */
export function consoleMessages({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('inbox_message').addColumn('audience', text).execute();
      await db.schema.alterTable('inbox_message').addColumn('audience_days', 'integer').execute();
      await db.schema.alterTable('inbox_message').addColumn('created_by', text).execute();
      await db.schema.alterTable('inbox_message').addColumn('created_at', 'bigint').execute();
      await db.schema
        .createIndex('inbox_message_by_time')
        .on('inbox_message')
        .columns(['sent_at', 'msg_id'])
        .execute();
      await db.schema
        .createIndex('inbox_status_by_message')
        .on('inbox_status')
        .columns(['msg_id', 'status'])
        .execute();
      await db.schema
        .alterTable('announcement')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('announcement').addColumn('created_by', text).execute();
      await db.schema.alterTable('announcement').addColumn('updated_at', 'bigint').execute();
      await db.schema
        .createIndex('announcement_seen_by_announcement')
        .on('announcement_seen')
        .column('announce_id')
        .execute();
    },
  };
}
