import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Password-reset links (issue 23): stored by the token's hash, single-use (`used_at`), valid until
 * `expires_at`; a newer link for the account replaces the older ones (they are deleted).
 */
export function passwordReset(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('password_reset')
        .addColumn('token_hash', ctx.text, (c) => c.primaryKey())
        .addColumn('account_id', ctx.text, (c) =>
          c.notNull().references('account.account_id').onDelete('cascade'),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('password_reset_account')
        .on('password_reset')
        .column('account_id')
        .execute();
    },
  };
}
