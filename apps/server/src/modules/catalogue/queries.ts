import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { FilterCategoryVideoListQuery, MainCategory } from '@site/contract';
import { BROWSE_LISTED } from '../../db/indexes.js';
import type { Database } from '../../db/schema.js';
import type { TitleRow } from './present.js';
import { mainCategoryFor, titleVisible, type VisibilityScope } from './visibility.js';

const orderings = {
  latest: [['on_shelf_at', 'desc']],
  oldest: [['on_shelf_at', 'asc']],
  name: [['name', 'asc']],
  priceLow: [['dtr_price', 'asc']],
  priceHigh: [['dtr_price', 'desc']],
} as const;

/** Movies and series on the shelf at `now` that match the filters, one page of them. */
export async function filterTitles(
  db: Kysely<Database>,
  filter: FilterCategoryVideoListQuery,
  scope: VisibilityScope,
  now: number,
): Promise<{ totalCount: number; rows: TitleRow[] }> {
  // Each order has partial indexes of its own (migration 0008, docs/adr/0012-browse-paging.md): a
  // page is the next rows of an index walk, never a sort of every match. BROWSE_LISTED is the
  // indexes' own condition, word for word, so that both databases may use them; the audience
  // columns in them (migration 0013) let a filtered walk skip hidden rows in the index too, and a
  // filtered count reads 0013's `filtered_shelf` index alone (visibility.ts writes its condition's
  // flags as the same literals). The shelf date
  // is written as no index range (startNotARange): SQLite's planner, which has no statistics
  // here, cannot mistake `<= now` for a selective range and sort what it finds instead of walking
  // the order; PostgreSQL plans the column itself.
  let query = db
    .selectFrom('title')
    .where(BROWSE_LISTED)
    .where(titleVisible(scope, now, { startNotARange: true }));
  // In kid mode the kid category replaces whatever category was asked for (SPEC §6).
  const mainCategoryId = mainCategoryFor(scope, filter.mainCategoryId);
  if (mainCategoryId) query = query.where('main_category_id', '=', mainCategoryId);
  if (filter.subcategoryId) query = query.where('subcategory_id', '=', filter.subcategoryId);
  if (filter.year) query = query.where('year', '=', filter.year);
  if (filter.country) query = query.where('country', '=', filter.country);
  if (filter.sellType) query = query.where('sell_type', '=', filter.sellType);

  let page = query.selectAll();
  for (const [column, direction] of orderings[filter.orderBy])
    page = page.orderBy(column, direction);
  page = page.orderBy('content_id', 'asc').limit(filter.maxRecord).offset(filter.startIndex);

  const [rows, count] = await Promise.all([
    page.execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { totalCount: Number(count.n), rows };
}

export async function findTitle(
  db: Kysely<Database>,
  contentId: string,
): Promise<TitleRow | undefined> {
  return db.selectFrom('title').selectAll().where('content_id', '=', contentId).executeTakeFirst();
}

export async function findTitles(db: Kysely<Database>, contentIds: string[]): Promise<TitleRow[]> {
  if (contentIds.length === 0) return [];
  return db.selectFrom('title').selectAll().where('content_id', 'in', contentIds).execute();
}

export async function mainCategoryMenu(
  db: Kysely<Database>,
  mainCategoryId?: string,
): Promise<MainCategory[]> {
  let categories = db
    .selectFrom('main_category')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('main_category_id');
  let subcategories = db
    .selectFrom('subcategory')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('subcategory_id');
  if (mainCategoryId) {
    categories = categories.where('main_category_id', '=', mainCategoryId);
    subcategories = subcategories.where('main_category_id', '=', mainCategoryId);
  }
  const [mains, subs] = await Promise.all([categories.execute(), subcategories.execute()]);
  return mains.map((main) => ({
    mainCategoryId: main.main_category_id,
    mainCategoryName: main.name,
    subcategoryList: {
      subcategory: subs
        .filter((sub) => sub.main_category_id === main.main_category_id)
        .map((sub) => ({ subcategoryId: sub.subcategory_id, subcategoryName: sub.name })),
    },
  }));
}

/** The first episode of a series the scope may see (what playing a series plays). */
export async function firstEpisode(
  db: Kysely<Database>,
  seriesId: string,
  scope: VisibilityScope,
  now: number,
): Promise<TitleRow | undefined> {
  return db
    .selectFrom('title')
    .selectAll()
    .where('series_id', '=', seriesId)
    .where(titleVisible(scope, now))
    .orderBy('season_no')
    .orderBy('episode_no')
    .orderBy('content_id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Movies and series the scope may see in the subcategories of the titles `liked` names (another
 * module's subquery of content ids, e.g. a sub-account's favorites), not among them, newest
 * first: one page and the count.
 */
export async function titlesLike<DB, TB extends keyof DB>(
  db: Kysely<Database>,
  liked: SelectQueryBuilder<DB, TB, { content_id: string }>,
  scope: VisibilityScope,
  now: number,
  page: { startIndex: number; maxRecord: number },
): Promise<{ totalCount: number; rows: TitleRow[] }> {
  const base = db
    .selectFrom('title as t')
    .where('t.kind', 'in', ['movie', 'series'])
    .where(titleVisible(scope, now, { alias: 't' }))
    .where('t.subcategory_id', 'in', (eb) =>
      eb.selectFrom('title as l').select('l.subcategory_id').where('l.content_id', 'in', liked),
    )
    .where('t.content_id', 'not in', liked);
  const [rows, count] = await Promise.all([
    base
      .selectAll('t')
      .orderBy('t.on_shelf_at', 'desc')
      .orderBy('t.content_id')
      .limit(page.maxRecord)
      .offset(page.startIndex)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { totalCount: Number(count.n), rows };
}
