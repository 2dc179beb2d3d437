import { describe, expect, it } from 'vitest';
import {
  MAX_CONSECUTIVE_ERRORS,
  initialPlayerState,
  playerReducer,
  type PlayerEvent,
  type PlayerState,
} from './machine';

const run = (events: PlayerEvent['type'][], from: PlayerState = initialPlayerState) =>
  events.reduce((state, type) => playerReducer(state, { type } as PlayerEvent), from);

describe('playerReducer', () => {
  it('goes idle → loading → paused → playing → ended', () => {
    expect(run(['load']).phase).toBe('loading');
    expect(run(['load', 'canplay']).phase).toBe('paused');
    expect(run(['load', 'canplay', 'playing']).phase).toBe('playing');
    expect(run(['load', 'canplay', 'playing', 'pause']).phase).toBe('paused');
    expect(run(['load', 'canplay', 'playing', 'ended']).phase).toBe('ended');
  });

  it('re-sources after an error, counting the error once', () => {
    const retrying = run(['load', 'error', 'error']);
    expect(retrying).toMatchObject({ phase: 'retrying', errorCount: 1, attempt: 0 });
    expect(run(['resource'], retrying)).toMatchObject({ phase: 'loading', attempt: 1 });
  });

  it(`gives up after ${MAX_CONSECUTIVE_ERRORS} consecutive retries`, () => {
    let state = run(['load']);
    for (let i = 0; i < MAX_CONSECUTIVE_ERRORS; i += 1) state = run(['error', 'resource'], state);
    expect(state).toMatchObject({ phase: 'loading', attempt: MAX_CONSECUTIVE_ERRORS });
    state = run(['error'], state);
    expect(state).toMatchObject({ phase: 'error', failure: 'retries' });
    expect(run(['resource', 'canplay', 'playing'], state)).toBe(state);
  });

  it('resets the count on canplay', () => {
    let state = run(['load']);
    for (let i = 0; i < MAX_CONSECUTIVE_ERRORS; i += 1) state = run(['error', 'resource'], state);
    state = run(['canplay', 'playing', 'error', 'resource'], state);
    expect(state).toMatchObject({ phase: 'loading', errorCount: 1 });
  });

  it('ends at once when the browser cannot play HLS', () => {
    expect(run(['load', 'unsupported'])).toMatchObject({ phase: 'error', failure: 'unsupported' });
  });
});
