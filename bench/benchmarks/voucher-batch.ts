import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { dialectOf } from '../../apps/server/src/db/connect.js';
import type { Database } from '../../apps/server/src/db/schema.js';
import { insertStaff } from '../../apps/server/src/modules/staff/members.js';
import { check } from '../lib/check.js';
import type { BenchContext, BenchServer, Benchmark, Figure, TimingResult } from '../lib/types.js';
import { signInStaff } from '../lib/staff.js';

/**
 * A voucher batch (issue 25: "a 100,000-serial batch generated and stored ≤ 10 s (SQLite and
 * PostgreSQL)"): POST /console/api/voucher-batches with quantity 100,000 (10,000 with --quick)
 * by a signed-in marketer, timed from request to reply: the serials drawn from the CSPRNG with
 * their check characters, stored with the batch and its audit entry in one transaction, and the
 * batch's figures counted for the reply. Ceiling: the same number of rows of the same width,
 * random but made with Math.random (no CSPRNG, no check), stored by the same kind of statement into a table
 * with the same indexes, in one transaction, through a bench route of the same server.
 */

const BATCHES = '/console/api/voucher-batches';
const CEILING = '/__bench/voucher-batch-ceiling';
const STAFF = { email: 'bench-marketing@console.test', password: 'bench-password-123' };
const FULL = { quantity: 100_000, rounds: 3 };
const QUICK = { quantity: 10_000, rounds: 1 };
/** Issue 25: ≤ 10 s on both databases. */
const TARGET_MS = 10_000;
const CHUNK = 10_000;

/** The ceiling's table: voucher's columns and indexes, nothing else. */
async function ceilingTable(db: Kysely<Database>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await sql`drop table if exists bench_voucher`.execute(db);
  await sql`create table bench_voucher (
      serial ${postgres ? sql`text collate "C"` : sql`text`} primary key,
      kind text not null, content_id text, service_id text, amount integer,
      credit_days integer, valid_until bigint not null, redeemed_by text,
      redeemed_at bigint, batch_id text, voided_at bigint)`.execute(db);
  await sql`create index bench_voucher_by_batch on bench_voucher (batch_id, redeemed_at, voided_at)
      where batch_id is not null`.execute(db);
}

let run = 0;
async function ceilingInsert(db: Kysely<Database>, quantity: number): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  run += 1;
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < quantity; from += CHUNK) {
      const serials = Array.from(
        { length: Math.min(CHUNK, quantity - from) },
        // Random keys, as serials are (inserts land all over the primary key's B-tree).
        (_, i) =>
          `${Math.random().toString(36).slice(2, 10)}${run}X${from + i}`.toUpperCase().slice(0, 16),
      );
      const batch = `BENCH${run}`;
      if (postgres) {
        await sql`insert into bench_voucher (serial, kind, amount, valid_until, batch_id)
            select s, 'stored_value', 200, 4102444800, ${batch}::text
            from unnest(${serials}::text[]) as s on conflict (serial) do nothing`.execute(trx);
      } else {
        await sql`insert into bench_voucher (serial, kind, amount, valid_until, batch_id)
            select value, 'stored_value', 200, 4102444800, ${batch}
            from json_each(${JSON.stringify(serials)}) where true
            on conflict (serial) do nothing`.execute(trx);
      }
    }
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const timing = (url: string, samples: number[], problems: string[]): TimingResult => ({
  url,
  metric: 'wall time',
  samplesMs: samples.map(Math.round),
  p50: Math.round(median(samples)),
  p95: Math.round(Math.max(...samples)),
  problems,
});

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
  for (let round = 0; round < size.rounds; round += 1) {
    // Alternate which goes first.
    const order = round % 2 === 0 ? ['subject', 'ceiling'] : ['ceiling', 'subject'];
    for (const side of order) {
      const start = performance.now();
      if (side === 'subject') {
        const res = await fetch(server.origin + BATCHES, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            name: `效能測試 ${round + 1}`,
            kind: 'stored_value',
            amount: 200,
            validUntil: Math.floor(Date.now() / 1000) + 365 * 86_400,
            channel: 'retail',
            quantity: size.quantity,
          }),
        });
        const body = (await res.json()) as { data?: { batch?: { figures?: { issued: number } } } };
        subject.push(performance.now() - start);
        if (!res.ok || body.data?.batch?.figures?.issued !== size.quantity) {
          problems.push(
            `round ${round + 1}: ${res.status} issued ${body.data?.batch?.figures?.issued}`,
          );
        }
      } else {
        const res = await fetch(`${server.origin}${CEILING}?n=${size.quantity}`, {
          method: 'POST',
        });
        ceiling.push(performance.now() - start);
        check(res.ok, `ceiling answered ${res.status}`);
      }
    }
  }
  return {
    server,
    subject: timing(server.origin + BATCHES, subject, problems),
    ceiling: timing(server.origin + CEILING, ceiling, []),
  };
}

