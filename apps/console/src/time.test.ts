import { describe, expect, it } from 'vitest';
import { formatTaipei, taipeiDayToUnix, taipeiLocalToUnix, unixToTaipeiLocal } from './time';

describe('Taipei times in the console', () => {
  // 2026-11-22 12:00 Taipei.
  const noon = 1_795_320_000;
  it('formats and reads back Taipei wall-clock times', () => {
    expect(formatTaipei(noon)).toMatch(/^2026\/11\/22\s12:00$/);
    expect(formatTaipei(0)).toBe('—');
    expect(unixToTaipeiLocal(noon)).toBe('2026-11-22T12:00');
    expect(taipeiLocalToUnix('2026-11-22T12:00')).toBe(noon);
    expect(taipeiLocalToUnix('nonsense')).toBeUndefined();
  });
  it('takes a Taipei day from its first second to its last', () => {
    expect(taipeiDayToUnix('2026-11-22')).toBe(noon - 12 * 3600);
    expect(taipeiDayToUnix('2026-11-22', true)).toBe(noon + 12 * 3600 - 1);
  });
});
