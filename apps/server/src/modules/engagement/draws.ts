import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DrawActivity, DrawResult } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Viewer } from '../accounts/viewer.js';
import {
  drawnActivityIds,
  findActivity,
  hasService,
  prizesLeft,
  upcomingActivities,
} from './draw-queries.js';
import { taipeiDateTime } from '../../taipei-time.js';
import { requireAdult } from '../accounts/access.js';

/** A number in [0, 1000): the roll a draw wins with when it is below the activity's odds. */
export type Roll = () => number;
export const randomRoll: Roll = () => crypto.randomInt(1000);

/**
 * SPEC §3 drawActivity of a channel for this viewer: each activity's countdowns to its start and
 * end relative to now (negative once passed), whether this viewer's member account drew already
 * (from any of its sub-accounts: the draw would be refused), its start time (Asia/Taipei) and the
 * id a draw names it by.
 */
export async function drawActivityFor(
  db: Kysely<Database>,
  channelId: string,
  viewer: Viewer | null,
  now: number,
): Promise<DrawActivity> {
  // A kid is told of no activity, so the live page shows no envelope (docs/adr/0028).
  if (viewer?.kidMode) return { drawActivityList: [] };
  let activities = await upcomingActivities(db, channelId, now);
  // A member who may not draw in an activity for subscribers is not shown its envelope; a visitor
  // is (the draw tells them to log in first).
  if (viewer && activities.some((a) => a.eligibility === 'service')) {
    const subscribed = await hasService(db, viewer.accountId, now);
    if (!subscribed) activities = activities.filter((a) => a.eligibility !== 'service');
  }
  const drawn = viewer
    ? await drawnActivityIds(
        db,
        viewer.accountId,
        activities.map((a) => a.activity_id),
      )
    : new Set<string>();
  return {
    drawActivityList: activities.map((a) => ({
      startCountdownSecond: Number(a.start_at) - now,
      endCountdownSecond: Number(a.end_at) - now,
      isDraw: drawn.has(a.activity_id) ? 'Y' : 'N',
      startTime: taipeiDateTime(Number(a.start_at)),
      activityId: a.activity_id,
    })),
  };
}

/**
 * One draw (docs/adr/0026). Refused outside the activity's window [start_at, end_at) and when
 * the viewer's member account drew before, from this sub-account or any other (issue 20 item 2:
 * throw-away sub-accounts must not multiply a member's draws). In one transaction: the account's
 * draw row (`draw_account`, whose primary key (account_id, activity_id) makes a second draw of the
 * account insert nothing; on PostgreSQL a concurrent insert of the same key waits for the first to
 * commit and then inserts nothing), the sub-account's draw row, then, when the roll wins, `remaining = remaining - 1 where remaining > 0`
 * on a prize that has some left (another one is tried when a concurrent draw took the last), the
 * draw's prize and the winner row. Nothing is awarded beyond the pool on either database:
 * PostgreSQL re-checks `remaining > 0` after waiting for a concurrent update's row lock, and
 * SQLite runs one write transaction at a time.
 */
export async function draw(
  db: Kysely<Database>,
  input: { viewer: Viewer; activityId: string; now: number; roll?: Roll },
): Promise<DrawResult> {
  const { viewer, activityId, now } = input;
  // Kids do not draw (docs/adr/0028): prizes are the account's, and a draw is a game of chance.
  requireAdult(viewer, 'draw');
  const activity = await findActivity(db, activityId);
  if (!activity) throw notFound('找不到這個抽獎活動。');
  if (now < Number(activity.start_at) || now >= Number(activity.end_at)) {
    throw new AppError('DRAW_NOT_OPEN');
  }
  if (activity.eligibility === 'service' && !(await hasService(db, viewer.accountId, now))) {
    throw new AppError('DRAW_NOT_ELIGIBLE');
  }
  const wins = (input.roll ?? randomRoll)() < activity.odds_per_mille;
  const uid = viewer.subAccount.sub_account_uid;
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('draw_account')
      .values({
        account_id: viewer.accountId,
        activity_id: activityId,
        sub_account_uid: uid,
        drawn_at: now,
      })
      .onConflict((oc) => oc.columns(['account_id', 'activity_id']).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) throw new AppError('DRAW_ALREADY');
    await trx
      .insertInto('draw')
      .values({
        activity_id: activityId,
        sub_account_uid: uid,
        account_id: viewer.accountId,
        prize_id: null,
        drawn_at: now,
      })
      .execute();
    if (!wins) return { message: 'lose', prizeName: '' };
    for (const prize of await prizesLeft(trx, activityId)) {
      const taken = await trx
        .updateTable('draw_prize')
        .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
        .where('prize_id', '=', prize.prize_id)
        .where('remaining', '>', 0)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) continue;
      await trx
        .updateTable('draw')
        .set({ prize_id: prize.prize_id })
        .where('activity_id', '=', activityId)
        .where('sub_account_uid', '=', uid)
        .execute();
      await trx
        .insertInto('draw_winner')
        .values({
          activity_id: activityId,
          sub_account_uid: uid,
          account_id: viewer.accountId,
          prize_id: prize.prize_id,
          prize_name: prize.name,
          won_at: now,
        })
        .execute();
      return { message: 'win', prizeName: prize.name };
    }
    return { message: 'lose', prizeName: '' };
  });
}
