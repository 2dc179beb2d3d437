/** SPEC §4/§9: playback error retries 10, re-source after 100 ms. */
export const MAX_CONSECUTIVE_ERRORS = 10;
export const RESOURCE_DELAY_MS = 100;

export type Phase = 'idle' | 'loading' | 'playing' | 'paused' | 'retrying' | 'ended' | 'error';

export interface PlayerState {
  phase: Phase;
  /** Errors since the last `canplay`. */
  errorCount: number;
  /** Bumped on every re-source; the player builds a fresh media session per attempt. */
  attempt: number;
  failure?: 'retries' | 'unsupported';
}

export type PlayerEvent =
  | { type: 'load' }
  | { type: 'canplay' }
  | { type: 'playing' }
  | { type: 'pause' }
  | { type: 'ended' }
  | { type: 'error' }
  | { type: 'resource' }
  | { type: 'unsupported' };

export const initialPlayerState: PlayerState = { phase: 'idle', errorCount: 0, attempt: 0 };

/**
 * The player's lifecycle: idle → loading → playing ⇄ paused → ended, with errors going through
 * `retrying` (re-source after a pause) until too many in a row end in `error`, which is final.
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
        phase: state.phase === 'loading' ? 'paused' : state.phase,
      };
    case 'playing':
      return state.phase === 'retrying' ? state : { ...state, phase: 'playing' };
    case 'pause':
      return state.phase === 'playing' ? { ...state, phase: 'paused' } : state;
    case 'ended':
      return state.phase === 'retrying' ? state : { ...state, phase: 'ended' };
    case 'error': {
      // One failure often reports twice (library and element); count it once per attempt.
      if (state.phase === 'retrying') return state;
      const errorCount = state.errorCount + 1;
      if (errorCount > MAX_CONSECUTIVE_ERRORS) {
        return { ...state, errorCount, phase: 'error', failure: 'retries' };
      }
      return { ...state, errorCount, phase: 'retrying' };
    }
    case 'resource':
      return state.phase === 'retrying'
        ? { ...state, phase: 'loading', attempt: state.attempt + 1 }
        : state;
    case 'unsupported':
      return { ...state, phase: 'error', failure: 'unsupported' };
  }
}
