import { sql, type Kysely } from 'kysely';
import { createSearchLookupIndex } from '../indexes.js';
import type { MigrationContext } from './context.js';

/**
 * The search module's index (modules/search/reindex.ts writes it): one row per key of a
 * normalised title or person name. Text compares by code point on both databases, so the range
 * `term >= q AND term < upperBound(q)` finds every key starting with q without LIKE and its
 * pattern characters.
 */
export function search({ text, dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('search_term')
        // 'title': a key of the title's name; 'cast': of a person's name in that title;
        // 'person': of a person's name, for suggestions.
        .addColumn('kind', text, (c) => c.notNull().check(sql`kind in ('title', 'cast', 'person')`))
        // content_id for 'title' and 'cast', person_id for 'person'.
        .addColumn('owner_id', text, (c) => c.notNull())
        .addColumn('term', text, (c) => c.notNull())
        // Match class, best first (modules/search/terms.ts RANK).
        .addColumn('rank', 'integer', (c) => c.notNull())
        // The title's (or person's) name as shown: the order within a class.
        .addColumn('name', text, (c) => c.notNull())
        // Copies of the title's visibility (audience 2 kid-safe, 1 general, 0 restricted), so a
        // count or a kid's search reads the index alone; pages still check the title itself.
        .addColumn('audience', 'integer', (c) => c.notNull())
        .addColumn('on_shelf_at', 'bigint', (c) => c.notNull())
        .addColumn('off_shelf_at', 'bigint')
        .addPrimaryKeyConstraint('search_term_pk', ['kind', 'owner_id', 'term'])
        // SQLite: rows stored in key order, one b-tree fewer to write and an owner's rows together.
        .$call((table) => (dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
        .execute();
      await createSearchLookupIndex(db);
    },
  };
}
