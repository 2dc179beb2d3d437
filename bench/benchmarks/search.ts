import { reindexSearch } from '../../apps/server/src/modules/search/reindex.js';
import { check } from '../lib/check.js';
import {
  newTiming,
  random,
  summarise,
  syntheticCatalogue,
  syntheticNames,
  timed,
  toLoadResult,
  type CatalogueBuilt,
  type Summary,
  type Timing,
} from '../lib/synthetic-catalogue.js';
import type { BenchContext, Benchmark } from '../lib/types.js';

/**
 * Search over a synthetic catalogue (issue: 100,000 titles; search p95 ≤ 30 ms, autocomplete
 * p95 ≤ 15 ms on SQLite for 1,000 queries drawn from title substrings of 1 to 6 characters;
 * PostgreSQL reported too). Queries run one after another, each timed from request to last byte;
 * the ceiling is the same server answering /ajax/ajaxGetHotKeyword.do (an 8-row indexed read
 * through the same hooks), timed the same way and interleaved with the queries.
 */

const SEARCH_PATH = '/ajax/ajaxBuildSearchPage.do';
const SUGGEST_PATH = '/ajax/ajaxAutoCompleteKeyword.do';
const CEILING_PATH = '/ajax/ajaxGetHotKeyword.do';
/** Bench-only: how the catalogue build in the server process is getting on. */
const SETUP_PATH = '/__bench/search-setup';
/** The server process reads how many titles to build from here (it inherits the runner's env). */
const TITLES_ENV = 'SEARCH_BENCH_TITLES';

const FULL = { titles: 100_000, queries: 1_000 };
const QUICK = { titles: 5_000, queries: 200 };
const WARM_UP_QUERIES = 50;
const TARGET_P95_MS = { search: 30, suggest: 15 };

const catalogue = syntheticCatalogue({
  setupPath: SETUP_PATH,
  titlesEnv: TITLES_ENV,
  index: reindexSearch,
});

/** Substrings of 1 to 6 characters of random titles (code points; blank ones drawn again). */
function drawQueries(names: string[], count: number, seed: number): string[] {
  const rand = random(seed);
  const queries: string[] = [];
  while (queries.length < count) {
    const chars = [...names[Math.floor(rand() * names.length)]!];
    const length = 1 + Math.floor(rand() * 6);
    const start = Math.floor(rand() * Math.max(1, chars.length - length + 1));
    const query = chars
      .slice(start, start + length)
      .join('')
      .trim();
    if (query) queries.push(query);
  }
  return queries;
}

interface Measured {
  dialect: string;
  setup: CatalogueBuilt;
  search: Timing;
  suggest: Timing;
  ceiling: Timing;
  origin: string;
  oneCharQueries: number;
}

async function measure(ctx: BenchContext, postgres: boolean): Promise<Measured> {
  const size = ctx.quick ? QUICK : FULL;
  const { server, built } = await catalogue.start(ctx, { postgres, titles: size.titles });
  ctx.log(
    `${server.dialect}: ${built.titles.toLocaleString('en-US')} titles inserted in ` +
      `${built.insertSec.toFixed(1)} s, ${built.indexRows.toLocaleString('en-US')} index rows ` +
      `built in ${built.indexSec.toFixed(1)} s (then ${built.analyzeSec.toFixed(1)} s of ` +
      `${server.dialect === 'postgres' ? 'vacuum analyze' : 'analyze'})`,
  );

  const names = syntheticNames(size.titles);
  const searchUrl = (q: string) =>
    `${server.origin}${SEARCH_PATH}?inputKeyword=${encodeURIComponent(q)}&startIndex=0&searchField=all`;
  const suggestUrl = (q: string) =>
    `${server.origin}${SUGGEST_PATH}?searchType=Video&count=8&prefix=${encodeURIComponent(q)}`;
  const ceilingUrl = server.origin + CEILING_PATH;

  // Right answers first: a fast wrong answer is not a result.
  const probe = names[42]!;
  const exact = JSON.parse((await timed(searchUrl(probe), newTiming())) ?? '{}') as SearchReply;
  check(
    exact.data?.videoList?.video?.[0]?.contentName === probe,
    `searching "${probe}" did not list it first`,
  );
  const one = JSON.parse((await timed(searchUrl('的'), newTiming())) ?? '{}') as SearchReply;
  check((one.data?.recordCount ?? 0) === 20, `searching 的 listed ${one.data?.recordCount}`);
  check((one.data?.totalCount ?? 0) >= 20, `searching 的 counted ${one.data?.totalCount}`);
  const typed = JSON.parse((await timed(suggestUrl('午'), newTiming())) ?? '{}') as SuggestReply;
  const suggestions = typed.data?.keywordList?.keyword?.length ?? 0;
  check(suggestions === 8, `typing 午 suggested ${suggestions}`);
  const hot = JSON.parse((await timed(ceilingUrl, newTiming())) ?? '{}') as HotReply;
  check((hot.data?.hotKeywordList?.hotKeyword?.length ?? 0) > 0, 'no hot keywords');

  for (const q of drawQueries(names, WARM_UP_QUERIES, 99)) {
    await timed(searchUrl(q), newTiming());
    await timed(suggestUrl(q), newTiming());
    await timed(ceilingUrl, newTiming());
  }
  const queries = drawQueries(names, size.queries, 4_242);
  const search = newTiming();
  const suggest = newTiming();
  const ceiling = newTiming();
  // Interleaved, so the three see the same moments of a shared, noisy machine.
  for (const q of queries) {
    await timed(ceilingUrl, ceiling);
    await timed(searchUrl(q), search);
    await timed(suggestUrl(q), suggest);
  }
  return {
    dialect: server.dialect,
    setup: built,
    search,
    suggest,
    ceiling,
    origin: server.origin,
    oneCharQueries: queries.filter((q) => [...q].length === 1).length,
  };
}

