/**
 * The ad lifecycle of one playback (SPEC §4: before preroll, preroll, content, midroll, postroll,
 * ads done) as an explicit state machine, pure so it is tested without a browser. An ad break's
 * end, whatever its outcome (SPEC §8: ad errors proceed to content), moves on: a failed pre-roll
 * starts the content exactly as a completed one does.
 */
export type AdPhase = 'beforePreroll' | 'preroll' | 'content' | 'midroll' | 'postroll' | 'adsDone';

/** How an ad break ended; every outcome goes on to what follows it. */
export type AdOutcome = 'completed' | 'error' | 'timeout' | 'empty';

export interface AdsState {
  phase: AdPhase;
  /** The outcome of each break so far, in order. */
  breaks: { phase: 'preroll' | 'midroll' | 'postroll'; outcome: AdOutcome }[];
}

export type AdsEvent =
  /** Playback was asked for; a pre-roll plays first when the title has an ad tag. */
  | { type: 'start'; preroll: boolean }
  /** The current ad break ended (completed, failed, timed out or had no ad). */
  | { type: 'breakEnded'; outcome: AdOutcome }
  /** The content reached a mid-roll cue point that has an ad tag. */
  | { type: 'midrollDue' }
  /** The content ended; a post-roll follows when there is one. */
  | { type: 'contentEnded'; postroll: boolean };

export const initialAdsState: AdsState = { phase: 'beforePreroll', breaks: [] };

const inBreak = (phase: AdPhase): phase is 'preroll' | 'midroll' | 'postroll' =>
  phase === 'preroll' || phase === 'midroll' || phase === 'postroll';

export function adsReducer(state: AdsState, event: AdsEvent): AdsState {
  switch (event.type) {
    case 'start':
      if (state.phase !== 'beforePreroll') return state;
      return { ...state, phase: event.preroll ? 'preroll' : 'content' };
    case 'breakEnded': {
      if (!inBreak(state.phase)) return state;
      const breaks = [...state.breaks, { phase: state.phase, outcome: event.outcome }];
      return { phase: state.phase === 'postroll' ? 'adsDone' : 'content', breaks };
    }
    case 'midrollDue':
      return state.phase === 'content' ? { ...state, phase: 'midroll' } : state;
    case 'contentEnded':
      if (state.phase !== 'content') return state;
      return { ...state, phase: event.postroll ? 'postroll' : 'adsDone' };
  }
}

/** True while an ad break holds the screen: the content player waits (and is not mounted). */
export const isAdBreak = (phase: AdPhase): boolean => inBreak(phase);

/**
 * One ad's own steps inside a break: loading the VAST (the ad timeout bounds it), starting the
 * media (the preroll timeout bounds it), playing, and done with one outcome. `done` is final,
 * so an outcome is reported once whatever fires late.
 */
export type AdPlayPhase = 'loading' | 'starting' | 'playing' | 'done';

export interface AdPlayState {
  phase: AdPlayPhase;
  outcome?: AdOutcome;
}

export type AdPlayEvent =
  | { type: 'loaded' }
  | { type: 'playing' }
  | { type: 'ended' }
  | { type: 'empty' }
  | { type: 'error' }
  | { type: 'timeout' };

export const initialAdPlayState: AdPlayState = { phase: 'loading' };

export function adPlayReducer(state: AdPlayState, event: AdPlayEvent): AdPlayState {
  if (state.phase === 'done') return state;
  switch (event.type) {
    case 'loaded':
      return state.phase === 'loading' ? { phase: 'starting' } : state;
    case 'playing':
      return state.phase === 'starting' ? { phase: 'playing' } : state;
    case 'ended':
      return state.phase === 'playing' ? { phase: 'done', outcome: 'completed' } : state;
    case 'empty':
      return { phase: 'done', outcome: 'empty' };
    case 'error':
      return { phase: 'done', outcome: 'error' };
    case 'timeout':
      // The playing ad has its own watchdog (a stall); the two timeouts bound the other steps.
      return { phase: 'done', outcome: 'timeout' };
  }
}
