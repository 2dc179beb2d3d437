import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import type { Viewer } from '../accounts/viewer.js';
import { newId } from '../accounts/tokens.js';
import { channelStatus } from './channel-rules.js';
import type { ChannelRow } from './queries.js';

/** The bookmark interval (SPEC §9, 30 000 ms); one insert counts at most two of them as watched. */
const MAX_COUNTED_SECONDS = 60;
// The issue moment is signed, so it has one spelling: no leading zero (ADR 0018).
const VISITOR = /^v\.(0|[1-9]\d{0,11})\.([A-Za-z0-9_-]{22})$/;

export type BookmarkOutcome = { ended: true } | { ended: false; bookmarkId: string };

/**
 * Live bookmarks (SPEC §7, the vendor SDK's get and insert): a signed-in viewer's watching of a
 * channel is a row (created on first play, touched every 30 s, on pause and on error, with the
 * seconds watched); a visitor gets a signed id and leaves no row, so anonymous traffic cannot
 * fill a table. Either way, once the channel's air has ended the answer is 'ended' (code 480).
 */
export class LiveBookmarks {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly secret: string,
  ) {}

  private visitorMac(channelId: string, issuedAt: number): string {
    return crypto
      .createHmac('sha256', this.secret)
      .update(`live-bookmark\n${channelId}\n${issuedAt}`)
      .digest('base64url')
      .slice(0, 22);
  }

  /**
   * The bookmark of this play (issue 20 item 8): one row per member (sub-account), channel and
   * play, by the unique key of migration 0021. The insert is an upsert, so calls for the same play
   * (150 at once, a retry, a second tab of the same page load) all answer the one row, on both
   * databases (PostgreSQL's `on conflict` waits for a concurrent insert of the same key, SQLite has
   * one writer). A different play id is a new play; how many of those an account may start is the
   * route's rate limit. `playId` '' (a caller that sends none): the member's one bookmark of the
   * channel, resumed.
   */
  async start(
    channel: ChannelRow,
    viewer: Viewer | null,
    playId: string,
    now: number,
  ): Promise<BookmarkOutcome> {
    if (channelStatus(channel, now) === '9') return { ended: true };
    if (!viewer) {
      return { ended: false, bookmarkId: `v.${now}.${this.visitorMac(channel.channel_id, now)}` };
    }
    const row = await this.db
      .insertInto('live_bookmark')
      .values({
        bookmark_id: newId('LB'),
        channel_id: channel.channel_id,
        account_id: viewer.accountId,
        sub_account_uid: viewer.subAccount.sub_account_uid,
        play_id: playId,
        created_at: now,
        last_seen_at: now,
        seconds_watched: 0,
        last_reason: 'first',
      })
      .onConflict((oc) =>
        oc
          .columns(['sub_account_uid', 'channel_id', 'play_id'])
          // A write that changes nothing, so that `returning` answers the existing row.
          .doUpdateSet({ bookmark_id: (eb) => eb.ref('live_bookmark.bookmark_id') }),
      )
      .returning('bookmark_id')
      .executeTakeFirstOrThrow();
    return { ended: false, bookmarkId: row.bookmark_id };
  }

  /** Another beat of a bookmark; 404 for an id that is not this viewer's on this channel. */
  async touch(
    channel: ChannelRow,
    viewer: Viewer | null,
    bookmarkId: string,
    reason: string,
    now: number,
  ): Promise<BookmarkOutcome> {
    const missing = () => notFound('找不到這筆觀看紀錄，請重新整理頁面後再試。');
    const visitor = VISITOR.exec(bookmarkId);
    if (visitor) {
      const expected = this.visitorMac(channel.channel_id, Number(visitor[1]));
      if (!crypto.timingSafeEqual(Buffer.from(visitor[2]!), Buffer.from(expected))) throw missing();
    } else {
      if (!viewer) throw missing();
      const row = await this.db
        .selectFrom('live_bookmark')
        .select(['last_seen_at', 'seconds_watched'])
        .where('bookmark_id', '=', bookmarkId)
        .where('account_id', '=', viewer.accountId)
        .where('channel_id', '=', channel.channel_id)
        .executeTakeFirst();
      if (!row) throw missing();
      const counted = Math.min(Math.max(now - Number(row.last_seen_at), 0), MAX_COUNTED_SECONDS);
      await this.db
        .updateTable('live_bookmark')
        .set({
          last_seen_at: now,
          seconds_watched: Number(row.seconds_watched) + counted,
          last_reason: reason,
        })
        .where('bookmark_id', '=', bookmarkId)
        .execute();
    }
    if (channelStatus(channel, now) === '9') return { ended: true };
    return { ended: false, bookmarkId };
  }
}
