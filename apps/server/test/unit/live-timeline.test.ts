import { describe, expect, it } from 'vitest';
import type { Asset } from '../../src/modules/live/origin/assets.js';
import {
  AD_BREAK_EVERY_SEGMENTS,
  allowedVariants,
  renderMasterPlaylist,
  renderMediaPlaylist,
} from '../../src/modules/live/origin/playlist.js';
import {
  PLAYOUT_EPOCH_SEGMENT,
  Timeline,
  segmentAt,
} from '../../src/modules/live/origin/timeline.js';

/** A fake asset of `n` 2 s segments with two renditions. */
function asset(clipId: string, n: number, bandwidths = [500_000, 1_400_000]): Asset {
  return {
    clipId,
    segmentCount: n,
    renditions: bandwidths.map((bandwidth, i) => ({
      bandwidth,
      averageBandwidth: bandwidth - 1000,
      width: i === 0 ? 640 : 1280,
      height: i === 0 ? 360 : 720,
      frameRate: 30,
      codecs: 'avc1.4d401e,mp4a.40.2',
      dir: `v${i}`,
      init: `init_${i}.mp4`,
      segments: Array.from({ length: n }, (_, k) => `seg_${String(k).padStart(3, '0')}.m4s`),
    })),
  };
}

// Programmes in seconds: [1000, 1100), a gap, [1200, 1261) (an odd end: rounded up), [1261, 1400).
const programmes = [
  { start_at: 1000, end_at: 1100 },
  { start_at: 1200, end_at: 1261 },
  { start_at: 1261, end_at: 1400 },
];

describe('the live timeline', () => {
  const timeline = new Timeline(programmes, [15, 7]);

  it('starts a block at every programme and gap, each at an asset start', () => {
    for (const seg of [0, 500, 550, 600, 631, 700]) {
      expect(timeline.locate(seg).offset, `segment ${seg}`).toBe(0);
      expect(timeline.locate(seg).tagged, `segment ${seg}`).toBe(true);
    }
    expect(timeline.locate(500).block.programme).toBe(true);
    expect(timeline.locate(550).block.programme).toBe(false);
    expect(timeline.locate(700).block.end).toBe(Infinity);
  });

  it('plays the assets in turn inside a block, each asset start a discontinuity', () => {
    // Block at 500: rotation starts with asset 500 % 2 = 0 (15 segments), then asset 1 (7).
    expect(timeline.locate(514)).toMatchObject({ asset: 0, assetSegment: 14, tagged: false });
    expect(timeline.locate(515)).toMatchObject({ asset: 1, assetSegment: 0, tagged: true });
    expect(timeline.locate(522)).toMatchObject({ asset: 0, assetSegment: 0, tagged: true });
    // Block at 631 starts with asset 631 % 2 = 1.
    expect(timeline.locate(631)).toMatchObject({ asset: 1, assetSegment: 0 });
  });

  it('counts discontinuities so that each tag adds exactly one, everywhere', () => {
    let previous = timeline.discontinuitySequence(0);
    for (let seg = 1; seg < 2000; seg += 1) {
      const now = timeline.discontinuitySequence(seg);
      expect(now - previous, `segment ${seg}`).toBe(timeline.locate(seg).tagged ? 1 : 0);
      previous = now;
    }
  });

  it('is the same whatever the history it was built with refers to (closed form in long blocks)', () => {
    const far = 897_660_000;
    const open = new Timeline([], [15]);
    expect(open.discontinuitySequence(far)).toBe(Math.floor(far / 15) + 1);
  });

  it('counts discontinuities from the playout epoch, so the sequence stays small', () => {
    // From Unix time 0 this was about 60 million, which stalls hls.js for ~700 ms a refresh.
    const site = new Timeline([], [15], PLAYOUT_EPOCH_SEGMENT);
    const now = segmentAt(Date.UTC(2026, 10, 24, 23, 0) / 1000);
    expect(site.discontinuitySequence(PLAYOUT_EPOCH_SEGMENT)).toBe(1);
    expect(site.discontinuitySequence(now)).toBe(
      Math.floor((now - PLAYOUT_EPOCH_SEGMENT) / 15) + 1,
    );
    expect(site.discontinuitySequence(now)).toBeLessThan(1_000_000);
    // Before the epoch nothing plays: the count is 0 and the first block holds it.
    expect(site.discontinuitySequence(PLAYOUT_EPOCH_SEGMENT - 100)).toBe(0);
    expect(site.locate(PLAYOUT_EPOCH_SEGMENT - 100)).toMatchObject({ offset: 0, tagged: true });
    // A programme that ended before the epoch is ignored; one after it is a block.
    const day = 43_200;
    const withProgrammes = new Timeline(
      [
        { start_at: 1_000, end_at: 2_000 },
        {
          start_at: (PLAYOUT_EPOCH_SEGMENT + day) * 2,
          end_at: (PLAYOUT_EPOCH_SEGMENT + day) * 2 + 60,
        },
      ],
      [15],
      PLAYOUT_EPOCH_SEGMENT,
    );
    expect(withProgrammes.locate(PLAYOUT_EPOCH_SEGMENT).block.start).toBe(PLAYOUT_EPOCH_SEGMENT);
    expect(withProgrammes.locate(PLAYOUT_EPOCH_SEGMENT + day).block).toMatchObject({
      start: PLAYOUT_EPOCH_SEGMENT + day,
      programme: true,
    });
  });

  it('cuts overlapping rows at the earlier one', () => {
    // [0 s, 100 s) is segments 0–49; [60 s, 200 s) would start at 30: it starts at 50 instead.
    const t = new Timeline(
      [
        { start_at: 0, end_at: 100 },
        { start_at: 60, end_at: 200 },
      ],
      [10],
    );
    expect(t.locate(49).block.start).toBe(0);
    expect(t.locate(50)).toMatchObject({ offset: 0, tagged: true });
    expect(t.locate(50).block).toMatchObject({ start: 50, end: 100, programme: true });
  });
});

