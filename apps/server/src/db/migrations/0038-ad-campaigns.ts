import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Ad campaigns (issue 25 item 6, ads module, docs/adr/0050): campaigns with their flight window,
 * targeting, daily frequency cap and priority; the creatives each runs; on ad_creative the state
 * of an upload still being transcoded; on ad_event the campaign a served ad came from, so the
 * cap and the figures count by campaign. The demo's seeded creatives stay as they are: the
 * fallback when no campaign fits a break.
 */
export function adCampaigns({ text }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ad_campaign')
        .addColumn('campaign_id', text, (c) => c.primaryKey())
        .addColumn('name', text, (c) => c.notNull())
        .addColumn('advertiser', text, (c) => c.notNull())
        /** 'active' | 'paused' */
        .addColumn('state', text, (c) => c.notNull())
        /** The flight window, Unix seconds, [starts_at, ends_at). */
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        /** JSON arrays: breaks (preroll, midroll, postroll) and targeting; [] means any. */
        .addColumn('slots', text, (c) => c.notNull())
        .addColumn('target_titles', text, (c) => c.notNull())
        .addColumn('target_categories', text, (c) => c.notNull())
        .addColumn('target_channels', text, (c) => c.notNull())
        .addColumn('target_devices', text, (c) => c.notNull())
        /** Impressions per viewer (ad cookie) per Asia/Taipei day; 0: no cap. */
        .addColumn('cap_per_day', 'integer', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', text, (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ad_campaign_in_flight')
        .on('ad_campaign')
        .columns(['state', 'ends_at'])
        .execute();
      await db.schema
        .createTable('ad_campaign_creative')
        .addColumn('campaign_id', text, (c) => c.notNull())
        .addColumn('creative_id', text, (c) => c.notNull())
        .addPrimaryKeyConstraint('ad_campaign_creative_pk', ['campaign_id', 'creative_id'])
        .execute();
      /** 'ready' serves; 'processing' while its ingest job runs; 'failed' when it did not. */
      await db.schema
        .alterTable('ad_creative')
        .addColumn('state', text, (c) => c.notNull().defaultTo('ready'))
        .execute();
      await db.schema.alterTable('ad_creative').addColumn('job_id', text).execute();
      await db.schema.alterTable('ad_creative').addColumn('source_name', text).execute();
      await db.schema.alterTable('ad_creative').addColumn('created_at', 'bigint').execute();
      await db.schema.alterTable('ad_creative').addColumn('created_by', text).execute();
      await db.schema.alterTable('ad_event').addColumn('campaign_id', text).execute();
      await db.schema
        .createIndex('ad_event_by_campaign')
        .on('ad_event')
        .columns(['campaign_id', 'at'])
        .execute();
    },
  };
}
