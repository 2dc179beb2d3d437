import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * Settlement that checks the right it would give (issue 20 item 1; docs/adr/0021 addendum), owned
 * by the commerce module:
 *   - entitlement_lock: one row per account that every settlement and voucher grant of a title
 *     right locks first, so "does the buyer hold it already?" and the grant happen one at a time
 *     per account on PostgreSQL too (SQLite runs one writer at a time anyway);
 *   - purchase_order.refund_reason: why an order was refunded ('already_entitled' when an approved
 *     payment would have given a right the buyer held; 'operator' for an operator's refund);
 *   - payment_refund: a card refund the provider must be told of, written in the transaction
 *     that decides it and sent to the provider after commit (an outbox: a refund cannot be lost
 *     between our commit and the provider's answer; one per order).
 */
export function settlementRefunds({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('entitlement_lock')
        .addColumn('account_id', text, (c) => c.primaryKey())
        .addColumn('locked_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('purchase_order').addColumn('refund_reason', text).execute();
      await db.schema
        .createTable('payment_refund')
        .addColumn('order_id', text, (c) => c.primaryKey().references('purchase_order.order_id'))
        .addColumn('provider', text, (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('state', text, (c) => c.notNull())
        .addColumn('provider_refund_id', text)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', text)
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('done_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('payment_refund_pending')
        .on('payment_refund')
        .columns(['state', 'requested_at'])
        .execute();
    },
  };
}
