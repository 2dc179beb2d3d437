import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { BOOKMARK_INTERVAL_MS, LiveBookmarker, type BookmarkApi } from './bookmarks';

function fakeApi(insertFails?: () => unknown) {
  const calls: string[] = [];
  const api: BookmarkApi = {
    get: vi.fn(async (channelId: string) => {
      calls.push(`get ${channelId}`);
      return 'B1';
    }),
    insert: vi.fn(async (_channelId: string, id: string, reason: string) => {
      calls.push(`insert ${id} ${reason}`);
      const error = insertFails?.();
      if (error) throw error;
    }),
  };
  return { api, calls };
}

describe('live bookmarks (SPEC §7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gets one on first play, inserts every 30 s while playing, on pause and on error', async () => {
    const { api, calls } = fakeApi();
    const marks = new LiveBookmarker('ch01', api, vi.fn());
    marks.playing();
    marks.playing();
    await vi.advanceTimersByTimeAsync(BOOKMARK_INTERVAL_MS * 2);
    marks.paused();
    await vi.advanceTimersByTimeAsync(BOOKMARK_INTERVAL_MS * 3);
    marks.playing();
    marks.failed();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([
      'get ch01',
      'insert B1 interval',
      'insert B1 interval',
      'insert B1 pause',
      'insert B1 error',
    ]);
    marks.dispose();
  });

  it('code 480: the live has ended, told once, nothing more sent', async () => {
    const ended = new ApiError('480', '本頻道的直播已經結束，感謝您的收看。', 410);
    const { api, calls } = fakeApi(() => ended);
    const onEnded = vi.fn();
    const marks = new LiveBookmarker('ch01', api, onEnded);
    marks.playing();
    await vi.advanceTimersByTimeAsync(BOOKMARK_INTERVAL_MS);
    marks.paused();
    await vi.advanceTimersByTimeAsync(BOOKMARK_INTERVAL_MS * 3);
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledWith('本頻道的直播已經結束，感謝您的收看。');
    expect(calls).toEqual(['get ch01', 'insert B1 interval']);
  });

  it("sends the play's streamId; STREAM_STOPPED is told once and stops the bookmarks", async () => {
    const stopped = new ApiError(
      'STREAM_STOPPED',
      '這部裝置的播放已由同帳號的另一部裝置停止。',
      409,
    );
    let fail = false;
    const streamIds: (string | undefined)[] = [];
    const api: BookmarkApi = {
      get: vi.fn(async () => 'B1'),
      insert: vi.fn(async (_c: string, _b: string, _r: string, streamId?: string) => {
        streamIds.push(streamId);
        if (fail) throw stopped;
      }),
    };
    const onEnded = vi.fn();
    const onStopped = vi.fn();
    const marks = new LiveBookmarker('ch01', api, onEnded, {
      streamId: 'stream-abcdefgh',
      onStopped,
    });
    marks.playing();
    await vi.advanceTimersByTimeAsync(BOOKMARK_INTERVAL_MS);
    fail = true;
    marks.paused();
    await vi.advanceTimersByTimeAsync(0);
    marks.playing();
    marks.paused();
    await vi.advanceTimersByTimeAsync(BOOKMARK_INTERVAL_MS * 2);
    expect(streamIds).toEqual(['stream-abcdefgh', 'stream-abcdefgh']);
    expect(onStopped).toHaveBeenCalledTimes(1);
    expect(onStopped).toHaveBeenCalledWith(stopped.message);
    expect(onEnded).not.toHaveBeenCalled();
    marks.dispose();
  });

  it('other failures are quiet', async () => {
    const { api } = fakeApi(() => new ApiError('NETWORK', 'x', 0));
    const onEnded = vi.fn();
    const marks = new LiveBookmarker('ch01', api, onEnded);
    marks.playing();
    await vi.advanceTimersByTimeAsync(BOOKMARK_INTERVAL_MS * 2);
    expect(onEnded).not.toHaveBeenCalled();
    marks.dispose();
  });

  it('names one play id on every get of a play, a new one for the next play', async () => {
    let fail = true;
    const plays: string[] = [];
    const api: BookmarkApi = {
      get: vi.fn(async (_channelId: string, playId: string) => {
        plays.push(playId);
        if (fail) throw new Error('network');
        return 'B1';
      }),
      insert: vi.fn(async () => {}),
    };
    const first = new LiveBookmarker('ch01', api, vi.fn());
    first.playing();
    await vi.advanceTimersByTimeAsync(0);
    fail = false;
    first.paused();
    await vi.advanceTimersByTimeAsync(0);
    const second = new LiveBookmarker('ch01', api, vi.fn());
    second.playing();
    await vi.advanceTimersByTimeAsync(0);
    expect(plays).toHaveLength(3);
    expect(plays[0]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(plays[1]).toBe(plays[0]);
    expect(plays[2]).not.toBe(plays[0]);
    first.dispose();
    second.dispose();
  });
});
