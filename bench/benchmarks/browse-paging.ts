import { orderBys } from '@site/contract';
import { check } from '../lib/check.js';
import {
  BENCH_MAIN_CATEGORY,
  newTiming,
  summarise,
  syntheticCatalogue,
  timed,
  toLoadResult,
  type CatalogueBuilt,
  type Summary,
  type Timing,
} from '../lib/synthetic-catalogue.js';
import type { BenchContext, Benchmark } from '../lib/types.js';

/**
 * Browse paging (issue 4, item 5: "20 per page, paged through an index so page 50 is as fast as
 * page 1"): ajaxFilterCategoryVideoListData.do over 100,000 synthetic titles (5,000 with --quick)
 * with the catalogue read cache off, page 1 (startIndex 0) against page 50 (startIndex 980), 20
 * a page, for every orderBy, without a filter and with mainCategoryId. Requests run one after
 * another, each timed from request to last byte, the cases interleaved. Subject: page 50;
 * ceiling: page 1 of the same case, so the ratio says how close page 50 comes to page 1.
 */

const LIST_PATH = '/ajax/ajaxFilterCategoryVideoListData.do';
/** Bench-only: how the catalogue build in the server process is getting on. */
const SETUP_PATH = '/__bench/browse-setup';
/** The server process reads how many titles to build from here (it inherits the runner's env). */
const TITLES_ENV = 'BROWSE_BENCH_TITLES';

const FULL = { titles: 100_000, rounds: 100 };
const QUICK = { titles: 5_000, rounds: 20 };
const WARM_UP_ROUNDS = 5;
const PAGE_SIZE = 20;
const PAGE_50_START = 49 * PAGE_SIZE;
/** Issue, SQLite: page-50 p95 within 1.5× page-1 p95, and at most 15 ms. */
const TARGET = { ratio: 1.5, page50P95Ms: 15 };

const catalogue = syntheticCatalogue({
  setupPath: SETUP_PATH,
  titlesEnv: TITLES_ENV,
  shape: { varied: true },
  // The server never analyzes SQLite: plans must hold without statistics, so none are made here.
  // PostgreSQL gets VACUUM ANALYZE (what autovacuum does).
  sqliteStatistics: false,
});

const filters = [
  { label: 'all', query: '' },
  { label: 'category', query: `&mainCategoryId=${BENCH_MAIN_CATEGORY}` },
] as const;

interface Case {
  orderBy: (typeof orderBys)[number];
  filter: (typeof filters)[number];
  page1: Timing;
  page50: Timing;
}

interface Video {
  contentId: string;
  contentName: string;
  dtrPrice: number;
  mainCategoryId: string;
}
interface ListReply {
  data?: { totalCount?: number; recordCount?: number; videoList?: { video?: Video[] } };
}

/** Both databases compare text by code point; the synthetic names are all in the BMP. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Whether b may follow a in this order (the reply does not carry shelf dates: ids only then). */
function inOrder(orderBy: Case['orderBy'], a: Video, b: Video): boolean {
  const key =
    orderBy === 'name'
      ? byCodePoint(a.contentName, b.contentName)
      : orderBy === 'priceLow'
        ? a.dtrPrice - b.dtrPrice
        : orderBy === 'priceHigh'
          ? b.dtrPrice - a.dtrPrice
          : 0;
  if (key !== 0) return key < 0;
  return orderBy === 'latest' || orderBy === 'oldest' || a.contentId < b.contentId;
}

