import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The account centre's contact details (issue 23 item 1, docs/adr/0041): an e-mail and a mobile
 * number beside the login id, both optional. An e-mail belongs to one account at most (a unique
 * index; nulls do not collide on either database).
 */
export function accountContact(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('account').addColumn('email', ctx.text).execute();
      await db.schema.alterTable('account').addColumn('phone', ctx.text).execute();
      await db.schema
        .createIndex('account_email_unique')
        .on('account')
        .column('email')
        .unique()
        .execute();
    },
  };
}
