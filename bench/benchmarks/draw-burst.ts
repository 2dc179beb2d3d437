import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { drawActivityQuerySchema, engagementCalls } from '@site/contract';
import type { DatabaseHandle } from '../../apps/server/src/db/index.js';
import type { Config } from '../../apps/server/src/config.js';
import { sessionCsrfToken } from '../../apps/server/src/modules/accounts/csrf.js';
import { newToken, tokenHash } from '../../apps/server/src/modules/accounts/tokens.js';
import { check } from '../lib/check.js';
import { cpuCounters } from '../lib/cpu-time.js';
import { lagNote, runPacedPair, type PacedRequest } from '../lib/paced-load.js';
import type { Benchmark, LoadResult } from '../lib/types.js';

/** Issue 14: the envelope-opening burst, at least 2,000 draws/s on SQLite. */
const TARGET_RATE = 2000;
/** Viewers with a session each, and activities open now: every request is a new (viewer, activity). */
const VIEWERS = 5000;
const ACTIVITIES = 30;
/**
 * The ceiling: a GET under /ajax/ with the same CSRF requirement, query schema and session lookup,
 * answering the same reply without drawing (no activity read, no transaction).
 */
const CEILING_PATH = '/ajax/__benchDrawCeiling.do';

let prepared: { cookies: string[]; tokens: string[]; activityIds: string[] } = {
  cookies: [],
  tokens: [],
  activityIds: [],
};
/** The server's secret, so each viewer carries its session's CSRF token (http/csrf.ts). */
let csrfSecret = '';

