import type { FastifyInstance } from 'fastify';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Config } from '../../apps/server/src/config.js';
import { connect } from '../../apps/server/src/db/index.js';
import type { Database, TitleTable } from '../../apps/server/src/db/schema.js';
import { reindexSearch } from '../../apps/server/src/modules/search/reindex.js';
import { check } from '../lib/check.js';
import type { ServerSpec } from '../lib/server-process.js';
import type { BenchContext, BenchServer, Benchmark, LoadResult } from '../lib/types.js';

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

/** Two-character words titles are made of (an invented catalogue, zh-TW). */
const WORDS = (
  '午夜 列車 星空 約定 守門 海岸 城市 獵人 紅色 警戒 雨季 來臨 追風 少年 月光 旅館 證人 極地 救援 ' +
  '夏日 戀曲 迷霧 森林 鋼鐵 逆光 飛行 時間 彼岸 黑潮 山城 往事 雙面 間諜 幸福 便利 失控 任務 北方 ' +
  '燈塔 火線 追緝 再見 青春 銀河 快遞 老街 深海 計畫 天臺 危險 關係 末日 方舟 回家 暗夜 行者 奇幻 ' +
  '島嶼 咖啡 謊言 決戰 練習 鄰居 邊境 風暴 旅程 市場 首爾 東京 晚餐 醫院 學園 祕密 法庭 小熊 太空 ' +
  '小隊 音樂 數字 王國 恐龍 朋友 彩虹 畫家 台灣 山脈 鯨魚 茶葉 極光 海洋 沉默 無聲 第七 封信 最後 ' +
  '天使 惡魔 英雄 傳奇 戰士 公主 王子 騎士 女孩 男孩 媽媽 爸爸 兄弟 姊妹 家族 校園 記憶 夢想 未來 ' +
  '過去 永遠 瞬間 黎明 黃昏 深夜 清晨 春天 秋天 冬天 大雪 颱風 沙漠 草原 河流 湖泊 火山 星球 宇宙 ' +
  '機器 超人 偵探 律師 醫生 警察 殺手 小偷 廚師 歌手 舞者 畫師 作家 老師 學生 球隊 冠軍 賽車 拳擊 ' +
  '武士 忍者 江湖 俠客 宮廷 皇后 將軍 帝國 革命 自由 和平 戰爭 愛情 友情 親情 秘境 寶藏 迷宮 密室'
).split(' ');
const LINKS = ['的', '之', '與', '在', '和'];
const TAILS = ['傳說', '物語', '前傳', '續集', '日記', '事件', '計劃', '大冒險'];
const LATIN = ['ABC', 'Love', 'Zero', 'X', 'City', 'NO.1'];
const SURNAMES = [...'陳林黃張李王吳劉蔡楊許鄭謝郭洪曾邱廖賴周徐蘇葉莊呂江何蕭羅高'];
const GIVEN = [
  ...'志明美玲雅婷家豪怡君俊傑淑芬建宏佳穎宗翰心怡承恩詩涵佩珊思妤國棟文彬小琪大明書豪',
];

/** A small deterministic generator (mulberry32): every run builds the same catalogue. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T =>
  list[Math.floor(rand() * list.length)]!;

/**
 * The synthetic names, 2 to 9 characters: word pairs, pairs joined by a particle (的 ends up in
 * about a fifth of them), three words, a tail, a season, a Latin word. Both processes make the
 * same list: the server to insert it, the runner to draw queries from it.
 */
export function syntheticNames(count: number): string[] {
  const rand = random(20_251_122);
  const w = () => pick(rand, WORDS);
  return Array.from({ length: count }, () => {
    const shape = rand();
    if (shape < 0.35) return w() + w();
    if (shape < 0.6) return w() + pick(rand, LINKS) + w();
    if (shape < 0.75) return w() + w() + pick(rand, TAILS);
    if (shape < 0.85) return w() + w() + w();
    if (shape < 0.93) return `${w()}${w()} 第${1 + Math.floor(rand() * 5)}季`;
    return `${pick(rand, LATIN)} ${w()}${w()}`;
  });
}

/**
 * Inserts the synthetic titles (movies, every tenth a series; some kid-safe, restricted or off
 * the shelf) with two people each from a pool of count / 5, in batches in one transaction.
 */
