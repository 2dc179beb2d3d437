import { describe, expect, it } from 'vitest';
import {
  MAX_CONSECUTIVE_ERRORS,
  RESOURCE_DELAY_MS,
  initialPlayerState,
  isLoading,
  playerReducer,
  type PlaybackError,
  type PlayerEvent,
  type PlayerState,
} from './machine';

const failure: PlaybackError = { code: 2, detail: 'fragLoadError', position: 12.5 };

const event = (type: PlayerEvent['type']): PlayerEvent =>
  type === 'error' ? { type, error: failure } : ({ type } as PlayerEvent);

const run = (events: PlayerEvent['type'][], from: PlayerState = initialPlayerState) =>
  events.reduce((state, type) => playerReducer(state, event(type)), from);

describe('playerReducer', () => {
  it('uses the spec’s constants: 10 retries, re-source after 100 ms', () => {
    expect([MAX_CONSECUTIVE_ERRORS, RESOURCE_DELAY_MS]).toEqual([10, 100]);
  });

  it('goes idle → loading → paused → playing → ended', () => {
    expect(run(['load']).phase).toBe('loading');
    expect(run(['load', 'canplay']).phase).toBe('paused');
    expect(run(['load', 'canplay', 'playing']).phase).toBe('playing');
    expect(run(['load', 'canplay', 'playing', 'pause']).phase).toBe('paused');
    expect(run(['load', 'canplay', 'playing', 'ended']).phase).toBe('ended');
  });

  it('shows loading before the first frame, between attempts and while stalled', () => {
    expect(isLoading(run(['load']))).toBe(true);
    expect(isLoading(run(['load', 'canplay', 'playing']))).toBe(false);
    expect(isLoading(run(['load', 'canplay', 'playing', 'waiting']))).toBe(true);
    expect(isLoading(run(['load', 'canplay', 'playing', 'waiting', 'playing']))).toBe(false);
    expect(isLoading(run(['load', 'canplay', 'playing', 'error']))).toBe(true);
    // A stall while paused (seeking a paused video) is not playback waiting.
    expect(isLoading(run(['load', 'canplay', 'waiting']))).toBe(false);
  });

  it('re-sources after an error, counting the error once and keeping it for the log', () => {
    const retrying = run(['load', 'error', 'error']);
    expect(retrying).toMatchObject({ phase: 'retrying', errorCount: 1, attempt: 0 });
    expect(retrying.lastError).toEqual(failure);
    expect(run(['resource'], retrying)).toMatchObject({ phase: 'loading', attempt: 1 });
  });

  it('gives each counted error its own record, so each is logged once', () => {
    const first = run(['load', 'error']);
    const duplicate = run(['error'], first);
    const second = run(['resource', 'error'], first);
    expect(duplicate.lastError).toBe(first.lastError);
    expect(second.lastError).not.toBe(first.lastError);
    expect(second.lastError).toEqual(failure);
  });

  it(`gives up after ${MAX_CONSECUTIVE_ERRORS} consecutive retries`, () => {
    let state = run(['load']);
    for (let i = 0; i < MAX_CONSECUTIVE_ERRORS; i += 1) state = run(['error', 'resource'], state);
    expect(state).toMatchObject({ phase: 'loading', attempt: MAX_CONSECUTIVE_ERRORS });
    state = run(['error'], state);
    expect(state).toMatchObject({
      phase: 'error',
      failure: 'retries',
      errorCount: MAX_CONSECUTIVE_ERRORS + 1,
    });
    // Final: nothing re-sources, plays or logs again.
    expect(run(['resource', 'canplay', 'playing', 'error'], state)).toBe(state);
  });

  it('resets the count on canplay', () => {
    let state = run(['load']);
    for (let i = 0; i < MAX_CONSECUTIVE_ERRORS; i += 1) state = run(['error', 'resource'], state);
    state = run(['canplay', 'playing', 'error', 'resource'], state);
    expect(state).toMatchObject({ phase: 'loading', errorCount: 1 });
    for (let i = 1; i < MAX_CONSECUTIVE_ERRORS; i += 1) state = run(['error', 'resource'], state);
    expect(state.phase).toBe('loading');
  });

  it('ends at once when the browser cannot play HLS', () => {
    expect(run(['load', 'unsupported'])).toMatchObject({ phase: 'error', failure: 'unsupported' });
  });
});
