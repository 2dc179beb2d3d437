import type { ColumnType, Generated } from 'kysely';
import type { AdSlot } from '@site/contract';

/** Tables of the ads module (migration 0014, docs/adr/0022). */
export interface AdsTables {
  ad_creative: AdCreativeTable;
  ad_event: AdEventTable;
  ad_campaign: AdCampaignTable;
  ad_campaign_creative: AdCampaignCreativeTable;
}

/** 'campaign': a creative made in the console, served only through its campaigns (ADR 0050). */
export type AdTargetKind = 'any' | 'title' | 'channel' | 'campaign';

export interface AdCreativeTable {
  creative_id: string;
  ad_title: string;
  advertiser: string;
  slot: AdSlot;
  target_kind: AdTargetKind;
  /** The contentId or channelId a targeted creative is for; null when untargeted. */
  target_id: string | null;
  /** Under the media folder's public ads/ root, e.g. ads/ad-15s/ad-15s.mp4. */
  media_path: string;
  media_type: string;
  width: number;
  height: number;
  bitrate_kbps: number;
  duration_seconds: number;
  /** An http(s) URL or a site path (made absolute with PUBLIC_URL); null: none. */
  click_through: string | null;
  /** The ad label during the ad; null: the player's default ('Advertisement'). */
  label: string | null;
  /** Impressions per viewer per hour. */
  cap_per_hour: number;
  /** Higher first among creatives of the same targeting. */
  priority: number;
  /** 1 serves, 0 paused. */
  active: number;
  /** Migration 0038: 'processing' while its ingest job runs, 'failed' if it did not finish. */
  state: ColumnType<AdCreativeState, AdCreativeState | undefined, AdCreativeState>;
  /** The ingest job of an uploaded creative (null for the seeded ones). */
  job_id: ColumnType<string | null, string | null | undefined, string | null>;
  source_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** Unix seconds; null for the seeded ones. */
  created_at: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export type AdCreativeState = 'processing' | 'ready' | 'failed';

/** A campaign made in the console (migration 0038, docs/adr/0050). */
export interface AdCampaignTable {
  campaign_id: string;
  name: string;
  advertiser: string;
  state: 'active' | 'paused';
  /** Unix seconds, [starts_at, ends_at). */
  starts_at: number;
  ends_at: number;
  /** JSON string arrays; [] means any. */
  slots: string;
  target_titles: string;
  target_categories: string;
  target_channels: string;
  target_devices: string;
  /** Impressions per viewer per Asia/Taipei day; 0: no cap. */
  cap_per_day: number;
  priority: number;
  created_at: number;
  created_by: string;
  updated_at: number;
}

export interface AdCampaignCreativeTable {
  campaign_id: string;
  creative_id: string;
}

/** 'served' when a document carried the ad; otherwise a tracking event it reported. */
export type AdEventKind =
  | 'served'
  | 'impression'
  | 'start'
  | 'firstQuartile'
  | 'midpoint'
  | 'thirdQuartile'
  | 'complete'
  | 'error'
  | 'click';

export interface AdEventTable {
  event_id: Generated<number>;
  serving_id: string;
  creative_id: string;
  viewer_hash: string;
  event: AdEventKind;
  slot: AdSlot;
  content_id: string | null;
  channel_id: string | null;
  error_code: number | null;
  /** The campaign it was served for (migration 0038); null for the seeded fallback. */
  campaign_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Unix seconds. */
  at: number;
}
