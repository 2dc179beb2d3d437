import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Voucher batches (issue 25 item 5, commerce, docs/adr/0045): a batch made in the console, the
 * titles a 'title_choice' batch offers (once per batch, not per serial), and on each voucher the
 * batch that made it and when it was voided. Older serials have no batch.
 */
export function voucherBatches(ctx: MigrationContext) {
  const { text } = ctx;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('voucher_batch')
        .addColumn('batch_id', text, (c) => c.primaryKey())
        .addColumn('name', text, (c) => c.notNull())
        /** 'title' | 'title_choice' | 'service' | 'stored_value' | 'viewing_credit' */
        .addColumn('kind', text, (c) => c.notNull())
        .addColumn('content_id', text)
        .addColumn('service_id', text)
        .addColumn('amount', 'integer')
        .addColumn('credit_days', 'integer')
        .addColumn('valid_until', 'bigint', (c) => c.notNull())
        /** The channel of sale (the contract's fixed list). */
        .addColumn('channel', text, (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', text, (c) => c.notNull())
        /** How often its serials were exported (the first one is the export; later ones are re-exports). */
        .addColumn('export_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_exported_at', 'bigint')
        .addColumn('voided_at', 'bigint')
        .addCheckConstraint('voucher_batch_quantity', sql`quantity between 1 and 100000`)
        .execute();
      await db.schema
        .createIndex('voucher_batch_by_time')
        .on('voucher_batch')
        .columns(['created_at', 'batch_id'])
        .execute();
      await db.schema
        .createTable('voucher_batch_choice')
        .addColumn('batch_id', text, (c) => c.notNull().references('voucher_batch.batch_id'))
        .addColumn('content_id', text, (c) => c.notNull().references('title.content_id'))
        .addPrimaryKeyConstraint('voucher_batch_choice_pk', ['batch_id', 'content_id'])
        .execute();
      // No foreign key: on PostgreSQL its check is a trigger per row, a second or more of a
      // 100,000-serial batch; the batch row is written in the same transaction as its serials
      // and batches are never deleted (ADR 0045).
      await db.schema.alterTable('voucher').addColumn('batch_id', text).execute();
      await db.schema.alterTable('voucher').addColumn('voided_at', 'bigint').execute();
      // A batch's figures are counted from this index alone.
      await db.schema
        .createIndex('voucher_by_batch')
        .on('voucher')
        .columns(['batch_id', 'redeemed_at', 'voided_at'])
        .where(sql.ref('batch_id'), 'is not', null)
        .execute();
    },
  };
}
