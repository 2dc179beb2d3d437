import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { MigrationContext } from './context.js';
import { BROWSE_LISTED } from '../indexes.js';

/**
 * The titles a browse lists to a viewer with the restricted-content filter on (anonymous viewers,
 * every new sub-account, kids; docs/adr/0016-one-visibility-rule.md): 0008's BROWSE_LISTED and
 * neither restricted nor sexual. Both databases use a partial index only for a query whose
 * condition implies the index's (SQLite: states each of its terms), so filterTitles writes
 * BROWSE_LISTED word for word and catalogue/visibility.ts writes the audience terms with these
 * very literals (`is_restricted = 0`, `is_sexual = 0`), not bound parameters, so that no plan
 * depends on a bound value.
 */
const BROWSE_FILTERED: Expression<SqlBool> = sql<SqlBool>`kind <> 'episode' and is_restricted = 0 and is_sexual = 0`;

/** The audience columns (audience.ts reads a title's level off them), for skipping in an index. */
const AUDIENCE = ['kid_safe', 'is_restricted', 'is_sexual'] as const;

/**
 * 0008's order indexes as they were, column for column, with the audience columns appended:
 * rebuilt under the same names, so a filtered walk (or a kid's) decides whether a row it skips
 * is visible from the index alone, as 0008 does for the shelf dates.
 */
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

/**
 * Browse with the restricted-content filter on (ADR 0016: anonymous viewers have it on, as every
 * new sub-account does). Without this migration such a browse counted its matches by reading
 * each listed title's flags from the table, and walked an order's index reading the table for
 * every row it skipped: at 100,000 titles a page took 60–147 ms on SQLite and 24–44 ms on
 * PostgreSQL (browse-paging bench, p50), against 6.5–11 and 10–18 ms with it (ADR 0016).
 * - `filtered_shelf`, for the count: partial on BROWSE_FILTERED, holding every column the
 *   filtered condition names (SQLite counts from a partial index only when it also holds the
 *   columns of the index's own condition, hence `kind` and the flags; `kid_safe` for a kid's
 *   count), so both databases count the filtered titles from it alone. 0008's `shelf` stays for
 *   a member who switched the filter off.
 * - 0008's order indexes gain the audience columns (see ORDERS): one set still serves every
 *   viewer, where a filtered copy of each would have added a third to the database's size.
 */
export function audienceBrowseIndex(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const [prefix, lead] of LEADS) {
        for (const [name, columns] of ORDERS) {
          await db.schema.dropIndex(`${prefix}${name}`).execute();
          await db.schema
            .createIndex(`${prefix}${name}`)
            .on('title')
            .columns([...lead, ...columns, ...AUDIENCE])
            .where(BROWSE_LISTED)
            .execute();
        }
        await db.schema
          .createIndex(`${prefix}filtered_shelf`)
          .on('title')
          .columns([...lead, 'on_shelf_at', 'off_shelf_at', 'kind', ...AUDIENCE])
          .where(BROWSE_FILTERED)
          .execute();
      }
    },
  };
}
