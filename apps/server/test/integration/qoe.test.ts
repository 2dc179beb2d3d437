import { QOE_BATCH_MAX, qoeCalls, qoeReportSchema, type QoeReport } from '@site/contract';
import { consoleQoeCalls, type QoeAlert, type QoeRow } from '@site/contract/console';
import { describe, expect, it } from 'vitest';
import { START_BUCKET_COLUMNS } from '../../src/db/schema-qoe.js';
import { bucketRange, startBucketOf } from '../../src/modules/qoe/histogram.js';
import { keptFrom, removeQoeBefore } from '../../src/modules/qoe/retention.js';
import { addReports, type QoeEntry } from '../../src/modules/qoe/store.js';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/connect.js';
import { beaconRequest, expectErrorEnvelope } from '../support/beacon.js';
import { signedInStaff, useTestApp } from '../support/index.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const RATE_LIMIT = 40;

const report = (over: Partial<QoeReport> = {}): QoeReport => ({
  contentID: 'M0001',
  playType: 'VOD',
  started: true,
  startMs: 800,
  watchMs: 30_000,
  stallMs: 0,
  stallCount: 0,
  bitrateSwitches: 1,
  fatalCode: null,
  errorCodes: [],
  ...over,
});

/** Issue 26 item 6 (docs/adr/0055): the players' QoE beacons and 播放品質 in the console. */
describe('quality of experience', () => {
  const ctx = useTestApp({ seed: true, env: { RATE_LIMIT_QOE_PER_IP: String(RATE_LIMIT) } });
  let address = 0;
  /** Each test its own client address, so the rate limit is the rate-limit test's alone. */
  const nextAddress = () => `10.26.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;
  const send = (reports: unknown[], ua = DESKTOP, ip = nextAddress()) =>
    ctx.app.inject(
      beaconRequest(qoeCalls.insertQoE, JSON.stringify({ reports }), ip, { 'user-agent': ua }),
    );
  const staff = async () => (await signedInStaff(ctx, ['marketing'])).browser;
  const reportOf = async (by: string, from = ctx.now.value, to = ctx.now.value + 3600) => {
    const res = await (
      await staff()
    ).get(`${consoleQoeCalls.report.path}?from=${from}&to=${to}&by=${by}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { rows: QoeRow[]; total: QoeRow; errorCodes: unknown[] };
  };
  const alert = async () => {
    const res = await (await staff()).get(consoleQoeCalls.alert.path);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as QoeAlert;
  };

  it('refuses a batch over the limit, bad fields and a foreign page, in zh-TW', async () => {
    const tooMany = await send(Array.from({ length: QOE_BATCH_MAX + 1 }, () => report()));
    expect(tooMany.statusCode).toBe(400);
    expectErrorEnvelope(tooMany.body, 'BAD_INPUT');
    for (const bad of [
      report({ startMs: -1 }),
      report({ fatalCode: 9 }),
      report({ watchMs: 16 * 60 * 1000 }),
      { ...report(), deviceType: 'PC' },
      report({ contentID: '' }),
    ]) {
      const res = await send([bad]);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expectErrorEnvelope(res.body, 'BAD_INPUT');
    }
    const empty = await send([]);
    expect(empty.statusCode).toBe(400);
    const foreign = await ctx.app.inject(
      beaconRequest(qoeCalls.insertQoE, JSON.stringify({ reports: [report()] }), nextAddress(), {
        'sec-fetch-site': 'cross-site',
      }),
    );
    expect(foreign.statusCode).toBe(403);
    expectErrorEnvelope(foreign.body, 'FORBIDDEN');
    const huge = await send([report({ contentID: 'M'.repeat(9000) })]);
    expect(huge.statusCode).toBe(413);
    // Nothing refused was counted.
    expect((await reportOf('title')).total.sessions).toBe(0);
  });

  it('keeps to a rate per client address', async () => {
    const ip = nextAddress();
    const replies = await Promise.all(
      Array.from({ length: RATE_LIMIT + 5 }, () =>
        send([report({ contentID: 'RATE01' })], DESKTOP, ip),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(RATE_LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expectErrorEnvelope(replies.find((r) => r.statusCode === 429)!.body, 'TOO_MANY_REQUESTS');
    expect((await send([report({ contentID: 'RATE01' })])).statusCode).toBe(200);
    const row = (await reportOf('title')).rows.find((r) => r.key === 'RATE01');
    expect(row?.sessions).toBe(RATE_LIMIT + 1);
  });

  it('adds reports sent at once from many players without losing any', async () => {
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        send(
          [
            report({ contentID: 'MANY01', stallMs: 100, stallCount: 1 }),
            report({ contentID: 'MANY01', started: false, startMs: null, watchMs: 10_000 }),
          ],
          i % 2 ? IPHONE : DESKTOP,
        ),
      ),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const row = (await reportOf('title')).rows.find((r) => r.key === 'MANY01')!;
    expect(row).toMatchObject({ sessions: 30, stallCount: 30, watchMs: 30 * 40_000 });
    expect(row.rebufferRatio).toBeCloseTo(3000 / 1_200_000, 10);
  });

  it('answers p50/p95 within bucket accuracy, rebuffer ratio and error rate by title, channel, device and hour', async () => {
    // 40 starts of 100 ms … 4 s on one title, on phones; a channel on desktops with errors.
    const starts = Array.from({ length: 40 }, (_, i) => 100 * (i + 1));
    for (let i = 0; i < starts.length; i += 10) {
      const res = await send(
        starts
          .slice(i, i + 10)
          .map((startMs) =>
            report({ contentID: 'AGG01', startMs, watchMs: 60_000, stallMs: 600, stallCount: 2 }),
          ),
        IPHONE,
      );
      expect(res.statusCode).toBe(200);
    }
    ctx.now.value += 3600;
    const live = await send(
      [
        report({
          contentID: 'ch01',
          playType: 'LIVE',
          startMs: 3000,
          fatalCode: 2,
          errorCodes: [2, 2],
        }),
        report({ contentID: 'ch01', playType: 'LIVE', startMs: 1000, errorCodes: [3] }),
        report({ contentID: 'ch01', playType: 'LIVE', startMs: 1500 }),
        report({ contentID: 'ch01', playType: 'LIVE', startMs: 1200 }),
      ],
      DESKTOP,
    );
    expect(live.statusCode).toBe(200);
    ctx.now.value -= 3600;

    const from = ctx.now.value;
    const to = from + 7200;
    const titles = await reportOf('title', from, to);
    const agg = titles.rows.find((r) => r.key === 'AGG01')!;
    const sameBucket = (estimate: number | null, truth: number) => {
      const { low, high } = bucketRange(startBucketOf(truth));
      expect(estimate).toBeGreaterThan(low);
      expect(estimate).toBeLessThanOrEqual(high);
    };
    sameBucket(agg.startP50Ms, 2000); // the 20th of 40
    sameBucket(agg.startP95Ms, 3800); // the 38th of 40
    expect(agg.rebufferRatio).toBeCloseTo(0.01, 10);
    expect(agg.errorRate).toBe(0);
    expect(titles.rows.some((r) => r.key === 'ch01')).toBe(false);

    const channels = await reportOf('channel', from, to);
    expect(channels.rows.map((r) => r.key)).toEqual(['ch01']);
    expect(channels.rows[0]).toMatchObject({ sessions: 4, errorRate: 0.25 });
    expect(channels.errorCodes).toEqual([
      { code: 2, errors: 2, fatals: 1 },
      { code: 3, errors: 1, fatals: 0 },
    ]);

    const devices = await reportOf('device', from, to);
    expect(devices.rows.find((r) => r.key === 'iPhone')?.sessions).toBeGreaterThanOrEqual(40);
    expect(devices.rows.find((r) => r.key === 'PC')?.sessions).toBeGreaterThanOrEqual(4);

    const hours = await reportOf('hour', from, to);
    expect(hours.rows.map((r) => Number(r.key))).toEqual([from, from + 3600]);
    expect(hours.rows[1]!.sessions).toBe(4);
  });

  it("adds whole days and the hours at a period's edges alike", async () => {
    const day = ctx.now.value + 20 * 86_400 - ((ctx.now.value + 20 * 86_400) % 86_400);
    const saved = ctx.now.value;
    for (const at of [day + 10 * 3600, day + 86_400 + 5 * 3600, day + 2 * 86_400 + 3600]) {
      ctx.now.value = at;
      expect((await send([report({ contentID: 'DAYS01', stallMs: 300 })])).statusCode).toBe(200);
    }
    ctx.now.value = saved;
    const sessions = async (from: number, to: number) =>
      (await reportOf('title', from, to)).rows.find((r) => r.key === 'DAYS01')?.sessions ?? 0;
    expect(await sessions(day + 9 * 3600, day + 2 * 86_400 + 3 * 3600)).toBe(3);
    expect(await sessions(day + 11 * 3600, day + 2 * 86_400 + 3 * 3600)).toBe(2);
    expect(await sessions(day + 86_400, day + 2 * 86_400)).toBe(1);
    expect(await sessions(day, day + 3 * 86_400)).toBe(3);
    expect(await sessions(day + 2 * 86_400 + 2 * 3600, day + 3 * 86_400)).toBe(0);
  });

  it('adds batches written at once (as by several instances) to the same rows without losing or double-counting any', async () => {
    // Ten batches over the same five titles and two devices, each in its own order, at once:
    // on PostgreSQL each on its own connection, so they meet on the same rows' locks.
    const at = ctx.now.value + 2 * 86_400;
    const titles = ['CONC1', 'CONC2', 'CONC3', 'CONC4', 'CONC5'];
    const batch = (b: number): QoeEntry[] =>
      Array.from({ length: 20 }, (_, i) => ({
        at,
        deviceType: i % 2 ? 'mobile' : 'desktop',
        report: qoeReportSchema.parse(
          report({
            contentID: titles[(i + b) % titles.length]!,
            startMs: 250,
            stallMs: 10,
            stallCount: 1,
            errorCodes: [3],
            fatalCode: i === b ? 2 : null,
          }),
        ),
      })).reverse();
    await Promise.all(Array.from({ length: 10 }, (_, b) => addReports(ctx.database.db, batch(b))));
    const rows = await ctx.database.db
      .selectFrom('qoe_hourly')
      .selectAll()
      .where('content_id', 'in', titles)
      .execute();
    expect(rows).toHaveLength(10);
    const sum = (pick: (r: (typeof rows)[number]) => unknown) =>
      rows.reduce((n, r) => n + Number(pick(r)), 0);
    expect(sum((r) => r.sessions)).toBe(200);
    expect(sum((r) => r.stall_count)).toBe(200);
    expect(sum((r) => r[START_BUCKET_COLUMNS[startBucketOf(250)]!])).toBe(200);
    expect(sum((r) => r.fatals)).toBe(10);
    const errors = await ctx.database.db
      .selectFrom('qoe_error_hourly')
      .select([
        'code',
        (eb) => eb.fn.sum<number>('errors').as('errors'),
        (eb) => eb.fn.sum<number>('fatals').as('fatals'),
      ])
      .where('content_id', 'in', titles)
      .groupBy('code')
      .orderBy('code')
      .execute();
    expect(errors.map((e) => [Number(e.code), Number(e.errors), Number(e.fatals)])).toEqual([
      [2, 0, 10],
      [3, 200, 0],
    ]);
    const daily = await ctx.database.db
      .selectFrom('qoe_daily')
      .select((eb) => eb.fn.sum<number>('sessions').as('sessions'))
      .where('content_id', 'in', titles)
      .executeTakeFirst();
    expect(Number(daily?.sessions)).toBe(200);
  });

  describe('keeping QOE_KEEP_DAYS (100) of figures', () => {
    const KEEP = 100;
    const TABLES = ['qoe_hourly', 'qoe_daily', 'qoe_hour_device', 'qoe_error_hourly'] as const;
    const entry = (at: number, contentID: string): QoeEntry => ({
      at,
      deviceType: 'desktop',
      report: qoeReportSchema.parse(report({ contentID, errorCodes: [3] })),
    });
    /** The period starts an aggregate holds in [from, to). */
    const periodsOf = async (table: (typeof TABLES)[number], from: number, to: number) =>
      (
        await ctx.database.db
          .selectFrom(table)
          .select('period_start')
          .where('period_start', '>=', from)
          .where('period_start', '<', to)
          .execute()
      ).map((r) => Number(r.period_start));

    it('removes every aggregate’s periods before the first kept hour, and nothing after it', async () => {
      const from = keptFrom(ctx.now.value, KEEP);
      expect(from % 3600).toBe(0);
      // Three days of old hours (removed a day a statement), the hour just before, the first
      // kept hour and the hour now.
      const old = [from - 3 * 86_400 + 5 * 3600, from - 2 * 86_400, from - 7200 + 60, from - 1];
      const kept = [from, from + 3600 + 59, ctx.now.value];
      await addReports(
        ctx.database.db,
        [...old, ...kept].map((at, i) => entry(at, `KEEP${i}`)),
      );
      const span = [from - 4 * 86_400, ctx.now.value + 3600] as const;
      for (const table of TABLES) {
        expect(
          (await periodsOf(table, ...span)).some((p) => p < from),
          table,
        ).toBe(true);
      }
      const removed = await removeQoeBefore(ctx.database.db, from);
      expect(removed).toBeGreaterThanOrEqual(4 * 3 + 3);
      for (const table of ['qoe_hourly', 'qoe_hour_device', 'qoe_error_hourly'] as const) {
        const left = await periodsOf(table, ...span);
        expect(
          left.every((p) => p >= from),
          table,
        ).toBe(true);
        expect(new Set(left), table).toEqual(new Set(kept.map((at) => at - (at % 3600))));
      }
      // A day that began before the first kept hour is only ever read by its hours now.
      const days = await periodsOf('qoe_daily', ...span);
      expect(days.every((p) => p >= from)).toBe(true);
      expect(await removeQoeBefore(ctx.database.db, from)).toBe(0);
    });

    it('refuses a report that begins before the figures kept, in zh-TW; from the first kept hour it answers', async () => {
      const from = keptFrom(ctx.now.value, KEEP);
      const staffBrowser = await staff();
      const before = await staffBrowser.get(
        `${consoleQoeCalls.report.path}?from=${from - 3600}&to=${from + 86_400}&by=title`,
      );
      expect(before.statusCode).toBe(400);
      expectErrorEnvelope(before.body, 'BAD_INPUT');
      expect(before.body).toContain('播放品質只保留最近 100 天，請選擇較近的期間');
      const first = await staffBrowser.get(
        `${consoleQoeCalls.report.path}?from=${from}&to=${from + 86_400}&by=device`,
      );
      expect(first.statusCode, first.body).toBe(200);
    });

    it('removes them when an instance starts', async () => {
      const later = ctx.now.value + 30 * 86_400;
      const goneBy = keptFrom(later, KEEP);
      await addReports(ctx.database.db, [entry(goneBy - 7200, 'START1'), entry(goneBy, 'START2')]);
      const { url, schema } = ctx.database;
      const database = connect(url, schema ? { schema } : {});
      const other = await buildApp({ config: ctx.config, database, clock: () => later });
      try {
        await other.ready();
        const contents = async () =>
          (
            await ctx.database.db
              .selectFrom('qoe_hourly')
              .select('content_id')
              .where('content_id', 'in', ['START1', 'START2'])
              .execute()
          ).map((r) => r.content_id);
        // The removal runs beside the start, not before it: wait for it.
        for (let i = 0; i < 100 && (await contents()).includes('START1'); i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(await contents()).toEqual(['START2']);
      } finally {
        await other.close();
        await database.close();
      }
    });
  });

  it('alerts on the last 15 minutes: stalls over 0.5 %, a median start over 2 s, then not', async () => {
    ctx.now.value += 10 * 86_400; // a quiet day of its own
    expect(await alert()).toMatchObject({ rebufferAlert: false, startAlert: false });

    await send([report({ watchMs: 100_000, stallMs: 400, startMs: 1900 })]);
    expect(await alert()).toMatchObject({ rebufferAlert: false, startAlert: false });
    await send([report({ watchMs: 100_000, stallMs: 800, stallCount: 3, startMs: 2100 })]);
    // 1,200 ms stalled in 200 s watched: 0.6 %.
    expect(await alert()).toMatchObject({ rebufferAlert: true, startAlert: false });
    await send([report({ watchMs: 0, startMs: 5000 })]);
    // Starts 1.9, 2.1 and 5 s: the median is over 2 s.
    const on = await alert();
    expect(on).toMatchObject({ rebufferAlert: true, startAlert: true });
    expect(on.figures.sessions).toBe(3);

    ctx.now.value += 16 * 60;
    expect(await alert()).toMatchObject({ rebufferAlert: false, startAlert: false });
  });

  it('shows the page to admin, auditor, marketing and customer care only', async () => {
    for (const role of ['auditor', 'customer_care', 'marketing'] as const) {
      const { browser } = await signedInStaff(ctx, [role]);
      expect((await browser.get(consoleQoeCalls.alert.path)).statusCode).toBe(200);
    }
    for (const role of ['content_editor', 'finance'] as const) {
      const { browser } = await signedInStaff(ctx, [role]);
      expect((await browser.get(consoleQoeCalls.alert.path)).statusCode).toBe(403);
    }
    const bad = await (await staff()).get(`${consoleQoeCalls.report.path}?from=100&to=50`);
    expect(bad.statusCode).toBe(400);
    expectErrorEnvelope(bad.body, 'BAD_INPUT');
  });
});
