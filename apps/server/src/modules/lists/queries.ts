import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { TAIPEI_OFFSET_SECONDS } from '../../time.js';
import type { TitleRow } from '../catalogue/present.js';
import { titlesLike } from '../catalogue/queries.js';
import { visibleTitleExists, visibleWhere, type VisibilityScope } from '../catalogue/visibility.js';

/**
 * What a list call may show: the catalogue's visibility scope (catalogue/visibility.ts), which
 * the lists' rules narrow (routes.ts listFilter).
 */
export type ListFilter = VisibilityScope;

export interface Page {
  startIndex: number;
  maxRecord: number;
}

export interface Listed<Extra> {
  totalCount: number;
  rows: (TitleRow & Extra)[];
}

/**
 * History records carry a copy of their title's audience level but no shelf dates: the count
 * and the page filter on the copy (the history's own index), and the caller checks the shelf
 * window of the page's titles with isVisible (catalogue/visibility.ts).
 */
const recordAudience = (filter: ListFilter, now: number) =>
  visibleWhere(filter, now, { audience: { level: 'v.audience' }, shelf: null });

export interface MembershipRecord {
  title_id: string;
  added_at: number;
}

/**
 * To-view list or favorites, newest first: the entries whose title the filter may see (asked of
 * the catalogue); the caller adds the page's titles.
 */
export async function membershipList(
  db: Kysely<Database>,
  table: 'to_view_item' | 'favorite_item',
  subAccountUid: string,
  filter: ListFilter,
  page: Page,
  now: number,
): Promise<{ totalCount: number; records: MembershipRecord[] }> {
  const entries = db
    .selectFrom(`${table} as m`)
    .where('m.sub_account_uid', '=', subAccountUid)
    .where(visibleTitleExists(filter, now, 'm.content_id'));
  const [rows, count] = await Promise.all([
    entries
      .select(['m.content_id as title_id', 'm.added_at'])
      .orderBy('m.added_at', 'desc')
      .orderBy('m.content_id', 'desc')
      .limit(page.maxRecord)
      .offset(page.startIndex)
      .execute(),
    entries.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { totalCount: Number(count.n), records: rows };
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
 * The records keep that answer (continue_watching, migration 0023), so the count and the walk to
 * the page read the partial index of those records alone; only the page's records read their
 * positions. Like the history it filters on the records' audience copy; the caller adds the
 * titles.
 */
export async function continueWatching(
  db: Kysely<Database>,
  subAccountUid: string,
  filter: ListFilter,
  page: Page,
  now: number,
): Promise<{ totalCount: number; records: KeepWatchRecord[] }> {
  const [rows, totalCount] = await Promise.all([
    continueWatchingRecords(db, subAccountUid, filter, now)
      .innerJoin('watch_position as w', (join) =>
        join
          .onRef('w.sub_account_uid', '=', 'v.sub_account_uid')
          .onRef('w.content_id', '=', 'v.last_content_id'),
      )
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
    continueWatchingCount(db, subAccountUid, filter, now),
  ]);
  return { totalCount, records: rows };
}

/** How many titles continue watching holds for the filter (the counts call asks only this). */
export async function continueWatchingCount(
  db: Kysely<Database>,
  subAccountUid: string,
  filter: ListFilter,
  now: number,
): Promise<number> {
  const count = await continueWatchingRecords(db, subAccountUid, filter, now)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

// The literal 1 (not a bound value) is what lets both planners use migration 0023's partial index.
const continueWatchingRecords = (
  db: Kysely<Database>,
  subAccountUid: string,
  filter: ListFilter,
  now: number,
) =>
  db
    .selectFrom('view_record as v')
    .where('v.sub_account_uid', '=', subAccountUid)
    .where(sql.ref('v.continue_watching'), '=', sql.lit(1))
    .where(recordAudience(filter, now));

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
  now: number,
): Promise<{ totalCount: number; records: HistoryRecord[] }> {
  let records = db
    .selectFrom('view_record as v')
    .where('v.sub_account_uid', '=', subAccountUid)
    .where(recordAudience(filter, now));
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
    .select('f.content_id')
    .where('f.sub_account_uid', '=', subAccountUid);
  return titlesLike(db, favourites, filter, now, page);
}
