import { describe, expect, it } from 'vitest';
import {
  AD_BREAK_CLASS,
  AdBreakWatcher,
  adBreakOf,
  adTagOfBreak,
  dueBreak,
  type DateRangeLike,
} from './ad-breaks';

const PAGE = 'http://127.0.0.1:3000';
const PLAYLIST = '/live/ch02/1795320000/sig/v0.m3u8';
const TAG = '/ads/vast?slot=midroll&channelId=ch02';

const range = (fields: Partial<DateRangeLike> = {}): DateRangeLike => ({
  id: 'ad-ch02-100',
  class: AD_BREAK_CLASS,
  startDate: new Date(200_000),
  duration: null,
  plannedDuration: 30,
  attr: { 'X-AD-TAG': TAG },
  ...fields,
});

describe('mid-roll breaks of a live stream', () => {
  it('takes our ad tag as a site path: relative, or absolute on the page or the playlist origin', () => {
    expect(adTagOfBreak(TAG, PLAYLIST, PAGE)).toBe(TAG);
    // The playlist on a stream host of LIVE_STREAM_HOST_RULES: resolved there, fetched here.
    expect(adTagOfBreak(TAG, 'https://news-live.example.com/live/ch02/1/s/v0.m3u8', PAGE)).toBe(
      TAG,
    );
    expect(adTagOfBreak(`${PAGE}${TAG}&seq=abc`, PLAYLIST, PAGE)).toBe(`${TAG}&seq=abc`);
    // Before issue 28 item 6 the tag was absolute on PUBLIC_URL: another host is refused.
    expect(adTagOfBreak(`http://localhost:8080${TAG}`, PLAYLIST, PAGE)).toBeNull();
    expect(
      adTagOfBreak('https://ads.evil.example/ads/vast?slot=midroll', PLAYLIST, PAGE),
    ).toBeNull();
    expect(adTagOfBreak('//evil.example/ads/vast?slot=midroll', PLAYLIST, PAGE)).toBeNull();
    expect(adTagOfBreak('javascript:alert(1)', PLAYLIST, PAGE)).toBeNull();
    expect(adTagOfBreak('/ajax/ajaxLogout.do?slot=midroll', PLAYLIST, PAGE)).toBeNull();
    expect(adTagOfBreak('/ads/vast?slot=preroll&channelId=ch02', PLAYLIST, PAGE)).toBeNull();
  });

  it('reads only our ad-break date ranges, with their planned duration', () => {
    expect(adBreakOf(range(), PLAYLIST, PAGE)).toEqual({
      id: 'ad-ch02-100',
      startMs: 200_000,
      durationMs: 30_000,
      tag: TAG,
    });
    expect(adBreakOf(range({ class: 'com.apple.hls.interstitial' }), PLAYLIST, PAGE)).toBeNull();
    expect(adBreakOf(range({ attr: {} }), PLAYLIST, PAGE)).toBeNull();
    expect(adBreakOf(range({ startDate: new Date(NaN) }), PLAYLIST, PAGE)).toBeNull();
    expect(adBreakOf(range({ plannedDuration: null }), PLAYLIST, PAGE)?.durationMs).toBe(30_000);
    expect(adBreakOf(range({ duration: 15 }), PLAYLIST, PAGE)?.durationMs).toBe(15_000);
  });

  it('a break is due when the playhead crosses its start, once; not when tuning in during it', () => {
    const cue = { id: 'b', startMs: 200_000, durationMs: 30_000, tag: TAG };
    expect(dueBreak([cue], null, 200_500, new Set())).toBeNull();
    expect(dueBreak([cue], 199_000, 199_900, new Set())).toBeNull();
    expect(dueBreak([cue], 199_900, 200_000, new Set())).toBe(cue);
    expect(dueBreak([cue], 199_900, 200_250, new Set(['b']))).toBeNull();
    // A jump past the whole break is no break.
    expect(dueBreak([cue], 150_000, 240_000, new Set())).toBeNull();
    // Going back is no crossing.
    expect(dueBreak([cue], 205_000, 199_000, new Set())).toBeNull();
  });

  it('the watcher keeps breaks across playlist refreshes and reports each once', () => {
    const watcher = new AdBreakWatcher(PAGE);
    watcher.update({ 'ad-ch02-100': range() }, PLAYLIST);
    expect(watcher.sample(null)).toBeNull();
    expect(watcher.sample(199_000)).toBeNull();
    // The next playlist no longer lists it (the window slid on): still known.
    watcher.update({}, PLAYLIST);
    expect(watcher.sample(200_100)?.tag).toBe(TAG);
    expect(watcher.sample(200_400)).toBeNull();
    watcher.update({ 'ad-ch02-100': range() }, PLAYLIST);
    expect(watcher.sample(199_500)).toBeNull();
    expect(watcher.sample(200_600)).toBeNull();
  });

  it('start over and catch-up (issue 24): a seek past a break skips it, a played break stays played', () => {
    const watcher = new AdBreakWatcher(PAGE);
    const second = range({ id: 'ad-ch02-400', startDate: new Date(400_000) });
    watcher.update({ 'ad-ch02-100': range(), 'ad-ch02-400': second }, PLAYLIST);
    expect(watcher.sample(190_000)).toBeNull();
    // Played into: due.
    expect(watcher.sample(200_200)?.id).toBe('ad-ch02-100');
    // A seek from before the second break to past its end: skipped.
    expect(watcher.sample(380_000)).toBeNull();
    expect(watcher.sample(500_000)).toBeNull();
    // Long after, the EVENT playlist still lists the first break; a seek back before it and
    // playing on through it does not play it again.
    watcher.update({ 'ad-ch02-100': range(), 'ad-ch02-400': second }, PLAYLIST);
    expect(watcher.sample(150_000)).toBeNull();
    watcher.update({ 'ad-ch02-100': range(), 'ad-ch02-400': second }, PLAYLIST);
    expect(watcher.sample(200_500)).toBeNull();
    // The skipped one, reached by playing after a seek back: due.
    expect(watcher.sample(399_800)).toBeNull();
    expect(watcher.sample(400_100)?.id).toBe('ad-ch02-400');
  });
});
