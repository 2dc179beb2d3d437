import { sql } from 'kysely';
import { insertStaff } from '../../apps/server/src/modules/staff/members.js';
import { check } from '../lib/check.js';
import {
  BENCH_MAIN_CATEGORY,
  newTiming,
  summarise,
  syntheticCatalogue,
  timed,
  toLoadResult,
  type CatalogueBuilt,
  type Timing,
} from '../lib/synthetic-catalogue.js';
import type { BenchContext, BenchServer, Benchmark } from '../lib/types.js';

/**
 * The console's title list (issue 22: "Console title list over 100,000 titles: p95 ≤ 50 ms, SQLite
 * and PostgreSQL"): GET /console/api/titles over 100,000 synthetic titles (5,000 with --quick),
 * 1 % of them drafts, signed in as a customer-care member (a reader), 25 a page, in every order
 * the console offers, with the filters it offers (kind, state, main category, their mix, text)
 * and on deep pages. Requests run one after another, each timed from request to last byte, the
 * cases interleaved. Subject: every list request; ceiling: GET /console/api/session (the same
 * session and right check, no catalogue query) timed in the same rounds.
 */

const LIST_PATH = '/console/api/titles';
const SESSION_PATH = '/console/api/session';
const SETUP_PATH = '/__bench/console-titles-setup';
const TITLES_ENV = 'CONSOLE_BENCH_TITLES';
const STAFF = { email: 'bench-care@console.test', password: 'bench-password-123' };

const FULL = { titles: 100_000, rounds: 60 };
const QUICK = { titles: 5_000, rounds: 5 };
const WARM_UP_ROUNDS = 3;
const PAGE_SIZE = 25;
/** Issue 22: p95 ≤ 50 ms on both databases, every case. */
const TARGET_P95_MS = 50;

const catalogue = syntheticCatalogue({
  setupPath: SETUP_PATH,
  titlesEnv: TITLES_ENV,
  shape: { varied: true },
  // What the console adds to a title: 1 % drafts (ids ending in 17), an edit time per title.
  index: async (db) => {
    const result = await sql`update title set
        updated_at = on_shelf_at + length(name) * 3600,
        state = case when content_id like '%17' then 'draft' else 'published' end`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  },
  // As browse: the server never analyzes SQLite; PostgreSQL gets VACUUM ANALYZE.
  sqliteStatistics: false,
});

interface Case {
  label: string;
  query: string;
  /** Pages read (deep ones only where the matches reach them). */
  pages: number[];
  timing: Timing;
}

function casesFor(titles: number): Case[] {
  /** Page 1, and a deep page at most `deepest` but within half of the matches (`share`). */
  const pages = (share: number, deepest: number) => [
    1,
    Math.max(1, Math.min(deepest, Math.floor((titles * share) / PAGE_SIZE / 2))),
  ];
  const make = (label: string, query: string, read: number[]): Case => ({
    label,
    query,
    pages: [...new Set(read)],
    timing: newTiming(),
  });
  // Every order: page 1, page 100 and page 2,000 (rows 49,976–50,000 at 100,000 titles).
  const deep = [...new Set([...pages(1, 100), ...pages(1, 2_000)])];
  return [
    make('updatedAt desc', 'sort=updatedAt&order=desc', deep),
    make('name asc', 'sort=name&order=asc', deep),
    make('contentId asc', 'sort=contentId&order=asc', deep),
    make('year desc', 'sort=year&order=desc', deep),
    make('onShelfAt asc', 'sort=onShelfAt&order=asc', deep),
    make('name, kind=series', 'sort=name&order=asc&kind=series', pages(0.1, 100)),
    make('updatedAt, state=draft', 'sort=updatedAt&order=desc&state=draft', pages(0.01, 100)),
    make(
      'name, category',
      `sort=name&order=asc&mainCategoryId=${BENCH_MAIN_CATEGORY}`,
      pages(0.4, 100),
    ),
    make(
      'onShelfAt desc, published series in category',
      `sort=onShelfAt&order=desc&kind=series&state=published&mainCategoryId=${BENCH_MAIN_CATEGORY}`,
      pages(0.04, 20),
    ),
    make('text q=午夜', `sort=name&order=asc&q=${encodeURIComponent('午夜')}`, [1]),
  ];
}

interface ListReply {
  data?: {
    titles?: { contentId: string; name: string; state: string; kind: string; year: number }[];
    total?: number;
  };
}

async function signIn(origin: string): Promise<Record<string, string>> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (value) cookies.set(name!, value);
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(origin + SESSION_PATH));
  const res = await fetch(origin + SESSION_PATH, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: header(),
      'x-csrf-token': cookies.get('console_csrf') ?? '',
    },
    body: JSON.stringify(STAFF),
  });
  check(res.ok, `staff sign-in answered ${res.status}: ${await res.text()}`);
  keep(res);
  return { cookie: header() };
}

async function checkCase(
  url: (page: number) => string,
  headers: Record<string, string>,
  c: Case,
): Promise<void> {
  for (const page of c.pages) {
    const reply = JSON.parse((await timed(url(page), newTiming(), headers)) ?? '{}') as ListReply;
    const titles = reply.data?.titles ?? [];
    check(titles.length > 0, `${c.label} page ${page}: nothing listed`);
    check((reply.data?.total ?? 0) >= titles.length, `${c.label}: total`);
    if (c.query.includes('state=draft')) {
      check(
        titles.every((t) => t.state === 'draft'),
        `${c.label}: a published title`,
      );
    }
    if (c.query.includes('kind=series')) {
      check(
        titles.every((t) => t.kind === 'series'),
        `${c.label}: not a series`,
      );
    }
    if (c.label.startsWith('name asc')) {
      for (let i = 1; i < titles.length; i += 1) {
        check(titles[i - 1]!.name <= titles[i]!.name, `${c.label}: out of order`);
      }
    }
  }
}

