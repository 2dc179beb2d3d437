import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Sign-up confirmations (issue 23, docs/adr/0044): a sign-up waits here until the link (e-mail)
 * or the 6-digit code (SMS) is used. Stored by the secret's hash with the password already
 * hashed; single-use (`used_at`), valid until `expires_at`, a code allows `attempts` wrong tries.
 * A newer request for the login id deletes the older ones.
 */
export function signUpConfirmation(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sign_up_confirmation')
        .addColumn('confirmation_id', ctx.text, (c) => c.primaryKey())
        .addColumn('login_id', ctx.text, (c) => c.notNull())
        .addColumn('secret_hash', ctx.text, (c) => c.notNull().unique())
        .addColumn('password_hash', ctx.text, (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('sign_up_confirmation_login')
        .on('sign_up_confirmation')
        .column('login_id')
        .execute();
    },
  };
}