function describeRun(m: Measured, quantity: number, quick: boolean): string[] {
  const ratio = m.subject.p50 / Math.max(1, m.ceiling.p50);
  const verdict = quick
    ? 'quick run (10,000 serials): the target applies to the full run'
    : m.subject.p95 <= TARGET_MS
      ? `meets target (every run ≤ ${TARGET_MS / 1000} s)`
      : `BELOW TARGET: slowest run ${m.subject.p95} ms > ${TARGET_MS} ms`;
  return [
    `${m.server.dialect}: ${quantity.toLocaleString('en-US')} serials per batch; batch runs ms ` +
      `${m.subject.samplesMs.join(', ')} (p50 ${m.subject.p50}); bare insert of the same rows ms ` +
      `${m.ceiling.samplesMs.join(', ')} (p50 ${m.ceiling.p50}); batch ÷ bare ${ratio.toFixed(2)}×; ` +
      verdict,
  ];
}

export const voucherBatch: Benchmark = {
  name: 'voucher-batch',
  description:
    'A 100,000-serial voucher batch (10,000 with --quick) made through POST ' +
    '/console/api/voucher-batches by a marketer: CSPRNG serials with check characters stored ' +
    'with the batch and its audit entry in one transaction, vs a bare insert of as many rows of ' +
    'the same width into a table with the same indexes, in alternating rounds; SQLite and ' +
    'PostgreSQL.',
  target: { maxP50Ms: TARGET_MS, source: 'issue 25: a 100,000-serial batch ≤ 10 s' },
  server: {
    extend(app) {
      app.post(CEILING, async (request) => {
        const n = Number((request.query as { n?: string }).n ?? 0);
        await ceilingInsert(app.benchDb!, n);
        return { ok: true };
      });
    },
    async ready(app, database) {
      app.benchDb = database.db;
      await ceilingTable(database.db);
      await insertStaff(
        database.db,
        { ...STAFF, displayName: '效能測試行銷', roles: ['marketing'] },
        1024,
        Math.floor(Date.now() / 1000),
      );
    },
  },

  async run(ctx) {
    const size = ctx.quick ? QUICK : FULL;
    const sqlite = await measure(ctx, false);
    const notes = describeRun(sqlite, size.quantity, ctx.quick);
    const figures: Figure[] = [
      { label: 'sqlite batch p50', value: sqlite.subject.p50, unit: 'ms', max: TARGET_MS },
    ];
    if (ctx.postgresUrl) {
      const pg = await measure(ctx, true);
      notes.push(...describeRun(pg, size.quantity, ctx.quick));
      figures.push({
        label: 'postgres batch p50',
        value: pg.subject.p50,
        unit: 'ms',
        max: TARGET_MS,
      });
    } else {
      notes.push('postgres: not measured (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    }
    return { kind: 'timing', subject: sqlite.subject, ceiling: sqlite.ceiling, figures, notes };
  },
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The bench server's database, for the ceiling route (set in ready). */
    benchDb?: Kysely<Database>;
  }
}
