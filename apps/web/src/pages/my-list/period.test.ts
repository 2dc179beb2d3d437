import { describe, expect, it } from 'vitest';
import { isBackwards, monthOptions, parseMonth, taipeiMonth } from './period';

describe('taipeiMonth', () => {
  it('turns the month at Taipei midnight', () => {
    expect(taipeiMonth(new Date('2026-01-31T15:59:59Z'))).toEqual({ year: 2026, month: 1 });
    expect(taipeiMonth(new Date('2026-01-31T16:00:00Z'))).toEqual({ year: 2026, month: 2 });
  });
});

describe('monthOptions', () => {
  it('lists months newest first across the year boundary', () => {
    const options = monthOptions(new Date('2026-02-10T00:00:00Z'), 3);
    expect(options.map((o) => o.value)).toEqual(['202602', '202601', '202512']);
    expect(options[2]).toEqual({ value: '202512', year: 2025, month: 12 });
  });
});

describe('parseMonth and isBackwards', () => {
  it('accepts YYYYMM only', () => {
    expect(parseMonth('202611')).toBe('202611');
    expect(parseMonth('202613')).toBeUndefined();
    expect(parseMonth('2026-11')).toBeUndefined();
    expect(parseMonth(null)).toBeUndefined();
  });
  it('finds a start after the end', () => {
    expect(isBackwards('202611', '202610')).toBe(true);
    expect(isBackwards('202610', '202610')).toBe(false);
    expect(isBackwards(undefined, '202610')).toBe(false);
  });
});
