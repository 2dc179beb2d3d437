import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { audienceOf } from '../catalogue/audience.js';
import type { TitleRow } from '../catalogue/present.js';

/** A title watched to at least this share of its length counts as finished (credits). */
export const FINISHED_SHARE = 0.95;

export interface Heartbeat {
  subAccountUid: string;
  contentId: string;
  /** The movie itself, or the episode's series. */
  titleId: string;
  /** audienceOf() the title `titleId` names: history keeps it to filter without the title. */
  audience: number;
  positionSeconds: number;
  durationSeconds: number;
  seq: number;
  now: number;
}

/**
 * Copies a title's audience level into the history again: whoever changes a title's kid,
 * restricted or sexual flag calls this in the same transaction.
 */
export async function restampHistoryAudience(
  db: Kysely<Database>,
  title: Pick<TitleRow, 'content_id' | 'kid_safe' | 'is_restricted' | 'is_sexual'>,
): Promise<void> {
  await db
    .updateTable('view_record')
    .set({ audience: audienceOf(title) })
    .where('title_id', '=', title.content_id)
    .execute();
}

/** Where to resume a title: the position of a movie, or the last watched episode of a series. */
export async function resumePoint(
  db: Kysely<Database>,
  subAccountUid: string,
  titleOrContentId: string,
) {
  return db
    .selectFrom('watch_position')
    .selectAll()
    .where('sub_account_uid', '=', subAccountUid)
    .where((eb) =>
      eb.or([eb('content_id', '=', titleOrContentId), eb('title_id', '=', titleOrContentId)]),
    )
    .orderBy('updated_at', 'desc')
    .orderBy('client_seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Removes a title from continue watching; its history stays. */
export async function hideFromContinueWatching(
  db: Kysely<Database>,
  subAccountUid: string,
  titleId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('watch_position')
      .set({ hidden: 1 })
      .where('sub_account_uid', '=', subAccountUid)
      .where('title_id', '=', titleId)
      .execute();
    // The record resumes one of the title's positions, all now hidden (migration 0023).
    await trx
      .updateTable('view_record')
      .set({ continue_watching: 0 })
      .where('sub_account_uid', '=', subAccountUid)
      .where('title_id', '=', titleId)
      .execute();
  });
}

/** Deletes a history record, and the positions under it. */
export async function deleteViewRecord(
  db: Kysely<Database>,
  subAccountUid: string,
  titleId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('view_record')
      .where('sub_account_uid', '=', subAccountUid)
      .where('title_id', '=', titleId)
      .execute();
    await trx
      .deleteFrom('watch_position')
      .where('sub_account_uid', '=', subAccountUid)
      .where('title_id', '=', titleId)
      .execute();
  });
}
