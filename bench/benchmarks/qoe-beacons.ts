import type { FastifyInstance } from 'fastify';
import { qoeBeaconBodySchema, qoeCalls } from '@site/contract';
import { check } from '../lib/check.js';
import { cpuCounters } from '../lib/cpu-time.js';
import { lagNote, runPacedPair, type PacedRequest } from '../lib/paced-load.js';
import type { BenchContext, Benchmark, LoadResult } from '../lib/types.js';

/** On the log face, so it passes no session or CSRF hook: it validates and does not write. */
const CEILING_PATH = '/__bench/qoe-beacon-ceiling';
/**
 * Beacons offered per second: the 5,000 and a little over, so that what is served
 * still reaches 5,000 a second (a player sends one every 30 s: 150,000 viewers).
 */
const OFFERED_PER_SECOND = 5_100;
const TITLES = 200;
const UAS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
];

/**
 * The n-th beacon: what a player sends every 30 s (one report: a title or a channel, its watch
 * time, now and then a stall, a start, an error), as navigator.sendBeacon sends it.
 */
function beacon(n: number, path: string): PacedRequest {
  const live = n % 5 === 0;
  const report = {
    contentID: live
      ? `ch${String(n % 20).padStart(2, '0')}`
      : `M${String(n % TITLES).padStart(4, '0')}`,
    playType: live ? 'LIVE' : 'VOD',
    started: n % 10 === 0,
    startMs: n % 10 === 0 ? 300 + ((n * 37) % 3000) : null,
    watchMs: 30_000,
    stallMs: n % 13 === 0 ? 400 : 0,
    stallCount: n % 13 === 0 ? 1 : 0,
    bitrateSwitches: n % 4 === 0 ? 1 : 0,
    fatalCode: n % 997 === 0 ? 2 : null,
    errorCodes: n % 101 === 0 ? [2] : [],
  };
  return {
    method: 'POST',
    path,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'sec-fetch-site': 'same-origin',
      'user-agent': UAS[n % UAS.length]!,
    },
    body: JSON.stringify({ reports: [report] }),
  };
}

/**
 * The players' QoE beacons (issue 26: ≥ 5,000 beacons/s, p99 ≤ 20 ms; docs/adr/0055): POST
 * /sas/InsertQoE at 5,100 a second, paced (open loop), each answered once the batch holding it
 * is added into the hourly aggregates. The ceiling is the same server taking the same requests
 * at the same rate, validated by the same schema, without writing. SQLite, and PostgreSQL when
 * configured; saturation in the notes.
 */
export const qoeBeacons: Benchmark = {
  name: 'qoe-beacons',
  description:
    `POST /sas/InsertQoE beacons (one report each) at ${OFFERED_PER_SECOND.toLocaleString('en')}/s ` +
    '(batched upserts into hourly histograms) vs the same server validating the same beacons without writing; ' +
    'saturation in the notes; SQLite and PostgreSQL.',
  target: { minThroughput: 5000, maxP99Ms: 20, source: 'issue 26: ≥ 5,000 beacons/s, p99 ≤ 20 ms' },

  server: {
    extend(app: FastifyInstance) {
      app.post(CEILING_PATH, async (request) => {
        const text = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
        qoeBeaconBodySchema.parse(JSON.parse(text));
        return { status: { code: '0', message: '' }, data: {} };
      });
    },
  },

  async run(ctx) {
    const sqlite = await measure(ctx, false);
    const notes = [
      `sqlite at ${OFFERED_PER_SECOND}/s offered: ${rate(sqlite.subject)} vs ceiling ${rate(sqlite.ceiling)}`,
      `sqlite saturation: ${rate(sqlite.saturated)}; rows in qoe_hourly afterwards: ${sqlite.rows}`,
    ];
    if (ctx.postgresUrl) {
      const pg = await measure(ctx, true);
      notes.push(
        `postgres at ${OFFERED_PER_SECOND}/s offered: ${rate(pg.subject)} vs ceiling ${rate(pg.ceiling)}` +
          (pg.subject.problems.length > 0 ? ` ⚠ ${pg.subject.problems.join('; ')}` : ''),
        `postgres saturation: ${rate(pg.saturated)}`,
      );
    } else {
      notes.push('postgres: not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    }
    return { subject: sqlite.subject, ceiling: sqlite.ceiling, notes };
  },
};

function rate(result: LoadResult): string {
  return `${Math.round(result.reqPerSec)} req/s (p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms${lagNote(result)})`;
}

async function measure(ctx: BenchContext, postgres: boolean) {
  const saved = { ...process.env };
  // One client address sends them all here: the per-address limit is not what is measured.
  process.env.RATE_LIMIT_QOE_PER_IP = '100000000';
  const server = await ctx.startServer({ postgres });
  process.env = saved;
  const first = beacon(0, qoeCalls.insertQoE);
  const res = await fetch(server.origin + first.path, {
    method: 'POST',
    headers: first.headers,
    body: first.body,
  });
  check(res.status === 200, `a beacon answered ${res.status}: ${await res.text()}`);
  const seq = { n: 1 };
  const next = (path: string) => () => beacon((seq.n += 1), path);
  const cpu = cpuCounters(server);
  const { subject, ceiling } = await runPacedPair(server.origin, {
    quick: ctx.quick,
    rate: OFFERED_PER_SECOND,
    subject: next(qoeCalls.insertQoE),
    ceiling: next(CEILING_PATH),
    cpu,
  });
  const saturated = await ctx.load(server.origin + qoeCalls.insertQoE, {
    requests: [
      {
        method: 'POST',
        path: qoeCalls.insertQoE,
        setupRequest: (request) => {
          const b = beacon((seq.n += 1), qoeCalls.insertQoE);
          return { ...request, headers: b.headers, body: b.body };
        },
      },
    ],
  });
  return {
    subject,
    ceiling,
    saturated,
    rows: `${TITLES + 20} contents × 4 devices per hour at most`,
  };
}
