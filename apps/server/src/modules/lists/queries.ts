import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { taipeiDateStart } from '../../taipei-time.js';
import type { TitleRow } from '../catalogue/present.js';
import { titlesLike } from '../catalogue/queries.js';
import { reusable, slot } from '../../db/reusable.js';
import { AUDIENCE, minimumAudience } from '../catalogue/audience.js';
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
 * The list queries run several times for every list call, so each is built and compiled once per
 * shape (db/reusable.ts) and run with the call's values. Their shape is the audience level the
 * filter starts at (the only part of a ListFilter they use, catalogue/visibility.ts), with a
 * history period's ends where given.
 */
const scopeAt = (least: number): ListFilter => ({
  kidsOnly: least >= AUDIENCE.kids,
  hideRestricted: least >= AUDIENCE.general,
  hideSexual: least >= AUDIENCE.restricted,
});
const uid = slot<string>('uid');
const now = slot<number>('now');
const limit = slot<number>('limit');
const offset = slot<number>('offset');

/**
 * History records carry a copy of their title's audience level but no shelf dates: the count
 * and the page filter on the copy (the history's own index), and the caller checks the shelf
 * window of the page's titles with isVisible (catalogue/visibility.ts).
 */
const recordAudience = (least: number) =>
  visibleWhere(scopeAt(least), now, { audience: { level: 'v.audience' }, shelf: null });

export interface MembershipRecord {
  title_id: string;
  added_at: number;
}

type MembershipTable = 'to_view_item' | 'favorite_item';
type MembershipShape = `${MembershipTable}:${number}`;

const membershipEntries = (db: Kysely<Database>, shape: MembershipShape) => {
  const [table, least] = shape.split(':') as [MembershipTable, string];
  return db
    .selectFrom(`${table} as m`)
    .where('m.sub_account_uid', '=', uid)
    .where(visibleTitleExists(scopeAt(Number(least)), now, 'm.content_id'));
};
const membershipPage = reusable((db, shape: MembershipShape) =>
  membershipEntries(db, shape)
    .select(['m.content_id as title_id', 'm.added_at'])
    .orderBy('m.added_at', 'desc')
    .orderBy('m.content_id', 'desc')
    .limit(limit)
    .offset(offset),
);
const membershipTotal = reusable((db, shape: MembershipShape) =>
  membershipEntries(db, shape).select((eb) => eb.fn.countAll<number | string>().as('n')),
);

/**
 * To-view list or favorites, newest first: the entries whose title the filter may see (asked of
 * the catalogue); the caller adds the page's titles.
 */
export async function membershipList(
  db: Kysely<Database>,
  table: MembershipTable,
  subAccountUid: string,
  filter: ListFilter,
  page: Page,
  at: number,
): Promise<{ totalCount: number; records: MembershipRecord[] }> {
  const shape: MembershipShape = `${table}:${minimumAudience(filter)}`;
  const [records, totalCount] = await Promise.all([
    membershipPage(db, shape, {
      uid: subAccountUid,
      now: at,
      limit: page.maxRecord,
      offset: page.startIndex,
    }),
    membershipCount(db, table, subAccountUid, filter, at),
  ]);
  return { totalCount, records };
}

/** How many entries of the to-view list or favorites the filter may see (the counts call). */
export async function membershipCount(
  db: Kysely<Database>,
  table: MembershipTable,
  subAccountUid: string,
  filter: ListFilter,
  at: number,
): Promise<number> {
  const shape: MembershipShape = `${table}:${minimumAudience(filter)}`;
  const [count] = await membershipTotal(db, shape, { uid: subAccountUid, now: at });
  return Number(count!.n);
}

export interface KeepWatchRecord {
  title_id: string;
  resume_content_id: string;
  position_seconds: number;
  updated_at: number;
}

/**
 * The history's records, or those in continue watching, that a filter starting at an audience
 * level sees: a sum over the sub-account's few rows of view_record_count (migration 0023's
 * triggers keep it), not a count of its records.
 */
type TotalShape = `${'records' | 'watching'}:${number}`;
const totalOf = (db: Kysely<Database>, shape: TotalShape) => {
  const [column, least] = shape.split(':') as ['records' | 'watching', string];
  return db
    .selectFrom('view_record_count as c')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>(`c.${column}`), sql.lit(0)).as('n'))
    .where('c.sub_account_uid', '=', uid)
    .where('c.audience', '>=', Number(least));
};
const recordTotal = reusable(totalOf);

/**
 * A page of records that carries the list's total in each row (an uncorrelated subquery, run
 * once per statement): one statement per page instead of two. A page past the end has no row to
 * carry it, and only then is the total asked alone.
 */
async function withTotal<R extends { total: number | string | null }>(
  db: Kysely<Database>,
  rows: R[],
  shape: TotalShape,
  subAccountUid: string,
  startIndex: number,
): Promise<{ totalCount: number; records: Omit<R, 'total'>[] }> {
  const first = rows[0];
  let totalCount = Number(first?.total ?? 0);
  if (!first && startIndex > 0)
    totalCount = Number((await recordTotal(db, shape, { uid: subAccountUid }))[0]!.n);
  return { totalCount, records: rows.map(({ total: _, ...record }) => record) };
}

// The literal 1 (not a bound value) is what lets both planners use migration 0023's partial index.
const continueWatchingRecords = (db: Kysely<Database>, least: number) =>
  db
    .selectFrom('view_record as v')
    .where('v.sub_account_uid', '=', uid)
    .where(sql.ref('v.continue_watching'), '=', sql.lit(1))
    .where(recordAudience(least));
