import { describe, expect, it } from 'vitest';
import type { Asset } from '../../src/modules/live/origin/assets.js';
import { catchupRefusal, programmeStartingAt } from '../../src/modules/live/catchup-rules.js';
import {
  LIVE_WINDOW_SEGMENTS,
  renderMediaPlaylist,
} from '../../src/modules/live/origin/playlist.js';
import {
  PLAYOUT_EPOCH_SEGMENT,
  Timeline,
  segmentAt,
  segmentAtOrAfter,
} from '../../src/modules/live/origin/timeline.js';
import { frozenUntil } from '../../src/modules/live/schedule.js';
import { taipeiMidnight } from '../../src/taipei-time.js';

/**
 * Issue 24's unit: the timeline gives the same segments for a second whether it is asked as live
 * (the sliding window) or as catch-up (the programme's playlist), across asset and programme
 * boundaries, across Taipei midnight, and around a schedule changed by an import.
 */

function asset(clipId: string, n: number): Asset {
  return {
    clipId,
    segmentCount: n,
    renditions: [
      {
        bandwidth: 500_000,
        averageBandwidth: 400_000,
        width: 640,
        height: 360,
        frameRate: 30,
        codecs: 'avc1.4d401e,mp4a.40.2',
        dir: 'v0',
        init: 'init_0.mp4',
        segments: Array.from({ length: n }, (_, k) => `seg_${String(k).padStart(3, '0')}.m4s`),
      },
    ],
  };
}

/** Three clips of unequal length, so asset boundaries fall everywhere. */
const assets = [asset('clip-a', 15), asset('clip-b', 7), asset('clip-c', 11)];
const lengths = assets.map((a) => a.segmentCount);
const HOUR = 3600;
/** 2026-11-22 00:00 Taipei (16:00 UTC the day before). */
const MIDNIGHT = taipeiMidnight(1_795_320_000);

interface Seen {
  sn: number;
  cc: number;
  uri: string;
  map: string;
  /** The wall-clock time written before it (at a discontinuity or the playlist's start). */
  pdt: string | null;
}

/** Every segment of a media playlist with its number, discontinuity count, URI and map. */
function segmentsOf(text: string): Seen[] {
  const lines = text.trim().split('\n');
  const value = (tag: string) => Number(lines.find((l) => l.startsWith(tag))!.slice(tag.length));
  let sn = value('#EXT-X-MEDIA-SEQUENCE:');
  let cc = value('#EXT-X-DISCONTINUITY-SEQUENCE:');
  let map = '';
  let pdt: string | null = null;
  const seen: Seen[] = [];
  for (const line of lines) {
    if (line === '#EXT-X-DISCONTINUITY') cc += 1;
    else if (line.startsWith('#EXT-X-MAP:')) map = line;
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdt = line.slice(25);
    else if (!line.startsWith('#')) {
      seen.push({ sn, cc, uri: line, map, pdt });
      sn += 1;
      pdt = null;
    }
  }
  return seen;
}

const render = (timeline: Timeline, first: number, last: number, type?: 'EVENT' | 'VOD') =>
  renderMediaPlaylist({
    channelId: 'ch01',
    timeline,
    assets,
    variant: 0,
    first,
    last,
    ended: type === 'VOD',
    clipPrefix: (clipId) => `/stream/${clipId}/9/sig/`,
    adTag: '/ads/vast?slot=midroll',
    ...(type ? { playlistType: type } : {}),
  });

/** What live shows of a second: the segment at `now - 2 s` in the window written at `now`. */
function liveAt(timeline: Timeline, now: number): Seen[] {
  const last = segmentAt(now) - 1;
  return segmentsOf(render(timeline, last - LIVE_WINDOW_SEGMENTS + 1, last));
}

/** A programme's playlist, as the catch-up origin writes it (EVENT up to `now`, else VOD). */
function programmeAt(timeline: Timeline, p: { start_at: number; end_at: number }, now: number) {
  const first = segmentAtOrAfter(p.start_at);
  const end = segmentAtOrAfter(p.end_at);
  const ended = segmentAt(now) >= end;
  return segmentsOf(
    render(timeline, first, ended ? end - 1 : segmentAt(now) - 1, ended ? 'VOD' : 'EVENT'),
  );
}

const key = (s: Seen) => [s.sn, s.cc, s.uri, s.map];

