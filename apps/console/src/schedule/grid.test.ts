import { describe, expect, it } from 'vitest';
import {
  DAY,
  addDays,
  dayStart,
  dragResult,
  editability,
  mondayOf,
  placeBlocks,
  snap,
  weekDays,
} from './grid';

const MONDAY = 1_795_363_200; // 2026-11-23 00:00 Taipei
const HOUR = 3600;

describe('the week grid', () => {
  it('weeks are Taipei weeks, Monday first, whatever the day asked', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(mondayOf('2026-11-30')).toBe('2026-11-30');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across the year
    const days = weekDays('2026-11-26');
    expect(days.map((d) => d.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(days[0]).toEqual({ date: '2026-11-23', label: '11/23（一）', start: MONDAY });
    expect(days[6]!.label).toBe('11/29（日）');
    expect(addDays('2026-11-23', -7)).toBe('2026-11-16');
    expect(dayStart('2026-02-30')).toBeNull();
    expect(dayStart('bad')).toBeNull();
  });

  it('places blocks in their day; one across midnight in two pieces', () => {
    const days = weekDays('2026-11-23');
    const late = { start: MONDAY + 23 * HOUR, end: MONDAY + DAY + HOUR };
    const placed = placeBlocks([{ start: MONDAY + HOUR, end: MONDAY + 2 * HOUR }, late], days);
    expect(
      placed.map((p) => [p.day, p.top, p.height, p.continuesBefore, p.continuesAfter]),
    ).toEqual([
      [0, HOUR, HOUR, false, false],
      [0, 23 * HOUR, HOUR, false, true],
      [1, 0, HOUR, true, false],
    ]);
    // Outside the week: nothing.
    expect(placeBlocks([{ start: MONDAY - HOUR, end: MONDAY }], days)).toEqual([]);
  });

  it('drags snap to 5 minutes; a move keeps the length and crosses days; a resize keeps a minimum', () => {
    expect(snap(7 * 60)).toBe(5 * 60);
    expect(snap(8 * 60)).toBe(10 * 60);
    const p = { start: MONDAY + 20 * HOUR, end: MONDAY + 21 * HOUR };
    expect(dragResult(p, 'move', 32 * 60)).toEqual({
      start: MONDAY + 20.5 * HOUR,
      end: MONDAY + 21.5 * HOUR,
    });
    expect(dragResult(p, 'move', 0, 2)).toEqual({ start: p.start + 2 * DAY, end: p.end + 2 * DAY });
    expect(dragResult(p, 'resize', 29 * 60)).toEqual({ start: p.start, end: p.end + 30 * 60 });
    expect(dragResult(p, 'resize', -2 * HOUR)).toEqual({ start: p.start, end: p.start + 300 });
  });

  it('says what may be changed: aired, on air (only its end) or not yet', () => {
    const p = { start: 100, end: 200 };
    expect(editability(p, 200)).toBe('aired');
    expect(editability(p, 150)).toBe('onAir');
    expect(editability(p, 100)).toBe('future');
  });
});
