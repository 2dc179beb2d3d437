import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { withRetries } from './live';

describe('switch-channel retries (SPEC §7, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks at most five times in all, then gives up', async () => {
    const attempt = vi.fn(() => Promise.reject(new ApiError('NETWORK', 'x', 0)));
    const result = withRetries(attempt, 5, 100).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await result).toBeInstanceOf(ApiError);
    expect(attempt).toHaveBeenCalledTimes(5);
  });

  it('stops at the first success', async () => {
    let n = 0;
    const attempt = vi.fn(() =>
      ++n < 3 ? Promise.reject(new ApiError('HTTP_502', 'x', 502)) : Promise.resolve('ok'),
    );
    const result = withRetries(attempt, 5, 100);
    await vi.runAllTimersAsync();
    expect(await result).toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('does not retry a refusal', async () => {
    const attempt = vi.fn(() => Promise.reject(new ApiError('NOT_FOUND', '找不到', 404)));
    await expect(withRetries(attempt, 5, 100)).rejects.toThrow('找不到');
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
