import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/** Members, their sub-accounts, server-side sessions, rate-limit buckets and partner bindings. */
export function accounts({ text }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('account')
        .addColumn('account_id', text, (c) => c.primaryKey())
        .addColumn('login_id', text, (c) => c.notNull().unique())
        .addColumn('password_hash', text, (c) => c.notNull())
        .addColumn('kid_pin_hash', text)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
        .execute();

      // slot 1–5 with a unique (account, slot) pair: the five-per-account limit holds under
      // concurrent creates on both databases without locking (a second insert of a slot fails).
      await db.schema
        .createTable('sub_account')
        .addColumn('sub_account_uid', text, (c) => c.primaryKey())
        .addColumn('account_id', text, (c) => c.notNull().references('account.account_id'))
        .addColumn('slot', 'integer', (c) => c.notNull().check(sqlRange('slot', 1, 5)))
        .addColumn('nickname', text, (c) => c.notNull())
        .addColumn('kidmode', text, (c) => c.notNull())
        .addColumn('icon_idx', 'integer', (c) => c.notNull())
        .addColumn('is_primary', 'integer', (c) => c.notNull())
        .addColumn('filter_restrict', text, (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('sub_account_slot', ['account_id', 'slot'])
        .execute();

      await db.schema
        .createTable('session')
        .addColumn('session_hash', text, (c) => c.primaryKey())
        .addColumn('kind', text, (c) => c.notNull())
        .addColumn('account_id', text, (c) => c.notNull().references('account.account_id'))
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('device_type', text, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('session_by_account')
        .on('session')
        .column('account_id')
        .execute();

      await db.schema
        .createTable('rate_limit')
        .addColumn('bucket', text, (c) => c.primaryKey())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('partner_binding')
        .addColumn('partner', text, (c) => c.notNull())
        .addColumn('partner_account_id', text, (c) => c.notNull())
        .addColumn('account_id', text, (c) => c.notNull().references('account.account_id'))
        .addColumn('reserve_type', text, (c) => c.notNull())
        .addColumn('bound_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('partner_binding_pk', ['partner', 'partner_account_id'])
        .addUniqueConstraint('partner_binding_one_per_account', ['account_id', 'partner'])
        .execute();
    },
  };
}

/** A check constraint over constants of this file (never input). */
function sqlRange(column: string, low: number, high: number) {
  return sql.raw(`${column} between ${low} and ${high}`);
}
