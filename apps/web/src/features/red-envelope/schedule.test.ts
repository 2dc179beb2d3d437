import { describe, expect, it } from 'vitest';
import { frameAt, nextChange, openActivity } from './schedule';

const item = (activityId: string, start: number, end: number, isDraw: 'Y' | 'N' = 'N') => ({
  activityId,
  startCountdownSecond: start,
  endCountdownSecond: end,
  isDraw,
  startTime: '2026-11-22 12:00:00',
});

describe('red-envelope schedule', () => {
  const items = [
    item('past', -600, -300),
    item('drawn', -10, 100, 'Y'),
    item('a', 30, 330),
    item('b', 900, 1200),
  ];

  it('shows an activity from its start countdown until its end countdown', () => {
    expect(openActivity(items, 0, new Set())).toBeUndefined();
    expect(openActivity(items, 29.9, new Set())).toBeUndefined();
    expect(openActivity(items, 30, new Set())?.activityId).toBe('a');
    expect(openActivity(items, 329.9, new Set())?.activityId).toBe('a');
    expect(openActivity(items, 330, new Set())).toBeUndefined();
    expect(openActivity(items, 950, new Set())?.activityId).toBe('b');
  });

  it('skips activities drawn (server or here) and past ones', () => {
    expect(openActivity(items, 50, new Set(['a']))).toBeUndefined();
    expect(openActivity([item('drawn', -10, 100, 'Y')], 0, new Set())).toBeUndefined();
    expect(openActivity([item('past', -600, -300)], 0, new Set())).toBeUndefined();
  });

  it('knows the next moment the box changes', () => {
    expect(nextChange(items, 0)).toBe(30);
    expect(nextChange(items, 30)).toBe(330);
    expect(nextChange(items, 1200)).toBeUndefined();
  });

  it('animates 5 frames of 200 ms every 2000 ms', () => {
    const frames = Array.from({ length: 20 }, (_, i) => frameAt(i));
    expect(frames).toEqual([1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 0, 0, 0, 0, 0]);
  });
});
