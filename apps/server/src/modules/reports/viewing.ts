import { sql, type Kysely, type Transaction } from 'kysely';
import {
  VIEWING_TOP_TITLES,
  type ReportPeriod,
  type ViewingLine,
  type ViewingReport,
} from '@site/contract/console';
import { dialectOf } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { heldSeconds } from '../devices/viewing-plays.js';
import { dayStartOf, periodDays, type Days } from './days.js';
import { countedId, settleViewing, viewingThrough } from './viewing-rollup.js';

/*
 * Viewing (issue 26 item 5, docs/adr/0054). A play is a stream lease: taken when a signed-in
 * viewer's play is granted (VOD or live, web or app), renewed by the heartbeats and bookmarks.
 * Its minutes are the seconds it was held (devices/viewing-plays.ts), counted whole on the
 * Taipei day it started. An episode's plays count for its series. Visitors' free plays take no
 * lease and are not counted.
 *
 * Plays come from three places, read in one snapshot so none is counted twice or missed while a
 * lease is being kept or the rollup filled: the rollup (viewing-rollup.ts) for plays kept before
 * its watermark, viewing_play for plays kept since, stream_lease for leases not kept yet. Sums
 * add up across the three; a viewer of the recent plays is counted only when the rollup does not
 * already hold them for that day, title or period.
 */

type Reader = Transaction<Database>;

/** Plays kept since the watermark and leases not kept yet, started within the period. */
function recentPlays(trx: Reader, days: Days, keptFrom: number) {
  const plays = trx
    .selectFrom('viewing_play')
    .select(['sub_account_uid', 'playing_kind', 'playing_id', 'started_at', 'seconds'])
    .where('kept_at', '>=', keptFrom)
    .where('started_at', '>=', days.start)
    .where('started_at', '<', days.end)
    .unionAll(
      trx
        .selectFrom('stream_lease as l')
        .select(['l.sub_account_uid', 'l.playing_kind', 'l.playing_id', 'l.started_at'])
        .select(heldSeconds('l').as('seconds'))
        .where('l.started_at', '>=', days.start)
        .where('l.started_at', '<', days.end),
    );
  const counted = trx
    .selectFrom(plays.as('r'))
    .leftJoin('title as t', (join) =>
      join.onRef('t.content_id', '=', 'r.playing_id').on('r.playing_kind', '=', 'title'),
    )
    .select(['r.sub_account_uid', 'r.playing_kind', 'r.seconds'])
    .select([countedId('r').as('counted_id'), dayStartOf(days, 'r.started_at').as('day_start')]);
  return () => trx.selectFrom(counted.as('p'));
}

/** What the plays' sums are grouped by: the rollup's key columns, which the recent plays share. */
type PlayKey = 'day_start' | 'playing_kind' | 'counted_id';

/** The figures of a period, each as rows from the rollup and rows from the recent plays. */
async function figures(trx: Reader, days: Days) {
  const keptFrom = (await viewingThrough(trx)) * 3600;
  const recent = recentPlays(trx, days, keptFrom);
  const inPeriod = () =>
    trx
      .selectFrom('report_viewing_day')
      .where('day_start', '>=', days.start)
      .where('day_start', '<', days.end);
  // Plays and seconds by `keys`: the rollup's days in the period, then the recent plays.
  const playSums = (keys: readonly PlayKey[]) =>
    inPeriod()
      .select(keys)
      .select((eb) => [
        eb.fn.sum<number>('plays').as('plays'),
        eb.fn.sum<number>('seconds').as('seconds'),
      ])
      .groupBy(keys)
      .unionAll(
        recent()
          .select(keys)
          .select((eb) => [
            eb.fn.countAll<number>().as('plays'),
            eb.fn.sum<number>('p.seconds').as('seconds'),
          ])
          .groupBy(keys),
      )
      .execute();
  const byDay = await playSums(['day_start', 'playing_kind']);
  const byTarget = await playSums(['playing_kind', 'counted_id']);
  // Distinct viewers: the rollup's rows (each day's, and over the period those that are a
  // viewer's first day in it: prev_day before it; one pass for both), then the recent plays'
  // viewers the rollup does not hold for the same day, period or title.
  const dayViewers = await trx
    .selectFrom('report_viewer_day')
    .where('day_start', '>=', days.start)
    .where('day_start', '<', days.end)
    .select('day_start')
    .select((eb) => [
      eb.fn.countAll<number>().as('viewers'),
      sql<number>`sum(case when prev_day < ${sql.lit(days.start)} then 1 else 0 end)`.as('firsts'),
    ])
    .groupBy('day_start')
    .unionAll(
      trx
        .selectFrom(recent().select(['p.day_start', 'p.sub_account_uid']).distinct().as('x'))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('report_viewer_day as a')
                .select('a.day_start')
                .whereRef('a.sub_account_uid', '=', 'x.sub_account_uid')
                .whereRef('a.day_start', '=', 'x.day_start'),
            ),
          ),
        )
        .select('x.day_start')
        .select((eb) => [eb.fn.countAll<number>().as('viewers'), sql.lit(0).as('firsts')])
        .groupBy('x.day_start'),
    )
    .execute();
  const recentViewers = await trx
    .selectFrom(recent().select('p.sub_account_uid').distinct().as('x'))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('report_viewer_day as a')
            .select('a.day_start')
            .whereRef('a.sub_account_uid', '=', 'x.sub_account_uid')
            .where('a.day_start', '>=', days.start)
            .where('a.day_start', '<', days.end),
        ),
      ),
    )
    .select((eb) => eb.fn.countAll<number>().as('viewers'))
    .executeTakeFirstOrThrow();
  const viewers =
    dayViewers.reduce((n, r) => n + Number(r.firsts), 0) + Number(recentViewers.viewers);
  const targetViewers = await trx
    .selectFrom('report_audience_day')
    .where('day_start', '>=', days.start)
    .where('day_start', '<', days.end)
    .where('prev_day', '<', days.start)
    .select(['playing_kind', 'counted_id'])
    .select((eb) => eb.fn.countAll<number>().as('viewers'))
    .groupBy(['playing_kind', 'counted_id'])
    .unionAll(
      trx
        .selectFrom(
          recent()
            .select(['p.playing_kind', 'p.counted_id', 'p.sub_account_uid'])
            .distinct()
            .as('x'),
        )
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('report_audience_day as a')
                .select('a.day_start')
                .whereRef('a.sub_account_uid', '=', 'x.sub_account_uid')
                .whereRef('a.playing_kind', '=', 'x.playing_kind')
                .whereRef('a.counted_id', '=', 'x.counted_id')
                .where('a.day_start', '>=', days.start)
                .where('a.day_start', '<', days.end),
            ),
          ),
        )
        .select(['x.playing_kind', 'x.counted_id'])
        .select((eb) => eb.fn.countAll<number>().as('viewers'))
        .groupBy(['x.playing_kind', 'x.counted_id']),
    )
    .execute();
  return { byDay, byTarget, dayViewers, viewers, targetViewers };
}

