import type { Kysely } from 'kysely';
import type { Announcement } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { Viewer } from '../accounts/viewer.js';

/**
 * ajaxFindActAnnounceQueue.do: the announcements in force now that this user has not been shown,
 * oldest first, recorded as seen in the same call, so each is answered once per user (two calls at
 * once may both answer it; the seen row is written once). A visitor gets those in force; the page
 * remembers what it showed (docs/adr/0026).
 */
export async function announceQueue(
  db: Kysely<Database>,
  viewer: Viewer | null,
  now: number,
): Promise<Announcement[]> {
  let query = db
    .selectFrom('announcement as a')
    .select(['a.announce_id', 'a.title', 'a.content'])
    .where('a.start_at', '<=', now)
    .where('a.end_at', '>', now)
    .orderBy('a.start_at')
    .orderBy('a.announce_id')
    .limit(20);
  if (viewer) {
    const uid = viewer.subAccount.sub_account_uid;
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('announcement_seen as s')
            .select('s.announce_id')
            .whereRef('s.announce_id', '=', 'a.announce_id')
            .where('s.sub_account_uid', '=', uid),
        ),
      ),
    );
  }
  const rows = await query.execute();
  if (viewer && rows.length > 0) {
    await db
      .insertInto('announcement_seen')
      .values(
        rows.map((r) => ({
          announce_id: r.announce_id,
          sub_account_uid: viewer.subAccount.sub_account_uid,
          seen_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['sub_account_uid', 'announce_id']).doNothing())
      .execute();
  }
  return rows.map((r) => ({ announceId: r.announce_id, title: r.title, content: r.content }));
}
