import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { SEARCH_RESULT_LIMIT, type SearchField } from '@site/contract';
import type { Database, SearchTermTable, TitleTable } from '../../db/schema.js';
import { toVideoListItem, type TitleRow } from '../catalogue/present.js';
import { titleVisible, visibleWhere, type VisibilityScope } from '../catalogue/visibility.js';
import { SEARCHABLE_KINDS } from './reindex.js';
import {
  GRAM_MAX,
  RANK,
  characterCount,
  compareCodePoints,
  normalizeText,
  upperBound,
} from './terms.js';

type TermDb = Database & { s: SearchTermTable };
type TermEb = ExpressionBuilder<TermDb, 's'>;
type TitleEb = ExpressionBuilder<Database & { t: TitleTable }, 't'>;
type Hit = { owner_id: string; bucket: number; sort_name: string };

/**
 * The catalogue's visibility rule over the index's own copies (audience level, shelf dates), so
 * counts and kids' searches read the index alone.
 */
function indexedVisible(eb: TermEb, scope: VisibilityScope, now: number): Expression<SqlBool> {
  return visibleWhere(scope, now, {
    audience: { level: 's.audience' },
    shelf: { onShelfAt: 's.on_shelf_at', offShelfAt: 's.off_shelf_at' },
  })(eb);
}

/**
 * The same rule over the catalogue's title itself, checked again on every title a reply names,
 * so a title changed without a reindex is never shown to a scope it is hidden from.
 */
function searchableVisible(eb: TitleEb, scope: VisibilityScope, now: number): Expression<SqlBool> {
  return eb.and([
    eb('t.kind', 'in', SEARCHABLE_KINDS),
    titleVisible(scope, now, { alias: 't' })(eb),
  ]);
}

const isShort = (q: string) => characterCount(q) <= GRAM_MAX;

/** Keys that start with q: equality for one or two characters, a code point range for more. */
function termMatches(eb: TermEb, q: string): Expression<SqlBool> {
  if (isShort(q)) return eb('s.term', '=', q);
  const upper = upperBound(q);
  return upper === undefined
    ? eb('s.term', '>=', q)
    : eb.and([eb('s.term', '>=', q), eb('s.term', '<', upper)]);
}

/**
 * The class of a suffix row relative to a longer query: the suffix at 0 is the whole name, an
 * exact match when it equals q (stored as prefix: the row cannot know q); cast rows are one class.
 */
function queryRank(q: string) {
  return sql<number>`case
    when s.rank in (${RANK.prefix}, ${RANK.personPrefix}) and s.term = ${q} then s.rank - 1
    when s.rank = ${RANK.castInName} then ${RANK.cast}
    else s.rank end`;
}

/**
 * The titles a query finds, one row each, as (owner_id, bucket, sort_name), before paging.
 * One or two characters: each title has at most one row per key and class, and classes 0–3 hold
 * a cast row only when the name lacks the key, so 'all' and 'title' read the lookup index in
 * reply order and stop at LIMIT. Longer: the suffixes in [q, upperBound(q)), grouped per title
 * (a name may hold q twice, and name and cast both), each keeping its best class.
 */
function hits(
  db: Kysely<Database>,
  q: string,
  field: SearchField,
  scope: VisibilityScope,
  now: number,
): SelectQueryBuilder<TermDb, 's', Hit> {
  const rows = db
    .selectFrom('search_term as s')
    .where((eb) => termMatches(eb, q))
    .where((eb) => indexedVisible(eb, scope, now));
  if (isShort(q)) {
    const classes =
      field === 'all'
        ? rows.where('s.rank', '<=', RANK.cast)
        : field === 'title'
          ? rows.where('s.rank', '<=', RANK.inner)
          : rows.where('s.rank', 'in', [RANK.cast, RANK.castInName]);
    return classes.select([
      's.owner_id',
      field === 'person' ? sql.lit(RANK.cast).as('bucket') : 's.rank as bucket',
      's.name as sort_name',
    ]) as SelectQueryBuilder<TermDb, 's', Hit>;
  }
  const classes =
    field === 'all'
      ? rows.where('s.rank', '<=', RANK.castInName)
      : field === 'title'
        ? rows.where('s.rank', '<=', RANK.inner)
        : rows.where('s.rank', 'in', [RANK.cast, RANK.castInName]);
  return classes
    .groupBy('s.owner_id')
    .select((eb) => [
      's.owner_id',
      eb.fn.min(queryRank(q)).as('bucket'),
      eb.fn.min('s.name').as('sort_name'),
    ]) as unknown as SelectQueryBuilder<TermDb, 's', Hit>;
}

export interface SearchPage {
  totalCount: number;
  rows: TitleRow[];
}

/**
 * One page of the titles a normalised, non-empty query finds, in the order exact name, name
 * prefix, other name substring, person name (for 'all'), then name by code point, then contentId.
 */
