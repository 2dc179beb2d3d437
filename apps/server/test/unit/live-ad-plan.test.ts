import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AD_BREAKS,
  adBreaksFor,
  breakStartsAt,
} from '../../src/modules/live/origin/ad-plan.js';
import { renderMediaPlaylist } from '../../src/modules/live/origin/playlist.js';
import { Timeline } from '../../src/modules/live/origin/timeline.js';

const plan = (from: number, opening: 0 | 1, minutes: number | null, seconds: number) => ({
  effective_from: from,
  opening_break: opening,
  interval_minutes: minutes,
  break_seconds: seconds,
});

describe('ad plans (docs/adr/0047)', () => {
  it('a programme takes the last plan made before it started; the defaults before any', () => {
    const plans = [plan(1000, 0, 10, 60), plan(5000, 1, null, 20)];
    expect(adBreaksFor(plans, 1000)).toEqual(DEFAULT_AD_BREAKS);
    expect(adBreaksFor(plans, 1001)).toEqual({ opening: false, every: 300, length: 30 });
    expect(adBreaksFor(plans, 5000)).toEqual({ opening: false, every: 300, length: 30 });
    expect(adBreaksFor(plans, 9000)).toEqual({ opening: true, every: null, length: 10 });
    expect(DEFAULT_AD_BREAKS).toEqual({ opening: true, every: 450, length: 15 });
  });

  it('places the opening break and the recurring ones', () => {
    const ads = { opening: false, every: 300, length: 30 };
    expect([0, 299, 300, 600].map((o) => breakStartsAt(ads, o))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(breakStartsAt({ ...ads, opening: true, every: null }, 0)).toBe(true);
    expect(breakStartsAt({ ...ads, every: null }, 300)).toBe(false);
  });

  it('the playlist marks each programme with its own plan', () => {
    const hour = 3600;
    const programmes = [
      { start_at: 0, end_at: hour, ads: DEFAULT_AD_BREAKS },
      { start_at: hour, end_at: 2 * hour, ads: { opening: false, every: 300, length: 30 } },
    ];
    const timeline = new Timeline(programmes, [15]);
    const render = (first: number, last: number) =>
      renderMediaPlaylist({
        channelId: 'c',
        timeline,
        assets: [
          {
            clipId: 'a',
            segmentCount: 15,
            renditions: [{ dir: 'v0', init: 'i.mp4', segments: Array(15).fill('s.m4s') }],
          } as never,
        ],
        variant: 0,
        first,
        last,
        ended: false,
        clipPrefix: () => '/p/',
        adTag: '/ads',
      }).match(/PLANNED-DURATION=[\d.]+/g) ?? [];
    expect(render(0, 2)).toEqual(['PLANNED-DURATION=30.000']);
    expect(render(1800, 1802)).toEqual([]);
    expect(render(1800 + 300, 1802 + 300)).toEqual(['PLANNED-DURATION=60.000']);
  });
});
