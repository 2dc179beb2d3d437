import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * The ad server (docs/adr/0022), owned by the ads module: creatives with their targeting and
 * frequency cap, and one append-only table of what happened to each served ad.
 */
export function ads({ text, autoId }: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('ad_creative')
        .addColumn('creative_id', text, (c) => c.primaryKey())
        .addColumn('ad_title', text, (c) => c.notNull())
        .addColumn('advertiser', text, (c) => c.notNull())
        /** 'preroll' | 'midroll' | 'postroll' */
        .addColumn('slot', text, (c) => c.notNull())
        /** 'any' | 'title' | 'channel' */
        .addColumn('target_kind', text, (c) => c.notNull())
        .addColumn('target_id', text)
        /** A file under the media folder's public ads/ root, e.g. ads/ad-15s/ad-15s.mp4. */
        .addColumn('media_path', text, (c) => c.notNull())
        .addColumn('media_type', text, (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('bitrate_kbps', 'integer', (c) => c.notNull())
        .addColumn('duration_seconds', 'integer', (c) => c.notNull())
        /** An http(s) URL or a site path; null: no click-through. */
        .addColumn('click_through', text)
        /** The ad label shown during the ad; null: the player's default. */
        .addColumn('label', text)
        /** Impressions per viewer per hour. */
        .addColumn('cap_per_hour', 'integer', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ad_creative_by_slot')
        .on('ad_creative')
        .columns(['slot', 'target_kind', 'target_id'])
        .execute();

      // Append-only: a served document and every event reported for it, once per kind.
      await db.schema
        .createTable('ad_event')
        .addColumn('event_id', 'integer', autoId)
        .addColumn('serving_id', text, (c) => c.notNull())
        .addColumn('creative_id', text, (c) => c.notNull())
        /** Hash of the viewer's ad cookie: the frequency cap counts per viewer. */
        .addColumn('viewer_hash', text, (c) => c.notNull())
        /** 'served' or a tracking event (impression, start, quartiles, complete, error, click). */
        .addColumn('event', text, (c) => c.notNull())
        .addColumn('slot', text, (c) => c.notNull())
        .addColumn('content_id', text)
        .addColumn('channel_id', text)
        .addColumn('error_code', 'integer')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      // One row per (serving, event): a replayed pixel changes nothing.
      await db.schema
        .createIndex('ad_event_once')
        .on('ad_event')
        .columns(['serving_id', 'event'])
        .unique()
        .execute();
      // The frequency cap: a viewer's recent impressions of a creative.
      await db.schema
        .createIndex('ad_event_cap')
        .on('ad_event')
        .columns(['viewer_hash', 'event', 'at'])
        .execute();
    },
  };
}
