import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  DRAW_PAST_GRACE_SECONDS,
  DRAW_START_MAX_DAYS,
  type ConsoleDrawActivity,
  type DrawActivityChange,
  type NewDrawActivity,
} from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import type { DrawActivityTable } from '../../db/schema-engagement.js';
import { AppError, notFound } from '../../http/errors.js';
import { staleEdit } from '../../lib/stale-edit.js';
import { newId } from '../accounts/tokens.js';
import { recordChange, type Actor } from '../audit/trail.js';
import { getActivity, stateOf } from './console-draw-reads.js';

/*
 * The console's changes to prize-draw activities (issue 25 item 7; docs/adr/0049). Each change is
 * one transaction with its audit entry; any refusal rolls the whole of it back. A running draw is
 * never broken by a change:
 *   - once running, the channel, start, odds and who may draw stay; the end may move, not before
 *     now; an ended activity is read-only; only one that has not started may be deleted.
 *   - a prize's quantity never drops below what has been won. Won is quantity - remaining, and a
 *     change sets both in one statement guarded by `quantity - remaining <= new quantity`: on
 *     PostgreSQL it waits for a draw holding the row and re-checks the guard on the row as that
 *     draw left it; on SQLite write transactions run one at a time. The column check
 *     `remaining >= 0` (migration 0017) is the backstop: whatever runs at once, quantity >= won.
 * No cache holds activities: the live page's switch-channel reply and the draw read the tables on
 * every call, so a change holds on every instance at once.
 */

type Trx = Transaction<Database>;
type ActivityRow = Selectable<DrawActivityTable>;
const DAY = 86_400;

const bad = (name: string, problem: string) => new AppError('BAD_INPUT', [{ name, problem }]);

async function requireChannel(trx: Trx, channelId: string): Promise<void> {
  const channel = await trx
    .selectFrom('channel')
    .select('channel_id')
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  if (!channel) throw bad('channelId', '找不到這個頻道');
}

async function auditedActivity(trx: Trx, activityId: string): Promise<Record<string, unknown>> {
  const row = await trx
    .selectFrom('draw_activity')
    .selectAll()
    .where('activity_id', '=', activityId)
    .executeTakeFirstOrThrow();
  const prizes = await trx
    .selectFrom('draw_prize')
    .select(['prize_id', 'name', 'quantity'])
    .where('activity_id', '=', activityId)
    .orderBy('sort_order')
    .orderBy('prize_id')
    .execute();
  return {
    title: row.title,
    channelId: row.channel_id,
    startAt: Number(row.start_at),
    endAt: Number(row.end_at),
    odds: Number(row.odds_per_mille) / 1000,
    eligibility: row.eligibility,
    prizes: prizes.map((p) => ({ prizeId: p.prize_id, name: p.name, quantity: p.quantity })),
  };
}

function checkWindow(startAt: number, endAt: number, now: number): void {
  if (startAt < now - DRAW_PAST_GRACE_SECONDS) throw bad('startAt', '開始時間已經過去');
  if (endAt <= now) throw bad('endAt', '結束時間須晚於現在');
  if (startAt > now + DRAW_START_MAX_DAYS * DAY) {
    throw bad('startAt', `開始時間最多可排在 ${DRAW_START_MAX_DAYS} 天內`);
  }
}

const perMille = (odds: number) => Math.round(odds * 1000);

