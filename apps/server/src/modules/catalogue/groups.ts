import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TitleRow } from './present.js';
import { titleVisible, type VisibilityScope } from './visibility.js';

/** Titles of a curated group in the group's order, on the shelf and visible to the scope. */
export async function groupTitles(
  db: Kysely<Database>,
  groupId: string,
  scope: VisibilityScope,
  now: number,
  limit = 20,
): Promise<TitleRow[]> {
  return db
    .selectFrom('curated_group_title as g')
    .innerJoin('title as t', 't.content_id', 'g.content_id')
    .selectAll('t')
    .where('g.group_id', '=', groupId)
    .where(titleVisible(scope, now, { alias: 't' }))
    .orderBy('g.sort_order')
    .orderBy('t.content_id')
    .limit(limit)
    .execute();
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

/** The episodes of a series the scope may see, in season and episode order. */
export async function episodesOf(
  db: Kysely<Database>,
  seriesId: string,
  scope: VisibilityScope,
  now: number,
): Promise<TitleRow[]> {
  return db
    .selectFrom('title')
    .selectAll()
    .where('series_id', '=', seriesId)
    .where(titleVisible(scope, now))
    .orderBy('season_no')
    .orderBy('episode_no')
    .orderBy('content_id')
    .execute();
}

export async function findCuratedGroup(db: Kysely<Database>, groupId: string) {
  return db
    .selectFrom('curated_group')
    .selectAll()
    .where('group_id', '=', groupId)
    .executeTakeFirst();
}

export async function findUxCategory(db: Kysely<Database>, uxCategoryId: string) {
  return db
    .selectFrom('ux_category')
    .selectAll()
    .where('ux_category_id', '=', uxCategoryId)
    .executeTakeFirst();
}
