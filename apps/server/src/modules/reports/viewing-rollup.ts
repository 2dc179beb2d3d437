import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { dialectOf } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { taipeiParts } from '../../taipei-time.js';
import { dayStartOf, periodDays } from './days.js';
import { addViewerDays } from './viewer-days.js';
import { SETTLED_HOURS } from './wallet-rollup.js';

/*
 * Kept plays by Taipei day (docs/adr/0054 "Speed"). A play is written to viewing_play once, with
 * its final seconds, when its lease is deleted: a day or more after it ended, so its started_at
 * is long past by then and a watermark on started_at would miss it. The rollup takes plays by
 * when they were kept (kept_at) instead: every kept_at hour that closed SETTLED_HOURS ago is
 * added once, each play into the Taipei day it started on:
 *   - report_viewing_day: plays and seconds, added to what the day already holds;
 *   - report_viewer_day, report_audience_day: who watched that day (anything; that title or
 *     channel), each row linked to the viewer's previous such day, so the report counts distinct
 *     viewers of a period as the rows whose previous day is before it, instead of hashing them.
 * Filled on read like the wallet's: a reader moves the watermark (report_rollup 'viewing_day')
 * and adds the plays in one transaction. The move is conditional on the watermark that reader
 * saw, so of two readers at once one adds and the other (on PostgreSQL after waiting for the
 * first's row lock and reading its new value) finds it moved and adds nothing.
 */

const NAME = 'viewing_day';

/** What a play counts for: its channel, its title, or an episode's series (`t`: its title). */
export function countedId(plays: string): RawBuilder<string> {
  return sql<string>`coalesce(${sql.ref('t.series_id')}, ${sql.ref(`${plays}.playing_id`)})`;
}

/** The first kept_at hour not in the rollup: plays kept since are read from viewing_play. */
export async function viewingThrough(db: Kysely<Database>): Promise<number> {
  const state = await db
    .selectFrom('report_rollup')
    .select('through_hour')
    .where('name', '=', NAME)
    .executeTakeFirst();
  return state ? Number(state.through_hour) : 0;
}

/**
 * Past this many plays added at once (the first fill, a catch-up after weeks unread), PostgreSQL
 * would read the new rows through the heap until autovacuum's turn, with plans made for the
 * tables' old sizes: the reader that added them vacuums and analyzes the tables right after.
 */
const VACUUM_AFTER_PLAYS = 10_000;

/** Adds the plays kept in hours that have settled and are not in the rollup yet. */
export async function settleViewing(db: Kysely<Database>, now: number): Promise<void> {
  const settled = Math.floor(now / 3600) - SETTLED_HOURS;
  const through = await viewingThrough(db);
  if (through >= settled) return;
  const added = await db.transaction().execute(async (trx) => {
    const moved = await trx
      .insertInto('report_rollup')
      .values({ name: NAME, through_hour: settled })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ through_hour: settled })
          .where('report_rollup.through_hour', '=', through),
      )
      .executeTakeFirst();
    // Another reader moved it first, and added these plays in the same transaction.
    if (Number(moved.numInsertedOrUpdatedRows ?? 0) === 0) return 0;
    return addKept(trx, through * 3600, settled * 3600);
  });
  if (added >= VACUUM_AFTER_PLAYS && dialectOf(db) === 'postgres') {
    await sql`vacuum (analyze) report_viewing_day, report_viewer_day, report_audience_day`.execute(
      db,
    );
  }
}

/** Adds the plays kept in [from, to) into the rollup's days; answers how many. */
async function addKept(trx: Transaction<Database>, from: number, to: number): Promise<number> {
  const range = await trx
    .selectFrom('viewing_play')
    .select((eb) => [
      eb.fn.countAll<number>().as('plays'),
      eb.fn.min('started_at').as('first'),
      eb.fn.max('started_at').as('last'),
    ])
    .where('kept_at', '>=', from)
    .where('kept_at', '<', to)
    .executeTakeFirstOrThrow();
  if (Number(range.plays) === 0) return 0;
  const days = periodDays({
    from: taipeiParts(Number(range.first)).date,
    to: taipeiParts(Number(range.last)).date,
  });
  const day = dayStartOf(days, 'p.started_at');
  const counted = countedId('p');
  const kept = () =>
    trx
      .selectFrom('viewing_play as p')
      .leftJoin('title as t', (join) =>
        join.onRef('t.content_id', '=', 'p.playing_id').on('p.playing_kind', '=', 'title'),
      )
      .where('p.kept_at', '>=', from)
      .where('p.kept_at', '<', to);

  await trx
    .insertInto('report_viewing_day')
    .columns(['day_start', 'playing_kind', 'counted_id', 'plays', 'seconds'])
    .expression(
      kept()
        .select([day.as('day_start'), 'p.playing_kind', counted.as('counted_id')])
        .select((eb) => [
          eb.fn.countAll<number>().as('plays'),
          eb.fn.sum<number>('p.seconds').as('seconds'),
        ])
        .groupBy([day, 'p.playing_kind', counted]),
    )
    .onConflict((oc) =>
      oc.columns(['day_start', 'playing_kind', 'counted_id']).doUpdateSet((eb) => ({
        plays: eb('report_viewing_day.plays', '+', eb.ref('excluded.plays')),
        seconds: eb('report_viewing_day.seconds', '+', eb.ref('excluded.seconds')),
      })),
    )
    .execute();

  // Who watched on which days, linked to their previous day (viewer-days.ts).
  await addViewerDays(
    trx,
    'report_viewer_day',
    ['sub_account_uid'],
    kept()
      .select(['p.sub_account_uid', day.as('day_start')])
      .distinct()
      .as('n'),
  );
  await addViewerDays(
    trx,
    'report_audience_day',
    ['sub_account_uid', 'playing_kind', 'counted_id'],
    kept()
      .select([
        'p.sub_account_uid',
        'p.playing_kind',
        counted.as('counted_id'),
        day.as('day_start'),
      ])
      .distinct()
      .as('n'),
  );
  return Number(range.plays);
}