export async function insertCatalogue(db: Kysely<Database>, names: string[]): Promise<void> {
  const rand = random(7_331);
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('main_category')
      .values({ main_category_id: 'bench-main', name: '效能測試', sort_order: 99 })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await tx
      .insertInto('subcategory')
      .values({
        subcategory_id: 'bench-sub',
        main_category_id: 'bench-main',
        name: '效能測試',
        sort_order: 99,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const peopleCount = Math.max(10, Math.floor(names.length / 5));
    const people = Array.from({ length: peopleCount }, (_, i) => ({
      person_id: `BP${String(i).padStart(7, '0')}`,
      // A few surnames are far more common than the rest, as in Taiwan.
      name:
        SURNAMES[Math.floor(rand() ** 2 * SURNAMES.length)]! +
        pick(rand, GIVEN) +
        (rand() < 0.8 ? pick(rand, GIVEN) : ''),
      picture_path: null,
    }));
    for (let i = 0; i < people.length; i += 2_000) {
      await tx
        .insertInto('person')
        .values(people.slice(i, i + 2_000))
        .execute();
    }
    const batch = 1_000;
    for (let start = 0; start < names.length; start += batch) {
      const titles: Insertable<TitleTable>[] = [];
      const cast: { content_id: string; person_id: string; role: string; sort_order: number }[] =
        [];
      for (let i = start; i < Math.min(names.length, start + batch); i += 1) {
        const name = names[i]!;
        const contentId = `B${String(i).padStart(7, '0')}`;
        titles.push({
          content_id: contentId,
          kind: i % 10 === 0 ? 'series' : 'movie',
          series_id: null,
          season_no: null,
          episode_no: null,
          name,
          synopsis: `《${name}》效能測試用的合成片名。`,
          year: 2000 + (i % 26),
          country: 'TW',
          main_category_id: 'bench-main',
          subcategory_id: 'bench-sub',
          sell_type: 'FREE',
          dtr_price: 0,
          grade: '0+',
          is_sexual: 0,
          is_restricted: i % 50 === 7 ? 1 : 0,
          kid_safe: i % 8 === 0 ? 1 : 0,
          poster_path: 'images/posters/poster-01.jpg',
          still_path: 'images/stills/still-01.jpg',
          clip_id: 'clip-a',
          trailer_clip_id: null,
          duration_seconds: 30,
          on_shelf_at: 1_700_000_000,
          off_shelf_at: i % 40 === 3 ? 1_700_000_001 : null,
        });
        const a = Math.floor(rand() * peopleCount);
        const b = (a + 1 + Math.floor(rand() * (peopleCount - 1))) % peopleCount;
        cast.push(
          { content_id: contentId, person_id: people[a]!.person_id, role: 'actor', sort_order: 0 },
          { content_id: contentId, person_id: people[b]!.person_id, role: 'actor', sort_order: 1 },
        );
      }
      await tx.insertInto('title').values(titles).execute();
      await tx.insertInto('title_person').values(cast).execute();
    }
  });
}

type SetupState =
  | { state: 'idle' | 'running' }
  | {
      state: 'done';
      titles: number;
      indexRows: number;
      insertSec: number;
      indexSec: number;
      analyzeSec: number;
    }
  | { state: 'failed'; error: string };

/** In the server process: the build's progress, read through SETUP_PATH. */
let setup: SetupState = { state: 'idle' };
let serverConfig: Config | undefined;

/**
 * Builds the catalogue over a connection of its own (same database, same schema as the server),
 * then indexes it with the real reindexSearch and refreshes the planner's statistics.
 */
