import { describe, expect, it } from 'vitest';
import {
  adPlayReducer,
  adsReducer,
  initialAdPlayState,
  initialAdsState,
  isAdBreak,
  type AdPlayEvent,
  type AdsEvent,
  type AdsState,
} from './machine';
import { secondsLeft, seekCorrection } from './playhead';

const run = (events: AdsEvent[], from: AdsState = initialAdsState) =>
  events.reduce(adsReducer, from);

describe('the ad lifecycle (SPEC §4)', () => {
  it('AVOD: before preroll → preroll → content → postroll → ads done', () => {
    const steps: string[] = [];
    let state = initialAdsState;
    for (const event of [
      { type: 'start', preroll: true },
      { type: 'breakEnded', outcome: 'completed' },
      { type: 'midrollDue' },
      { type: 'breakEnded', outcome: 'completed' },
      { type: 'contentEnded', postroll: true },
      { type: 'breakEnded', outcome: 'empty' },
    ] as AdsEvent[]) {
      state = adsReducer(state, event);
      steps.push(state.phase);
    }
    expect(steps).toEqual(['preroll', 'content', 'midroll', 'content', 'postroll', 'adsDone']);
    expect(state.breaks.map((b) => `${b.phase}:${b.outcome}`)).toEqual([
      'preroll:completed',
      'midroll:completed',
      'postroll:empty',
    ]);
  });

  it('every pre-roll outcome goes on to content (ad errors proceed to content, SPEC §8)', () => {
    for (const outcome of ['completed', 'error', 'timeout', 'empty'] as const) {
      const state = run([
        { type: 'start', preroll: true },
        { type: 'breakEnded', outcome },
      ]);
      expect(state.phase, outcome).toBe('content');
    }
  });

  it('a title without an ad tag goes straight to content; without a post-roll, to ads done', () => {
    expect(run([{ type: 'start', preroll: false }]).phase).toBe('content');
    expect(
      run([
        { type: 'start', preroll: false },
        { type: 'contentEnded', postroll: false },
      ]).phase,
    ).toBe('adsDone');
  });

  it('ignores events that do not fit the state', () => {
    const preroll = run([{ type: 'start', preroll: true }]);
    expect(adsReducer(preroll, { type: 'start', preroll: false })).toBe(preroll);
    expect(adsReducer(preroll, { type: 'midrollDue' })).toBe(preroll);
    expect(adsReducer(preroll, { type: 'contentEnded', postroll: true })).toBe(preroll);
    expect(adsReducer(initialAdsState, { type: 'breakEnded', outcome: 'completed' })).toBe(
      initialAdsState,
    );
    const done = run([
      { type: 'start', preroll: false },
      { type: 'contentEnded', postroll: false },
    ]);
    for (const event of [
      { type: 'start', preroll: true },
      { type: 'breakEnded', outcome: 'error' },
      { type: 'midrollDue' },
      { type: 'contentEnded', postroll: true },
    ] as AdsEvent[]) {
      expect(adsReducer(done, event)).toBe(done);
    }
  });

  it('the content player waits only during a break', () => {
    expect(
      ['beforePreroll', 'preroll', 'content', 'midroll', 'postroll', 'adsDone'].map((p) =>
        isAdBreak(p as never),
      ),
    ).toEqual([false, true, false, true, true, false]);
  });
});

describe('one ad: loading → starting → playing → done', () => {
  const play = (events: AdPlayEvent[]) => events.reduce(adPlayReducer, initialAdPlayState);

  it('completes when the media ends after playing', () => {
    expect(play([{ type: 'loaded' }, { type: 'playing' }, { type: 'ended' }])).toEqual({
      phase: 'done',
      outcome: 'completed',
    });
  });

  it('the first outcome is final: a late event changes nothing', () => {
    const timedOut = play([{ type: 'loaded' }, { type: 'timeout' }]);
    expect(timedOut).toEqual({ phase: 'done', outcome: 'timeout' });
    for (const event of ['playing', 'ended', 'error', 'empty', 'loaded'] as const) {
      expect(adPlayReducer(timedOut, { type: event })).toBe(timedOut);
    }
  });

  it('an error, an empty VAST or a timeout in any step ends the ad', () => {
    for (const steps of [
      [],
      [{ type: 'loaded' }],
      [{ type: 'loaded' }, { type: 'playing' }],
    ] as AdPlayEvent[][]) {
      expect(play([...steps, { type: 'error' }]).outcome).toBe('error');
      expect(play([...steps, { type: 'timeout' }]).outcome).toBe('timeout');
    }
    expect(play([{ type: 'empty' }]).outcome).toBe('empty');
  });

  it('"ended" before playing is not a completion; "playing" before loaded is ignored', () => {
    expect(play([{ type: 'loaded' }, { type: 'ended' }]).phase).toBe('starting');
    expect(play([{ type: 'playing' }]).phase).toBe('loading');
  });
});

describe('the ad playhead (SPEC §9)', () => {
  it('allows playback moves within the elapsed time plus 100 ms', () => {
    expect(seekCorrection(5, 6, 1000)).toBeNull();
    expect(seekCorrection(5, 6.09, 1000)).toBeNull();
    expect(seekCorrection(5, 4.95, 1000)).toBeNull();
    expect(seekCorrection(5, 5, 1000)).toBeNull();
    expect(seekCorrection(5, 5.2, 250)).toBeNull();
  });

  it('snaps a seek forward or back to where the ad was', () => {
    expect(seekCorrection(5, 6.2, 1000)).toBe(5);
    expect(seekCorrection(5, 14, 250)).toBe(5);
    expect(seekCorrection(5, 4.8, 1000)).toBe(5);
    expect(seekCorrection(5, 0, 250)).toBe(5);
  });

  it('counts down whole seconds left', () => {
    expect(secondsLeft(15, 0)).toBe(15);
    expect(secondsLeft(15, 0.1)).toBe(15);
    expect(secondsLeft(15, 14.2)).toBe(1);
    expect(secondsLeft(15, 15)).toBe(0);
    expect(secondsLeft(15, 20)).toBe(0);
    expect(secondsLeft(Number.NaN, 3)).toBe(0);
    expect(secondsLeft(Infinity, 3)).toBe(0);
  });
});