export async function createActivity(
  db: Kysely<Database>,
  actor: Actor,
  input: NewDrawActivity,
  now: number,
): Promise<ConsoleDrawActivity> {
  checkWindow(input.startAt, input.endAt, now);
  const activityId = newId('DRAW-');
  await db.transaction().execute(async (trx) => {
    await requireChannel(trx, input.channelId);
    await trx
      .insertInto('draw_activity')
      .values({
        activity_id: activityId,
        channel_id: input.channelId,
        title: input.title,
        // A start a moment past (the form was filled before it was sent) is now.
        start_at: Math.max(input.startAt, now),
        end_at: input.endAt,
        odds_per_mille: perMille(input.odds),
        eligibility: input.eligibility,
        created_at: now,
        created_by: actor.email,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('draw_prize')
      .values(
        input.prizes.map((p, i) => ({
          prize_id: `${activityId}-${i + 1}`,
          activity_id: activityId,
          name: p.name,
          quantity: p.quantity,
          remaining: p.quantity,
          sort_order: i + 1,
        })),
      )
      .execute();
    await recordChange(
      trx,
      actor,
      {
        entity: 'draw_activity',
        entityId: activityId,
        before: null,
        after: await auditedActivity(trx, activityId),
      },
      now,
    );
  });
  return getActivity(db, activityId, now);
}

/** What a running activity refuses to change (its draws were made on these terms). */
function checkRunning(row: ActivityRow, input: DrawActivityChange, now: number): void {
  if (input.channelId !== row.channel_id) throw bad('channelId', '活動已經開始，不能更換頻道');
  if (input.startAt !== Number(row.start_at)) {
    throw bad('startAt', '活動已經開始，不能更改開始時間');
  }
  if (perMille(input.odds) !== Number(row.odds_per_mille)) {
    throw bad('odds', '活動已經開始，不能更改中獎機率');
  }
  if (input.eligibility !== row.eligibility) {
    throw bad('eligibility', '活動已經開始，不能更改參加資格');
  }
  if (input.endAt < now) throw bad('endAt', '結束時間不可早於現在');
}

/**
 * The pool as asked: kept prizes changed under the won guard, prizes left out removed only when
 * none of them was won, new prizes added. Any refusal throws, rolling back the transaction.
 */
async function changePool(
  trx: Trx,
  activityId: string,
  prizes: DrawActivityChange['prizes'],
): Promise<void> {
  const current = await trx
    .selectFrom('draw_prize')
    .select(['prize_id', 'name'])
    .where('activity_id', '=', activityId)
    .execute();
  const known = new Set(current.map((p) => p.prize_id));
  const kept = new Set<string>();
  for (const p of prizes) {
    if (p.prizeId === undefined) continue;
    if (!known.has(p.prizeId)) throw bad('prizes', '找不到這個獎項，請重新整理後再試');
    if (kept.has(p.prizeId)) throw bad('prizes', '同一個獎項出現兩次');
    kept.add(p.prizeId);
  }
  for (const old of current.filter((p) => !kept.has(p.prize_id))) {
    const removed = await trx
      .deleteFrom('draw_prize')
      .where('prize_id', '=', old.prize_id)
      .where(sql<boolean>`remaining = quantity`)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) {
      throw bad('prizes', `「${old.name}」已經有人抽中，不能移除這個獎項`);
    }
  }
  let order = 0;
  for (const p of prizes) {
    order += 1;
    if (p.prizeId === undefined) {
      await trx
        .insertInto('draw_prize')
        .values({
          prize_id: newId(`${activityId}-`),
          activity_id: activityId,
          name: p.name,
          quantity: p.quantity,
          remaining: p.quantity,
          sort_order: order,
        })
        .execute();
      continue;
    }
    // One statement: the guard and the new counts are read from the row as it is when the
    // statement runs, after any draw holding the row has committed (see the note at the top).
    const changed = await trx
      .updateTable('draw_prize')
      .set({
        name: p.name,
        quantity: p.quantity,
        remaining: sql<number>`${p.quantity} - (quantity - remaining)`,
        sort_order: order,
      })
      .where('prize_id', '=', p.prizeId)
      .where(sql<boolean>`quantity - remaining <= ${p.quantity}`)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) {
      const row = await trx
        .selectFrom('draw_prize')
        .select(['name', 'quantity', 'remaining'])
        .where('prize_id', '=', p.prizeId)
        .executeTakeFirstOrThrow();
      const won = Number(row.quantity) - Number(row.remaining);
      throw bad('prizes', `「${row.name}」已抽出 ${won} 個，數量不可少於 ${won}`);
    }
  }
}

/** Changes an activity on the version seen, within what its state allows (see the top note). */
export async function changeActivity(
  db: Kysely<Database>,
  actor: Actor,
  activityId: string,
  input: DrawActivityChange,
  now: number,
): Promise<ConsoleDrawActivity> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('draw_activity')
      .selectAll()
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
    if (!row) throw notFound('找不到這個抽獎活動。');
    const state = stateOf(row, now);
    if (state === 'ended') throw new AppError('DRAW_ACTIVITY_ENDED');
    if (state === 'running') checkRunning(row, input, now);
    else checkWindow(input.startAt, input.endAt, now);
    await requireChannel(trx, input.channelId);
    const before = await auditedActivity(trx, activityId);
    // The version guard first: it also takes the activity's row, so two console edits of one
    // activity run one after the other.
    const updated = await trx
      .updateTable('draw_activity')
      .set({
        title: input.title,
        channel_id: input.channelId,
        start_at: state === 'scheduled' ? Math.max(input.startAt, now) : Number(row.start_at),
        end_at: input.endAt,
        odds_per_mille: perMille(input.odds),
        eligibility: input.eligibility,
        updated_at: now,
        version: sql<number>`version + 1`,
      })
      .where('activity_id', '=', activityId)
      .where('version', '=', input.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw staleEdit(before, Number(row.version));
    await changePool(trx, activityId, input.prizes);
    await recordChange(
      trx,
      actor,
      {
        entity: 'draw_activity',
        entityId: activityId,
        before,
        after: await auditedActivity(trx, activityId),
      },
      now,
    );
  });
  return getActivity(db, activityId, now);
}

/** Deletes an activity that has not started (nobody can have drawn in it). */
export async function deleteActivity(
  db: Kysely<Database>,
  actor: Actor,
  activityId: string,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('draw_activity')
      .select(['start_at'])
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
    if (!row) throw notFound('找不到這個抽獎活動。');
    if (Number(row.start_at) <= now) throw new AppError('DRAW_ACTIVITY_STARTED');
    const before = await auditedActivity(trx, activityId);
    await trx.deleteFrom('draw_prize').where('activity_id', '=', activityId).execute();
    await trx
      .deleteFrom('draw_activity')
      .where('activity_id', '=', activityId)
      .where('start_at', '>', now)
      .execute();
    await recordChange(
      trx,
      actor,
      { entity: 'draw_activity', entityId: activityId, before, after: null },
      now,
    );
  });
}
