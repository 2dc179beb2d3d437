import { sql, type Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * One open live bookmark per member, channel and play (issue 20 item 8; docs/adr/0025
 * amendment), owned by the live module. `ajaxGetLiveBookmark.do` inserted a row per call, so 150
 * parallel calls from one member made 150 rows. A bookmark now names its play (`play_id`: the id
 * the page draws once per channel it plays; '' for a caller that sends none), and the unique key
 * (sub_account_uid, channel_id, play_id) lets the call upsert: however many calls arrive at once
 * for one play, one row. Existing rows each keep a play of their own (their bookmark id), so the
 * key holds over them and none is merged or lost.
 */
export function liveBookmarkPlays({ text }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('live_bookmark')
        .addColumn('play_id', text, (c) => c.notNull().defaultTo(''))
        .execute();
      await sql`update live_bookmark set play_id = bookmark_id`.execute(db);
      await db.schema
        .createIndex('live_bookmark_play')
        .unique()
        .on('live_bookmark')
        .columns(['sub_account_uid', 'channel_id', 'play_id'])
        .execute();
    },
  };
}
