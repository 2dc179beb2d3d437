import {
  orderBys,
  siteCalls,
  videoListReplySchema,
  type FilterCategoryVideoListQuery,
} from '@site/contract';
import {
  CompiledQuery,
  sql,
  type Insertable,
  type Kysely,
  type KyselyPlugin,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database, TitleTable } from '../../src/db/schema.js';
import { filterTitles } from '../../src/modules/catalogue/queries.js';
import { TEST_NOW, testDialect, useTestApp } from '../support/index.js';

/**
 * Browse paging (issue 4, item 5; docs/adr/0012-browse-paging.md): every orderBy, with and
 * without mainCategoryId, with the restricted-content filter on (anonymous viewers and new
 * members, ADR 0016) and off, is walked in an index of migrations 0008/0013 (no sort of the
 * matching rows) and counted from an index alone, and offset pages are slices of one total
 * order, ties broken by contentId.
 */

const LIST = siteCalls.filterCategoryVideoListData;
const DAY = 86_400;
/** Enough rows that page 50 exists in category A, and that PostgreSQL prefers an index walk. */
const LISTED = 3_000;
const EPISODES = 400;

type OrderBy = FilterCategoryVideoListQuery['orderBy'];
type Row = Insertable<TitleTable> & { content_id: string; on_shelf_at: number };

/**
 * Movies and series in two categories, content ids in an order unrelated to anything else,
 * shelf dates, names and prices with many ties; some not on the shelf yet or any more; some
 * restricted or sexual (hidden by the restricted-content filter); and episodes, which a browse
 * never lists.
 */
function fixture(): Row[] {
  const rows: Row[] = [];
  for (let i = 0; i < LISTED + EPISODES; i += 1) {
    const episode = i >= LISTED;
    const category = i % 2 === 0 ? 'paging-a' : 'paging-b';
    rows.push({
      // 7,919 is prime to 100,000: distinct ids, shuffled against i.
      content_id: `PG${String((i * 7_919) % 100_000).padStart(5, '0')}`,
      kind: episode ? 'episode' : i % 10 === 0 ? 'series' : 'movie',
      series_id: episode ? 'PG00000' : null,
      season_no: episode ? 1 : null,
      episode_no: episode ? i - LISTED + 1 : null,
      name: `分頁測試${i % 211}`,
      synopsis: '分頁測試。',
      year: 2020,
      country: 'TW',
      main_category_id: category,
      subcategory_id: `${category}-sub`,
      sell_type: 'FREE',
      dtr_price: [0, 30, 49, 79, 99][i % 5]!,
      grade: '0+',
      is_sexual: i % 29 === 6 ? 1 : 0,
      is_restricted: i % 23 === 4 ? 1 : 0,
      kid_safe: 0,
      poster_path: 'images/posters/poster-01.jpg',
      still_path: 'images/stills/still-01.jpg',
      clip_id: 'clip-a',
      trailer_clip_id: null,
      duration_seconds: 30,
      on_shelf_at: i % 50 === 7 ? TEST_NOW + DAY : TEST_NOW - (i % 97) * DAY,
      off_shelf_at: i % 40 === 3 ? TEST_NOW - 1 : i % 41 === 5 ? TEST_NOW + DAY : null,
    });
  }
  return rows;
}

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** The order filterTitles promises, computed here: the key, then contentId ascending. */
function expectedOrder(
  rows: Row[],
  orderBy: OrderBy,
  category: string | undefined,
  filtered: boolean,
): string[] {
  const key = (r: Row): [string | number, 1 | -1] =>
    orderBy === 'latest'
      ? [r.on_shelf_at, -1]
      : orderBy === 'oldest'
        ? [r.on_shelf_at, 1]
        : orderBy === 'name'
          ? [r.name, 1]
          : orderBy === 'priceLow'
            ? [r.dtr_price, 1]
            : [r.dtr_price, -1];
  return rows
    .filter(
      (r) =>
        r.kind !== 'episode' &&
        r.on_shelf_at <= TEST_NOW &&
        (r.off_shelf_at === null || r.off_shelf_at! > TEST_NOW) &&
        (!category || r.main_category_id === category) &&
        (!filtered || (!r.is_restricted && !r.is_sexual)),
    )
    .sort((a, b) => {
      const [ka, direction] = key(a);
      return compare(ka, key(b)[0]) * direction || compare(a.content_id, b.content_id);
    })
    .map((r) => r.content_id);
}

