import {
  consoleReportCalls,
  VIEWING_TOP_TITLES,
  type ReportPeriod,
  type ViewingReport,
} from '@site/contract/console';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { keepPlays } from '../../src/modules/devices/viewing-plays.js';
import { forgetReportRollups } from '../../src/modules/reports/settling.js';
import { viewingReport } from '../../src/modules/reports/viewing.js';
import { settleViewing, viewingThrough } from '../../src/modules/reports/viewing-rollup.js';
import { taipeiDateStart, taipeiMidnight, taipeiParts } from '../../src/taipei-time.js';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/connect.js';
import { finishMigrations } from '../support/database.js';
import {
  createTestDatabase,
  newMember,
  signedInStaff,
  useTestApp,
  type TestDatabase,
} from '../support/index.js';

const H = 3600;
const D = (day: number) => taipeiDateStart(2026, 11, day);

/** The viewing report computed in JS from every raw row: what the rollup must equal. */
async function rawViewing(db: Kysely<Database>, period: ReportPeriod): Promise<ViewingReport> {
  const kept = await db
    .selectFrom('viewing_play')
    .select(['sub_account_uid', 'playing_kind', 'playing_id', 'started_at', 'seconds'])
    .execute();
  const leases = await db.selectFrom('stream_lease').selectAll().execute();
  const plays = [
    ...kept.map((p) => ({ ...p, started_at: Number(p.started_at), seconds: Number(p.seconds) })),
    ...leases.map((l) => {
      const until = Math.min(Number(l.ended_at ?? l.renewed_at), Number(l.expires_at));
      return { ...l, started_at: Number(l.started_at), seconds: Math.max(0, until - l.started_at) };
    }),
  ];
  const titles = await db.selectFrom('title').select(['content_id', 'series_id', 'name']).execute();
  const channels = await db.selectFrom('channel').select(['channel_id', 'name']).execute();
  const seriesOf = new Map(titles.map((t) => [t.content_id, t.series_id]));
  const names = new Map([
    ...titles.map((t) => [t.content_id, t.name] as const),
    ...channels.map((c) => [c.channel_id, c.name] as const),
  ]);
  const dates: string[] = [];
  for (let d = Date.parse(`${period.from}T00:00:00Z`); ; d += 86_400_000) {
    const date = new Date(d).toISOString().slice(0, 10);
    if (date > period.to) break;
    dates.push(date);
  }
  const days = dates.map((date) => {
    const [y, m, d] = date.split('-').map(Number);
    return { date, dayStart: taipeiDateStart(y!, m!, d!), plays: 0, vod: 0, seconds: 0 };
  });
  const dayViewers = days.map(() => new Set<string>());
  const viewers = new Set<string>();
  const targets = new Map<
    string,
    { kind: string; id: string; plays: number; seconds: number; viewers: Set<string> }
  >();
  for (const p of plays) {
    const i = dates.indexOf(taipeiParts(p.started_at).date);
    if (i < 0) continue;
    days[i]!.plays += 1;
    if (p.playing_kind === 'title') days[i]!.vod += 1;
    days[i]!.seconds += p.seconds;
    dayViewers[i]!.add(p.sub_account_uid);
    viewers.add(p.sub_account_uid);
    const id =
      p.playing_kind === 'title' ? (seriesOf.get(p.playing_id) ?? p.playing_id) : p.playing_id;
    const key = `${p.playing_kind} ${id}`;
    const t = targets.get(key) ?? {
      kind: p.playing_kind,
      id,
      plays: 0,
      seconds: 0,
      viewers: new Set<string>(),
    };
    targets.set(key, t);
    t.plays += 1;
    t.seconds += p.seconds;
    t.viewers.add(p.sub_account_uid);
  }
  const line = (t: { id: string; plays: number; seconds: number; viewers: Set<string> }) => ({
    id: t.id,
    name: names.get(t.id) ?? t.id,
    plays: t.plays,
    viewers: t.viewers.size,
    minutes: Math.round(t.seconds / 60),
  });
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const all = [...targets.values()];
  return {
    from: period.from,
    to: period.to,
    days: days.map((d, i) => ({
      date: d.date,
      dayStart: d.dayStart,
      plays: d.plays,
      vodPlays: d.vod,
      livePlays: d.plays - d.vod,
      viewers: dayViewers[i]!.size,
      minutes: Math.round(d.seconds / 60),
    })),
    viewers: viewers.size,
    titles: all
      .filter((t) => t.kind === 'title')
      .sort((a, b) => b.plays - a.plays || b.seconds - a.seconds || byId(a, b))
      .slice(0, VIEWING_TOP_TITLES)
      .map(line),
    channels: all
      .filter((t) => t.kind === 'channel')
      .sort((a, b) => b.plays - a.plays || byId(a, b))
      .map(line),
  };
}