/** Checks that every live window over the programme agrees with the programme's playlist. */
function expectLiveMatchesCatchup(
  timeline: Timeline,
  programme: { start_at: number; end_at: number },
  now: number,
) {
  const catchup = new Map(programmeAt(timeline, programme, now).map((s) => [s.sn, s]));
  let compared = 0;
  const last = Math.min(now, programme.end_at + 3 * 60);
  for (let t = programme.start_at + 2; t <= last; t += 6) {
    for (const s of liveAt(timeline, t)) {
      const other = catchup.get(s.sn);
      if (!other) {
        // Only segments outside the programme are missing from its playlist.
        expect(
          s.sn < segmentAtOrAfter(programme.start_at) || s.sn >= segmentAtOrAfter(programme.end_at),
        ).toBe(true);
        continue;
      }
      expect(key(other), `segment ${s.sn} seen live at ${t}`).toEqual(key(s));
      compared += 1;
    }
  }
  expect(compared).toBeGreaterThan(0);
}

describe('the timeline, asked as live or as catch-up', () => {
  // A day around Taipei midnight: programmes of 50 min, 1 h 10 min and 30 min, one crossing midnight.
  const day = [
    { start_at: MIDNIGHT - 3 * HOUR, end_at: MIDNIGHT - 2 * HOUR - 10 * 60 },
    { start_at: MIDNIGHT - 2 * HOUR - 10 * 60, end_at: MIDNIGHT - HOUR },
    // A gap of half an hour (the channel's filler), then one across midnight.
    { start_at: MIDNIGHT - 30 * 60, end_at: MIDNIGHT + 40 * 60 },
    { start_at: MIDNIGHT + 40 * 60, end_at: MIDNIGHT + 70 * 60 },
  ];
  const timeline = new Timeline(day, lengths, PLAYOUT_EPOCH_SEGMENT);

  it('the same segment, number, discontinuity count and init for every second, across asset boundaries', () => {
    const now = MIDNIGHT + 3 * HOUR;
    for (const p of day) expectLiveMatchesCatchup(timeline, p, now);
  });

  it('across programme boundaries: two programmes’ playlists meet where live crosses from one to the other', () => {
    const now = MIDNIGHT + 3 * HOUR;
    const [a, b] = [programmeAt(timeline, day[2]!, now), programmeAt(timeline, day[3]!, now)];
    expect(b[0]!.sn).toBe(a.at(-1)!.sn + 1);
    // Live at the boundary shows the end of one and the start of the other, the same segments.
    const live = liveAt(timeline, day[3]!.start_at + 6);
    const both = new Map([...a, ...b].map((s) => [s.sn, s]));
    for (const s of live) expect(key(both.get(s.sn)!)).toEqual(key(s));
    // Every programme opens on an asset start with its own wall-clock time.
    expect(b[0]!.pdt).toBe(new Date(day[3]!.start_at * 1000).toISOString());
    expect(a[0]!.pdt).toBe(new Date(day[2]!.start_at * 1000).toISOString());
  });

  it('across Taipei midnight: the programme spanning it is one playlist with no break at 00:00', () => {
    const now = MIDNIGHT + 3 * HOUR;
    const across = programmeAt(timeline, day[2]!, now);
    expect(across).toHaveLength((day[2]!.end_at - day[2]!.start_at) / 2);
    const atMidnight = across.find((s) => s.sn === MIDNIGHT / 2)!;
    const before = across.find((s) => s.sn === MIDNIGHT / 2 - 1)!;
    // Midnight is no discontinuity of its own: the count moves only at an asset start.
    expect(atMidnight.cc - before.cc).toBe(atMidnight.pdt === null ? 0 : 1);
    for (let i = 1; i < across.length; i += 1) expect(across[i]!.sn).toBe(across[i - 1]!.sn + 1);
  });

  it('while on air: an EVENT playlist that is the live window’s past, growing with the clock', () => {
    const programme = day[2]!;
    const now = programme.start_at + 25 * 60 + 1;
    expectLiveMatchesCatchup(timeline, programme, now);
    const event = programmeAt(timeline, programme, now);
    const later = programmeAt(timeline, programme, now + 60);
    expect(later.slice(0, event.length)).toEqual(event);
    expect(later.length - event.length).toBe(30);
  });

  it('around an import: what aired keeps its segments; only what follows the programme on air changes', () => {
    const now = MIDNIGHT + 10 * 60; // during the programme across midnight
    // The file replaces the whole evening with quarter hours.
    const from = MIDNIGHT - 3 * HOUR;
    const to = MIDNIGHT + 3 * HOUR;
    const file: { start_at: number; end_at: number }[] = [];
    for (let t = from; t < to; t += 15 * 60) file.push({ start_at: t, end_at: t + 15 * 60 });
    // The import's rule (schedule.ts): aired programmes stay, and so does the one on air.
    const overlapping = day.filter((p) => p.start_at < to && p.end_at > from);
    const cut = frozenUntil(from, now, overlapping);
    expect(cut).toBe(day[2]!.end_at);
    const imported = [
      ...day.filter((p) => p.start_at < now),
      ...file.filter((p) => p.start_at >= cut),
    ].sort((a, b) => a.start_at - b.start_at);
    const after = new Timeline(imported, lengths, PLAYOUT_EPOCH_SEGMENT);
    for (
      let segment = segmentAt(MIDNIGHT - 4 * HOUR);
      segment < segmentAtOrAfter(cut);
      segment += 1
    ) {
      const [x, y] = [timeline.locate(segment), after.locate(segment)];
      expect([y.asset, y.assetSegment, y.tagged], `segment ${segment}`).toEqual([
        x.asset,
        x.assetSegment,
        x.tagged,
      ]);
      expect(after.discontinuitySequence(segment)).toBe(timeline.discontinuitySequence(segment));
    }
    // Every aired programme's catch-up playlist is the same bytes before and after.
    for (const p of day.filter((x) => x.start_at < now))
      expect(programmeAt(after, p, now)).toEqual(programmeAt(timeline, p, now));
    // Live and catch-up agree on the new schedule too.
    expectLiveMatchesCatchup(
      after,
      file.find((p) => p.start_at >= cut)!,
      cut + HOUR,
    );
    // Replacing the aired evening instead (no rule) would have changed what viewers saw.
    const naive = new Timeline(
      [...day.filter((p) => p.end_at <= from), ...file].sort((a, b) => a.start_at - b.start_at),
      lengths,
      PLAYOUT_EPOCH_SEGMENT,
    );
    const changed = Array.from({ length: 600 }, (_, i) => segmentAt(MIDNIGHT - HOUR) + i).some(
      (s) =>
        naive.locate(s).asset !== timeline.locate(s).asset ||
        naive.locate(s).assetSegment !== timeline.locate(s).assetSegment,
    );
    expect(changed).toBe(true);
  });
});