/** Records what filterTitles sends, so the test can ask the database how it runs it. */
function recording(db: Kysely<Database>) {
  const nodes: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return {
    db: db.withPlugin(plugin),
    take(): CompiledQuery[] {
      const taken = nodes.splice(0);
      return taken.map((node) =>
        db.getExecutor().compileQuery(node, { queryId: 'plan' } as QueryId),
      );
    },
  };
}

/**
 * How the database would run the query. `penalised` (PostgreSQL): with sorts or sequential scans
 * priced out of reach, which shows whether an index can deliver the order, or the count, at all,
 * whatever the table's size.
 */
async function planOf(
  db: Kysely<Database>,
  query: CompiledQuery,
  penalised?: 'sort' | 'seqscan',
): Promise<string[]> {
  const explain = testDialect === 'sqlite' ? 'explain query plan ' : 'explain (costs off) ';
  const setting = sql.raw(`enable_${penalised}`);
  return db.connection().execute(async (connection) => {
    if (penalised) await sql`set ${setting} = off`.execute(connection);
    try {
      const result = await connection.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(explain + query.sql, [...query.parameters]),
      );
      return result.rows.map((row) => String(row.detail ?? row['QUERY PLAN']));
    } finally {
      if (penalised) await sql`reset ${setting}`.execute(connection);
    }
  });
}

/** Filter off (a member who switched it off) and on (anonymous viewers, new members). */
const scopes = [
  { label: 'filter off', filtered: false },
  { label: 'filter on', filtered: true },
] as const;

const cases = orderBys.flatMap((orderBy) =>
  [undefined, 'paging-a'].flatMap((mainCategoryId) =>
    scopes.map(({ label, filtered }) => ({ orderBy, mainCategoryId, label, filtered })),
  ),
);

