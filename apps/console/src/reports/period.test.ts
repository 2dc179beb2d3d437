import { describe, expect, it } from 'vitest';
import { daysBefore, defaultPeriod, formatMoney, mayRead, taipeiToday } from './period';

describe('report periods', () => {
  it('counts days in Taipei: 16:00 UTC is already the next day there', () => {
    expect(taipeiToday(Date.UTC(2026, 10, 19, 15, 59))).toBe('2026-11-19');
    expect(taipeiToday(Date.UTC(2026, 10, 19, 16, 0))).toBe('2026-11-20');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(defaultPeriod(Date.UTC(2026, 10, 19, 16, 0))).toEqual({
      from: '2026-10-22',
      to: '2026-11-20',
    });
  });

  it('lets each role read its reports only, an admin all', () => {
    expect(mayRead('revenue', ['finance'])).toBe(true);
    expect(mayRead('revenue', ['marketing'])).toBe(false);
    expect(mayRead('viewing', ['marketing'])).toBe(true);
    expect(mayRead('viewing', ['auditor'])).toBe(true);
    expect(mayRead('draws', ['finance'])).toBe(false);
    expect(mayRead('stored-value', ['admin'])).toBe(true);
    expect(formatMoney(-1234)).toBe('−NT$1,234');
  });
});
