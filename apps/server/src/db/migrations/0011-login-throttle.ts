import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Failure counters for guessed secrets (login passwords, the owner's password, the kid PIN,
 * partner codes) and the browsers a member has logged in from (docs/adr/0017). A throttle row is
 * changed only by one conditional upsert or delete, so every instance shares it. known_device has
 * no foreign key: a row naming an account that is gone matches no login and does no harm, and
 * the seed's reset need not know the table.
 */
export function loginThrottle({ text }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('auth_throttle')
        .addColumn('bucket', text, (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('next_allowed_at', 'bigint', (c) => c.notNull())
        .addColumn('locked', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('known_device')
        .addColumn('device_hash', text, (c) => c.primaryKey())
        .addColumn('account_id', text, (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('known_device_by_account')
        .on('known_device')
        .columns(['account_id', 'created_at'])
        .execute();
    },
  };
}
