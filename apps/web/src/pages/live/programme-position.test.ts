import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import type { ProgramPosition } from '../../api/catchup';
import {
  PROGRAM_POSITION_INTERVAL_MS,
  createProgramPositionBeats,
  programPositionOf,
} from './programme-position';

const video = (currentTime: number) => ({ currentTime }) as unknown as HTMLVideoElement;
const target = { channelId: 'ch01', programStart: '1764000000' };

describe('programPositionOf', () => {
  it('sends whole seconds from the programme start, the lease when there is one', () => {
    expect(programPositionOf(target, video(65.9), 42)).toEqual({
      channelId: 'ch01',
      programStart: '1764000000',
      positionSeconds: 65,
      seq: 42,
    });
    expect(
      programPositionOf({ ...target, streamId: 'stream-abcdefgh' }, video(-1), 1),
    ).toMatchObject({ positionSeconds: 0, streamId: 'stream-abcdefgh' });
    expect(programPositionOf(target, video(NaN), 1).positionSeconds).toBe(0);
  });
});

describe('createProgramPositionBeats', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('beats every 30 s while playing, on pause and at the end, for members only', () => {
    const sent: ProgramPosition[] = [];
    let now = 0;
    const beats = createProgramPositionBeats(
      (beat) => sent.push(beat),
      () => (now += 2_000),
    );
    beats.configure(target, true);
    beats.send();
    expect(sent).toEqual([]);
    const element = video(10);
    beats.onPlaying(element);
    element.currentTime = 40;
    vi.advanceTimersByTime(PROGRAM_POSITION_INTERVAL_MS);
    expect(sent.map((beat) => beat.positionSeconds)).toEqual([40]);
    element.currentTime = 52;
    beats.onPause(element);
    // Paused: no timer.
    vi.advanceTimersByTime(PROGRAM_POSITION_INTERVAL_MS * 3);
    expect(sent.map((beat) => beat.positionSeconds)).toEqual([40, 52]);
    beats.configure(target, false);
    beats.onEnded(video(60));
    beats.send();
    expect(sent).toHaveLength(2);
  });

  it('says the end once (pause then ended at the same second)', () => {
    const sent: number[] = [];
    const beats = createProgramPositionBeats(
      (beat) => sent.push(Number(beat.positionSeconds)),
      () => 7,
    );
    beats.configure(target, true);
    beats.onPause(video(3600));
    beats.onEnded(video(3600));
    expect(sent).toEqual([3600]);
  });

  it('forgets the last programme’s video when another one is configured', () => {
    const sent: ProgramPosition[] = [];
    const beats = createProgramPositionBeats((beat) => sent.push(beat));
    beats.configure(target, true);
    beats.onPause(video(30));
    beats.configure({ channelId: 'ch01', programStart: '1764003600' }, true);
    beats.send();
    expect(sent).toHaveLength(1);
  });

  it('stops for good at STREAM_STOPPED and says so once; other refusals are quiet', () => {
    const refusals: ((error: unknown) => void)[] = [];
    const stopped: string[] = [];
    let now = 0;
    const beats = createProgramPositionBeats(
      (_beat, onRefused) => refusals.push(onRefused),
      () => (now += 5_000),
    );
    beats.configure({ ...target, streamId: 'stream-abcdefgh' }, true);
    beats.whenStopped((message) => stopped.push(message));
    beats.onPause(video(4));
    refusals[0]?.(new ApiError('HTTP_500', '伺服器錯誤', 500));
    beats.onPause(video(6));
    expect(refusals).toHaveLength(2);
    refusals[1]?.(new ApiError('STREAM_STOPPED', '已由另一部裝置停止', 409));
    refusals[1]?.(new ApiError('STREAM_STOPPED', '已由另一部裝置停止', 409));
    expect(stopped).toEqual(['已由另一部裝置停止']);
    beats.configure({ ...target, streamId: 'stream-abcdefgh' }, true);
    beats.onPause(video(8));
    expect(refusals).toHaveLength(2);
  });
});