/** Right answers first: a fast wrong answer is not a result. */
async function checkCase(url: (start: number, size?: number) => string, c: Case): Promise<void> {
  const name = `${c.orderBy} ${c.filter.label}`;
  const get = async (start: number, size?: number) =>
    JSON.parse((await timed(url(start, size), newTiming())) ?? '{}') as ListReply;
  const first = await get(0);
  const fiftieth = await get(PAGE_50_START);
  const page1 = first.data?.videoList?.video ?? [];
  const page50 = fiftieth.data?.videoList?.video ?? [];
  check(page1.length === PAGE_SIZE, `${name}: page 1 listed ${page1.length}`);
  check(page50.length === PAGE_SIZE, `${name}: page 50 listed ${page50.length}`);
  check(first.data?.recordCount === PAGE_SIZE, `${name}: page 1 recordCount`);
  const total = first.data?.totalCount ?? 0;
  check(total >= PAGE_50_START + PAGE_SIZE, `${name}: totalCount ${total}`);
  check(fiftieth.data?.totalCount === total, `${name}: totalCount differs on page 50`);
  const ids = new Set(page1.map((v) => v.contentId));
  check(!page50.some((v) => ids.has(v.contentId)), `${name}: page 50 repeats page 1`);
  for (const page of [page1, page50]) {
    for (let i = 1; i < page.length; i += 1) {
      check(inOrder(c.orderBy, page[i - 1]!, page[i]!), `${name}: rows out of order`);
    }
  }
  if (c.filter.label !== 'all') {
    check(
      [...page1, ...page50].every((v) => v.mainCategoryId === BENCH_MAIN_CATEGORY),
      `${name}: a title outside ${BENCH_MAIN_CATEGORY}`,
    );
  }
  // The same rows in the same order whatever the page size: offset paging over a total order.
  const wide = (await get(PAGE_50_START - 80, 100)).data?.videoList?.video ?? [];
  check(
    JSON.stringify(wide.slice(80).map((v) => v.contentId)) ===
      JSON.stringify(page50.map((v) => v.contentId)),
    `${name}: page 50 differs from rows 981–1000 read 100 at a time`,
  );
}

interface Measured {
  dialect: string;
  origin: string;
  setup: CatalogueBuilt;
  cases: Case[];
}

async function measure(ctx: BenchContext, postgres: boolean): Promise<Measured> {
  const size = ctx.quick ? QUICK : FULL;
  const { server, built } = await catalogue.start(ctx, {
    postgres,
    titles: size.titles,
    // Every request reaches the database: what is measured is the query, not the read cache.
    env: { CATALOGUE_CACHE_SECONDS: '0' },
  });
  ctx.log(
    `${server.dialect}: ${built.titles.toLocaleString('en-US')} titles inserted in ` +
      `${built.insertSec.toFixed(1)} s (then ${built.analyzeSec.toFixed(1)} s of ${built.analyzed})`,
  );
  const cases: Case[] = orderBys.flatMap((orderBy) =>
    filters.map((filter) => ({ orderBy, filter, page1: newTiming(), page50: newTiming() })),
  );
  const urlOf =
    (c: Case) =>
    (start: number, size = PAGE_SIZE) =>
      `${server.origin}${LIST_PATH}?orderBy=${c.orderBy}&startIndex=${start}&maxRecord=${size}` +
      c.filter.query;
  for (const c of cases) await checkCase(urlOf(c), c);

  for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
    for (const c of cases) {
      await timed(urlOf(c)(0), newTiming());
      await timed(urlOf(c)(PAGE_50_START), newTiming());
    }
  }
  // Interleaved, page 1 and page 50 first by turns, so both see the same moments of a shared,
  // noisy machine.
  for (let round = 0; round < size.rounds; round += 1) {
    for (const c of cases) {
      const pages = [
        () => timed(urlOf(c)(0), c.page1),
        () => timed(urlOf(c)(PAGE_50_START), c.page50),
      ];
      if (round % 2 === 1) pages.reverse();
      for (const page of pages) await page();
    }
  }
  return { dialect: server.dialect, origin: server.origin, setup: built, cases };
}

