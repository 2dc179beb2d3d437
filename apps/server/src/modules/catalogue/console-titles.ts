import { PostgresAdapter, sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { ConsoleTitle, ConsoleTitleRow, titleListQuerySchema } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { TitleRow } from './present.js';

/*
 * The console's reads of the catalogue (issue 22, docs/adr/0038-console-catalogue.md). Staff see
 * every title, drafts and titles off the shelf included: nothing here is a customer's face, so
 * the visibility rule does not apply (and no customer call reads these).
 */

export type TitleListQuery = z.infer<typeof titleListQuerySchema>;

/** The console's orders and their columns: migration 0026 has one index for each. */
const SORT_COLUMNS = {
  name: 'name',
  contentId: 'content_id',
  year: 'year',
  onShelfAt: 'on_shelf_at',
  updatedAt: 'updated_at',
} as const;

/** `%`, `_` and the escape itself taken literally in a LIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The filters. On SQLite each is written `+column = ?`: SQLite, which has no statistics here,
 * takes any equality for a selective index lookup and would then sort every match (40,000 titles
 * of a category: 170 ms); the unary plus makes no index range of it, so the list walks its order's
 * index and checks the filter columns there (migration 0026 put them in every order index).
 * PostgreSQL plans with statistics and gets the columns themselves, and so does the count on
 * both (`counting`: a range of title_console_filter where the kind leads; 6.9 → 3.4 ms for the
 * series of 100,000 titles on SQLite).
 */
function filtered(db: Kysely<Database>, query: TitleListQuery, counting = false) {
  const postgres = counting || db.getExecutor().adapter instanceof PostgresAdapter;
  const column = (name: 'kind' | 'state' | 'main_category_id') =>
    postgres ? sql.ref<string>(name) : sql<string>`+${sql.ref(name)}`;
  let select = db.selectFrom('title');
  if (query.kind) select = select.where(column('kind'), '=', query.kind);
  if (query.state) select = select.where(column('state'), '=', query.state);
  if (query.mainCategoryId) {
    select = select.where(column('main_category_id'), '=', query.mainCategoryId);
  }
  const q = query.q;
  if (q) {
    const text = likeLiteral(q);
    select = select.where((eb: ExpressionBuilder<Database, 'title'>) =>
      eb.or([
        sql<boolean>`name like ${`%${text}%`} escape '\\'`,
        sql<boolean>`content_id like ${`${text}%`} escape '\\'`,
      ]),
    );
  }
  return select;
}

export function titleRowOf(row: TitleRow): ConsoleTitleRow {
  return {
    contentId: row.content_id,
    kind: row.kind as ConsoleTitleRow['kind'],
    name: row.name,
    year: Number(row.year),
    mainCategoryId: row.main_category_id,
    sellType: row.sell_type as ConsoleTitleRow['sellType'],
    price: Number(row.dtr_price),
    state: row.state as ConsoleTitleRow['state'],
    onShelfAt: Number(row.on_shelf_at),
    offShelfAt: row.off_shelf_at === null ? null : Number(row.off_shelf_at),
    updatedAt: Number(row.updated_at),
    version: Number(row.version),
  };
}

export function consoleTitleOf(row: TitleRow): ConsoleTitle {
  return {
    ...titleRowOf(row),
    synopsis: row.synopsis,
    country: row.country,
    subcategoryId: row.subcategory_id,
    grade: row.grade as ConsoleTitle['grade'],
    isRestricted: Boolean(Number(row.is_restricted)),
    isSexual: Boolean(Number(row.is_sexual)),
    kidSafe: Boolean(Number(row.kid_safe)),
    seriesId: row.series_id,
    seasonNo: row.season_no === null ? null : Number(row.season_no),
    episodeNo: row.episode_no === null ? null : Number(row.episode_no),
    posterPath: row.poster_path,
    stillPath: row.still_path,
    bannerPath: row.banner_path,
    clipId: row.clip_id,
    trailerClipId: row.trailer_clip_id,
  };
}

const ROW_COLUMNS = [
  'content_id',
  'kind',
  'name',
  'year',
  'main_category_id',
  'sell_type',
  'dtr_price',
  'state',
  'on_shelf_at',
  'off_shelf_at',
  'updated_at',
  'version',
] as const;

/**
 * One page of titles in the asked order, ties by content id in the same direction (so both
 * databases walk one index, forwards or backwards, and agree on every page), with the count of
 * every match. Filters are columns of each order's index: a filtered page is still the next rows
 * of a walk, checked in the index. The page's ids are found first, from the index alone (the
 * offset skips index entries, not rows: PostgreSQL read 50,000 rows from the table for page
 * 2,000), and only those rows are read.
 */
export async function listConsoleTitles(
  db: Kysely<Database>,
  query: TitleListQuery,
): Promise<{ titles: ConsoleTitleRow[]; total: number }> {
  const column = SORT_COLUMNS[query.sort];
  let ids = filtered(db, query).select('content_id').orderBy(column, query.order);
  if (column !== 'content_id') ids = ids.orderBy('content_id', query.order);
  ids = ids.limit(query.pageSize).offset((query.page - 1) * query.pageSize);
  let page = db
    .selectFrom('title')
    .select(ROW_COLUMNS)
    .where('content_id', 'in', ids)
    .orderBy(column, query.order);
  if (column !== 'content_id') page = page.orderBy('content_id', query.order);
  const [rows, count] = await Promise.all([
    page.execute(),
    filtered(db, query, true)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    titles: rows.map((row) => titleRowOf(row as TitleRow)),
    total: Number(count.n),
  };
}

export async function findConsoleTitleRow(
  db: Kysely<Database>,
  contentId: string,
): Promise<TitleRow | undefined> {
  return db.selectFrom('title').selectAll().where('content_id', '=', contentId).executeTakeFirst();
}

export async function getConsoleTitle(
  db: Kysely<Database>,
  contentId: string,
): Promise<ConsoleTitle> {
  const row = await findConsoleTitleRow(db, contentId);
  if (!row) throw notFound('找不到這部影片。');
  return consoleTitleOf(row);
}
