import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * Wording edited in the console (issue 25 item 9; docs/adr/0051), owned by site-content:
 *   - wording.version: edits are made on the version seen (a concurrent edit is refused, never
 *     overwritten);
 *   - wording.previous_wording: the text before the last change, so an edit can be undone without
 *     reading the audit trail (null: never edited);
 *   - wording.updated_at / updated_by: when and by whom (null: seeded or imported).
 */
export function wordingEdits({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('wording')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('wording').addColumn('previous_wording', text).execute();
      await db.schema.alterTable('wording').addColumn('updated_at', 'bigint').execute();
      await db.schema.alterTable('wording').addColumn('updated_by', text).execute();
    },
  };
}
