import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { TAIPEI_OFFSET_SECONDS } from '../../time.js';
import type { TitleRow } from '../catalogue/present.js';

/** What a list call may show (decided by the lists' rules over the session's scope). */
export interface ListFilter {
  kidsOnly: boolean;
  hideRestricted: boolean;
  hideSexual: boolean;
}

export interface Page {
  startIndex: number;
  maxRecord: number;
}

export interface Listed<Extra> {
  totalCount: number;
  rows: (TitleRow & Extra)[];
}

type TitleQuery<O> = SelectQueryBuilder<Database & { t: Database['title'] }, 't' | never, O>;

function visible<Q extends { where: TitleQuery<unknown>['where'] }>(
  query: Q,
  filter: ListFilter,
): Q {
  let q = query as unknown as TitleQuery<unknown>;
  if (filter.kidsOnly) q = q.where('t.kid_safe', '=', 1);
  if (filter.hideRestricted) q = q.where('t.is_restricted', '=', 0);
  if (filter.hideSexual || filter.hideRestricted) q = q.where('t.is_sexual', '=', 0);
  return q as unknown as Q;
}

async function paged<Extra>(
  base: SelectQueryBuilder<Database, never, unknown>,
  select: (q: typeof base) => SelectQueryBuilder<Database, never, TitleRow & Extra>,
  page: Page,
): Promise<Listed<Extra>> {
  const [rows, count] = await Promise.all([
    select(base).limit(page.maxRecord).offset(page.startIndex).execute(),
    base
      .select((eb: ExpressionBuilder<Database, never>) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { totalCount: Number((count as { n: number | string }).n), rows };
}

/** To-view list or favorites, newest first. */
export async function membershipList(
  db: Kysely<Database>,
  table: 'to_view_item' | 'favorite_item',
  subAccountUid: string,
  filter: ListFilter,
  page: Page,
): Promise<Listed<{ added_at: number }>> {
  const base = visible(
    db
      .selectFrom(`${table} as m`)
      .innerJoin('title as t', 't.content_id', 'm.content_id')
      .where('m.sub_account_uid', '=', subAccountUid),
    filter,
  );
  return paged(
    base as never,
    (q) =>
      (q as unknown as typeof base)
        .selectAll('t')
        .select('m.added_at')
        .orderBy('m.added_at', 'desc')
        .orderBy('m.content_id', 'desc') as never,
    page,
  );
}

/**
 * Continue watching: per title the latest position, when it is neither finished nor removed.
 * A series shows once, resuming its last watched episode.
 */
export async function continueWatching(
  db: Kysely<Database>,
  subAccountUid: string,
  filter: ListFilter,
  page: Page,
): Promise<Listed<{ resume_content_id: string; position_seconds: number; updated_at: number }>> {
  const base = visible(
    db
      .selectFrom('watch_position as w')
      .innerJoin('title as t', 't.content_id', 'w.title_id')
      .where('w.sub_account_uid', '=', subAccountUid)
      .where('w.finished', '=', 0)
      .where('w.hidden', '=', 0)
      .where(({ not, exists, selectFrom, or, and }) =>
        not(
          exists(
            selectFrom('watch_position as n')
              .select('n.content_id')
              .whereRef('n.sub_account_uid', '=', 'w.sub_account_uid')
              .whereRef('n.title_id', '=', 'w.title_id')
              .where((e) =>
                or([
                  e('n.updated_at', '>', e.ref('w.updated_at')),
                  and([
                    e('n.updated_at', '=', e.ref('w.updated_at')),
                    e('n.content_id', '>', e.ref('w.content_id')),
                  ]),
                ]),
              ),
          ),
        ),
      ),
    filter,
  );
  return paged(
    base as never,
    (q) =>
      (q as unknown as typeof base)
        .selectAll('t')
        .select(['w.content_id as resume_content_id', 'w.position_seconds', 'w.updated_at'])
        .orderBy('w.updated_at', 'desc')
        .orderBy('t.content_id') as never,
    page,
  );
}

/** Unix seconds of the first moment of a Taipei month 'YYYYMM' (and of the month after). */
export function taipeiMonthRange(month: string): [number, number] {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(4, 6));
  const start = Date.UTC(year, m - 1, 1) / 1000 - TAIPEI_OFFSET_SECONDS;
  const end = Date.UTC(year, m, 1) / 1000 - TAIPEI_OFFSET_SECONDS;
  return [start, end];
}

/** Play history, newest first, within [periodStartMonth, periodEndMonth] when given. */
export async function viewHistory(
  db: Kysely<Database>,
  subAccountUid: string,
  filter: ListFilter,
  page: Page,
  period: { periodStartMonth?: string | undefined; periodEndMonth?: string | undefined },
): Promise<Listed<{ last_viewed_at: number; last_content_id: string }>> {
  let base = visible(
    db
      .selectFrom('view_record as v')
      .innerJoin('title as t', 't.content_id', 'v.title_id')
      .where('v.sub_account_uid', '=', subAccountUid),
    filter,
  );
  if (period.periodStartMonth)
    base = base.where('v.last_viewed_at', '>=', taipeiMonthRange(period.periodStartMonth)[0]);
  if (period.periodEndMonth)
    base = base.where('v.last_viewed_at', '<', taipeiMonthRange(period.periodEndMonth)[1]);
  return paged(
    base as never,
    (q) =>
      (q as unknown as typeof base)
        .selectAll('t')
        .select(['v.last_viewed_at', 'v.last_content_id'])
        .orderBy('v.last_viewed_at', 'desc')
        .orderBy('v.title_id', 'desc') as never,
    page,
  );
}

/** Titles in the subcategories of the favorites, not yet favorites, on the shelf, newest first. */
export async function favoriteRecommend(
  db: Kysely<Database>,
  subAccountUid: string,
  filter: ListFilter,
  page: Page,
  now: number,
): Promise<Listed<object>> {
  const favourites = db
    .selectFrom('favorite_item as f')
    .innerJoin('title as ft', 'ft.content_id', 'f.content_id')
    .where('f.sub_account_uid', '=', subAccountUid);
  const base = visible(
    db
      .selectFrom('title as t')
      .where('t.kind', 'in', ['movie', 'series'])
      .where('t.on_shelf_at', '<=', now)
      .where((eb) => eb.or([eb('t.off_shelf_at', 'is', null), eb('t.off_shelf_at', '>', now)]))
      .where('t.subcategory_id', 'in', favourites.select('ft.subcategory_id'))
      .where('t.content_id', 'not in', favourites.select('f.content_id')),
    filter,
  );
  return paged(
    base as never,
    (q) =>
      (q as unknown as typeof base)
        .selectAll('t')
        .orderBy('t.on_shelf_at', 'desc')
        .orderBy('t.content_id') as never,
    page,
  );
}
