import type { Kysely } from 'kysely';
import { BROWSE_LISTED } from '../indexes.js';
import type { MigrationContext } from './context.js';

/**
 * Browse pages (issue 4, item 5; docs/adr/0012-browse-paging.md). Each index is partial on
 * BROWSE_LISTED and made twice, the second led by main_category_id (the usual filter).
 * - One per order (SPEC §3 orderBy), column for column and direction for direction, ties by
 *   content_id: a page is the next rows of an index walk and the offset skips index entries,
 *   never a sort of every match. The shelf columns follow, so SQLite checks a row it skips in
 *   the index without reading the table.
 * - `shelf`, for the page's count: the narrowest index that holds every column the condition
 *   names, so both databases count from it alone (SQLite counts from a partial index only when
 *   it also holds the columns of the index's own condition, hence `kind`).
 */
const INDEXES = [
  ['latest', ['on_shelf_at desc', 'content_id', 'off_shelf_at']],
  ['oldest', ['on_shelf_at', 'content_id', 'off_shelf_at']],
  ['name', ['name', 'content_id', 'on_shelf_at', 'off_shelf_at']],
  ['price_low', ['dtr_price', 'content_id', 'on_shelf_at', 'off_shelf_at']],
  ['price_high', ['dtr_price desc', 'content_id', 'on_shelf_at', 'off_shelf_at']],
  ['shelf', ['on_shelf_at', 'off_shelf_at', 'kind']],
] as const;

export function browseIndexes(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [name, columns] of INDEXES) {
        for (const [prefix, lead] of [
          ['title_browse_', []],
          ['title_browse_category_', ['main_category_id']],
        ] as const) {
          await db.schema
            .createIndex(`${prefix}${name}`)
            .on('title')
            .columns([...lead, ...columns])
            .where(BROWSE_LISTED)
            .execute();
        }
      }
    },
  };
}
