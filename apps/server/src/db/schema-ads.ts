import type { Generated } from 'kysely';
import type { AdSlot } from '@site/contract';

/** Tables of the ads module (migration 0014, docs/adr/0022). */
export interface AdsTables {
  ad_creative: AdCreativeTable;
  ad_event: AdEventTable;
}

export type AdTargetKind = 'any' | 'title' | 'channel';

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
  /** Unix seconds. */
  at: number;
}