/** Members with a live session each and activities open for two hours, written straight in. */
async function prepare(database: DatabaseHandle): Promise<void> {
  const { db } = database;
  const now = Math.floor(Date.now() / 1000);
  const run = crypto.randomBytes(4).toString('hex');
  const cookies: string[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < VIEWERS; i += 250) {
    const batch = Array.from({ length: Math.min(250, VIEWERS - i) }, (_, j) => ({
      id: `${run}-${i + j}`,
      token: newToken(),
    }));
    await db
      .insertInto('account')
      .values(
        batch.map((m) => ({
          account_id: `A-bench-${m.id}`,
          login_id: `bench-${m.id}@bench.example`,
          password_hash: 'unused',
          kid_pin_hash: null,
          created_at: now,
          password_changed_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('sub_account')
      .values(
        batch.map((m) => ({
          sub_account_uid: `U-bench-${m.id}`,
          account_id: `A-bench-${m.id}`,
          slot: 1,
          nickname: '主帳號',
          kidmode: '0',
          icon_idx: 0,
          is_primary: 1,
          filter_restrict: 'N',
          created_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('session')
      .values(
        batch.map((m) => ({
          session_hash: tokenHash(m.token),
          kind: 'web',
          account_id: `A-bench-${m.id}`,
          sub_account_uid: `U-bench-${m.id}`,
          created_at: now,
          last_seen_at: now,
          expires_at: now + 86_400,
          device_type: 'PC',
        })),
      )
      .execute();
    for (const m of batch) {
      const csrf = sessionCsrfToken(csrfSecret, m.token);
      cookies.push(`sid=${m.token}; csrf=${csrf}`);
      tokens.push(csrf);
    }
  }
  const activityIds = Array.from({ length: ACTIVITIES }, (_, i) => `BENCH-${run}-${i}`);
  await db
    .insertInto('draw_activity')
    .values(
      activityIds.map((activity_id) => ({
        activity_id,
        channel_id: 'ch02',
        start_at: now - 60,
        end_at: now + 7200,
        odds_per_mille: 500,
        created_at: now,
      })),
    )
    .execute();
  await db
    .insertInto('draw_prize')
    .values(
      activityIds.map((activity_id) => ({
        prize_id: `${activity_id}-1`,
        activity_id,
        name: '紅包大獎',
        quantity: 500,
        remaining: 500,
        sort_order: 1,
      })),
    )
    .execute();
  prepared = { cookies, tokens, activityIds };
}

export const drawBurst: Benchmark = {
  name: 'draw-burst',
  description:
    `The envelope-opening burst: signed-in viewers each opening a red envelope (GET ${engagementCalls.drawActivity}: ` +
    'CSRF check, session, window, one transaction with the unique draw row and the conditional prize ' +
    `update), ${TARGET_RATE.toLocaleString('en')}/s offered to ${VIEWERS.toLocaleString('en')} viewers × ${ACTIVITIES} activities, ` +
    'vs the same server answering the same requests through the same hooks without drawing; ' +
    'saturation figures in the notes.',
  target: {
    minThroughput: TARGET_RATE,
    source: 'issue 14: ≥ 2,000 draws/s on SQLite',
  },

  server: {
    extend(app: FastifyInstance, config: Config) {
      csrfSecret = config.STREAM_SIGNING_SECRET;
      app.get(CEILING_PATH, { config: { csrf: true } }, async (request, reply) => {
        if (!request.viewer) throw new Error('ceiling request without a session');
        drawActivityQuerySchema.parse(request.query);
        reply.header('cache-control', 'no-store');
        return { status: { code: '0', message: '' }, data: { message: 'lose', prizeName: '' } };
      });
      app.get('/__bench/draw-viewers', async () => prepared);
    },
    async ready(_app: FastifyInstance, database: DatabaseHandle) {
      await prepare(database);
    },
  },

  async run(ctx) {
    // Every viewer and the test's one address draw as often as the run needs.
    const saved = { ...process.env };
    Object.assign(process.env, {
      RATE_LIMIT_DRAW_PER_IP: '100000000',
      RATE_LIMIT_DRAW_PER_ACCOUNT: '100000000',
    });
    const server = await ctx.startServer();
    process.env = saved;
    const { cookies, tokens, activityIds } = (await (
      await fetch(`${server.origin}/__bench/draw-viewers`)
    ).json()) as typeof prepared;
    check(cookies.length === VIEWERS, `${cookies.length} viewers prepared`);

    // Draw n: viewer n mod VIEWERS, activity n div VIEWERS: no pair twice in the whole run. The
    // ceiling draws nothing, so its requests cycle through the same pairs on a counter of their own.
    const seq = { draws: 0, ceiling: 0 };
    const next = (path: string): PacedRequest => {
      const subject = path !== CEILING_PATH;
      const n = subject ? seq.draws : seq.ceiling % (VIEWERS * ACTIVITIES);
      if (subject) seq.draws += 1;
      else seq.ceiling += 1;
      const activityId = activityIds[Math.floor(n / VIEWERS) % ACTIVITIES]!;
      return {
        method: 'GET',
        path: `${path}?activityId=${activityId}`,
        headers: { cookie: cookies[n % VIEWERS]!, 'x-csrf-token': tokens[n % VIEWERS]! },
      };
    };
    const one = async (path: string) => {
      const request = next(path);
      const res = await fetch(server.origin + request.path, { headers: request.headers });
      return { status: res.status, body: (await res.json()) as { data: { message: string } } };
    };
    const first = await one(engagementCalls.drawActivity);
    check(first.status === 200, `a draw answered ${first.status}`);
    check(['win', 'lose'].includes(first.body.data.message), 'a draw answered no outcome');
    check((await one(CEILING_PATH)).status === 200, 'the ceiling failed');

    const paced = await runPacedPair(server.origin, {
      quick: ctx.quick,
      rate: TARGET_RATE,
      sockets: 512,
      subject: () => next(engagementCalls.drawActivity),
      ceiling: () => next(CEILING_PATH),
      cpu: cpuCounters(server),
    });
    const saturate = (path: string) =>
      ctx.load(server.origin + path, {
        requests: [
          {
            method: 'GET',
            path,
            setupRequest: (request) => {
              const r = next(path);
              return { ...request, path: r.path, headers: r.headers };
            },
          },
        ],
      });
    const saturated = {
      subject: await saturate(engagementCalls.drawActivity),
      ceiling: await saturate(CEILING_PATH),
    };
    check(
      seq.draws <= VIEWERS * ACTIVITIES,
      `the run needed ${seq.draws} draws, more than prepared`,
    );
    const at = (r: LoadResult) =>
      `${Math.round(r.reqPerSec)} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms${lagNote(r)}`;
    const best = Math.max(paced.subject.reqPerSec, saturated.subject.reqPerSec);
    return {
      subject: saturated.subject,
      ceiling: saturated.ceiling,
      notes: [
        `${server.dialect}, one server process; ${seq.draws.toLocaleString('en')} draws in all, each a new (viewer, activity) pair`,
        `at ${TARGET_RATE.toLocaleString('en')} draws/s offered (open loop, 512 sockets): subject ${at(paced.subject)}; ceiling ${at(paced.ceiling)}`,
        `saturation (50 connections, the table's figures): subject ${at(saturated.subject)}; ceiling ${at(saturated.ceiling)}`,
        `issue target ≥ ${TARGET_RATE.toLocaleString('en')} draws/s: ${
          best >= TARGET_RATE && saturated.subject.problems.length === 0 ? 'met' : 'NOT met'
        } (${Math.round(best)} draws/s)`,
      ],
    };
  },
};
