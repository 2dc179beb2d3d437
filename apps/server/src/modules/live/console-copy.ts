import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { recordChange, type Actor } from '../audit/trail.js';
import {
  DAY,
  auditFields,
  bumpRevision,
  checkNoOverlap,
  presentProgramme,
  requireChannel,
  rowOf,
  taipeiDayStart,
  taipeiMonday,
} from './console-schedule.js';

/**
 * Copies the programmes starting in a Taipei day (or week) to another day (or week) of the same
 * or another channel, shifted by whole days. Refused WHOLE, nothing written, when any copy would
 * start before now or overlap a programme already there (or another copy): the scheduler clears
 * the target first (docs/adr/0048 says why not "skip the clashing ones").
 */
export async function copyProgrammes(
  db: Kysely<Database>,
  actor: Actor,
  input: { channelId: string; from: string; to: string; days: 1 | 7; toChannelId?: string },
  now: number,
): Promise<number> {
  const target = input.toChannelId ?? input.channelId;
  await requireChannel(db, input.channelId);
  await requireChannel(db, target);
  const from = input.days === 7 ? taipeiMonday(input.from) : taipeiDayStart(input.from);
  const to = input.days === 7 ? taipeiMonday(input.to) : taipeiDayStart(input.to);
  const shift = to - from;
  if (shift === 0 && target === input.channelId)
    throw new AppError('BAD_INPUT', [{ name: 'to', problem: '請選擇不同的日期或頻道' }]);
  const source = await db
    .selectFrom('programme')
    .selectAll()
    .where('channel_id', '=', input.channelId)
    .where('start_at', '>=', from)
    .where('start_at', '<', from + input.days * DAY)
    .orderBy('start_at')
    .execute();
  if (source.length === 0)
    throw new AppError('BAD_INPUT', [{ name: 'from', problem: '來源日期沒有節目可複製' }]);
  const copies = source.map((p) => ({
    ...presentProgramme(p),
    start: Number(p.start_at) + shift,
    end: Number(p.end_at) + shift,
  }));
  if (copies.some((c) => c.start < now)) throw new AppError('PROGRAMME_IN_PAST');
  return db.transaction().execute(async (trx) => {
    await bumpRevision(trx, target);
    await checkNoOverlap(trx, target, copies);
    for (const c of copies) {
      const inserted = await trx
        .insertInto('programme')
        .values(rowOf(target, c))
        .returning('programme_id')
        .executeTakeFirstOrThrow();
      await recordChange(
        trx,
        actor,
        {
          entity: 'programme',
          entityId: String(inserted.programme_id),
          before: null,
          after: { ...auditFields({ ...c, channelId: target }), copiedFrom: c.programmeId },
        },
        now,
      );
    }
    return copies.length;
  });
}
