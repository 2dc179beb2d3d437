import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { TAIPEI_OFFSET_SECONDS } from '../../time.js';
import { minimumAudience } from '../catalogue/audience.js';
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

export interface KeepWatchRecord {
  title_id: string;
  resume_content_id: string;
  position_seconds: number;
  updated_at: number;
}

/**
 * Continue watching: the history's titles whose last watched movie or episode is neither
 * finished nor removed, newest first (a series shows once, resuming its last watched episode).
 * Like the history it filters on the records' audience copy; the caller adds the titles.
 */
export async function continueWatching(
  db: Kysely<Database>,
  subAccountUid: string,
  filter: ListFilter,
  page: Page,
): Promise<{ totalCount: number; records: KeepWatchRecord[] }> {
  const records = db
    .selectFrom('view_record as v')
    .innerJoin('watch_position as w', (join) =>
      join
        .onRef('w.sub_account_uid', '=', 'v.sub_account_uid')
        .onRef('w.content_id', '=', 'v.last_content_id'),
    )
    .where('v.sub_account_uid', '=', subAccountUid)
    .where('v.audience', '>=', minimumAudience(filter))
    .where('w.finished', '=', 0)
    .where('w.hidden', '=', 0);
  const [rows, count] = await Promise.all([
    records
      .select([
        'v.title_id',
        'w.content_id as resume_content_id',
        'w.position_seconds',
        'v.last_viewed_at as updated_at',
      ])
      .orderBy('v.last_viewed_at', 'desc')
      .orderBy('v.title_id', 'desc')
      .limit(page.maxRecord)
      .offset(page.startIndex)
      .execute(),
    records.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { totalCount: Number(count.n), records: rows };
}

/** Unix seconds of the first moment of a Taipei month 'YYYYMM' (and of the month after). */
export function taipeiMonthRange(month: string): [number, number] {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(4, 6));
  const start = Date.UTC(year, m - 1, 1) / 1000 - TAIPEI_OFFSET_SECONDS;
  const end = Date.UTC(year, m, 1) / 1000 - TAIPEI_OFFSET_SECONDS;
  return [start, end];
}

export interface HistoryRecord {
  title_id: string;
  last_viewed_at: number;
  last_content_id: string;
}

/**
 * Play history, newest first, within [periodStartMonth, periodEndMonth] when given. The records
 * carry their title's audience level, so the count and the page read the history's index alone;
 * the caller adds the page's titles (from its title cache).
 */
export async function viewHistory(
  db: Kysely<Database>,
  subAccountUid: string,
  filter: ListFilter,
  page: Page,
  period: { periodStartMonth?: string | undefined; periodEndMonth?: string | undefined },
): Promise<{ totalCount: number; records: HistoryRecord[] }> {
  let records = db
    .selectFrom('view_record as v')
    .where('v.sub_account_uid', '=', subAccountUid)
    .where('v.audience', '>=', minimumAudience(filter));
  if (period.periodStartMonth)
    records = records.where('v.last_viewed_at', '>=', taipeiMonthRange(period.periodStartMonth)[0]);
  if (period.periodEndMonth)
    records = records.where('v.last_viewed_at', '<', taipeiMonthRange(period.periodEndMonth)[1]);
  const [rows, count] = await Promise.all([
    records
      .select(['v.title_id', 'v.last_viewed_at', 'v.last_content_id'])
      .orderBy('v.last_viewed_at', 'desc')
      .orderBy('v.title_id', 'desc')
      .limit(page.maxRecord)
      .offset(page.startIndex)
      .execute(),
    records.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { totalCount: Number(count.n), records: rows };
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
