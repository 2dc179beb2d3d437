import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { createHeartbeatMachine, heartbeatOf } from './resume-heartbeat';

describe('heartbeatOf', () => {
  it('waits until the length is known', () => {
    expect(heartbeatOf('M0001', { currentTime: 0, duration: NaN }, 1)).toBeNull();
    expect(heartbeatOf('M0001', { currentTime: 0, duration: Infinity }, 1)).toBeNull();
  });
  it('sends whole seconds within the length, and the time as seq', () => {
    expect(heartbeatOf('M0001', { currentTime: 12.7, duration: 30.02 }, 1_700_000_000_123)).toEqual(
      { contentId: 'M0001', positionSeconds: 12, durationSeconds: 30, seq: 1_700_000_000_123 },
    );
    expect(heartbeatOf('M0001', { currentTime: 30.5, duration: 30.2 }, 5)).toMatchObject({
      positionSeconds: 30,
      durationSeconds: 30,
    });
  });
});

describe('createHeartbeatMachine', () => {
  const video = (currentTime: number) =>
    ({ currentTime, duration: 30 }) as unknown as HTMLVideoElement;

  it('sends on pause and end only for members, and only after play started', () => {
    const sent: number[] = [];
    const machine = createHeartbeatMachine(
      (beat) => sent.push(beat.positionSeconds),
      () => 7,
    );
    machine.configure('M0001', true);
    machine.send();
    expect(sent).toEqual([]);
    machine.onPause(video(4));
    machine.onPause(video(30));
    machine.onEnded(video(30));
    expect(sent).toEqual([4, 30]);
    machine.configure('M0001', false);
    machine.onPause(video(5));
    expect(sent).toEqual([4, 30]);
  });

  it("sends the play's streamId, and stops for good at STREAM_STOPPED", () => {
    const sent: (string | undefined)[] = [];
    const refusals: ((error: unknown) => void)[] = [];
    const stopped: string[] = [];
    let now = 0;
    const machine = createHeartbeatMachine(
      (beat, onRefused) => {
        sent.push(beat.streamId);
        refusals.push(onRefused);
      },
      () => (now += 5_000),
    );
    machine.configure('M0001', true, 'stream-abcdefgh');
    machine.whenStopped((message) => stopped.push(message));
    machine.onPause(video(4));
    expect(sent).toEqual(['stream-abcdefgh']);
    // Other refusals are quiet.
    refusals[0]?.(new ApiError('HTTP_500', '伺服器錯誤', 500));
    machine.onPause(video(6));
    expect(sent).toHaveLength(2);
    refusals[1]?.(new ApiError('STREAM_STOPPED', '已由另一部裝置停止', 409));
    refusals[1]?.(new ApiError('STREAM_STOPPED', '已由另一部裝置停止', 409));
    expect(stopped).toEqual(['已由另一部裝置停止']);
    machine.configure('M0001', true, 'stream-abcdefgh');
    machine.onPause(video(8));
    expect(sent).toHaveLength(2);
  });
});
