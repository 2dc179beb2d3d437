import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

const DAY = 86_400;

/**
 * Removes the rows of `table` whose `column` (Unix seconds) is before `before`, a day of them per
 * statement, oldest first: the first run on a site that kept years removes them in steps that
 * each hold their locks briefly, and writers to the newest rows are not held up. `column` must
 * lead an index. Answers how many rows went. Used by the modules' retention jobs, each for its
 * own tables.
 */
export async function removeRowsBefore(
  db: Kysely<Database>,
  table: keyof Database & string,
  column: string,
  before: number,
): Promise<number> {
  let removed = 0;
  for (;;) {
    // An aggregate: one row, whose value is null when the table is empty.
    const { rows } = await sql<{ oldest: number | string | null }>`
      select min(${sql.ref(column)}) as oldest from ${sql.table(table)}`.execute(db);
    const oldest = rows[0]?.oldest ?? null;
    if (oldest === null || Number(oldest) >= before) return removed;
    const result = await sql`
      delete from ${sql.table(table)}
      where ${sql.ref(column)} < ${Math.min(Number(oldest) + DAY, before)}`.execute(db);
    removed += Number(result.numAffectedRows ?? 0);
  }
}
