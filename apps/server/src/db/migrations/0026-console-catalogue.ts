import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The catalogue in the console (issue 22, docs/adr/0038-console-catalogue.md).
 * - `title.state`: 'draft' (never shown to a customer) or 'published'; every existing title is
 *   published. The one visibility rule (catalogue/visibility.ts) reads it as the literal
 *   `state = 'published'`.
 * - `title.version` (edits carry the version they were made on) and `title.updated_at` (the
 *   console's default order; existing titles: their shelf date); `title.banner_path`, the
 *   uploaded banner picture (null: none).
 * - Browse's partial indexes (0008, rebuilt by 0013) learn the state, so a browse still counts
 *   (and on SQLite decides whether a row it skips is visible) from an index alone: per dialect,
 *   below. The rule writes it `state <> 'draft'`, a literal, as the indexes do.
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

/**
 * SQLite: `state` appended to every browse index, so a walk checks a skipped row and a count
 * reads an index alone as before (SQLite counts from a partial index only when it holds every
 * column the query names, those of the index's own condition included). The category's indexes
 * are built first: SQLite (no statistics) takes the index it read last from the schema when two
 * cost the same, and an unfiltered count must read the narrow `shelf`, not `category_shelf`.
 */
async function stateInBrowseIndexes(db: Kysely<unknown>): Promise<void> {
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
}

/**
 * PostgreSQL: every browse index becomes partial on published titles as well, columns unchanged
 * (PostgreSQL reads an index alone when the index's predicate implies the quals on columns it
 * does not hold). Every index gains the same term, so the planner weighs them as before.
 * (Appending `state` as a column instead made them a little wider, and at test size the planner
 * then counted from the heap; making only the count indexes partial on it led it to walk a count
 * index and sort.)
 */
async function publishedShelfIndexes(db: Kysely<unknown>): Promise<void> {
  const listed = sql<SqlBool>`kind <> 'episode' and state <> 'draft'`;
  const filtered = sql<SqlBool>`kind <> 'episode' and is_restricted = 0 and is_sexual = 0 and state <> 'draft'`;
  for (const [prefix, lead] of LEADS) {
    for (const [name, columns] of ORDERS) {
      await db.schema.dropIndex(`${prefix}${name}`).execute();
      await db.schema
        .createIndex(`${prefix}${name}`)
        .on('title')
        .columns([...lead, ...columns, ...AUDIENCE])
        .where(listed)
        .execute();
    }
    await db.schema.dropIndex(`${prefix}shelf`).execute();
    await db.schema
      .createIndex(`${prefix}shelf`)
      .on('title')
      .columns([...lead, 'on_shelf_at', 'off_shelf_at', 'kind'])
      .where(listed)
      .execute();
    await db.schema.dropIndex(`${prefix}filtered_shelf`).execute();
    await db.schema
      .createIndex(`${prefix}filtered_shelf`)
      .on('title')
      .columns([...lead, 'on_shelf_at', 'off_shelf_at', 'kind', ...AUDIENCE])
      .where(filtered)
      .execute();
  }
}

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
      // The wide banner an editor may upload (pages use the still when there is none).
      await db.schema.alterTable('title').addColumn('banner_path', ctx.text).execute();

      if (ctx.dialect === 'postgres') await publishedShelfIndexes(db);
      else await stateInBrowseIndexes(db);

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
