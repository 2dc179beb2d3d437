import { sql, type Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * One draw per member account and activity (issue 20 item 2; docs/adr/0026 amendment), owned by
 * the engagement module. `draw` keeps one row per sub-account that drew; `draw_account` holds the
 * account's one draw in an activity, whichever of its sub-accounts made it. Its primary key is
 * what refuses a second draw from the same account: from another sub-account, from a sub-account
 * created for the purpose, or from one since deleted (the row names the account, not the
 * sub-account, and deleting a sub-account leaves it). Existing draws are copied in, one per
 * account and activity (the earliest), so an account that drew before the change is not given a
 * second draw by it.
 */
export function drawPerAccount({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('draw_account')
        .addColumn('account_id', text, (c) => c.notNull())
        .addColumn('activity_id', text, (c) => c.notNull())
        /** The sub-account that made the account's draw. */
        .addColumn('sub_account_uid', text, (c) => c.notNull())
        .addColumn('drawn_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('draw_account_pk', ['account_id', 'activity_id'])
        .execute();
      await sql`
        insert into draw_account (account_id, activity_id, sub_account_uid, drawn_at)
        select d.account_id, d.activity_id, min(d.sub_account_uid), min(d.drawn_at)
        from draw d
        where d.drawn_at = (
          select min(e.drawn_at) from draw e
          where e.account_id = d.account_id and e.activity_id = d.activity_id
        )
        group by d.account_id, d.activity_id
      `.execute(db);
    },
  };
}