const continueWatchingPage = reusable((db, least: number) =>
  continueWatchingRecords(db, least)
    .select(totalOf(db, `watching:${least}`).as('total'))
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
    .limit(limit)
    .offset(offset),
);

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
  _at: number,
): Promise<{ totalCount: number; records: KeepWatchRecord[] }> {
  const least = minimumAudience(filter);
  const rows = await continueWatchingPage(db, least, {
    uid: subAccountUid,
    limit: page.maxRecord,
    offset: page.startIndex,
  });
  return withTotal(db, rows, `watching:${least}`, subAccountUid, page.startIndex);
}

/** How many titles continue watching holds for the filter (the counts call asks only this). */
export async function continueWatchingCount(
  db: Kysely<Database>,
  subAccountUid: string,
  filter: ListFilter,
  _at: number,
): Promise<number> {
  const [count] = await recordTotal(db, `watching:${minimumAudience(filter)}`, {
    uid: subAccountUid,
  });
  return Number(count!.n);
}

/** Unix seconds of the first moment of a Taipei month 'YYYYMM' (and of the month after). */
export function taipeiMonthRange(month: string): [number, number] {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(4, 6));
  return [
    taipeiDateStart(year, m),
    taipeiDateStart(m === 12 ? year + 1 : year, m === 12 ? 1 : m + 1),
  ];
}

export interface HistoryRecord {
  title_id: string;
  last_viewed_at: number;
  last_content_id: string;
}

/** The history's shape: the audience level, and which ends of a period it has. */
type HistoryShape = `${number}:${'' | 'from'}:${'' | 'to'}`;

const historyRecords = (db: Kysely<Database>, shape: HistoryShape) => {
  const [least, from, to] = shape.split(':');
  let records = db
    .selectFrom('view_record as v')
    .where('v.sub_account_uid', '=', uid)
    .where(recordAudience(Number(least)));
  if (from) records = records.where('v.last_viewed_at', '>=', slot<number>('from'));
  if (to) records = records.where('v.last_viewed_at', '<', slot<number>('to'));
  return records;
};
const historyPage = reusable((db, shape: HistoryShape) =>
  historyRecords(db, shape)
    .select(['v.title_id', 'v.last_viewed_at', 'v.last_content_id'])
    .orderBy('v.last_viewed_at', 'desc')
    .orderBy('v.title_id', 'desc')
    .limit(limit)
    .offset(offset),
);
const historyPageWithTotal = reusable((db, least: number) =>
  historyRecords(db, `${least}::`)
    .select(totalOf(db, `records:${least}`).as('total'))
    .select(['v.title_id', 'v.last_viewed_at', 'v.last_content_id'])
    .orderBy('v.last_viewed_at', 'desc')
    .orderBy('v.title_id', 'desc')
    .limit(limit)
    .offset(offset),
);
const historyTotal = reusable((db, shape: HistoryShape) =>
  historyRecords(db, shape).select((eb) => eb.fn.countAll<number | string>().as('n')),
);

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
  _at: number,
): Promise<{ totalCount: number; records: HistoryRecord[] }> {
  const { periodStartMonth, periodEndMonth } = period;
  const shape: HistoryShape = `${minimumAudience(filter)}:${periodStartMonth ? 'from' : ''}:${
    periodEndMonth ? 'to' : ''
  }`;
  const values = {
    uid: subAccountUid,
    ...(periodStartMonth ? { from: taipeiMonthRange(periodStartMonth)[0] } : {}),
    ...(periodEndMonth ? { to: taipeiMonthRange(periodEndMonth)[1] } : {}),
  };
  const pageValues = { ...values, limit: page.maxRecord, offset: page.startIndex };
  if (!periodStartMonth && !periodEndMonth) {
    const least = minimumAudience(filter);
    const rows = await historyPageWithTotal(db, least, pageValues);
    return withTotal(db, rows, `records:${least}`, subAccountUid, page.startIndex);
  }
  // A period is counted from the records themselves (view_record_count knows no months).
  const [records, [count]] = await Promise.all([
    historyPage(db, shape, pageValues),
    historyTotal(db, shape, values),
  ]);
  return { totalCount: Number(count!.n), records };
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

export interface ListCounts {
  keepWatch: number;
  toView: number;
  favorite: number;
}

/** The three counts the my-list screen asks for, in one statement (three scalar subqueries). */
const listCountsOf = reusable((db, least: number) =>
  db.selectNoFrom([
    totalOf(db, `watching:${least}`).as('keep_watch'),
    membershipEntries(db, `to_view_item:${least}`)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .as('to_view'),
    membershipEntries(db, `favorite_item:${least}`)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .as('favorite'),
  ]),
);

/**
 * How many titles continue watching, the to-view list and favorites hold for the filter: what
 * continueWatchingCount and membershipCount answer one by one, asked together.
 */
export async function listCounts(
  db: Kysely<Database>,
  subAccountUid: string,
  filter: ListFilter,
  at: number,
): Promise<ListCounts> {
  const [row] = await listCountsOf(db, minimumAudience(filter), { uid: subAccountUid, now: at });
  return {
    keepWatch: Number(row!.keep_watch ?? 0),
    toView: Number(row!.to_view ?? 0),
    favorite: Number(row!.favorite ?? 0),
  };
}
