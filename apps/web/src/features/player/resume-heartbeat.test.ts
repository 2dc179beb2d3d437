import { describe, expect, it } from 'vitest';
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
});
