import type { Insertable } from 'kysely';
import type { AdCreativeTable } from '../db/schema-ads.js';

const AD_15S = {
  media_path: 'ads/ad-15s/ad-15s.mp4',
  media_type: 'video/mp4',
  width: 640,
  height: 360,
  bitrate_kbps: 444,
  duration_seconds: 15,
} as const;

/**
 * Demo creatives (docs/adr/0022): the 15 s ad for every AVOD title and channel, and a second
 * one targeted at the AVOD news channel ch02 (財經新聞台), which wins there until its cap. Mid-roll
 * breaks (the live origin's EXT-X-DATERANGE, every 15 minutes of an AVOD channel's programme)
 * have their own two, on the same 15 s clip: an untargeted house ad and one for ch02. A 30 s
 * break holds one 15 s ad; the channel resumes at its live edge after it.
 */
export const demoCreatives: Insertable<AdCreativeTable>[] = [
  {
    creative_id: 'AD-HOUSE-15S',
    ad_title: '星河影音 品牌形象 15 秒',
    advertiser: '星河影音',
    slot: 'preroll',
    target_kind: 'any',
    target_id: null,
    ...AD_15S,
    click_through: '/',
    label: null,
    cap_per_hour: 6,
    priority: 0,
    active: 1,
  },
  {
    creative_id: 'AD-FINANCE-15S',
    ad_title: '星河證券 開戶優惠 15 秒',
    advertiser: '星河證券',
    slot: 'preroll',
    target_kind: 'channel',
    target_id: 'ch02',
    ...AD_15S,
    click_through: '/LiveChannel/ch02',
    label: null,
    cap_per_hour: 3,
    priority: 10,
    active: 1,
  },
  {
    creative_id: 'AD-HOUSE-MID-15S',
    ad_title: '星河影音 直播插播 15 秒',
    advertiser: '星河影音',
    slot: 'midroll',
    target_kind: 'any',
    target_id: null,
    ...AD_15S,
    click_through: '/LiveChannel',
    label: null,
    cap_per_hour: 8,
    priority: 0,
    active: 1,
  },
  {
    creative_id: 'AD-FINANCE-MID-15S',
    ad_title: '星河證券 盤中快訊 15 秒',
    advertiser: '星河證券',
    slot: 'midroll',
    target_kind: 'channel',
    target_id: 'ch02',
    ...AD_15S,
    click_through: '/LiveChannel/ch02',
    label: null,
    cap_per_hour: 4,
    priority: 10,
    active: 1,
  },
];
