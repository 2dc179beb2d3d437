import type { Kysely } from 'kysely';
import type { CareActionEntitlement } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { requireCareMember } from '../accounts/care-actions.js';
import { recordCareAction } from '../audit/care-trail.js';
import type { Actor } from '../audit/trail.js';
import { findTitle } from '../catalogue/queries.js';
import { taipeiParts } from '../../taipei-time.js';
import { tellMemberOfCare } from '../engagement/care-messages.js';
import { careEntitlements } from './care-action-reads.js';
import { extendSubscription, heldRightForGrant } from './entitlements.js';
import { findService } from './prices.js';

/*
 * Customer care's goodwill (issue 26 item 2, docs/adr/0053), each in one transaction with its
 * audit entry and the member's inbox message:
 * - a title until an end date: an entitlement of kind 'rent' already running (first_played_at =
 *   now, expires_at = the end), so every place that reads rentals (the play right, 我的租借) shows
 *   it as it shows a paid rental, without a new kind of right;
 * - a monthly service: the days from now to the end date added to the member's paid period, as a
 *   voucher for the service adds its days (after a period still running);
 * - more time on a rental: its end once started (from now if it has ended), its start-by before.
 * Grants are keyed by `care:{actionId}` (the dialog's id), so a form sent twice grants once.
 */

const HOUR = 3600;
const DAY = 86_400;
/** A goodwill right lasts at most a year. */
const MOST_DAYS = 366;

export const careSource = (actionId: string) => `care:${actionId}`;

function requireEnd(endsAt: number, now: number): void {
  if (endsAt <= now + HOUR) {
    throw new AppError('BAD_INPUT', [{ name: 'endsAt', problem: '結束日期須晚於現在' }]);
  }
  if (endsAt > now + MOST_DAYS * DAY) {
    throw new AppError('BAD_INPUT', [{ name: 'endsAt', problem: '補償最長一年' }]);
  }
}

const alreadyGiven = () => new AppError('CONFLICT', undefined, '這個補償已經送出過了。');

/** 2026/12/31 23:59, as the member's inbox says it. */
function taipeiDate(seconds: number): string {
  const { date, time } = taipeiParts(seconds);
  return `${date.replaceAll('-', '/')} ${time}`;
}

export interface Goodwill {
  accountId: string;
  actionId: string;
  kind: 'title' | 'service';
  contentId?: string | undefined;
  serviceId?: string | undefined;
  endsAt: number;
  reason: string;
}

