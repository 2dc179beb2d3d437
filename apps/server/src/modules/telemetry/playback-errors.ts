import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The latest playback errors the app log holds for these sub-accounts (issue 26 item 1: customer
 * care sees what went wrong on the member's screens; docs/adr/0052), newest first. One indexed
 * read per sub-account (app_log_by_user, migration 0040: sub-account then time, visitors' rows
 * left out of the index), merged here, so the cost is `limit` rows per sub-account whatever the
 * log's size.
 */
export async function recentPlaybackErrors(
  db: Kysely<Database>,
  subAccountUids: readonly string[],
  limit: number,
) {
  const lists = await Promise.all(
    subAccountUids.map((uid) =>
      db
        .selectFrom('app_log')
        .select([
          'log_id',
          'sub_account_uid',
          'content_id',
          'play_type',
          'player_error_code',
          'video_position_ms',
          'error_message',
          'user_agent',
          'received_at',
        ])
        .where('sub_account_uid', '=', uid)
        .where('log_type', '=', 'playbackError')
        .orderBy('received_at', 'desc')
        .orderBy('log_id', 'desc')
        .limit(limit)
        .execute(),
    ),
  );
  return lists
    .flat()
    .sort(
      (a, b) =>
        Number(b.received_at) - Number(a.received_at) || Number(b.log_id) - Number(a.log_id),
    )
    .slice(0, limit)
    .map((r) => ({
      at: Number(r.received_at),
      subAccountUid: r.sub_account_uid ?? '',
      contentId: r.content_id,
      playType: r.play_type,
      code: Number(r.player_error_code),
      message: r.error_message,
      positionMs: Number(r.video_position_ms),
      userAgent: r.user_agent,
    }));
}
