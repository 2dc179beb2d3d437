import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * Inbox messages that point at a title carry its SPEC §2 link string (issue 20 item 20;
 * docs/adr/0029), owned by the engagement module: inbox_message.link, 'video:{otherId}|{contentId}'
 * or null for a message that points at nothing. Existing messages keep null.
 */
export function inboxLink({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('inbox_message').addColumn('link', text).execute();
    },
  };
}