describe('live playlists', () => {
  const assets = [asset('clip-a', 15), asset('clip-b', 15, [200_000, 300_000])];
  const timeline = new Timeline(programmes, [15, 15]);
  const render = (first: number, last: number, adTag: string | null = null) =>
    renderMediaPlaylist({
      channelId: 'ch01',
      timeline,
      assets,
      variant: 0,
      first,
      last,
      ended: false,
      clipPrefix: (clip) => `/stream/${clip}/1/sig/`,
      adTag,
    });

  it('the master lists the renditions within the cap, at least the lowest', () => {
    expect(allowedVariants(assets, 8_000_000)).toEqual([0, 1]);
    expect(allowedVariants(assets, 1_000_000)).toEqual([0]);
    expect(allowedVariants(assets, 1)).toEqual([0]);
    const master = renderMasterPlaylist(assets, [0]);
    expect(master).toContain('BANDWIDTH=500000,AVERAGE-BANDWIDTH=499000,RESOLUTION=640x360');
    expect(master).not.toContain('v1.m3u8');
  });

  it('a window that crosses an asset boundary carries a discontinuity, a map and a date', () => {
    const text = render(510, 515);
    const lines = text.split('\n');
    expect(lines).toContain('#EXT-X-MEDIA-SEQUENCE:510');
    expect(lines).toContain(`#EXT-X-DISCONTINUITY-SEQUENCE:${timeline.discontinuitySequence(510)}`);
    const at = lines.indexOf('#EXT-X-DISCONTINUITY');
    expect(lines.slice(at, at + 5)).toEqual([
      '#EXT-X-DISCONTINUITY',
      '#EXT-X-MAP:URI="/stream/clip-b/1/sig/v0/init_0.mp4"',
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(515 * 2000).toISOString()}`,
      '#EXTINF:2.000,',
      'clip-b/1030/v0/seg_000.m4s',
    ]);
    expect(lines.filter((l) => l.startsWith('#EXTINF'))).toHaveLength(6);
  });

  it('marks ad breaks with EXT-X-DATERANGE only when asked (AVOD)', () => {
    expect(render(498, 503)).not.toContain('DATERANGE');
    const text = render(498, 503, '/ads/vast?slot=midroll&channelId=ch01');
    expect(text).toContain(
      `#EXT-X-DATERANGE:ID="ad-ch01-500",CLASS="com.starvideo.ad-break",START-DATE="${new Date(
        1_000_000,
      ).toISOString()}",PLANNED-DURATION=30.000,X-AD-TAG="/ads/vast?slot=midroll&channelId=ch01"`,
    );
    expect(AD_BREAK_EVERY_SEGMENTS).toBe(450);
  });
});

describe('a programme with its own clip (docs/adr/0048)', () => {
  it('plays only that clip in its block, looping; gaps and other programmes play the channel’s', () => {
    // Channel assets 0 and 1 (10 and 20 segments); asset 2 (7 segments) is the programme's own.
    const withOwn = [
      { start_at: 1000, end_at: 1100, asset: null },
      { start_at: 1200, end_at: 1300, asset: 2 },
      { start_at: 1300, end_at: 1400 },
    ];
    const t = new Timeline(withOwn, [10, 20, 7], 0, 2);
    const first = 1200 / 2;
    expect(t.locate(first)).toMatchObject({ asset: 2, assetSegment: 0, tagged: true });
    expect(t.locate(first + 7)).toMatchObject({ asset: 2, assetSegment: 0, tagged: true });
    expect(t.locate(first + 9)).toMatchObject({ asset: 2, assetSegment: 2, tagged: false });
    for (const segment of [500, 1150 / 2, 1300 / 2, 1350 / 2, 5000])
      expect(t.locate(segment).asset).toBeLessThan(2);
    // The discontinuity count still grows by one per asset start, through the block.
    expect(t.discontinuitySequence(first + 7) - t.discontinuitySequence(first + 6)).toBe(1);
    // Without programme clips the timeline is exactly the old one.
    const plain = new Timeline(programmes, [10, 20]);
    const same = new Timeline(programmes, [10, 20], 0, 2);
    for (const segment of [0, 499, 500, 600, 700, 2000])
      expect(same.discontinuitySequence(segment)).toBe(plain.discontinuitySequence(segment));
  });
});