interface SearchReply {
  data?: {
    totalCount?: number;
    recordCount?: number;
    videoList?: { video?: { contentName: string }[] };
  };
}
interface SuggestReply {
  data?: { keywordList?: { keyword?: unknown[] } };
}
interface HotReply {
  data?: { hotKeywordList?: { hotKeyword?: unknown[] } };
}

const figures = (s: Summary) => `p50/p95/p99 ${s.p50}/${s.p95}/${s.p99} ms (max ${s.max})`;

function describeRun(m: Measured, quick: boolean): string[] {
  const search = summarise(m.search);
  const suggest = summarise(m.suggest);
  const ceiling = summarise(m.ceiling);
  const verdict = (name: string, s: Summary, target: number) =>
    `${name} p95 ${s.p95} ms ${s.p95 <= target ? '≤' : '>'} ${target} ms: ` +
    `${s.p95 <= target ? 'meets target' : 'BELOW TARGET'}`;
  const ratio = (s: Summary) => `${Math.round((ceiling.p95 / s.p95) * 100)}%`;
  const problems = [m.search, m.suggest, m.ceiling]
    .flatMap((t, i) =>
      t.non2xx + t.errors > 0
        ? [`${['search', 'autocomplete', 'ceiling'][i]}: ${t.non2xx} non-2xx, ${t.errors} errors`]
        : [],
    )
    .join('; ');
  return [
    `${m.dialect}: ${m.setup.titles.toLocaleString('en-US')} synthetic titles + demo catalogue, ` +
      `${m.setup.indexRows.toLocaleString('en-US')} index rows (reindexSearch ${m.setup.indexSec.toFixed(1)} s); ` +
      `${m.search.latencies.length} queries of 1–6 characters (${m.oneCharQueries} of one), sequential`,
    `${m.dialect} search ${figures(search)}; autocomplete ${figures(suggest)}; ` +
      `ceiling (hot keywords) ${figures(ceiling)}; ceiling p95 ÷ subject p95: search ${ratio(search)}, ` +
      `autocomplete ${ratio(suggest)}`,
    (quick
      ? `${m.dialect}: quick run, the p95 targets apply to the full run`
      : m.dialect !== 'sqlite'
        ? `${m.dialect}: reported only (the issue's p95 targets are for SQLite)`
        : `${m.dialect}: ${verdict('search', search, TARGET_P95_MS.search)}; ` +
          `${verdict('autocomplete', suggest, TARGET_P95_MS.suggest)}`) +
      (problems ? `; ⚠ ${problems}` : ''),
  ];
}

export const search: Benchmark = {
  name: 'search',
  description:
    'Search and autocomplete over 100,000 synthetic titles (5,000 with --quick): 1,000 queries ' +
    '(200) drawn from title substrings of 1–6 characters, one at a time, vs the same server ' +
    'answering the hot-keyword list, interleaved. Subject row: search on SQLite.',
  // The targets are p95 figures, which the table does not hold: the verdicts are in the
  // notes (a p99 ≤ 30 ms target here would be stricter than the issue's).
  target: {
    source:
      'issue: SQLite, 100,000 titles, 1,000 queries: search p95 ≤ 30 ms, autocomplete p95 ≤ 15 ms',
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
    return {
      subject: toLoadResult(sqlite.origin + SEARCH_PATH, sqlite.search),
      ceiling: toLoadResult(sqlite.origin + CEILING_PATH, sqlite.ceiling),
      notes,
    };
  },
};
