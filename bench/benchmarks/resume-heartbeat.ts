import type { FastifyInstance } from 'fastify';
import { saveWatchPositionBodySchema } from '@site/contract';
import { check } from '../lib/check.js';
import { cpuCounters } from '../lib/cpu-time.js';
import { signUpMembers, type Member } from '../lib/members.js';
import { lagNote, runPacedPair } from '../lib/paced-load.js';
import type { BenchContext, Benchmark, LoadResult } from '../lib/types.js';

const SUBJECT_PATH = '/ajax/ajaxSaveWatchPosition.do';
/** Under /ajax/ so it passes the same session and CSRF hooks; it validates and does not write. */
const CEILING_PATH = '/ajax/ajaxBenchHeartbeatCeiling.do';
const PLAYABLE = [
  'M0001',
  'M0002',
  'M0003',
  'M0005',
  'M0006',
  'M0007',
  'S0001-S1E01',
  'S0002-S1E02',
];

type Viewer = Member;

/**
 * Beats offered per second in the measured runs. Heartbeats arrive at a rate (90,000 viewers,
 * one beat each per 30 s), not as fast as a server can answer, so the figure is the p99
 * at that rate: a little above 3,000, so that what is served still reaches 3,000 a second.
 */
const OFFERED_PER_SECOND = 3_100;

/**
 * Resume heartbeats from many signed-in viewers (issue 5: ≥ 3,000 writes/s, p99 ≤ 20 ms, SQLite
 * and PostgreSQL): each request is a real viewer's POST with its own session, CSRF token, title
 * and a rising seq, offered at a fixed rate. The ceiling is the same server taking the same
 * requests at the same rate through the same hooks without writing. The notes add the
 * saturation figures (as many requests as 50 connections get answered) for both sides.
 */
export const resumeHeartbeat: Benchmark = {
  name: 'resume-heartbeat',
  description:
    `POST resume heartbeats from 200 signed-in viewers at ${OFFERED_PER_SECOND.toLocaleString('en')}/s ` +
    '(group-committed upserts) vs the same server validating the same requests without writing; ' +
    'saturation figures in the notes.',
  target: { minThroughput: 3000, maxP99Ms: 20, source: 'issue 5: ≥ 3,000 writes/s, p99 ≤ 20 ms' },

  server: {
    extend(app: FastifyInstance) {
      app.post(CEILING_PATH, async (request) => {
        if (!request.viewer) throw new Error('ceiling request without a session');
        saveWatchPositionBodySchema.parse(request.body);
        return { status: { code: '0', message: '' }, data: {} };
      });
    },
  },

  async run(ctx) {
    const sqlite = await measure(ctx, false);
    const notes = [
      `sqlite, ${sqlite.viewers} viewers, ${PLAYABLE.length} titles each, offered ${OFFERED_PER_SECOND}/s`,
      `sqlite at ${OFFERED_PER_SECOND}/s offered: ${rate(sqlite.subject)} vs ceiling ${rate(sqlite.ceiling)}`,
      `sqlite saturation: ${rate(sqlite.saturated.subject)} vs ceiling ${rate(sqlite.saturated.ceiling)}`,
    ];
    if (ctx.postgresUrl) {
      const pg = await measure(ctx, true);
      notes.push(
        `postgres at ${OFFERED_PER_SECOND}/s offered: ${rate(pg.subject)} vs ceiling ${rate(pg.ceiling)}` +
          (pg.subject.problems.length > 0 ? ` ⚠ ${pg.subject.problems.join('; ')}` : ''),
        `postgres saturation: ${rate(pg.saturated.subject)} vs ceiling ${rate(pg.saturated.ceiling)}`,
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
  // Signing the viewers up is set-up, not what is measured: cheap hashes, no sign-up limit.
  const saved = { ...process.env };
  Object.assign(process.env, { PASSWORD_SCRYPT_COST: '1024', RATE_LIMIT_SIGNUP_PER_IP: '100000' });
  const server = await ctx.startServer({ postgres });
  process.env = saved;
  const viewers = await signUpMembers(server.origin, ctx.quick ? 50 : 200);
  ctx.log(`${server.dialect}: ${viewers.length} viewers signed up`);

  check((await post(server.origin + SUBJECT_PATH, viewers[0]!, 1)) === 200, 'a heartbeat failed');
  check((await post(server.origin + CEILING_PATH, viewers[0]!, 2)) === 200, 'the ceiling failed');
  const seq = { n: 10 };
  const beatTo = (path: string) => () => {
    seq.n += 1;
    return { method: 'POST' as const, path, ...beat(seq.n, viewers) };
  };
  const saturate = (path: string) =>
    ctx.load(server.origin + path, {
      requests: [
        {
          method: 'POST',
          path,
          setupRequest: (request) => {
            seq.n += 1;
            return { ...request, ...beat(seq.n, viewers) };
          },
        },
      ],
    });
  const { subject, ceiling } = await runPacedPair(server.origin, {
    quick: ctx.quick,
    rate: OFFERED_PER_SECOND,
    subject: beatTo(SUBJECT_PATH),
    ceiling: beatTo(CEILING_PATH),
    cpu: cpuCounters(server),
  });
  const saturated = {
    subject: await saturate(SUBJECT_PATH),
    ceiling: await saturate(CEILING_PATH),
  };
  return { subject, ceiling, saturated, viewers: viewers.length };
}

/** The n-th beat: the next viewer, one of the titles, a seq that only grows. */
function beat(n: number, viewers: Viewer[]): { headers: Record<string, string>; body: string } {
  const viewer = viewers[n % viewers.length]!;
  const contentId = PLAYABLE[Math.floor(n / viewers.length) % PLAYABLE.length]!;
  return {
    headers: {
      'content-type': 'application/json',
      cookie: viewer.cookie,
      'x-csrf-token': viewer.csrf,
    },
    body: JSON.stringify({ contentId, positionSeconds: n % 1000, durationSeconds: 5400, seq: n }),
  };
}

async function post(url: string, viewer: Viewer, seq: number): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: viewer.cookie,
      'x-csrf-token': viewer.csrf,
    },
    body: JSON.stringify({ contentId: 'M0001', positionSeconds: 1, durationSeconds: 5400, seq }),
  });
  return res.status;
}
