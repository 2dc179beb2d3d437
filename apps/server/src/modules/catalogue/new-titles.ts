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

/** New titles are hinted for this long when a sub-account has never dismissed the hint. */
const NEW_TITLE_WINDOW_SECONDS = 14 * 86_400;

/** The "new" badge of a sub-account: titles come on the shelf since it last dismissed it. */
export async function newTitleHint(
  db: Kysely<Database>,
  subAccountUid: string,
  scope: VisibilityScope,
  now: number,
): Promise<number> {
  const seen = await db
    .selectFrom('icon_hint_seen')
    .select('seen_at')
    .where('sub_account_uid', '=', subAccountUid)
    .where('hint_id', '=', 'newTitles')
    .executeTakeFirst();
  return newTitleCount(db, seen?.seen_at ?? now - NEW_TITLE_WINDOW_SECONDS, scope, now);
}

/** The sub-account dismissed a hint now. */
export async function dismissHint(
  db: Kysely<Database>,
  subAccountUid: string,
  hintId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('icon_hint_seen')
    .values({ sub_account_uid: subAccountUid, hint_id: hintId, seen_at: now })
    .onConflict((oc) => oc.columns(['sub_account_uid', 'hint_id']).doUpdateSet({ seen_at: now }))
    .execute();
}
