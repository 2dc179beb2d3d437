import { describe, expect, it } from 'vitest';
import { alignSeries, formatChartValue, taipeiDayLabel } from './series';

describe('chart series', () => {
  it('puts every series on one time axis, leaving gaps where a series has no point', () => {
    const { xs, columns } = alignSeries([
      {
        label: 'a',
        points: [
          [20, 2],
          [10, 1],
        ],
      },
      {
        label: 'b',
        points: [
          [30, 5],
          [10, null],
        ],
      },
    ]);
    expect(xs).toEqual([10, 20, 30]);
    expect(columns).toEqual([
      [1, 2, null],
      [null, null, 5],
    ]);
  });

  it('names moments by their Taipei date, with the time unless it is Taipei midnight', () => {
    // 2026-11-20 00:00 in Taipei is 2026-11-19 16:00 UTC.
    const midnight = Date.UTC(2026, 10, 19, 16) / 1000;
    expect(taipeiDayLabel(midnight)).toBe('2026/11/20');
    expect(taipeiDayLabel(midnight - 60)).toBe('2026/11/19 23:59');
    expect(formatChartValue(1234567)).toBe('1,234,567');
    expect(formatChartValue(null)).toBe('—');
  });
});
