import { sql, type Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * Engagement (issue 14; docs/adr/0026), owned by the engagement module: red-envelope prize draws
 * (activities per channel, their prize pools, one draw per sub-account and activity, the winners),
 * the inbox with each user's read/deleted state, announcements and who has seen them; and the
 * telemetry module's activity log (sas_log, append-only like app_log).
 */
export function engagement({ text, autoId }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('draw_activity')
        .addColumn('activity_id', text, (c) => c.primaryKey())
        .addColumn('channel_id', text, (c) => c.notNull().references('channel.channel_id'))
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c.notNull())
        .addColumn('odds_per_mille', 'integer', (c) =>
          c.notNull().check(sql`odds_per_mille between 0 and 1000`),
        )
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('draw_activity_window', sql`end_at > start_at`)
        .execute();
      await db.schema
        .createIndex('draw_activity_by_channel')
        .on('draw_activity')
        .columns(['channel_id', 'end_at'])
        .execute();

      await db.schema
        .createTable('draw_prize')
        .addColumn('prize_id', text, (c) => c.primaryKey())
        .addColumn('activity_id', text, (c) => c.notNull().references('draw_activity.activity_id'))
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
        // The pool can never go below empty, whatever runs at once.
        .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0`))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('draw_prize_by_activity')
        .on('draw_prize')
        .columns(['activity_id', 'sort_order'])
        .execute();

      await db.schema
        .createTable('draw')
        .addColumn('activity_id', text, (c) => c.notNull())
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        .addColumn('account_id', text, (c) => c.notNull())
        .addColumn('prize_id', text)
        .addColumn('drawn_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('draw_pk', ['activity_id', 'sub_account_uid'])
        .execute();

      await db.schema
        .createTable('draw_winner')
        .addColumn('activity_id', text, (c) => c.notNull())
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        .addColumn('account_id', text, (c) => c.notNull())
        .addColumn('prize_id', text, (c) => c.notNull())
        .addColumn('prize_name', text, (c) => c.notNull())
        .addColumn('won_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('draw_winner_pk', ['activity_id', 'sub_account_uid'])
        .execute();

      await db.schema
        .createTable('inbox_message')
        .addColumn('msg_id', text, (c) => c.primaryKey())
        .addColumn('account_id', text)
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('content', text, (c) => c.notNull())
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('inbox_message_by_account')
        .on('inbox_message')
        .columns(['account_id', 'sent_at'])
        .execute();

      await db.schema
        .createTable('inbox_status')
        .addColumn('msg_id', text, (c) => c.notNull().references('inbox_message.msg_id'))
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        .addColumn('status', text, (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('inbox_status_pk', ['sub_account_uid', 'msg_id'])
        .execute();

      await db.schema
        .createTable('announcement')
        .addColumn('announce_id', text, (c) => c.primaryKey())
        .addColumn('title', text, (c) => c.notNull())
        .addColumn('content', text, (c) => c.notNull())
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('announcement_seen')
        .addColumn('announce_id', text, (c) => c.notNull())
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('announcement_seen_pk', ['sub_account_uid', 'announce_id'])
        .execute();

      await db.schema
        .createTable('sas_log')
        .addColumn('log_id', 'integer', autoId)
        .addColumn('user_agent', text, (c) => c.notNull())
        .addColumn('user_platform', text, (c) => c.notNull())
        .addColumn('function_code', text, (c) => c.notNull())
        .addColumn('device_id', text, (c) => c.notNull())
        .addColumn('appendix', text, (c) => c.notNull())
        .addColumn('sub_account_uid', text)
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sas_log_by_time')
        .on('sas_log')
        .columns(['received_at', 'log_id'])
        .execute();
    },
  };
}