/**
 * The rollup's tables against the plays kept before its watermark, recomputed in JS: sums per
 * Taipei day and target, every viewer-day once, each linked to the one before it.
 */
async function expectRollupExact(db: Kysely<Database>): Promise<void> {
  const through = (await viewingThrough(db)) * 3600;
  const kept = await db
    .selectFrom('viewing_play as p')
    .leftJoin('title as t', (j) =>
      j.onRef('t.content_id', '=', 'p.playing_id').on('p.playing_kind', '=', 'title'),
    )
    .select(['p.sub_account_uid', 'p.playing_kind', 'p.playing_id', 'p.started_at', 'p.seconds'])
    .select('t.series_id')
    .where('p.kept_at', '<', through)
    .execute();
  const sums = new Map<string, { plays: number; seconds: number }>();
  const viewerDays = new Map<string, Set<number>>();
  const audienceDays = new Map<string, Set<number>>();
  const addDay = (map: Map<string, Set<number>>, key: string, day: number) =>
    map.set(key, (map.get(key) ?? new Set()).add(day));
  for (const p of kept) {
    const day = taipeiMidnight(Number(p.started_at));
    const counted = p.series_id ?? p.playing_id;
    const key = `${day} ${p.playing_kind} ${counted}`;
    const s = sums.get(key) ?? { plays: 0, seconds: 0 };
    sums.set(key, { plays: s.plays + 1, seconds: s.seconds + Number(p.seconds) });
    addDay(viewerDays, p.sub_account_uid, day);
    addDay(audienceDays, `${p.sub_account_uid} ${p.playing_kind} ${counted}`, day);
  }
  const rolled = await db.selectFrom('report_viewing_day').selectAll().execute();
  expect(
    new Map(
      rolled.map((r) => [
        `${r.day_start} ${r.playing_kind} ${r.counted_id}`,
        { plays: Number(r.plays), seconds: Number(r.seconds) },
      ]),
    ),
  ).toEqual(sums);
  const linked = (map: Map<string, Set<number>>) =>
    [...map]
      .flatMap(([key, set]) => {
        const sorted = [...set].sort((a, b) => a - b);
        return sorted.map((day, i) => `${key} ${day} ${i === 0 ? 0 : sorted[i - 1]}`);
      })
      .sort();
  const viewerRows = await db.selectFrom('report_viewer_day').selectAll().execute();
  expect(viewerRows.map((r) => `${r.sub_account_uid} ${r.day_start} ${r.prev_day}`).sort()).toEqual(
    linked(viewerDays),
  );
  const audienceRows = await db.selectFrom('report_audience_day').selectAll().execute();
  expect(
    audienceRows
      .map(
        (r) =>
          `${r.sub_account_uid} ${r.playing_kind} ${r.counted_id} ${r.day_start} ${r.prev_day}`,
      )
      .sort(),
  ).toEqual(linked(audienceDays));
}

