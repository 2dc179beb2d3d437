import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientRateLimiter } from '../../src/lib/rate-limiter.js';
import { LogBatcher } from '../../src/modules/telemetry/log-batcher.js';

describe('LogBatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes what arrived within maxDelayMs as one batch, then answers each row', async () => {
    const batches: number[][] = [];
    const batcher = new LogBatcher<number>(
      async (rows) => {
        batches.push(rows);
      },
      { maxRows: 10, maxDelayMs: 100, maxQueued: 100 },
    );
    const answered: number[] = [];
    for (const n of [1, 2, 3]) void batcher.add(n).then(() => answered.push(n));
    await vi.advanceTimersByTimeAsync(99);
    expect(batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(answered).toEqual([1, 2, 3]);
  });

  it('writes at once when a batch is full, and keeps the rest for the next', async () => {
    const batches: number[][] = [];
    const batcher = new LogBatcher<number>(
      async (rows) => {
        batches.push(rows);
      },
      { maxRows: 4, maxDelayMs: 100, maxQueued: 100 },
    );
    const all = Array.from({ length: 10 }, (_, i) => batcher.add(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.length)).toEqual([4, 4, 2]);
    await Promise.all(all);
  });

  it('fails the rows of a failed batch, refuses past maxQueued, and flushes on close', async () => {
    let fail = true;
    const written: number[] = [];
    const batcher = new LogBatcher<number>(
      async (rows) => {
        if (fail) throw new Error('database down');
        written.push(...rows);
      },
      { maxRows: 10, maxDelayMs: 100, maxQueued: 2 },
    );
    const failed = batcher.add(1);
    const outcome = failed.catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toBe('database down');

    fail = false;
    const kept = [batcher.add(2), batcher.add(3)];
    await expect(batcher.add(4)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await batcher.close();
    await Promise.all(kept);
    expect(written).toEqual([2, 3]);
    await expect(batcher.add(5)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });
});

describe('ClientRateLimiter', () => {
  it('counts per client in fixed windows and bounds the clients it tracks', async () => {
    let now = 1_000_040; // 20 s into a window
    const limiter = new ClientRateLimiter(
      { limit: 2, windowSeconds: 60, maxClients: 2 },
      () => now,
    );
    const hits = async (...clients: string[]) => {
      const answers: boolean[] = [];
      for (const client of clients) answers.push(await limiter.hit(client));
      return answers;
    };
    expect(await hits('a', 'a', 'a')).toEqual([true, true, false]);
    expect(await limiter.hit('b')).toBe(true);
    // A third address in a full table waits for the next window.
    expect(await limiter.hit('c')).toBe(false);
    expect(limiter.secondsLeft()).toBe(40);
    now += 40;
    expect(await hits('a', 'c')).toEqual([true, true]);
  });
});
