import { sql, type Kysely } from 'kysely';
import type { ForwardMigration } from './context.js';

/**
 * Customer care's lookups (issue 26 item 1; docs/adr/0052). Care finds a member by phone and
 * reads the member's redemptions and recent playback errors; each of these is an equality on a
 * column no index led with, so without these each would read its whole table:
 *   - account_by_phone: the contact phone (login id and e-mail are already unique indexes);
 *   - voucher_by_redeemer: a member's redeemed serials, newest first (unredeemed serials, most
 *     of the table, are left out of the index);
 *   - app_log_by_user: a sub-account's app-log entries, newest first (visitors' entries, with
 *     no sub-account, are left out, so the log's writes of them cost no more than before).
 * Both databases use a partial index for `column = ?`: the equality implies `is not null`.
 */
export function careLookups(): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('account_by_phone').on('account').column('phone').execute();
      await db.schema
        .createIndex('voucher_by_redeemer')
        .on('voucher')
        .columns(['redeemed_by', 'redeemed_at'])
        .where(sql.ref('redeemed_by'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('app_log_by_user')
        .on('app_log')
        .columns(['sub_account_uid', 'received_at', 'log_id'])
        .where(sql.ref('sub_account_uid'), 'is not', null)
        .execute();
    },
  };
}
