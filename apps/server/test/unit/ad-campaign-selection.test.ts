import { describe, expect, it } from 'vitest';
import {
  campaignFits,
  chooseCampaign,
  taipeiDayStart,
  type BreakContext,
  type LiveCampaign,
} from '../../src/modules/ads/campaign-selection.js';

const campaign = (id: string, fields: Partial<LiveCampaign> = {}): LiveCampaign => ({
  campaignId: id,
  priority: 0,
  endsAt: 1000,
  capPerDay: 0,
  slots: ['preroll'],
  titles: [],
  categories: [],
  channels: [],
  devices: [],
  creativeIds: [`${id}-a`],
  ...fields,
});
const titleBreak: BreakContext = {
  slot: 'preroll',
  contentId: 'T1',
  channelId: null,
  categories: ['movie', 'action'],
  deviceType: 'PC',
};
const channelBreak: BreakContext = {
  ...titleBreak,
  contentId: null,
  channelId: 'ch02',
  categories: [],
};

describe('campaign targeting and choice (docs/adr/0050)', () => {
  it('matches empty lists as any, and each filled list as it says', () => {
    expect(campaignFits(campaign('a'), titleBreak)).toBe(true);
    expect(campaignFits(campaign('a', { slots: ['midroll'] }), titleBreak)).toBe(false);
    expect(campaignFits(campaign('a', { titles: ['T1'] }), titleBreak)).toBe(true);
    expect(campaignFits(campaign('a', { titles: ['T2'] }), titleBreak)).toBe(false);
    expect(campaignFits(campaign('a', { categories: ['action'] }), titleBreak)).toBe(true);
    expect(campaignFits(campaign('a', { categories: ['action'] }), channelBreak)).toBe(false);
    expect(campaignFits(campaign('a', { channels: ['ch02'] }), channelBreak)).toBe(true);
    expect(campaignFits(campaign('a', { channels: ['ch02'] }), titleBreak)).toBe(false);
    expect(campaignFits(campaign('a', { titles: ['T1'], channels: ['ch09'] }), titleBreak)).toBe(
      true,
    );
    expect(campaignFits(campaign('a', { devices: ['iPhone'] }), titleBreak)).toBe(false);
    expect(campaignFits(campaign('a', { devices: ['PC', 'iPhone'] }), titleBreak)).toBe(true);
  });

  it('takes the highest priority, then the one ending first, passing over capped campaigns', () => {
    const list = [
      campaign('low', { priority: 1 }),
      campaign('late', { priority: 5, endsAt: 2000 }),
      campaign('soon', { priority: 5, endsAt: 1500, capPerDay: 2 }),
    ];
    const first = () => 0;
    expect(chooseCampaign(list, titleBreak, new Map(), first)?.campaignId).toBe('soon');
    expect(chooseCampaign(list, titleBreak, new Map([['soon', 2]]), first)?.campaignId).toBe(
      'late',
    );
    expect(chooseCampaign([], titleBreak, new Map(), first)).toBeNull();
    const rotating = campaign('r', { creativeIds: ['b', 'a', 'c'] });
    expect(chooseCampaign([rotating], titleBreak, new Map(), () => 2)?.creativeId).toBe('c');
  });

  it('starts the cap’s day at midnight in Taipei (16:00 UTC)', () => {
    const at = Date.UTC(2026, 10, 27, 15, 59, 59) / 1000;
    expect(taipeiDayStart(at)).toBe(Date.UTC(2026, 10, 26, 16) / 1000);
    expect(taipeiDayStart(at + 1)).toBe(Date.UTC(2026, 10, 27, 16) / 1000);
  });
});