/** A small deterministic random source (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Issue 26 item 5, docs/adr/0054 "Speed": the viewing rollup answers what the raw plays do. */
describe('viewing rollup', () => {
  // The history these tests write (from October on) happened while the site ran.
  const ctx = useTestApp({ seed: true, startedAt: taipeiDateStart(2026, 10, 1) });
  const db = () => ctx.database.db;
  let streams = 0;

  async function targets() {
    const episodes = await db()
      .selectFrom('title')
      .select(['content_id', 'series_id'])
      .where('kind', '=', 'episode')
      .where('series_id', 'is not', null)
      .orderBy('content_id')
      .limit(3)
      .execute();
    const movies = await db()
      .selectFrom('title')
      .select('content_id')
      .where('kind', '=', 'movie')
      .orderBy('content_id')
      .limit(2)
      .execute();
    const channels = await db()
      .selectFrom('channel')
      .select('channel_id')
      .orderBy('channel_id')
      .limit(2)
      .execute();
    expect(episodes.length).toBeGreaterThan(1);
    return [
      ...episodes.map((e) => ({ kind: 'title' as const, id: e.content_id })),
      ...movies.map((m) => ({ kind: 'title' as const, id: m.content_id })),
      ...channels.map((c) => ({ kind: 'channel' as const, id: c.channel_id })),
    ];
  }

  it('equals the raw plays for every period, as plays are kept late and hours settle', async () => {
    const next = random(26);
    const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
    const playing = await targets();
    const member = await newMember(ctx.app);
    const viewers = Array.from({ length: 9 }, (_, i) => `rv${i}`);
    const periods = [
      { from: '2026-11-12', to: '2026-11-25' },
      { from: '2026-11-20', to: '2026-11-22' },
      { from: '2026-11-17', to: '2026-11-17' },
      { from: '2026-11-16', to: '2026-11-21' },
    ];
    for (let step = 0; step < 6; step += 1) {
      // Kept plays, written as the devices module writes them (kept_at is the time of writing),
      // in three batches some minutes apart: at the read below, some were kept in hours that
      // have settled and some not. Most started days before they were kept, a few before the
      // days already rolled up, and two on either side of a Taipei midnight.
      for (let batch = 0; batch < 3; batch += 1) {
        ctx.now.value += 600 + Math.floor(next() * 2400);
        const now = ctx.now.value;
        const rows = Array.from({ length: 15 }, (_, i) => {
          const keptAt = now - Math.floor(next() * 300);
          const startedAt =
            i === 0 && batch === 0
              ? D(17)
              : i === 1 && batch === 0
                ? D(17) - 1
                : D(13) + Math.floor(next() * (keptAt - 86_400 - D(13)));
          const target = pick(playing);
          streams += 1;
          return {
            stream_id: `rvp${streams}`,
            account_id: member.accountId,
            sub_account_uid: pick(viewers),
            playing_kind: target.kind,
            playing_id: target.id,
            started_at: startedAt,
            seconds: Math.floor(next() * 7200),
            kept_at: keptAt,
          };
        });
        await db().insertInto('viewing_play').values(rows).execute();
      }
      const now = ctx.now.value;
      // Leases: the devices module keeps the lapsed ones and deletes them (same transaction),
      // while new ones are held, some over the last day.
      await db()
        .transaction()
        .execute(async (trx) => {
          await keepPlays(trx, member.accountId, now - 86_400, now);
          await trx
            .deleteFrom('stream_lease')
            .where('account_id', '=', member.accountId)
            .where('expires_at', '<', now - 86_400)
            .execute();
        });
      const leases = Array.from({ length: 5 }, () => {
        const startedAt = now - Math.floor(next() * 3 * 86_400);
        const renewedAt = startedAt + Math.floor(next() * 3 * H);
        const target = pick(playing);
        streams += 1;
        return {
          stream_id: `rvl${streams}`,
          account_id: member.accountId,
          device_id: `rvd${streams}`,
          sub_account_uid: pick(viewers),
          playing_kind: target.kind,
          playing_id: target.id,
          started_at: startedAt,
          renewed_at: renewedAt,
          expires_at: renewedAt + 90,
          ended_at: next() < 0.3 ? startedAt + 60 : null,
          end_reason: null,
        };
      });
      await db().insertInto('stream_lease').values(leases).execute();
      ctx.now.value += Math.floor(next() * 2 * H);
      for (const period of periods) {
        const report = await viewingReport(db(), period, ctx.now.value);
        expect(report, `step ${step} ${period.from}..${period.to}`).toEqual(
          await rawViewing(db(), period),
        );
      }
      await expectRollupExact(db());
      // Over HTTP too (the route passes the clock).
      const { browser } = await signedInStaff(ctx, ['marketing']);
      const res = await browser.get(
        `${consoleReportCalls.viewing.path}?from=${periods[1]!.from}&to=${periods[1]!.to}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(await rawViewing(db(), periods[1]!));
    }
    // Both sides of the watermark were exercised.
    const through = (await viewingThrough(db())) * 3600;
    const sides = await db()
      .selectFrom('viewing_play')
      .select((eb) => [
        eb.fn.countAll<number>().as('all'),
        eb.fn
          .sum<number>(eb.case().when('kept_at', '<', through).then(1).else(0).end())
          .as('rolled'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(sides.rolled)).toBeGreaterThan(0);
    expect(Number(sides.rolled)).toBeLessThan(Number(sides.all));
  });

  it('adds each kept play once, however many readers fill the rollup at once', async () => {
    const next = random(54);
    const playing = await targets();
    for (let round = 0; round < 4; round += 1) {
      const now = ctx.now.value;
      const rows = Array.from({ length: 60 }, () => {
        const target = playing[Math.floor(next() * playing.length)]!;
        streams += 1;
        return {
          stream_id: `rvc${streams}`,
          account_id: 'rv-account',
          sub_account_uid: `rc${Math.floor(next() * 12)}`,
          playing_kind: target.kind,
          playing_id: target.id,
          started_at: D(10) + Math.floor(next() * (now - D(10))),
          seconds: Math.floor(next() * 3600),
          kept_at: now - Math.floor(next() * 300),
        };
      });
      await db().insertInto('viewing_play').values(rows).execute();
      ctx.now.value += 3 * H;
      const at = ctx.now.value;
      const period = { from: '2026-11-10', to: taipeiParts(at).date };
      const { browser } = await signedInStaff(ctx, ['auditor']);
      const [reports, http] = await Promise.all([
        Promise.all(Array.from({ length: 6 }, () => viewingReport(db(), period, at))),
        Promise.all(
          Array.from({ length: 3 }, () =>
            browser.get(`${consoleReportCalls.viewing.path}?from=${period.from}&to=${period.to}`),
          ),
        ),
        Promise.all(Array.from({ length: 6 }, () => settleViewing(db(), at))),
      ]);
      expect(await viewingThrough(db())).toBe(Math.floor(at / H) - 1);
      await expectRollupExact(db());
      const raw = await rawViewing(db(), period);
      for (const report of reports) expect(report).toEqual(raw);
      for (const res of http) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data).toEqual(raw);
      }
    }
  });
  it('is brought up to the last settled hour when an instance starts; forgotten, the next read adds every hour again', async () => {
    const later = ctx.now.value + 5 * H;
    const { url, schema } = ctx.database;
    const database = connect(url, schema ? { schema } : {});
    const other = await buildApp({ config: ctx.config, database, clock: () => later });
    const settledThrough = async () =>
      (
        await db()
          .selectFrom('report_rollup')
          .select(['name', 'through_hour'])
          .orderBy('name')
          .execute()
      ).map((r) => [r.name, Number(r.through_hour)]);
    const settled = Math.floor(later / H) - 1;
    try {
      await other.ready();
      // The settling runs beside the start, not before it: wait for it.
      for (let i = 0; i < 100; i += 1) {
        const rows = await settledThrough();
        if (rows.length === 2 && rows.every(([, hour]) => hour === settled)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await settledThrough()).toEqual([
        ['viewing_day', settled],
        ['wallet_hour', settled],
      ]);
    } finally {
      await other.close();
      await database.close();
    }
    const period = { from: '2026-11-01', to: taipeiParts(later).date };
    const before = await viewingReport(db(), period, later);
    await forgetReportRollups(db());
    expect(await settledThrough()).toEqual([]);
    expect(await viewingReport(db(), period, later)).toEqual(before);
    expect(await viewingThrough(db())).toBe(settled);
    expect(before).toEqual(await rawViewing(db(), period));
  });
});

/** Migration 0044 over plays kept before it: they get kept_at 0 and the first read adds them. */
describe('migration 0044 over kept plays', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ upTo: '0043-qoe' });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('keeps every play countable', async () => {
    const { db } = database;
    const plays = [
      { id: 'mp1', sub: 'mu1', at: D(20) + H, seconds: 600 },
      { id: 'mp2', sub: 'mu1', at: D(21) + H, seconds: 300 },
      { id: 'mp3', sub: 'mu2', at: D(21) + 2 * H, seconds: 120 },
    ];
    for (const p of plays) {
      // Written as 0042 knew the table: no kept_at.
      await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('viewing_play')
        .values({
          stream_id: p.id,
          account_id: 'ma',
          sub_account_uid: p.sub,
          playing_kind: 'channel',
          playing_id: 'mch',
          started_at: p.at,
          seconds: p.seconds,
        })
        .execute();
    }
    await finishMigrations(database);
    const keptAt = await db.selectFrom('viewing_play').select('kept_at').execute();
    expect(keptAt.map((r) => Number(r.kept_at))).toEqual([0, 0, 0]);
    const period = { from: '2026-11-20', to: '2026-11-21' };
    const report = await viewingReport(db, period, D(23));
    expect(await viewingThrough(db)).toBeGreaterThan(0);
    expect(report.days.map((d) => [d.plays, d.viewers, d.minutes])).toEqual([
      [1, 1, 10],
      [2, 2, 7],
    ]);
    expect(report.viewers).toBe(2);
    expect(report.channels).toEqual([
      { id: 'mch', name: 'mch', plays: 3, viewers: 2, minutes: 17 },
    ]);
  });
});
