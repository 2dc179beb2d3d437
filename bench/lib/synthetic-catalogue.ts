import { sql, type Insertable, type Kysely } from 'kysely';
import type { Config } from '../../apps/server/src/config.js';
import { connect } from '../../apps/server/src/db/index.js';
import type { Database, TitleTable } from '../../apps/server/src/db/schema.js';
import type { ServerSpec } from './server-process.js';
import type { BenchContext, BenchServer, LoadResult, ServerHooks } from './types.js';

/**
 * What the benchmarks over a large synthetic catalogue share (search, browse-paging): the
 * deterministic catalogue, its build inside the server process behind a bench-only progress
 * route, and requests timed one at a time with their percentiles.
 */

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
export function random(seed: number): () => number {
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

/** The main category every synthetic title is in, and with `varied` the largest one (40 %). */
export const BENCH_MAIN_CATEGORY = 'bench-main';

/** `varied`: the other main categories and their shares (what is left is BENCH_MAIN_CATEGORY). */
const VARIED_CATEGORIES = [
  { id: 'bench-drama', share: 0.3 },
  { id: 'bench-kids', share: 0.2 },
  { id: 'bench-docs', share: 0.1 },
];
const VARIED_PRICES = [0, 30, 49, 79, 99, 149, 199];
const DAY = 86_400;

export interface CatalogueShape {
  /**
   * Spread what a browse orders and filters by, from a generator of its own (the other columns
   * and the people stay as without it): four main categories (40/30/20/10 %), shelf dates over
   * 1,000 days from 2020-09 (about a hundred titles a day at 100,000: ties for contentId to
   * break), one in a hundred not on the shelf until 2033, prices from seven steps.
   */
  varied?: boolean;
}

/**
 * Inserts the synthetic titles (movies, every tenth a series; some kid-safe, restricted or off
 * the shelf) with two people each from a pool of count / 5, in batches in one transaction.
 */
export async function insertCatalogue(
  db: Kysely<Database>,
  names: string[],
  shape: CatalogueShape = {},
): Promise<void> {
  const rand = random(7_331);
  const vary = random(4_711);
  const categories = [
    BENCH_MAIN_CATEGORY,
    ...(shape.varied ? VARIED_CATEGORIES.map((c) => c.id) : []),
  ];
  const categoryOf = (draw: number) => {
    let upTo = 0;
    for (const c of VARIED_CATEGORIES) {
      upTo += c.share;
      if (draw < upTo) return c.id;
    }
    return BENCH_MAIN_CATEGORY;
  };
  await db.transaction().execute(async (tx) => {
    for (const [i, id] of categories.entries()) {
      const sub = id === BENCH_MAIN_CATEGORY ? 'bench-sub' : `${id}-sub`;
      await tx
        .insertInto('main_category')
        .values({ main_category_id: id, name: '效能測試', sort_order: 99 + i })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await tx
        .insertInto('subcategory')
        .values({ subcategory_id: sub, main_category_id: id, name: '效能測試', sort_order: 99 })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
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
        const mainCategory = shape.varied ? categoryOf(vary()) : BENCH_MAIN_CATEGORY;
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
          main_category_id: mainCategory,
          subcategory_id:
            mainCategory === BENCH_MAIN_CATEGORY ? 'bench-sub' : `${mainCategory}-sub`,
          sell_type: 'FREE',
          dtr_price: shape.varied ? pick(vary, VARIED_PRICES) : 0,
          grade: '0+',
          is_sexual: 0,
          is_restricted: i % 50 === 7 ? 1 : 0,
          kid_safe: i % 8 === 0 ? 1 : 0,
          poster_path: 'images/posters/poster-01.jpg',
          still_path: 'images/stills/still-01.jpg',
          clip_id: 'clip-a',
          trailer_clip_id: null,
          duration_seconds: 30,
          on_shelf_at: !shape.varied
            ? 1_700_000_000
            : i % 100 === 42
              ? 2_000_000_000
              : 1_600_000_000 + Math.floor(vary() * 1_000) * DAY,
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

export interface CatalogueBuilt {
  state: 'done';
  titles: number;
  /** Rows the `index` step wrote (0 without one). */
  indexRows: number;
  insertSec: number;
  indexSec: number;
  analyzeSec: number;
  /** What refreshed the planner's statistics ('none' when nothing did). */
  analyzed: 'vacuum analyze' | 'analyze' | 'none';
}

type SetupState =
  { state: 'idle' | 'running' } | CatalogueBuilt | { state: 'failed'; error: string };

export interface SyntheticCatalogueOptions {
  /** Bench-only route that reports how the build in the server process is getting on. */
  setupPath: string;
  /** The server process reads how many titles to build from here (it inherits the runner's env). */
  titlesEnv: string;
  shape?: CatalogueShape;
  /** After the insert, before the statistics (e.g. the search index); answers the rows written. */
  index?: (db: Kysely<Database>) => Promise<number>;
  /**
   * Run ANALYZE on SQLite too (default true). PostgreSQL always gets VACUUM ANALYZE, autovacuum's
   * work on a database that has been running a while; the server never analyzes SQLite itself.
   */
  sqliteStatistics?: boolean;
}

export interface SyntheticCatalogue {
  /** The benchmark's server hooks: the progress route, and the build started once ready. */
  server: ServerHooks;
  /**
   * Starts a server that builds `titles` synthetic titles (with `env` added to the environment
   * it inherits, e.g. configuration) and resolves once the build is done.
   */
  start(
    ctx: BenchContext,
    options: { postgres: boolean; titles: number; env?: Record<string, string> },
  ): Promise<{ server: BenchServer; built: CatalogueBuilt }>;
}

export function syntheticCatalogue(options: SyntheticCatalogueOptions): SyntheticCatalogue {
  /** In the server process: the build's progress, read through setupPath. */
  let setup: SetupState = { state: 'idle' };
  let serverConfig: Config | undefined;

  /**
   * Builds the catalogue over a connection of its own (same database, same schema as the
   * server), runs the index step, then refreshes the planner's statistics.
   */
  async function build(count: number): Promise<CatalogueBuilt> {
    const spec = JSON.parse(process.argv[2] ?? '{}') as Partial<ServerSpec>;
    const handle = connect(
      serverConfig!.DATABASE_URL,
      spec.pgSchema ? { schema: spec.pgSchema } : {},
    );
    try {
      // A larger page cache for this one bulk load (this connection only, not the server's).
      if (handle.dialect === 'sqlite') await sql`pragma cache_size = -262144`.execute(handle.db);
      let started = performance.now();
      await insertCatalogue(handle.db, syntheticNames(count), options.shape);
      const insertSec = (performance.now() - started) / 1000;
      started = performance.now();
      const indexRows = options.index ? await options.index(handle.db) : 0;
      const indexSec = (performance.now() - started) / 1000;
      started = performance.now();
      // What a database that has been running a while has: statistics, and on PostgreSQL a
      // visibility map (autovacuum's work) so index-only scans need not visit the table.
      const analyzed =
        handle.dialect === 'postgres'
          ? 'vacuum analyze'
          : options.sqliteStatistics === false
            ? 'none'
            : 'analyze';
      if (analyzed !== 'none') await sql`${sql.raw(analyzed)}`.execute(handle.db);
      const analyzeSec = (performance.now() - started) / 1000;
      return { state: 'done', titles: count, indexRows, insertSec, indexSec, analyzeSec, analyzed };
    } finally {
      await handle.close();
    }
  }

  async function waitForBuild(server: BenchServer): Promise<CatalogueBuilt> {
    for (;;) {
      const state = (await (await fetch(server.origin + options.setupPath)).json()) as SetupState;
      if (state.state === 'done') return state;
      if (state.state === 'failed') throw new Error(`catalogue build failed: ${state.error}`);
      if (state.state === 'idle') throw new Error('catalogue build did not start');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  return {
    server: {
      extend(app, config) {
        serverConfig = config;
        app.get(options.setupPath, async () => setup);
      },
      async ready() {
        const count = Number(process.env[options.titlesEnv] ?? 0);
        if (!count) return;
        setup = { state: 'running' };
        // In the background: the server answers setupPath meanwhile, and the runner's
        // start-up timeout does not have to cover the build.
        build(count).then(
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

    async start(ctx, { postgres, titles, env = {} }) {
      const vars = { ...env, [options.titlesEnv]: String(titles) };
      const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
      Object.assign(process.env, vars);
      let server: BenchServer;
      try {
        server = await ctx.startServer(postgres ? { postgres: true } : {});
      } finally {
        for (const [k, v] of Object.entries(saved)) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
      }
      return { server, built: await waitForBuild(server) };
    },
  };
}

/** Requests timed one at a time: their latencies and what went wrong. */
export interface Timing {
  latencies: number[];
  bytes: number;
  non2xx: number;
  errors: number;
  elapsedMs: number;
}

export const newTiming = (): Timing => ({
  latencies: [],
  bytes: 0,
  non2xx: 0,
  errors: 0,
  elapsedMs: 0,
});

/** One request, timed from the call to its last byte (`headers`: a session cookie, say). */
export async function timed(
  url: string,
  into: Timing,
  headers?: Record<string, string>,
): Promise<string | undefined> {
  const started = performance.now();
  try {
    const response = await fetch(url, headers ? { headers } : {});
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

export interface Summary {
  p50: number;
  p95: number;
  p97_5: number;
  p99: number;
  max: number;
}

export function summarise(timing: Timing): Summary {
  const sorted = [...timing.latencies].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p97_5: percentile(sorted, 97.5),
    p99: percentile(sorted, 99),
    max: percentile(sorted, 100),
  };
}

/** Sequential timings as a table row (one connection; req/s over the time spent waiting). */
export function toLoadResult(url: string, timing: Timing): LoadResult {
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
