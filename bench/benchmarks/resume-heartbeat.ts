import type { FastifyInstance } from 'fastify';
import { playbackCalls, saveWatchPositionBodySchema } from '@site/contract';
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

/** A signed-in viewer playing a title: its stream lease, renewed by its beats (issue 23). */
type Viewer = Member & { streamId: string };

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
 *
 * Each viewer asks the play right once at set-up and its beats carry the stream id it got, so
 * each beat also renews the viewer's stream lease (issue 23, docs/adr/0042). The server writes
 * every renewal (STREAM_RENEW_EVERY_SECONDS=0), as it does for production players, which beat
 * every 30 s. The notes add the saturation of the same beats without a stream id, on the same
 * server in the same run: issue 23 asks that renewal leave the heartbeat's throughput unchanged
 * within noise.
 */
export const resumeHeartbeat: Benchmark = {
  name: 'resume-heartbeat',
  description:
    `POST resume heartbeats from 200 signed-in viewers at ${OFFERED_PER_SECOND.toLocaleString('en')}/s ` +
    "(group-committed upserts, each renewing the viewer's stream lease) vs the same server " +
    'validating the same requests without writing; saturation, with and without stream ids, in the notes.',
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
      renewalNote('sqlite', sqlite.saturated),
    ];
    if (ctx.postgresUrl) {
      const pg = await measure(ctx, true);
      notes.push(
        `postgres at ${OFFERED_PER_SECOND}/s offered: ${rate(pg.subject)} vs ceiling ${rate(pg.ceiling)}` +
          (pg.subject.problems.length > 0 ? ` ⚠ ${pg.subject.problems.join('; ')}` : ''),
        `postgres saturation: ${rate(pg.saturated.subject)} vs ceiling ${rate(pg.saturated.ceiling)}`,
        renewalNote('postgres', pg.saturated),
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

/** Issue 23: the renewal's cost, beats with a stream id ÷ the same beats without, saturated. */
function renewalNote(
  dialect: string,
  saturated: { subject: LoadResult; withoutStream: LoadResult },
): string {
  const { subject, withoutStream } = saturated;
  const percent = (n: number) => `${Math.round(n * 100)}%`;
  const ratio = subject.reqPerSec / withoutStream.reqPerSec;
  // The server process's own CPU: the postgres figure counts every postgres process on the
  // machine, other databases' sessions too.
  const server = (r: LoadResult) => r.cpuUsPerRequest?.server;
  const withCpu = server(subject);
  const withoutCpu = server(withoutStream);
  return (
    `${dialect} saturation without streamId (no lease renewal): ${rate(withoutStream)}; ` +
    `with ÷ without: throughput ${percent(ratio)}` +
    (withCpu === undefined || !withoutCpu
      ? ''
      : `, server CPU per beat ${percent(withCpu / withoutCpu)} (${withCpu} ÷ ${withoutCpu} µs)`) +
    ' (issue 23: throughput unchanged within noise)'
  );
}

async function measure(ctx: BenchContext, postgres: boolean) {
  // Signing the viewers up is set-up, not what is measured: cheap hashes, no sign-up limit.
  const saved = { ...process.env };
  // Every renewal written, as for production players beating every 30 s (stream-leases.ts).
  Object.assign(process.env, {
    PASSWORD_SCRYPT_COST: '1024',
    RATE_LIMIT_SIGNUP_PER_IP: '100000',
    STREAM_RENEW_EVERY_SECONDS: '0',
  });
  const server = await ctx.startServer({ postgres });
  process.env = saved;
  const members = await signUpMembers(server, ctx.quick ? 50 : 200);
  const viewers: Viewer[] = [];
  for (const member of members)
    viewers.push({ ...member, streamId: await play(server.origin, member) });
  ctx.log(`${server.dialect}: ${viewers.length} viewers signed up, each playing a title`);

  const first = viewers[0]!;
  check(
    (await post(server.origin + SUBJECT_PATH, first, 1, first.streamId)) === 200,
    'a heartbeat failed',
  );
  // The stream id is looked at (a made-up one is refused), so the beats do renew the lease.
  check(
    (await post(server.origin + SUBJECT_PATH, first, 2, 'no-such-stream-000000')) === 404,
    'a heartbeat with a made-up stream id was not refused',
  );
  check((await post(server.origin + SUBJECT_PATH, first, 3)) === 200, 'a heartbeat failed');
  check(
    (await post(server.origin + CEILING_PATH, first, 4, first.streamId)) === 200,
    'the ceiling failed',
  );
  const seq = { n: 10 };
  const beatTo = (path: string) => () => {
    seq.n += 1;
    return { method: 'POST' as const, path, ...beat(seq.n, viewers, true) };
  };
  const cpu = cpuCounters(server);
  // Saturated, with the CPU used per request sent (warm-up included: every request counted).
  const saturate = async (path: string, withStream = true): Promise<LoadResult> => {
    const read = () => Object.entries(cpu).map(([name, ms]) => [name, ms()] as const);
    const before = read();
    const sentBefore = seq.n;
    const result = await ctx.load(server.origin + path, {
      requests: [
        {
          method: 'POST',
          path,
          setupRequest: (request) => {
            seq.n += 1;
            return { ...request, ...beat(seq.n, viewers, withStream) };
          },
        },
      ],
    });
    const sent = seq.n - sentBefore;
    const cpuUsPerRequest: Record<string, number> = {};
    for (const [i, [name, after]] of read().entries()) {
      const start = before[i]![1];
      if (after !== undefined && start !== undefined && sent > 0) {
        cpuUsPerRequest[name] = Math.round(((after - start) * 1000) / sent);
      }
    }
    return { ...result, cpuUsPerRequest };
  };
  const { subject, ceiling } = await runPacedPair(server.origin, {
    quick: ctx.quick,
    rate: OFFERED_PER_SECOND,
    subject: beatTo(SUBJECT_PATH),
    ceiling: beatTo(CEILING_PATH),
    cpu,
  });
  const saturated = {
    subject: await saturate(SUBJECT_PATH),
    withoutStream: await saturate(SUBJECT_PATH, false),
    ceiling: await saturate(CEILING_PATH),
  };
  return { subject, ceiling, saturated, viewers: viewers.length };
}

/**
 * The n-th beat: the next viewer, one of the titles, a seq that only grows; `withStream`: the
 * viewer's stream id, so the beat renews its lease.
 */
function beat(
  n: number,
  viewers: Viewer[],
  withStream: boolean,
): { headers: Record<string, string>; body: string } {
  const viewer = viewers[n % viewers.length]!;
  const contentId = PLAYABLE[Math.floor(n / viewers.length) % PLAYABLE.length]!;
  return {
    headers: {
      'content-type': 'application/json',
      cookie: viewer.cookie,
      'x-csrf-token': viewer.csrf,
    },
    body: JSON.stringify({
      contentId,
      positionSeconds: n % 1000,
      durationSeconds: 5400,
      seq: n,
      ...(withStream ? { streamId: viewer.streamId } : {}),
    }),
  };
}

/** The viewer's play right for a free title: the stream lease its beats renew. */
async function play(origin: string, member: Member): Promise<string> {
  const res = await fetch(`${origin}${playbackCalls.findVideoPlayRight.path}?contentId=M0001`, {
    headers: { cookie: member.cookie },
  });
  check(res.status === 200, `the play right answered ${res.status}`);
  const { data } = (await res.json()) as { data?: { streamId?: string } };
  check(typeof data?.streamId === 'string', 'the play right took no stream lease');
  return data.streamId;
}

async function post(url: string, viewer: Viewer, seq: number, streamId?: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: viewer.cookie,
      'x-csrf-token': viewer.csrf,
    },
    body: JSON.stringify({
      contentId: 'M0001',
      positionSeconds: 1,
      durationSeconds: 5400,
      seq,
      ...(streamId === undefined ? {} : { streamId }),
    }),
  });
  return res.status;
}
