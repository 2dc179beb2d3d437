/** SPEC §4/§9: playback error retries 10, re-source after 100 ms. */
export const MAX_CONSECUTIVE_ERRORS = 10;
export const RESOURCE_DELAY_MS = 100;

export type Phase = 'idle' | 'loading' | 'playing' | 'paused' | 'retrying' | 'ended' | 'error';

/** One playback error as the log and the alert need it (SPEC §7 playbackError, §8 codes). */
export interface PlaybackError {
  /** SPEC §8 player error code: 1–5, or 0 for unknown. */
  code: number;
  /** What the library or the element said (hls.js details, MediaError message). */
  detail: string;
  /** Seconds into the stream. */
  position: number;
}

export interface PlayerState {
  phase: Phase;
  /** Errors since the last `canplay`. */
  errorCount: number;
  /** Bumped on every re-source; the player builds a fresh media session per attempt. */
  attempt: number;
  /** Waiting for data while playing (the element's `waiting`), cleared when frames flow again. */
  buffering: boolean;
  /** The last error counted: a new object for each, so an effect can log every one once. */
  lastError?: PlaybackError;
  failure?: 'retries' | 'unsupported';
}

export type PlayerEvent =
  | { type: 'load' }
  | { type: 'canplay' }
  | { type: 'playing' }
  | { type: 'waiting' }
  | { type: 'pause' }
  | { type: 'ended' }
  | { type: 'error'; error: PlaybackError }
  | { type: 'resource' }
  | { type: 'unsupported' };

export const initialPlayerState: PlayerState = {
  phase: 'idle',
  errorCount: 0,
  attempt: 0,
  buffering: false,
};

/**
 * The player's lifecycle: idle → loading → playing ⇄ paused → ended, with errors going through
 * `retrying` (re-source after a pause) until too many in a row end in `error`, which is final:
 * the media session is disposed and the alert shown (SPEC §4).
 */
export function playerReducer(state: PlayerState, event: PlayerEvent): PlayerState {
  if (state.phase === 'error') return state;
  switch (event.type) {
    case 'load':
      return state.phase === 'idle' ? { ...state, phase: 'loading' } : state;
    case 'canplay':
      return {
        ...state,
        errorCount: 0,
        buffering: false,
        phase: state.phase === 'loading' ? 'paused' : state.phase,
      };
    case 'playing':
      return state.phase === 'retrying' ? state : { ...state, phase: 'playing', buffering: false };
    case 'waiting':
      return state.phase === 'playing' ? { ...state, buffering: true } : state;
    case 'pause':
      return state.phase === 'playing' ? { ...state, phase: 'paused', buffering: false } : state;
    case 'ended':
      return state.phase === 'retrying' ? state : { ...state, phase: 'ended', buffering: false };
    case 'error': {
      // One failure often reports twice (library and element); count it once per attempt.
      if (state.phase === 'retrying') return state;
      const errorCount = state.errorCount + 1;
      const next = { ...state, errorCount, buffering: false, lastError: { ...event.error } };
      if (errorCount > MAX_CONSECUTIVE_ERRORS) {
        return { ...next, phase: 'error', failure: 'retries' };
      }
      return { ...next, phase: 'retrying' };
    }
    case 'resource':
      return state.phase === 'retrying'
        ? { ...state, phase: 'loading', attempt: state.attempt + 1 }
        : state;
    case 'unsupported':
      return { ...state, phase: 'error', failure: 'unsupported', buffering: false };
  }
}

/** Whether the loading indicator shows: before the first frame, between attempts, stalled. */
export function isLoading(state: PlayerState): boolean {
  return state.phase === 'loading' || state.phase === 'retrying' || state.buffering;
}