export async function searchTitles(
  db: Kysely<Database>,
  q: string,
  field: SearchField,
  paging: { startIndex: number; maxRecord: number },
  scope: VisibilityScope,
  now: number,
): Promise<SearchPage> {
  const limit = Math.min(paging.maxRecord, SEARCH_RESULT_LIMIT - paging.startIndex);
  const [rows, count] = await Promise.all([
    limit <= 0
      ? []
      : db
          .selectFrom(
            hits(db, q, field, scope, now)
              .orderBy('bucket')
              .orderBy('sort_name')
              .orderBy('owner_id')
              .limit(limit)
              .offset(paging.startIndex)
              .as('p'),
          )
          .innerJoin('title as t', 't.content_id', 'p.owner_id')
          .where((eb) => searchableVisible(eb as unknown as TitleEb, scope, now))
          .selectAll('t')
          .orderBy('p.bucket')
          .orderBy('p.sort_name')
          .orderBy('p.owner_id')
          .execute(),
    db
      .selectFrom(hits(db, q, field, scope, now).limit(SEARCH_RESULT_LIMIT).as('m'))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { totalCount: Number(count.n), rows };
}

/** ajaxBuildSearchPage.do's page: the keyword as typed, a page of what it finds. */
export async function searchPage(
  db: Kysely<Database>,
  query: { inputKeyword: string; searchField: SearchField; startIndex: number; maxRecord: number },
  scope: VisibilityScope,
  now: number,
) {
  const { inputKeyword, searchField, startIndex, maxRecord } = query;
  const q = normalizeText(inputKeyword);
  const { totalCount, rows } = q
    ? await searchTitles(db, q, searchField, { startIndex, maxRecord }, scope, now)
    : { totalCount: 0, rows: [] };
  return {
    keyword: inputKeyword,
    totalCount,
    recordCount: rows.length,
    videoList: { video: rows.map(toVideoListItem) },
  };
}

export interface Suggestion {
  keyword: string;
  type: 'title' | 'person';
  contentId?: string;
  otherId?: string;
}

interface Candidate {
  id: string;
  /** The index's copy of the name: the order. */
  name: string;
  /** The name as shown (the title's current name). */
  shown: string;
  best: number | string;
}

/**
 * Up to `count` names that contain the query: titles the scope may see and people with at least
 * one such title; exact before prefix before inner, titles before people, then name and id.
 */
export async function suggest(
  db: Kysely<Database>,
  q: string,
  count: number,
  scope: VisibilityScope,
  now: number,
): Promise<Suggestion[]> {
  const keys = (low: number, high: number) =>
    db
      .selectFrom('search_term as s')
      .where((eb) => termMatches(eb, q))
      .where('s.rank', '>=', low)
      .where('s.rank', '<=', high);
  const titleKeys = keys(RANK.exact, RANK.inner)
    .where((eb) => indexedVisible(eb, scope, now))
    .innerJoin('title as t', 't.content_id', 's.owner_id')
    .where((eb) => searchableVisible(eb as unknown as TitleEb, scope, now));
  const personKeys = keys(RANK.personExact, RANK.personInner).where((eb) =>
    eb.exists(
      eb
        .selectFrom('title_person as tp')
        .innerJoin('title as t', 't.content_id', 'tp.content_id')
        .select(sql.lit(1).as('one'))
        .whereRef('tp.person_id', '=', 's.owner_id')
        .where((inner) => searchableVisible(inner as unknown as TitleEb, scope, now)),
    ),
  );
  const ordered = <T extends SelectQueryBuilder<never, never, Candidate>>(query: T) =>
    query.orderBy('best').orderBy('name').orderBy('id').limit(count).execute();
  // One or two characters: one row per name and key, in order in the index. Longer: a name may
  // hold the query more than once, so each keeps its best class.
  const [titles, people] = isShort(q)
    ? await Promise.all([
        ordered(
          titleKeys.select([
            's.owner_id as id',
            's.name as name',
            't.name as shown',
            's.rank as best',
          ]),
        ),
        ordered(
          personKeys.select([
            's.owner_id as id',
            's.name as name',
            's.name as shown',
            's.rank as best',
          ]),
        ),
      ])
    : await Promise.all([
        ordered(
          titleKeys
            .groupBy(['s.owner_id', 't.name'])
            .select((eb) => [
              's.owner_id as id',
              eb.fn.min('s.name').as('name'),
              't.name as shown',
              eb.fn.min(queryRank(q)).as('best'),
            ]),
        ),
        ordered(
          personKeys
            .groupBy(['s.owner_id', 's.name'])
            .select((eb) => [
              's.owner_id as id',
              's.name as name',
              's.name as shown',
              eb.fn.min(queryRank(q)).as('best'),
            ]),
        ),
      ]);
  const ranked = [
    ...titles.map((c) => ({ ...c, rank: Number(c.best), person: false })),
    ...people.map((c) => ({ ...c, rank: Number(c.best) - RANK.personExact, person: true })),
  ].sort(
    (a, b) =>
      a.rank - b.rank ||
      Number(a.person) - Number(b.person) ||
      compareCodePoints(a.name, b.name) ||
      compareCodePoints(a.id, b.id),
  );
  return ranked
    .slice(0, count)
    .map((c) =>
      c.person
        ? { keyword: c.shown, type: 'person' as const }
        : { keyword: c.shown, type: 'title' as const, contentId: c.id, otherId: c.id },
    );
}

/** ajaxGetHotKeyword.do: the hot keywords in rank order. */
export async function hotKeywords(
  db: Kysely<Database>,
): Promise<{ keyword: string; rank: number }[]> {
  return db
    .selectFrom('hot_keyword')
    .select(['keyword', 'rank'])
    .orderBy('rank')
    .orderBy('keyword')
    .execute();
}