/** One snapshot for every read (PostgreSQL's default gives each statement its own). */
function inOneSnapshot<T>(db: Kysely<Database>, read: (trx: Reader) => Promise<T>): Promise<T> {
  const transaction = db.transaction();
  return dialectOf(db) === 'postgres'
    ? transaction.setIsolationLevel('repeatable read').setAccessMode('read only').execute(read)
    : transaction.execute(read);
}

const minutes = (seconds: number) => Math.round(seconds / 60);

interface Target {
  kind: string;
  id: string;
  plays: number;
  seconds: number;
  viewers: number;
}

export async function viewingReport(
  db: Kysely<Database>,
  period: ReportPeriod,
  now: number,
): Promise<ViewingReport> {
  const days = periodDays(period);
  await settleViewing(db, now);
  const f = await inOneSnapshot(db, (trx) => figures(trx, days));

  const dayOf = new Map(days.days.map((d, i) => [d.dayStart, i]));
  const rows = days.days.map((d) => ({
    ...d,
    plays: 0,
    vodPlays: 0,
    livePlays: 0,
    viewers: 0,
    minutes: 0,
  }));
  const seconds = rows.map(() => 0);
  for (const r of f.byDay) {
    const i = dayOf.get(Number(r.day_start));
    if (i === undefined) continue;
    const plays = Number(r.plays);
    rows[i]!.plays += plays;
    if (r.playing_kind === 'title') rows[i]!.vodPlays += plays;
    else rows[i]!.livePlays += plays;
    seconds[i]! += Number(r.seconds ?? 0);
  }
  for (const r of f.dayViewers) {
    const i = dayOf.get(Number(r.day_start));
    if (i !== undefined) rows[i]!.viewers += Number(r.viewers);
  }
  rows.forEach((row, i) => (row.minutes = minutes(seconds[i]!)));

  const targets = new Map<string, Target>();
  const target = (kind: string, id: string) => {
    const key = `${kind} ${id}`;
    let t = targets.get(key);
    if (!t) targets.set(key, (t = { kind, id, plays: 0, seconds: 0, viewers: 0 }));
    return t;
  };
  for (const r of f.byTarget) {
    const t = target(r.playing_kind, r.counted_id);
    t.plays += Number(r.plays);
    t.seconds += Number(r.seconds ?? 0);
  }
  for (const r of f.targetViewers)
    target(r.playing_kind, r.counted_id).viewers += Number(r.viewers);
  const byId = (a: Target, b: Target) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const all = [...targets.values()];
  const titles = all
    .filter((t) => t.kind === 'title')
    .sort((a, b) => b.plays - a.plays || b.seconds - a.seconds || byId(a, b))
    .slice(0, VIEWING_TOP_TITLES);
  const channels = all
    .filter((t) => t.kind === 'channel')
    .sort((a, b) => b.plays - a.plays || byId(a, b));

  const names = await namesOf(
    db,
    titles.map((t) => t.id),
    channels.map((c) => c.id),
  );
  const line = (t: Target) =>
    ({
      id: t.id,
      name: names.get(t.id) ?? t.id,
      plays: t.plays,
      viewers: t.viewers,
      minutes: minutes(t.seconds),
    }) satisfies ViewingLine;
  return {
    from: period.from,
    to: period.to,
    days: rows,
    viewers: f.viewers,
    titles: titles.map(line),
    channels: channels.map(line),
  };
}

async function namesOf(
  db: Kysely<Database>,
  titleIds: string[],
  channelIds: string[],
): Promise<Map<string, string>> {
  const [titles, channels] = await Promise.all([
    titleIds.length === 0
      ? []
      : db
          .selectFrom('title')
          .select(['content_id as id', 'name'])
          .where('content_id', 'in', titleIds)
          .execute(),
    channelIds.length === 0
      ? []
      : db
          .selectFrom('channel')
          .select(['channel_id as id', 'name'])
          .where('channel_id', 'in', channelIds)
          .execute(),
  ]);
  return new Map([...titles, ...channels].map((r) => [r.id, r.name]));
}
