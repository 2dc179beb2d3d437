import type { Kysely } from 'kysely';
import {
  VIEWING_TOP_TITLES,
  type ReportPeriod,
  type ViewingLine,
  type ViewingReport,
} from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { heldSeconds } from '../devices/viewing-plays.js';
import { dayIndexOf, periodDays, type Days } from './days.js';

/*
 * Viewing (issue 26 item 5, docs/adr/0054). A play is a stream lease: taken when a signed-in
 * viewer's play is granted (VOD or live, web or app), renewed by the heartbeats and bookmarks.
 * Its minutes are the seconds it was held (devices/viewing-plays.ts), counted whole on the
 * Taipei day it started. Leases not yet deleted are read from stream_lease, older ones from
 * viewing_play. An episode's plays count for its series. Visitors' free plays take no lease and
 * are not counted.
 */

function playsIn(db: Kysely<Database>, days: Days) {
  return db
    .selectFrom('viewing_play')
    .select(['sub_account_uid', 'playing_kind', 'playing_id', 'started_at', 'seconds'])
    .where('started_at', '>=', days.start)
    .where('started_at', '<', days.end)
    .unionAll(
      db
        .selectFrom('stream_lease as l')
        .select(['l.sub_account_uid', 'l.playing_kind', 'l.playing_id', 'l.started_at'])
        .select(heldSeconds('l').as('seconds'))
        .where('l.started_at', '>=', days.start)
        .where('l.started_at', '<', days.end),
    );
}

const minutes = (seconds: unknown) => Math.round(Number(seconds ?? 0) / 60);

export async function viewingReport(
  db: Kysely<Database>,
  period: ReportPeriod,
): Promise<ViewingReport> {
  const days = periodDays(period);
  const plays = () => db.selectFrom(playsIn(db, days).as('p'));
  const [byDay, all, titles, channels] = await Promise.all([
    plays()
      .select(dayIndexOf(days, 'p.started_at').as('day'))
      .select((eb) => [
        eb.fn.countAll<number>().as('plays'),
        eb.fn
          .sum<number>(eb.case().when('p.playing_kind', '=', 'title').then(1).else(0).end())
          .as('vod'),
        eb.fn.count<number>('p.sub_account_uid').distinct().as('viewers'),
        eb.fn.sum<number>('p.seconds').as('seconds'),
      ])
      .groupBy('day')
      .execute(),
    plays()
      .select((eb) => eb.fn.count<number>('p.sub_account_uid').distinct().as('viewers'))
      .executeTakeFirst(),
    plays()
      .leftJoin('title as t', 't.content_id', 'p.playing_id')
      .select((eb) => eb.fn.coalesce('t.series_id', 'p.playing_id').as('id'))
      .select((eb) => [
        eb.fn.countAll<number>().as('plays'),
        eb.fn.count<number>('p.sub_account_uid').distinct().as('viewers'),
        eb.fn.sum<number>('p.seconds').as('seconds'),
      ])
      .where('p.playing_kind', '=', 'title')
      .groupBy((eb) => eb.fn.coalesce('t.series_id', 'p.playing_id'))
      .orderBy('plays', 'desc')
      .orderBy('seconds', 'desc')
      .orderBy('id')
      .limit(VIEWING_TOP_TITLES)
      .execute(),
    plays()
      .select('p.playing_id as id')
      .select((eb) => [
        eb.fn.countAll<number>().as('plays'),
        eb.fn.count<number>('p.sub_account_uid').distinct().as('viewers'),
        eb.fn.sum<number>('p.seconds').as('seconds'),
      ])
      .where('p.playing_kind', '=', 'channel')
      .groupBy('p.playing_id')
      .orderBy('plays', 'desc')
      .orderBy('p.playing_id')
      .execute(),
  ]);
  const names = await namesOf(
    db,
    titles.map((t) => t.id),
    channels.map((c) => c.id),
  );
  const line = (r: { id: string; plays: unknown; viewers: unknown; seconds: unknown }) =>
    ({
      id: r.id,
      name: names.get(r.id) ?? r.id,
      plays: Number(r.plays),
      viewers: Number(r.viewers),
      minutes: minutes(r.seconds),
    }) satisfies ViewingLine;
  const rows = days.days.map((d) => ({
    ...d,
    plays: 0,
    vodPlays: 0,
    livePlays: 0,
    viewers: 0,
    minutes: 0,
  }));
  for (const r of byDay) {
    const day = rows[Number(r.day)];
    if (!day) continue;
    day.plays = Number(r.plays);
    day.vodPlays = Number(r.vod);
    day.livePlays = day.plays - day.vodPlays;
    day.viewers = Number(r.viewers);
    day.minutes = minutes(r.seconds);
  }
  return {
    from: period.from,
    to: period.to,
    days: rows,
    viewers: Number(all?.viewers ?? 0),
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
