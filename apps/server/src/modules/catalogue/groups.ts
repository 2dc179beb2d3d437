import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ContentScope } from '../accounts/viewer.js';
import type { TitleRow } from './present.js';

/** Titles of a curated group in the group's order, on the shelf and visible to the scope. */
export async function groupTitles(
  db: Kysely<Database>,
  groupId: string,
  scope: ContentScope,
  now: number,
  limit = 20,
): Promise<TitleRow[]> {
  let query = db
    .selectFrom('curated_group_title as g')
    .innerJoin('title as t', 't.content_id', 'g.content_id')
    .selectAll('t')
    .where('g.group_id', '=', groupId)
    .where('t.on_shelf_at', '<=', now)
    .where((eb) => eb.or([eb('t.off_shelf_at', 'is', null), eb('t.off_shelf_at', '>', now)]));
  if (scope.kidsOnly) query = query.where('t.kid_safe', '=', 1);
  if (scope.hideRestricted)
    query = query.where('t.is_restricted', '=', 0).where('t.is_sexual', '=', 0);
  return query.orderBy('g.sort_order').orderBy('t.content_id').limit(limit).execute();
}

export async function groupsOfUxCategory(db: Kysely<Database>, uxCategoryId: string) {
  return db
    .selectFrom('curated_group')
    .selectAll()
    .where('ux_category_id', '=', uxCategoryId)
    .orderBy('sort_order')
    .orderBy('group_id')
    .execute();
}

/** Episodes of a series in season and episode order. */
export async function episodesOf(db: Kysely<Database>, seriesId: string): Promise<TitleRow[]> {
  return db
    .selectFrom('title')
    .selectAll()
    .where('series_id', '=', seriesId)
    .orderBy('season_no')
    .orderBy('episode_no')
    .orderBy('content_id')
    .execute();
}
