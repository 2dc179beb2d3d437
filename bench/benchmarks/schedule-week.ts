import { wallTiming as timing } from '../lib/wall-timing.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema.js';
import { insertStaff } from '../../apps/server/src/modules/staff/members.js';
import type { BenchContext, BenchServer, Benchmark, Figure, TimingResult } from '../lib/types.js';
import { signInStaff } from '../lib/staff.js';

/**
 * The schedule's week grid (issue 25: "week grid of 12 channels loads ≤ 300 ms"): the one call the
 * console's grid makes, GET /console/api/schedule/week?date=…, for a week of 12 channels with 48
 * programmes a day each (4,032 programmes in the week, among three weeks of schedule), by a signed-in
 * channel scheduler, timed from request to parsed reply, one request at a time. Ceiling: a bench
 * route of the same server answering the same programmes' rows from one bare query as JSON.
 */

const WEEK = '/console/api/schedule/week';
const CEILING = '/__bench/schedule-week-ceiling';
const STAFF = { email: 'bench-scheduler@console.test', password: 'bench-password-123' };
const CHANNELS = 12;
const PER_DAY = 48;
/** The Monday (Taipei) the grid shows, and the schedule around it: the week before and after too. */
const MONDAY = '2026-11-30';
const MONDAY_UNIX = Date.parse(`${MONDAY}T00:00:00+08:00`) / 1000;
const FULL = { requests: 200 };
const QUICK = { requests: 20 };
const TARGET_MS = 300;

async function seedSchedule(db: Kysely<Database>): Promise<void> {
  const slot = 86_400 / PER_DAY;
  for (let c = 1; c <= CHANNELS; c += 1) {
    const channelId = `bsch${String(c).padStart(2, '0')}`;
    await db
      .insertInto('channel')
      .values({
        channel_id: channelId,
        name: `排程頻道 ${c}`,
        description: '',
        pic_path: 'images/channels/channel-01.jpg',
        channel_type: '0',
        allow_web: 'Y',
        is_youtube: 'N',
        youtube_id: null,
        open_simple_play_page: 'N',
        play_right_type: 'FREE',
        clip_id: 'clip-a',
        sort_order: 900 + c,
      })
      .execute();
    const rows = [];
    for (let i = 0; i < 21 * PER_DAY; i += 1) {
      const start = MONDAY_UNIX - 7 * 86_400 + i * slot;
      rows.push({
        channel_id: channelId,
        start_at: start,
        end_at: start + slot,
        name: `節目 ${c}-${i}`,
        description: '一段節目介紹，長度和實際的節目表差不多，讓回應的大小接近真實情況。',
      });
    }
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('programme')
        .values(rows.slice(i, i + 200))
        .execute();
  }
}

interface Measured {
  server: BenchServer;
  subject: TimingResult;
  ceiling: TimingResult;
}

async function measure(ctx: BenchContext, postgres: boolean): Promise<Measured> {
  const size = ctx.quick ? QUICK : FULL;
  const server = await ctx.startServer({ postgres });
  const headers = await signInStaff(server.origin, STAFF);
  const subject: number[] = [];
  const ceiling: number[] = [];
  const problems: string[] = [];
  const url = `${server.origin}${WEEK}?date=${MONDAY}`;
  for (let i = 0; i < size.requests + 2; i += 1) {
    const warm = i < 2;
    let start = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as {
      data?: { channels?: { channelId: string; programmes: unknown[] }[] };
    };
    if (!warm) subject.push(performance.now() - start);
    const mine = body.data?.channels?.filter((c) => c.channelId.startsWith('bsch')) ?? [];
    const count = mine.reduce((n, c) => n + c.programmes.length, 0);
    if (!warm && (mine.length !== CHANNELS || count !== CHANNELS * 7 * PER_DAY))
      problems.push(`request ${i}: ${res.status}, ${mine.length} channels, ${count} programmes`);
    start = performance.now();
    const bare = await fetch(`${server.origin}${CEILING}`);
    await bare.json();
    if (!warm) ceiling.push(performance.now() - start);
  }
  return {
    server,
    subject: timing(url, subject, problems.slice(0, 5)),
    ceiling: timing(server.origin + CEILING, ceiling, []),
  };
}

function describeRun(m: Measured): string[] {
  const p99 = m.subject.p95;
  return [
    `${m.server.dialect}: ${CHANNELS} channels × ${PER_DAY} programmes a day, one week; ` +
      `${m.subject.samplesMs.length} requests: p50 ${m.subject.p50} ms, p99 ${p99} ms ` +
      `(bare query of the same rows: p50 ${m.ceiling.p50} ms, p99 ${m.ceiling.p95} ms); ` +
      (p99 <= TARGET_MS
        ? `meets target (p99 ≤ ${TARGET_MS} ms)`
        : `BELOW TARGET: p99 ${p99} ms > ${TARGET_MS} ms`),
  ];
}

export const scheduleWeek: Benchmark = {
  name: 'schedule-week',
  description:
    "The console's week grid: GET /console/api/schedule/week for 12 channels × 48 programmes a " +
    'day (4,032 programmes) by a channel scheduler, one request at a time (200, 20 with --quick: SQLite only), ' +
    'p50 and p99, vs a bare query of the same rows as JSON; SQLite and PostgreSQL.',
  target: { maxP50Ms: TARGET_MS, source: 'issue 25: week grid of 12 channels loads ≤ 300 ms' },
  server: {
    extend(app) {
      app.get(CEILING, async () => {
        const db = app.benchDb!;
        return db
          .selectFrom('programme')
          .selectAll()
          .where('channel_id', 'like', 'bsch%')
          .where('start_at', '<', MONDAY_UNIX + 7 * 86_400)
          .where('end_at', '>', MONDAY_UNIX)
          .execute();
      });
    },
    async ready(app, database) {
      app.benchDb = database.db;
      await seedSchedule(database.db);
      await insertStaff(
        database.db,
        { ...STAFF, displayName: '效能測試排程', roles: ['channel_scheduler'] },
        1024,
        Math.floor(Date.now() / 1000),
      );
    },
  },

  async run(ctx) {
    const sqlite = await measure(ctx, false);
    const notes = describeRun(sqlite);
    const figures: Figure[] = [
      { label: 'sqlite week p50', value: sqlite.subject.p50, unit: 'ms', max: TARGET_MS },
      { label: 'sqlite week p99', value: sqlite.subject.p95, unit: 'ms', max: TARGET_MS },
    ];
    // Quick mode stays under 30 s: one server (SQLite); the full run measures PostgreSQL too.
    if (ctx.postgresUrl && !ctx.quick) {
      const pg = await measure(ctx, true);
      notes.push(...describeRun(pg));
      figures.push(
        { label: 'postgres week p50', value: pg.subject.p50, unit: 'ms', max: TARGET_MS },
        { label: 'postgres week p99', value: pg.subject.p95, unit: 'ms', max: TARGET_MS },
      );
    } else {
      notes.push(
        ctx.quick
          ? 'postgres: measured by the full run only (quick mode starts one server)'
          : 'postgres: not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL)',
      );
    }
    notes.push(
      'TimingResult.p95 holds the p99 here (200 samples; 20 with --quick, where p99 is the slowest).',
    );
    return { kind: 'timing', subject: sqlite.subject, ceiling: sqlite.ceiling, figures, notes };
  },
};