interface Measured {
  server: BenchServer;
  built: CatalogueBuilt;
  cases: Case[];
  ceiling: Timing;
}

async function measure(ctx: BenchContext, postgres: boolean): Promise<Measured> {
  const size = ctx.quick ? QUICK : FULL;
  const { server, built } = await catalogue.start(ctx, { postgres, titles: size.titles });
  ctx.log(
    `${server.dialect}: ${built.titles.toLocaleString('en-US')} titles inserted in ` +
      `${built.insertSec.toFixed(1)} s (then ${built.indexSec.toFixed(1)} s of drafts and edit ` +
      `times, ${built.analyzeSec.toFixed(1)} s of ${built.analyzed})`,
  );
  const headers = await signIn(server.origin);
  const cases = casesFor(built.titles);
  const urlOf = (c: Case) => (page: number) =>
    `${server.origin}${LIST_PATH}?${c.query}&pageSize=${PAGE_SIZE}&page=${page}`;
  for (const c of cases) await checkCase(urlOf(c), headers, c);
  const ceiling = newTiming();
  const session = `${server.origin}${SESSION_PATH}`;
  for (let round = 0; round < WARM_UP_ROUNDS + size.rounds; round += 1) {
    const warm = round < WARM_UP_ROUNDS;
    for (const c of cases) {
      for (const page of c.pages) {
        await timed(urlOf(c)(page), warm ? newTiming() : c.timing, headers);
      }
      await timed(session, warm ? newTiming() : ceiling, headers);
    }
  }
  return { server, built, cases, ceiling };
}

function pooled(timings: Timing[]): Timing {
  return {
    latencies: timings.flatMap((t) => t.latencies),
    bytes: timings.reduce((n, t) => n + t.bytes, 0),
    non2xx: timings.reduce((n, t) => n + t.non2xx, 0),
    errors: timings.reduce((n, t) => n + t.errors, 0),
    elapsedMs: timings.reduce((n, t) => n + t.elapsedMs, 0),
  };
}

function describeRun(m: Measured, quick: boolean): string[] {
  const misses: string[] = [];
  const lines = m.cases.map((c) => {
    const s = summarise(c.timing);
    if (s.p95 > TARGET_P95_MS) misses.push(`${c.label} p95 ${s.p95} ms`);
    const problems = c.timing.non2xx + c.timing.errors;
    return (
      `${m.server.dialect} ${c.label} (pages ${c.pages.join(', ')}) p50/p95/p99 ms: ` +
      `${s.p50}/${s.p95}/${s.p99}` +
      (problems > 0 ? `; ⚠ ${problems} non-2xx or errors` : '')
    );
  });
  const session = summarise(m.ceiling);
  const verdict = quick
    ? `${m.server.dialect}: quick run, the target applies to the full run`
    : misses.length === 0
      ? `${m.server.dialect}: meets target in every case (p95 ≤ ${TARGET_P95_MS} ms)`
      : `${m.server.dialect}: BELOW TARGET: ${misses.join('; ')}`;
  return [
    `${m.server.dialect}: ${m.built.titles.toLocaleString('en-US')} synthetic titles + demo ` +
      `catalogue, 1 % drafts (statistics: ${m.built.analyzed}); ${PAGE_SIZE} a page; ` +
      `${m.cases[0]!.timing.latencies.length} requests per case, sequential; ` +
      `category = ${BENCH_MAIN_CATEGORY} (40 %)`,
    ...lines,
    `${m.server.dialect} ceiling GET ${SESSION_PATH} p50/p95/p99 ms: ` +
      `${session.p50}/${session.p95}/${session.p99}`,
    verdict,
  ];
}

export const consoleTitles: Benchmark = {
  name: 'console-titles',
  description:
    'Console title list (GET /console/api/titles, signed-in reader) over 100,000 synthetic ' +
    'titles (5,000 with --quick), 1 % drafts: five orders, deep pages, kind/state/category ' +
    'filters and text, one request at a time, interleaved. Subject: every list request on ' +
    'SQLite; ceiling: GET /console/api/session in the same rounds.',
  target: {
    source:
      'issue 22: console title list over 100,000 titles, p95 ≤ 50 ms, SQLite and PostgreSQL ' +
      '(per case, in the notes)',
  },
  server: {
    extend: catalogue.server.extend,
    async ready(app, database) {
      await insertStaff(
        database.db,
        { ...STAFF, displayName: '效能測試客服', roles: ['customer_care'] },
        1024,
        Math.floor(Date.now() / 1000),
      );
      await catalogue.server.ready?.(app, database);
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
      subject: toLoadResult(
        `${sqlite.server.origin}${LIST_PATH}`,
        pooled(sqlite.cases.map((c) => c.timing)),
      ),
      ceiling: toLoadResult(`${sqlite.server.origin}${SESSION_PATH}`, sqlite.ceiling),
      notes,
    };
  },
};
