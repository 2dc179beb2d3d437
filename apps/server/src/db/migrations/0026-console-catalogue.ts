import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The catalogue in the console (issue 22, docs/adr/0038-console-catalogue.md).
 * - `title.state`: 'draft' (never shown to a customer) or 'published'; every existing title is
 *   published. The one visibility rule (catalogue/visibility.ts) reads it as the literal
 *   `state = 'published'`.
 * - `title.version` (edits carry the version they were made on) and `title.updated_at` (the
 *   console's default order; existing titles: their shelf date).
 * - Browse's partial indexes (0008, rebuilt by 0013) gain `state` as their last column, so a
 *   browse still decides whether a row it skips is visible, and counts, from the index alone.
 * - One index per console order (name, content_id, year, on_shelf_at, updated_at), ties by
 *   content_id, followed by the console's filter columns, so a page is the next rows of an index
 *   walk whatever the filter; `title_console_filter` counts a filtered list from the index alone.
 */
const STATE_COLUMN = 'state';

/** 0013's definitions, column for column (migrations import no runtime code). */
const BROWSE_LISTED: Expression<SqlBool> = sql<SqlBool>`kind <> 'episode'`;
const BROWSE_FILTERED: Expression<SqlBool> = sql<SqlBool>`kind <> 'episode' and is_restricted = 0 and is_sexual = 0`;
const AUDIENCE = ['kid_safe', 'is_restricted', 'is_sexual'] as const;
const ORDERS = [
  ['latest', ['on_shelf_at desc', 'content_id', 'off_shelf_at']],
  ['oldest', ['on_shelf_at', 'content_id', 'off_shelf_at']],
  ['name', ['name', 'content_id', 'on_shelf_at', 'off_shelf_at']],
  ['price_low', ['dtr_price', 'content_id', 'on_shelf_at', 'off_shelf_at']],
  ['price_high', ['dtr_price desc', 'content_id', 'on_shelf_at', 'off_shelf_at']],
] as const;
const LEADS = [
  ['title_browse_', []],
  ['title_browse_category_', ['main_category_id']],
] as const;

/** The console list's filters, appended to each order index (checked in the index). */
const CONSOLE_FILTERS = ['kind', 'state', 'main_category_id'] as const;
const CONSOLE_ORDERS = [
  ['name', ['name', 'content_id']],
  ['content_id', ['content_id']],
  ['year', ['year', 'content_id']],
  ['on_shelf_at', ['on_shelf_at', 'content_id']],
  ['updated_at', ['updated_at', 'content_id']],
] as const;

export function consoleCatalogue(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('title')
        .addColumn(STATE_COLUMN, ctx.text, (c) =>
          c
            .notNull()
            .defaultTo('published')
            .check(sql`state in ('draft', 'published')`),
        )
        .execute();
      await db.schema
        .alterTable('title')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('title')
        .addColumn('updated_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update title set updated_at = on_shelf_at`.execute(db);

      // The category's indexes first: SQLite (no statistics) takes the index it read last from
      // the schema when two cost the same, and an unfiltered count must read the narrow `shelf`.
      for (const [prefix, lead] of [...LEADS].reverse()) {
        for (const [name, columns] of ORDERS) {
          await db.schema.dropIndex(`${prefix}${name}`).execute();
          await db.schema
            .createIndex(`${prefix}${name}`)
            .on('title')
            .columns([...lead, ...columns, ...AUDIENCE, STATE_COLUMN])
            .where(BROWSE_LISTED)
            .execute();
        }
        await db.schema.dropIndex(`${prefix}shelf`).execute();
        await db.schema
          .createIndex(`${prefix}shelf`)
          .on('title')
          .columns([...lead, 'on_shelf_at', 'off_shelf_at', 'kind', STATE_COLUMN])
          .where(BROWSE_LISTED)
          .execute();
        await db.schema.dropIndex(`${prefix}filtered_shelf`).execute();
        await db.schema
          .createIndex(`${prefix}filtered_shelf`)
          .on('title')
          .columns([...lead, 'on_shelf_at', 'off_shelf_at', 'kind', ...AUDIENCE, STATE_COLUMN])
          .where(BROWSE_FILTERED)
          .execute();
      }

      for (const [name, columns] of CONSOLE_ORDERS) {
        await db.schema
          .createIndex(`title_console_${name}`)
          .on('title')
          .columns([...columns, ...CONSOLE_FILTERS])
          .execute();
      }
      await db.schema
        .createIndex('title_console_filter')
        .on('title')
        .columns([...CONSOLE_FILTERS])
        .execute();
    },
  };
}
