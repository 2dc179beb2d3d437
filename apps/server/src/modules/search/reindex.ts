import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Rebuilds the search terms of every title and person (being built). Returns rows written. */
export async function reindexSearch(_db: Kysely<Database>): Promise<number> {
  return 0;
}
