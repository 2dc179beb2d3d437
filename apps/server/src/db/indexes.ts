import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';

/**
 * Index definitions that migrations and runtime code share: a migration made them, and a query
 * must match them word for word (or the search rebuild makes one again). Migrations are frozen
 * history and import nothing from runtime code; both import these from here.
 */

/**
 * Which titles a browse lists, as migrations 0008 and 0013's partial indexes say it: not
 * episodes, i.e. movies and series (0001's check allows only those three kinds).
 * catalogue/queries.ts filterTitles writes this very term: both databases use a partial index
 * only for a query whose condition implies the index's, and SQLite proves that by matching the term's text (a bound parameter never
 * matches). `<>` rather than `in ('movie', 'series')`: no index can narrow rows with it, so a
 * planner without statistics (SQLite's, here) cannot take 0001's title_listed_latest (kind,
 * on_shelf_at, …) for a cheap lookup and then sort what it found.
 */
export const BROWSE_LISTED: Expression<SqlBool> = sql<SqlBool>`kind <> 'episode'`;

export const SEARCH_LOOKUP_INDEX = 'search_term_lookup';

/**
 * The search index of migration 0007. Equality on a one- or two-character key walks results in
 * reply order (class, name, id); a range on a longer key reads only the suffixes that start with
 * it. The visibility copies make
 * it covering. (reindexSearch drops and rebuilds it around a first build of a large catalogue.)
 */
export async function createSearchLookupIndex(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex(SEARCH_LOOKUP_INDEX)
    .on('search_term')
    .columns(['term', 'rank', 'name', 'owner_id', 'audience', 'on_shelf_at', 'off_shelf_at'])
    .execute();
}
