import { sql, type Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * Commerce (issue 11, ADR 0019): where an entitlement came from (so one source grants once),
 * monthly services and subscriptions, orders and payment callbacks, vouchers, and the wallet
 * ledger. Every table here is owned by the commerce module. Uniqueness does the double-use
 * prevention: a grant per source, a redemption per serial, a callback per provider event.
 */
export function commerce({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      // One source (an order or a voucher) grants one entitlement, however often it is replayed.
      await db.schema.alterTable('entitlement').addColumn('source', text).execute();
      await db.schema
        .createIndex('entitlement_one_per_source')
        .on('entitlement')
        .column('source')
        .unique()
        .execute();
      // The play-right check reads an account's rights on one title.
      await db.schema
        .createIndex('entitlement_by_title')
        .on('entitlement')
        .columns(['account_id', 'content_id'])
        .execute();

      await db.schema
        .createTable('monthly_service')
        .addColumn('service_id', text, (c) => c.primaryKey())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addColumn('period_days', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('service_title')
        .addColumn('service_id', text, (c) => c.notNull().references('monthly_service.service_id'))
        .addColumn('content_id', text, (c) => c.notNull().references('title.content_id'))
        .addPrimaryKeyConstraint('service_title_pk', ['service_id', 'content_id'])
        .execute();
      await db.schema
        .createIndex('service_title_by_title')
        .on('service_title')
        .columns(['content_id', 'service_id'])
        .execute();
      await db.schema
        .createTable('subscription')
        .addColumn('account_id', text, (c) => c.notNull().references('account.account_id'))
        .addColumn('service_id', text, (c) => c.notNull().references('monthly_service.service_id'))
        .addColumn('paid_until', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('subscription_pk', ['account_id', 'service_id'])
        .execute();
      // Each extension of a subscription, once per source (order or voucher).
      await db.schema
        .createTable('subscription_period')
        .addColumn('source', text, (c) => c.primaryKey())
        .addColumn('account_id', text, (c) => c.notNull())
        .addColumn('service_id', text, (c) => c.notNull())
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('purchase_order')
        .addColumn('order_id', text, (c) => c.primaryKey())
        .addColumn('account_id', text, (c) => c.notNull().references('account.account_id'))
        /** 'rent' | 'buy' | 'subscribe' */
        .addColumn('kind', text, (c) => c.notNull())
        .addColumn('content_id', text)
        .addColumn('service_id', text)
        .addColumn('amount', 'integer', (c) => c.notNull())
        /** 'card' (the payment provider) | 'wallet' (stored value) */
        .addColumn('pay_method', text, (c) => c.notNull())
        /** 'created' | 'paid' | 'failed' | 'cancelled' | 'refunded' */
        .addColumn('state', text, (c) => c.notNull())
        .addColumn('provider_ref', text)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('purchase_order_by_account')
        .on('purchase_order')
        .columns(['account_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('payment_callback')
        .addColumn('provider', text, (c) => c.notNull())
        .addColumn('event_id', text, (c) => c.notNull())
        .addColumn('order_id', text, (c) => c.notNull())
        .addColumn('outcome', text, (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_callback_pk', ['provider', 'event_id'])
        .execute();

      await db.schema
        .createTable('voucher')
        .addColumn('serial', text, (c) => c.primaryKey())
        /** 'title' | 'service' | 'stored_value' | 'viewing_credit' */
        .addColumn('kind', text, (c) => c.notNull())
        .addColumn('content_id', text)
        .addColumn('service_id', text)
        .addColumn('amount', 'integer')
        /** Days a viewing credit lasts after redemption. */
        .addColumn('credit_days', 'integer')
        .addColumn('valid_until', 'bigint', (c) => c.notNull())
        .addColumn('redeemed_by', text)
        .addColumn('redeemed_at', 'bigint')
        .execute();
      // Titles a 'title' voucher lets the holder choose from (ajaxChangeVoucherContent).
      await db.schema
        .createTable('voucher_choice')
        .addColumn('serial', text, (c) => c.notNull().references('voucher.serial'))
        .addColumn('content_id', text, (c) => c.notNull().references('title.content_id'))
        .addPrimaryKeyConstraint('voucher_choice_pk', ['serial', 'content_id'])
        .execute();

      // The wallet: every change a row; a purse's balance is the sum of its rows.
      await db.schema
        .createTable('wallet_entry')
        .addColumn('entry_id', text, (c) => c.primaryKey())
        .addColumn('account_id', text, (c) => c.notNull().references('account.account_id'))
        /** 'stored' (stored value) | 'credit' (viewing credit) */
        .addColumn('purse', text, (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        /** 'voucher' | 'order' | 'refund' | 'expiry' */
        .addColumn('reason', text, (c) => c.notNull())
        .addColumn('source', text, (c) => c.notNull())
        /** A credit grant's end; its unspent rest is written off by an 'expiry' row. */
        .addColumn('expires_at', 'bigint')
        /** For viewing-credit spending and expiry: the grant (entry_id) this row draws on. */
        .addColumn('lot_id', text)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      // One row per (source, reason, lot): a voucher credits once, an order debits a lot once.
      await db.schema
        .createIndex('wallet_entry_one_per_source')
        .on('wallet_entry')
        .columns(['source', 'reason', 'purse', 'lot_id'])
        .unique()
        .execute();
      await db.schema
        .createIndex('wallet_entry_by_account')
        .on('wallet_entry')
        .columns(['account_id', 'purse', 'created_at'])
        .execute();
      // The running balance per purse, kept equal to the sum of entries in the same transaction;
      // a conditional update on it is what refuses an overdraft under concurrency.
      await db.schema
        .createTable('wallet')
        .addColumn('account_id', text, (c) => c.notNull().references('account.account_id'))
        .addColumn('purse', text, (c) => c.notNull())
        .addColumn('balance', 'integer', (c) => c.notNull().check(sql`balance >= 0`))
        .addPrimaryKeyConstraint('wallet_pk', ['account_id', 'purse'])
        .execute();
    },
  };
}