describe('the catch-up rule (catchup-rules.ts)', () => {
  const channel = { catchupHours: 72, airStart: null };
  const now = MIDNIGHT + 12 * HOUR;
  const slot = (start: number, blackout = false) => ({ start, end: start + HOUR, blackout });

  it('plays a programme that has begun inside the window, not blacked out', () => {
    expect(catchupRefusal(channel, slot(now - HOUR), now)).toBeNull();
    expect(catchupRefusal(channel, slot(now), now)).toBeNull();
    expect(catchupRefusal(channel, slot(now - 72 * HOUR), now)).toBeNull();
    expect(catchupRefusal(channel, slot(now - 72 * HOUR - 1), now)).toBe('EXPIRED');
    expect(catchupRefusal(channel, slot(now + 1), now)).toBe('NOT_STARTED');
    expect(catchupRefusal(channel, slot(now - HOUR, true), now)).toBe('BLACKOUT');
    expect(catchupRefusal({ ...channel, catchupHours: 0 }, slot(now - 60), now)).toBe('NO_CATCHUP');
    expect(catchupRefusal({ ...channel, airStart: now - 30 * 60 }, slot(now - HOUR), now)).toBe(
      'NOT_AIRED',
    );
    // The contract's cap: fourteen days, whatever the row says.
    expect(
      catchupRefusal({ ...channel, catchupHours: 10_000 }, slot(now - 15 * 24 * HOUR), now),
    ).toBe('EXPIRED');
  });

  it('finds a programme by its exact start only', () => {
    const list = [slot(100), slot(200), slot(300)];
    expect(programmeStartingAt(list, 200)).toBe(list[1]);
    expect(programmeStartingAt(list, 201)).toBeUndefined();
    expect(programmeStartingAt([], 200)).toBeUndefined();
  });
});
