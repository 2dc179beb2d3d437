import type { Kysely } from 'kysely';
import { KID_CATEGORY_ID } from '@site/contract';
import type { FindVideoListQuery } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { TitleRow } from './present.js';
import { titleVisible, type VisibilityScope } from './visibility.js';

const orderings = {
  latest: [['t.on_shelf_at', 'desc']],
  oldest: [['t.on_shelf_at', 'asc']],
  name: [['t.name', 'asc']],
  priceLow: [['t.dtr_price', 'asc']],
  priceHigh: [['t.dtr_price', 'desc']],
} as const;

/**
 * Find{product}List: the session's scope first (it cannot be widened), then each parameter
 * narrows or orders (docs/adr/0010 says what each one does).
 */
export async function findVideoList(
  db: Kysely<Database>,
  q: FindVideoListQuery,
  scope: VisibilityScope,
  now: number,
): Promise<{ totalCount: number; rows: TitleRow[] }> {
  const uxMain = async (uxCategoryId: string) =>
    (
      await db
        .selectFrom('ux_category')
        .select('main_category_id')
        .where('ux_category_id', '=', uxCategoryId)
        .executeTakeFirst()
    )?.main_category_id;

  // The parameters narrow the session's scope, never widen it (kidMode=0 keeps a kid a kid).
  const visibleTo: VisibilityScope = {
    kidsOnly: scope.kidsOnly || q.kidMode === '1',
    hideRestricted: scope.hideRestricted || q.filterRestrict === 'Y',
    hideSexual: (scope.hideSexual ?? false) || q.filterSexual === 'Y',
  };
  const kidsOnly = visibleTo.kidsOnly;
  const groupId = q.menuType === 'group' ? q.menuId : undefined;
  const categories = [
    kidsOnly ? KID_CATEGORY_ID : undefined,
    q.categoryId,
    q.menuType === 'category' ? q.menuId : undefined,
    q.menuType === 'uxCategory' && q.menuId ? ((await uxMain(q.menuId)) ?? '(none)') : undefined,
    q.uxCategoryId ? ((await uxMain(q.uxCategoryId)) ?? undefined) : undefined,
  ].filter((c): c is string => c !== undefined);

  let query = db
    .selectFrom('title as t')
    .leftJoin('curated_group_title as g', (join) =>
      join.onRef('g.content_id', '=', 't.content_id').on('g.group_id', '=', groupId ?? ''),
    )
    .where('t.kind', 'in', q.type === 'all' ? ['movie', 'series'] : [q.type])
    .where(titleVisible(visibleTo, now, { alias: 't' }));
  if (groupId) query = query.where('g.group_id', '=', groupId);
  for (const category of categories) query = query.where('t.main_category_id', '=', category);
  if (q.supportAVOD === 'N') query = query.where('t.sell_type', '!=', 'AVOD');
  if (q.luxuryService === 'N') query = query.where('t.sell_type', '!=', 'MONTHLY');
  if (q.supportMultiSeason === 'N') {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('title as e')
            .select('e.content_id')
            .whereRef('e.series_id', '=', 't.content_id')
            .where('e.season_no', '>', 1),
        ),
      ),
    );
  }

  let page = query.selectAll('t');
  if (q.queryType === 'menu') {
    page = groupId ? page.orderBy('g.sort_order', 'asc') : page.orderBy('t.on_shelf_at', 'desc');
  } else {
    for (const [column, direction] of orderings[q.queryType])
      page = page.orderBy(column, direction);
  }
  page = page.orderBy('t.content_id', 'asc').limit(q.maxRecord).offset(q.startIndex);

  const [rows, count] = await Promise.all([
    page.execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { totalCount: Number(count.n), rows };
}

/** People (the apps' characters) with how many titles the scope may see each has, by name. */
export async function charactersWithTitles(
  db: Kysely<Database>,
  scope: VisibilityScope,
  now: number,
) {
  const rows = await db
    .selectFrom('person as p')
    .innerJoin('title_person as tp', 'tp.person_id', 'p.person_id')
    .innerJoin('title as t', 't.content_id', 'tp.content_id')
    .select(['p.person_id', 'p.name'])
    .select((eb) => eb.fn.count<number | string>('t.content_id').distinct().as('titles'))
    .where(titleVisible(scope, now, { alias: 't' }))
    .groupBy(['p.person_id', 'p.name'])
    .orderBy('p.name')
    .orderBy('p.person_id')
    .execute();
  return rows.map((p) => ({
    characterId: p.person_id,
    characterName: p.name,
    titleCount: Number(p.titles),
  }));
}
