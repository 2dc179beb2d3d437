import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Registered devices and stream leases (issue 23 items 3–5, docs/adr/0042). A session remembers
 * its device, so removing a device ends its sessions; a monthly service may raise the account's
 * limits of devices and streams.
 */
export function devicesAndStreams(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('registered_device')
        .addColumn('device_key', ctx.text, (c) => c.primaryKey())
        .addColumn('account_id', ctx.text, (c) =>
          c.notNull().references('account.account_id').onDelete('cascade'),
        )
        /** The deviceId cookie (web) or the app's device id (gateway): never shown. */
        .addColumn('device_id', ctx.text, (c) => c.notNull())
        .addColumn('custom_name', ctx.text)
        .addColumn('agent_name', ctx.text, (c) => c.notNull())
        .addColumn('device_type', ctx.text, (c) => c.notNull())
        .addColumn('registered_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('registered_device_account_device', ['account_id', 'device_id'])
        .execute();
      await db.schema
        .createTable('stream_lease')
        .addColumn('stream_id', ctx.text, (c) => c.primaryKey())
        .addColumn('account_id', ctx.text, (c) =>
          c.notNull().references('account.account_id').onDelete('cascade'),
        )
        .addColumn('device_id', ctx.text, (c) => c.notNull())
        .addColumn('sub_account_uid', ctx.text, (c) => c.notNull())
        /** 'title' | 'channel' */
        .addColumn('playing_kind', ctx.text, (c) => c.notNull())
        .addColumn('playing_id', ctx.text, (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('renewed_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        /** 'stopped' (by another device) | 'replaced' (a new play on the device) | 'removed' */
        .addColumn('end_reason', ctx.text)
        .execute();
      // No index holds a column a renewal changes, and pages keep room, so PostgreSQL renews a
      // lease in place (HOT) at heartbeat rates, as watch_position does (migration 0010).
      await db.schema
        .createIndex('stream_lease_account')
        .on('stream_lease')
        .column('account_id')
        .execute();
      if (ctx.dialect === 'postgres') {
        await sql`alter table stream_lease set (fillfactor = 70)`.execute(db);
      }
      await db.schema.alterTable('session').addColumn('device_id', ctx.text).execute();
      await db.schema
        .createIndex('session_account_device')
        .on('session')
        .columns(['account_id', 'device_id'])
        .execute();
      await db.schema.alterTable('monthly_service').addColumn('max_devices', 'integer').execute();
      await db.schema.alterTable('monthly_service').addColumn('max_streams', 'integer').execute();
    },
  };
}
