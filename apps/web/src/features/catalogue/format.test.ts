import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, formatPosition } from './format';

describe('formatPosition', () => {
  it('shows minutes and seconds, with hours when there are any', () => {
    expect(formatPosition(0)).toBe('0:00');
    expect(formatPosition(7.9)).toBe('0:07');
    expect(formatPosition(750)).toBe('12:30');
    expect(formatPosition(3723)).toBe('1:02:03');
    expect(formatPosition(-5)).toBe('0:00');
  });
});

describe('formatDuration', () => {
  it('gives hours and minutes', () => {
    expect(formatDuration(0)).toBe('');
    expect(formatDuration(20)).toBe('不到 1 分鐘');
    expect(formatDuration(30)).toBe('1 分鐘');
    expect(formatDuration(95 * 60)).toBe('1 小時 35 分鐘');
    expect(formatDuration(45 * 60)).toBe('45 分鐘');
  });
});

describe('formatDateTime', () => {
  it('is Taipei time', () => {
    // 2026-01-31T16:05:00Z is 2026-02-01 00:05 in Taipei.
    expect(formatDateTime(Date.UTC(2026, 0, 31, 16, 5) / 1000)).toMatch(/2026\/02\/01.*00:05/);
  });
});
