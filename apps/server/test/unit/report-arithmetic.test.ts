import { describe, expect, it } from 'vitest';
import { reportPeriodSchema, daysBetween } from '@site/contract/console';
import { addDays, periodDays, taipeiMonth } from '../../src/modules/reports/days.js';
import { addFigures, zeroFigures } from '../../src/modules/reports/revenue.js';
import { guaranteeEnd } from '../../src/modules/reports/stored-value.js';
import { taipeiDateStart } from '../../src/taipei-time.js';

describe('report arithmetic (docs/adr/0054)', () => {
  it('makes a period of whole Taipei days, each starting at Taipei midnight', () => {
    const days = periodDays({ from: '2026-02-27', to: '2026-03-01' });
    expect(days.days.map((d) => d.date)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(days.start).toBe(Date.UTC(2026, 1, 26, 16) / 1000);
    expect(days.end).toBe(taipeiDateStart(2026, 3, 2));
    // The hour from 15:00 to 16:00 UTC is still the previous Taipei day; 16:00 starts the next.
    const hour = (utc: number) => Math.floor(utc / 1000 / 3600);
    expect(days.indexOfHour(hour(Date.UTC(2026, 1, 26, 15)))).toBe(-1);
    expect(days.indexOfHour(hour(Date.UTC(2026, 1, 26, 16)))).toBe(0);
    expect(days.indexOfHour(hour(Date.UTC(2026, 1, 28, 15)))).toBe(1);
    expect(days.indexOfHour(hour(Date.UTC(2026, 1, 28, 16)))).toBe(2);
    expect(days.indexOfHour(hour(Date.UTC(2026, 2, 1, 16)))).toBe(-1);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(taipeiMonth(Date.UTC(2026, 9, 31, 16) / 1000)).toBe('2026-11');
  });

  it('ends the bank guarantee on the last day of the sale month a year on', () => {
    expect(guaranteeEnd('2026-01')).toBe('2027-01-31');
    expect(guaranteeEnd('2027-02')).toBe('2028-02-29');
    expect(guaranteeEnd('2026-12')).toBe('2027-12-31');
  });

  it('adds figures and keeps net as sales less refunds', () => {
    const a = zeroFigures();
    a.rent = { count: 2, amount: 160 };
    a.monthly = { count: 1, amount: 149 };
    a.refunds = { count: 1, amount: 80 };
    a.paidByCard = 309;
    const total = zeroFigures();
    addFigures(total, a);
    addFigures(total, a);
    expect(total.rent).toEqual({ count: 4, amount: 320 });
    expect(total.paidByCard).toBe(618);
    expect(total.net).toBe(2 * (160 + 149 - 80));
  });

  it('takes periods of 1 to 92 days, in order, of real dates', () => {
    expect(daysBetween('2026-01-01', '2026-04-01')).toBe(90);
    expect(reportPeriodSchema.safeParse({ from: '2026-01-01', to: '2026-04-02' }).success).toBe(
      true,
    );
    expect(reportPeriodSchema.safeParse({ from: '2026-01-01', to: '2026-04-03' }).success).toBe(
      false,
    );
    expect(reportPeriodSchema.safeParse({ from: '2026-05-02', to: '2026-05-01' }).success).toBe(
      false,
    );
    expect(reportPeriodSchema.safeParse({ from: '2026-02-29', to: '2026-03-01' }).success).toBe(
      false,
    );
  });
});