describe('browse paging', () => {
  const ctx = useTestApp();
  const rows = fixture();

  beforeAll(async () => {
    const db = ctx.database.db;
    for (const main of ['paging-a', 'paging-b']) {
      await db
        .insertInto('main_category')
        .values({ main_category_id: main, name: main, sort_order: 90 })
        .execute();
      await db
        .insertInto('subcategory')
        .values({
          subcategory_id: `${main}-sub`,
          main_category_id: main,
          name: main,
          sort_order: 1,
        })
        .execute();
    }
    // The series the episodes belong to goes first (foreign key).
    const first = rows.findIndex((r) => r.content_id === 'PG00000');
    await db.insertInto('title').values(rows[first]!).execute();
    const rest = rows.filter((_, i) => i !== first);
    for (let i = 0; i < rest.length; i += 500) {
      await db
        .insertInto('title')
        .values(rest.slice(i, i + 500))
        .execute();
    }
  });

  /**
   * One page: with the filter on as an anonymous viewer asks it, through the app; with the filter
   * off straight from filterTitles (what a member who switched it off is answered from).
   */
  const list = async (
    filter: { orderBy: OrderBy; mainCategoryId?: string; startIndex: number; maxRecord: number },
    filtered: boolean,
  ): Promise<{ totalCount: number; ids: string[] }> => {
    if (!filtered) {
      const { totalCount, rows } = await filterTitles(
        ctx.database.db,
        filter,
        { kidsOnly: false, hideRestricted: false },
        TEST_NOW,
      );
      return { totalCount, ids: rows.map((r) => r.content_id) };
    }
    const query = new URLSearchParams(
      Object.entries(filter).map(([k, v]) => [k, String(v)] as [string, string]),
    );
    const res = await ctx.app.inject(`${LIST}?${query.toString()}`);
    expect(res.statusCode).toBe(200);
    const data = videoListReplySchema.parse(res.json()).data;
    expect(data.recordCount).toBe(data.videoList.video.length);
    return { totalCount: data.totalCount, ids: data.videoList.video.map((v) => v.contentId) };
  };

  /**
   * SQLite as the server runs it (it never analyzes) and after ANALYZE; PostgreSQL after
   * ANALYZE only, since autovacuum may gather statistics at any moment.
   */
  const statistics = testDialect === 'sqlite' ? ['none', 'analyzed'] : ['analyzed'];

  /** The index of migrations 0008/0013 that walks each order. */
  const orderIndex: Record<OrderBy, string> = {
    latest: 'latest',
    oldest: 'oldest',
    name: 'name',
    priceLow: 'price_low',
    priceHigh: 'price_high',
  };

  it.each(statistics)('walks an index in every order, statistics: %s', async (state) => {
    const db = ctx.database.db;
    if (state === 'analyzed') await sql`analyze`.execute(db);
    const recorder = recording(db);
    for (const { orderBy, mainCategoryId, label, filtered } of cases) {
      for (const startIndex of [0, 980]) {
        await filterTitles(
          recorder.db,
          { orderBy, startIndex, maxRecord: 20, ...(mainCategoryId ? { mainCategoryId } : {}) },
          { kidsOnly: false, hideRestricted: filtered },
          TEST_NOW,
        );
        const [page, count] = recorder.take();
        const plan = await planOf(db, page!);
        const where = `${orderBy} ${mainCategoryId ?? 'all'} ${label} @${startIndex}`;
        const lead = mainCategoryId ? 'category_' : '';
        // Every viewer walks the same order indexes (0013 gave them the audience columns); the
        // filter's count has a partial index of its own (0013's filtered_shelf).
        const index = `title_browse_${lead}${orderIndex[orderBy]}\\b`;
        const shelf = `title_browse_${lead}${filtered ? 'filtered_shelf' : 'shelf'}\\b`;
        if (testDialect === 'sqlite') {
          expect(plan.join('\n'), where).not.toMatch(/TEMP B-TREE/);
          expect(plan.join('\n'), where).toMatch(new RegExp(`USING INDEX ${index}`));
          // The count reads an index alone (its columns hold the whole condition).
          const counted = await planOf(db, count!);
          expect(counted.join('\n'), `count ${where}`).toMatch(
            new RegExp(`USING COVERING INDEX ${shelf}`),
          );
        } else {
          // Page 1 is the planner's own choice. Reading 1,000 of these few thousand rows in
          // index order costs PostgreSQL more than a scan and a top-N sort (at 100,000 titles it
          // walks the index, see the benchmark), so page 50 only shows that an index serves it.
          const chosen = startIndex === 0 ? plan : await planOf(db, page!, 'sort');
          expect(chosen.join('\n'), where).not.toMatch(/\bSort\b/);
          expect(chosen.join('\n'), where).toMatch(new RegExp(`Index Scan using ${index}`));
          // Likewise the count: at this size a scan may be cheaper; without one, its index serves
          // it (read alone once VACUUM has set the visibility map, as in the benchmark).
          const counted = await planOf(db, count!, 'seqscan');
          expect(counted.join('\n'), `count ${where}`).toMatch(
            new RegExp(`(Index Only Scan using|Bitmap Index Scan on) ${shelf}`),
          );
        }
      }
    }
  });

  it.each(cases)(
    'pages $orderBy ($mainCategoryId, $label) as slices of one total order',
    async ({ orderBy, mainCategoryId, filtered }) => {
      const expected = expectedOrder(rows, orderBy, mainCategoryId, filtered);
      expect(expected.length).toBeGreaterThan(1_000);
      const page = async (startIndex: number, maxRecord = 20) => {
        const data = await list(
          { orderBy, startIndex, maxRecord, ...(mainCategoryId ? { mainCategoryId } : {}) },
          filtered,
        );
        expect(data.totalCount).toBe(expected.length);
        return data.ids;
      };
      const first40 = await page(0, 40);
      expect([...(await page(0)), ...(await page(20))]).toEqual(first40);
      expect(first40).toEqual(expected.slice(0, 40));
      for (const k of [49, 50])
        expect(await page(k * 20)).toEqual(expected.slice(k * 20, k * 20 + 20));
      // The last page is short, and the one after it empty.
      const last = Math.floor((expected.length - 1) / 20) * 20;
      expect(await page(last)).toEqual(expected.slice(last));
      expect(await page(last + 20)).toEqual([]);
    },
  );
});
