import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { titleVisible, type VisibilityScope } from './visibility.js';

/**
 * How many movies and series came on the shelf after `since` that the scope may see now (the
 * "new" badge). The shelf date is a range of 0001's title_listed_latest (kind, on_shelf_at, …),
 * so only the recent titles are read.
 */
export async function newTitleCount(
  db: Kysely<Database>,
  since: number,
  scope: VisibilityScope,
  now: number,
): Promise<number> {
  const row = await db
    .selectFrom('title')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', 'in', ['movie', 'series'])
    .where('on_shelf_at', '>', since)
    .where(titleVisible(scope, now))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