export async function grantGoodwill(
  db: Kysely<Database>,
  actor: Actor,
  input: Goodwill,
  now: number,
): Promise<{ kind: 'title' | 'service'; name: string; endsAt: number }> {
  const { accountId, actionId, endsAt, reason } = input;
  await requireCareMember(db, accountId);
  requireEnd(endsAt, now);
  const source = careSource(actionId);
  if (input.kind === 'title') {
    const title = await findTitle(db, input.contentId!);
    if (!title) throw new AppError('BAD_INPUT', [{ name: 'contentId', problem: '找不到這部影片' }]);
    await db.transaction().execute(async (trx) => {
      if (await heldRightForGrant(trx, accountId, title, now)) {
        throw new AppError('CONFLICT', undefined, '這位會員已經有這部影片的觀看權利。');
      }
      const inserted = await trx
        .insertInto('entitlement')
        .values({
          entitlement_id: `E${actionId}`,
          account_id: accountId,
          content_id: title.content_id,
          kind: 'rent',
          granted_at: now,
          start_by: endsAt,
          watch_hours: Math.ceil((endsAt - now) / HOUR),
          first_played_at: now,
          expires_at: endsAt,
          source,
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) throw alreadyGiven();
      await recordCareAction(
        trx,
        actor,
        accountId,
        'goodwill_title',
        { actionId, contentId: title.content_id, endsAt },
        reason,
        now,
      );
      await tellMemberOfCare(trx, {
        accountId,
        title: '客服贈送影片',
        content: `客服已贈送您「${title.name}」，即日起可觀看至 ${taipeiDate(endsAt)}，可在「我的租借」找到。`,
        actor: actor.email,
        now,
      });
    });
    return { kind: 'title', name: title.name, endsAt };
  }
  const service = await findService(db, input.serviceId!);
  if (!service) {
    throw new AppError('BAD_INPUT', [{ name: 'serviceId', problem: '找不到這個月租服務' }]);
  }
  const days = Math.ceil((endsAt - now) / DAY);
  const paidUntil = await db.transaction().execute(async (trx) => {
    const grant = { accountId, serviceId: service.service_id, source, now, days };
    if (!(await extendSubscription(trx, grant))) throw alreadyGiven();
    const row = await trx
      .selectFrom('subscription')
      .select('paid_until')
      .where('account_id', '=', accountId)
      .where('service_id', '=', service.service_id)
      .executeTakeFirstOrThrow();
    const until = Number(row.paid_until);
    await recordCareAction(
      trx,
      actor,
      accountId,
      'goodwill_service',
      { actionId, serviceId: service.service_id, days, paidUntil: until },
      reason,
      now,
    );
    await tellMemberOfCare(trx, {
      accountId,
      title: '客服贈送月租服務',
      content: `客服已贈送您「${service.name}」${days} 天，服務期間至 ${taipeiDate(until)}。`,
      actor: actor.email,
      now,
    });
    return until;
  });
  return { kind: 'service', name: service.name, endsAt: paidUntil };
}

/** More time on one of the member's rentals (another member's is not found). */
export async function extendRental(
  db: Kysely<Database>,
  actor: Actor,
  input: { accountId: string; entitlementId: string; from: number; hours: number; reason: string },
  now: number,
): Promise<CareActionEntitlement> {
  const { accountId, entitlementId, from, hours, reason } = input;
  const seconds = hours * HOUR;
  await db.transaction().execute(async (trx) => {
    const seen = await trx
      .selectFrom('entitlement')
      .select(['kind', 'content_id', 'first_played_at', 'start_by', 'expires_at'])
      .where('entitlement_id', '=', entitlementId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!seen) throw notFound('這位會員沒有這項權利。');
    if (seen.kind !== 'rent') {
      throw new AppError('CONFLICT', undefined, '只有租借有觀看期限可以延長。');
    }
    const started = seen.first_played_at !== null;
    const before = Number(started ? seen.expires_at : seen.start_by);
    const after = Math.max(before, now) + seconds;
    // Only the clock the agent saw moves: a second submit, or a first play in between, is refused.
    const clock = started ? 'expires_at' : 'start_by';
    const moved =
      before !== from
        ? undefined
        : await trx
            .updateTable('entitlement')
            .set({ [clock]: after })
            .where('entitlement_id', '=', entitlementId)
            .where(clock, '=', before)
            .where('first_played_at', started ? 'is not' : 'is', null)
            .executeTakeFirst();
    if (Number(moved?.numUpdatedRows ?? 0) !== 1) {
      throw new AppError('CONFLICT', undefined, '這項租借的期限已經變更，請重新整理後再延長。');
    }
    await recordCareAction(
      trx,
      actor,
      accountId,
      'extend_rental',
      {
        entitlementId,
        contentId: seen.content_id,
        hours,
        [started ? 'expiresAt' : 'startBy']: [before, after],
      },
      reason,
      now,
    );
    const name = (await findTitle(trx, seen.content_id))?.name ?? seen.content_id;
    await tellMemberOfCare(trx, {
      accountId,
      title: '租借期限已延長',
      content: started
        ? `客服已將「${name}」的觀看期限延長 ${hours} 小時，可觀看至 ${taipeiDate(after)}。`
        : `客服已將「${name}」的開始觀看期限延長 ${hours} 小時，請於 ${taipeiDate(after)} 前開始觀看。`,
      actor: actor.email,
      now,
    });
  });
  const all = await careEntitlements(db, accountId);
  return all.find((e) => e.entitlementId === entitlementId)!;
}
