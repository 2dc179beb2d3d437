import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * Prize-draw activities from the console (issue 25 item 7; docs/adr/0049), owned by the
 * engagement module. draw_activity gains:
 *   - title: the activity's name in the console (seeded and older rows: '').
 *   - eligibility: who may draw, 'all' (every adult member, as before) or 'service' (members
 *     whose monthly service is paid at the time of the draw).
 *   - version: edits are made on the version seen (STALE_EDIT otherwise).
 *   - created_by / updated_at: the staff member who made it, the last change (null: seeded).
 * The pool's rule "never below prizes won" needs no column: won is quantity - remaining, and a
 * change sets both in one guarded statement (console-draws.ts).
 */
export function consoleDraws({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('draw_activity')
        .addColumn('title', text, (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('draw_activity')
        .addColumn('eligibility', text, (c) => c.notNull().defaultTo('all'))
        .execute();
      await db.schema
        .alterTable('draw_activity')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('draw_activity').addColumn('created_by', text).execute();
      await db.schema.alterTable('draw_activity').addColumn('updated_at', 'bigint').execute();
      await db.schema
        .createIndex('draw_activity_by_start')
        .on('draw_activity')
        .columns(['start_at', 'activity_id'])
        .execute();
    },
  };
}