/** Every case's timings put together (the table's row). */
function pooled(timings: Timing[]): Timing {
  return {
    latencies: timings.flatMap((t) => t.latencies),
    bytes: timings.reduce((n, t) => n + t.bytes, 0),
    non2xx: timings.reduce((n, t) => n + t.non2xx, 0),
    errors: timings.reduce((n, t) => n + t.errors, 0),
    elapsedMs: timings.reduce((n, t) => n + t.elapsedMs, 0),
  };
}

const pair = (s: Summary) => `${s.p50}/${s.p95}/${s.p99}`;

function describeRun(m: Measured, quick: boolean): string[] {
  const judged = !quick && m.dialect === 'sqlite';
  const misses: string[] = [];
  const lines = m.cases.map((c) => {
    const one = summarise(c.page1);
    const fifty = summarise(c.page50);
    const ratio = fifty.p95 / one.p95;
    const name = `${c.orderBy} ${c.filter.label}`;
    if (ratio > TARGET.ratio) misses.push(`${name} ratio ${ratio.toFixed(2)}`);
    if (fifty.p95 > TARGET.page50P95Ms) misses.push(`${name} page 50 p95 ${fifty.p95} ms`);
    const problems = c.page1.non2xx + c.page1.errors + c.page50.non2xx + c.page50.errors;
    return (
      `${m.dialect} ${name} p50/p95/p99 ms: page 1 ${pair(one)}, page 50 ` +
      `${pair(fifty)}; page-50 p95 ÷ page-1 p95 ${ratio.toFixed(2)}` +
      (problems > 0 ? `; ⚠ ${problems} non-2xx or errors` : '')
    );
  });
  const verdict = quick
    ? `${m.dialect}: quick run, the targets apply to the full run`
    : !judged
      ? `${m.dialect}: reported only (the issue's targets are for SQLite)`
      : misses.length === 0
        ? `${m.dialect}: meets target in every case (page-50 p95 ≤ ${TARGET.ratio}× page 1 and ` +
          `≤ ${TARGET.page50P95Ms} ms)`
        : `${m.dialect}: BELOW TARGET: ${misses.join('; ')}`;
  return [
    `${m.dialect}: ${m.setup.titles.toLocaleString('en-US')} synthetic titles + demo catalogue ` +
      `(statistics: ${m.setup.analyzed}), read cache off; ${m.cases[0]!.page1.latencies.length} ` +
      `requests per page and case, sequential; category = mainCategoryId=${BENCH_MAIN_CATEGORY} (40 %)`,
    ...lines,
    verdict,
  ];
}

export const browsePaging: Benchmark = {
  name: 'browse-paging',
  description:
    'Browse (ajaxFilterCategoryVideoListData.do, read cache off) over 100,000 synthetic titles ' +
    '(5,000 with --quick): page 50 vs page 1, 20 a page, every orderBy, with and without ' +
    'mainCategoryId, one request at a time, interleaved. Subject row: page 50 on SQLite, all ' +
    'cases; ceiling: page 1.',
  // The targets are per-case p95 figures, which the table does not hold: the verdicts
  // are in the notes.
  target: {
    source:
      'issue 4 item 5: SQLite, 100,000 titles: page-50 p95 within 1.5× page-1 p95 and ≤ 15 ms, ' +
      'every orderBy, with and without mainCategoryId',
  },

  server: catalogue.server,

  async run(ctx) {
    const sqlite = await measure(ctx, false);
    const notes = describeRun(sqlite, ctx.quick);
    if (ctx.postgresUrl) {
      notes.push(...describeRun(await measure(ctx, true), ctx.quick));
    } else {
      notes.push('postgres: not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    }
    const path = `${sqlite.origin}${LIST_PATH}?maxRecord=${PAGE_SIZE}&startIndex=`;
    return {
      subject: toLoadResult(`${path}${PAGE_50_START}`, pooled(sqlite.cases.map((c) => c.page50))),
      ceiling: toLoadResult(`${path}0`, pooled(sqlite.cases.map((c) => c.page1))),
      notes,
    };
  },
};