async function buildCatalogue(count: number): Promise<SetupState> {
  const spec = JSON.parse(process.argv[2] ?? '{}') as Partial<ServerSpec>;
  const handle = connect(
    serverConfig!.DATABASE_URL,
    spec.pgSchema ? { schema: spec.pgSchema } : {},
  );
  try {
    // A larger page cache for this one bulk load (this connection only, not the server's).
    if (handle.dialect === 'sqlite') await sql`pragma cache_size = -262144`.execute(handle.db);
    let started = performance.now();
    await insertCatalogue(handle.db, syntheticNames(count));
    const insertSec = (performance.now() - started) / 1000;
    started = performance.now();
    const indexRows = await reindexSearch(handle.db);
    const indexSec = (performance.now() - started) / 1000;
    started = performance.now();
    // What a database that has been running a while has: statistics, and on PostgreSQL a
    // visibility map (autovacuum's work) so index-only scans need not visit the table.
    await sql`${sql.raw(handle.dialect === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(
      handle.db,
    );
    const analyzeSec = (performance.now() - started) / 1000;
    return { state: 'done', titles: count, indexRows, insertSec, indexSec, analyzeSec };
  } finally {
    await handle.close();
  }
}

interface Timing {
  latencies: number[];
  bytes: number;
  non2xx: number;
  errors: number;
  elapsedMs: number;
}

const newTiming = (): Timing => ({ latencies: [], bytes: 0, non2xx: 0, errors: 0, elapsedMs: 0 });

/** One request, timed from the call to its last byte. */
async function timed(url: string, into: Timing): Promise<string | undefined> {
  const started = performance.now();
  try {
    const response = await fetch(url);
    const body = await response.text();
    const ms = performance.now() - started;
    into.elapsedMs += ms;
    if (response.status < 200 || response.status > 299) {
      into.non2xx += 1;
      return undefined;
    }
    into.latencies.push(ms);
    into.bytes += Buffer.byteLength(body);
    return body;
  } catch {
    into.errors += 1;
    into.elapsedMs += performance.now() - started;
    return undefined;
  }
}

/** Nearest-rank percentile of sorted values, in ms to two decimals. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 100) / 100;
}

interface Summary {
  p50: number;
  p95: number;
  p97_5: number;
  p99: number;
  max: number;
}

function summarise(timing: Timing): Summary {
  const sorted = [...timing.latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p97_5: percentile(sorted, 97.5),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

function toLoadResult(url: string, timing: Timing): LoadResult {
  const s = summarise(timing);
  const requests = timing.latencies.length;
  const problems: string[] = [];
  if (timing.non2xx > 0) problems.push(`${timing.non2xx} non-2xx`);
  if (timing.errors > 0) problems.push(`${timing.errors} errors`);
  if (requests === 0) problems.push('no 2xx replies');
  const seconds = timing.elapsedMs / 1000;
  return {
    url,
    connections: 1,
    durationSec: Math.round(seconds * 10) / 10,
    requests,
    reqPerSec: requests / seconds,
    bytesPerSec: timing.bytes / seconds,
    latencyMs: { p50: s.p50, p97_5: s.p97_5, p99: s.p99, max: s.max },
    non2xx: timing.non2xx,
    errors: timing.errors,
    timeouts: 0,
    problems,
  };
}

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
  setup: Extract<SetupState, { state: 'done' }>;
  search: Timing;
  suggest: Timing;
  ceiling: Timing;
  origin: string;
  oneCharQueries: number;
}

async function waitForCatalogue(server: BenchServer) {
  for (;;) {
    const state = (await (await fetch(server.origin + SETUP_PATH)).json()) as SetupState;
    if (state.state === 'done') return state;
    if (state.state === 'failed') throw new Error(`catalogue build failed: ${state.error}`);
    if (state.state === 'idle') throw new Error('catalogue build did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function measure(ctx: BenchContext, postgres: boolean): Promise<Measured> {
  const size = ctx.quick ? QUICK : FULL;
  const saved = process.env[TITLES_ENV];
  process.env[TITLES_ENV] = String(size.titles);
  let server: BenchServer;
  try {
    server = await ctx.startServer(postgres ? { postgres: true } : {});
  } finally {
    if (saved === undefined) delete process.env[TITLES_ENV];
    else process.env[TITLES_ENV] = saved;
  }
  const built = await waitForCatalogue(server);
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

  server: {
    extend(app: FastifyInstance, config: Config) {
      serverConfig = config;
      app.get(SETUP_PATH, async () => setup);
    },
    async ready() {
      const count = Number(process.env[TITLES_ENV] ?? 0);
      if (!count) return;
      setup = { state: 'running' };
      // In the background: the server answers SETUP_PATH meanwhile, and the runner's
      // start-up timeout does not have to cover the build.
      buildCatalogue(count).then(
        (done) => {
          setup = done;
        },
        (error: unknown) => {
          setup = {
            state: 'failed',
            error: error instanceof Error ? error.message : String(error),
          };
        },
      );
    },
  },

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
