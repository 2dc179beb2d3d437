import { type Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * Reports (issue 26 items 4 and 5, docs/adr/0054), owned by the reports module.
 *   - viewing_play: a stream lease kept after the devices module deletes it (a day after it
 *     ended), so plays and minutes watched outlive the lease. Written in the transaction that
 *     deletes the lease (devices/stream-leases.ts); the viewing report reads both tables.
 *   - Indexes leading with the time each report filters on, holding the columns it sums, so
 *     PostgreSQL answers from the index alone (index-only scans) over a million ledger rows.
 */
export function reports({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('viewing_play')
        .addColumn('stream_id', text, (c) => c.primaryKey())
        .addColumn('account_id', text, (c) => c.notNull())
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        /** 'title' | 'channel' */
        .addColumn('playing_kind', text, (c) => c.notNull())
        .addColumn('playing_id', text, (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('seconds', 'bigint', (c) => c.notNull())
        .execute();
      // wallet_entry by hour, filled for hours long closed (reports/wallet-rollup.ts).
      await db.schema
        .createTable('report_wallet_hour')
        .addColumn('hour', 'bigint', (c) => c.notNull())
        .addColumn('purse', text, (c) => c.notNull())
        .addColumn('reason', text, (c) => c.notNull())
        .addColumn('entries', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('sources', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_wallet_hour_pk', ['hour', 'purse', 'reason'])
        .execute();
      await db.schema
        .createTable('report_rollup')
        .addColumn('name', text, (c) => c.primaryKey())
        .addColumn('through_hour', 'bigint', (c) => c.notNull())
        .execute();
      const indexes: [string, string, string[]][] = [
        ['viewing_play_by_start', 'viewing_play', ['started_at', 'playing_kind', 'playing_id']],
        ['wallet_entry_by_time', 'wallet_entry', ['created_at', 'purse', 'reason', 'amount']],
        [
          'purchase_order_by_time',
          'purchase_order',
          ['created_at', 'state', 'kind', 'pay_method', 'amount'],
        ],
        ['payment_refund_by_time', 'payment_refund', ['requested_at', 'amount']],
        ['voucher_by_redemption', 'voucher', ['redeemed_at', 'batch_id', 'kind']],
        ['draw_by_time', 'draw', ['drawn_at', 'activity_id']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
      // FIFO of stored value per account (the outstanding balance by sale month).
      await db.schema
        .createIndex('wallet_entry_stored_fifo')
        .on('wallet_entry')
        .columns(['purse', 'account_id', 'created_at', 'entry_id', 'amount', 'reason'])
        .execute();
    },
  };
}
