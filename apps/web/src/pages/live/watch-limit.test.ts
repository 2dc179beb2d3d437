import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WatchLimit } from './watch-limit';

describe('the anonymous watching limit (SPEC §6)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stops after minutes × 60 s of playing, counting only while playing', () => {
    const reached = vi.fn();
    const limit = new WatchLimit(10 * 60, reached);
    limit.playing();
    vi.advanceTimersByTime(4 * 60_000);
    limit.stopped();
    vi.advanceTimersByTime(60 * 60_000);
    expect(reached).not.toHaveBeenCalled();
    limit.playing();
    limit.playing(); // a second 'playing' does not restart the count
    vi.advanceTimersByTime(6 * 60_000 - 1);
    expect(reached).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reached).toHaveBeenCalledTimes(1);
    expect(limit.isReached).toBe(true);
    limit.playing();
    vi.advanceTimersByTime(60 * 60_000);
    expect(reached).toHaveBeenCalledTimes(1);
  });

  it('does nothing once disposed', () => {
    const reached = vi.fn();
    const limit = new WatchLimit(60, reached);
    limit.playing();
    limit.dispose();
    vi.advanceTimersByTime(120_000);
    expect(reached).not.toHaveBeenCalled();
  });
});
