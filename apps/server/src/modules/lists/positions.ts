import type { Kysely } from 'kysely';
import { writeBatch } from './heartbeat-writer.js';
import type { Database } from '../../db/schema.js';

/** A title watched to at least this share of its length counts as finished (credits). */
export const FINISHED_SHARE = 0.95;

export interface Heartbeat {
  subAccountUid: string;
  contentId: string;
  /** The movie itself, or the episode's series. */
  titleId: string;
  positionSeconds: number;
  durationSeconds: number;
  seq: number;
  now: number;
}

/** One heartbeat, written alone (the seed; requests go through the HeartbeatWriter). */
export async function saveHeartbeat(db: Kysely<Database>, beat: Heartbeat): Promise<void> {
  await writeBatch(db, [beat]);
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
  await db
    .updateTable('watch_position')
    .set({ hidden: 1 })
    .where('sub_account_uid', '=', subAccountUid)
    .where('title_id', '=', titleId)
    .execute();
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
