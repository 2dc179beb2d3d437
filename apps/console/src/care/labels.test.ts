import { describe, expect, it } from 'vitest';
import { formatMoney, sourceText, startClockText, watchClockText } from './labels';

/** Intl may put a narrow or no-break space between date and time. */
const plain = (text: string) => text.replace(/\s/gu, ' ');

const base = {
  contentId: 'M1',
  name: '片',
  source: 'order:O1',
  grantedAt: 1_795_320_000,
  state: 'unstarted' as const,
};

describe('care labels', () => {
  it('writes money with its sign and grouping', () => {
    expect(formatMoney(1200)).toBe('NT$ 1,200');
    expect(formatMoney(-60)).toBe('−NT$ 60');
    expect(formatMoney(0)).toBe('NT$ 0');
  });

  it('names sources in words', () => {
    expect(sourceText('order:Oabc')).toBe('訂單 Oabc');
    expect(sourceText('voucher:ABCD1234')).toBe('序號 ABCD1234');
    expect(sourceText('care:goodwill')).toBe('care:goodwill');
    expect(sourceText(null)).toBe('—');
  });

  it("gives a rental's two clocks in Taipei time, before and after the first play", () => {
    const unstarted = {
      ...base,
      kind: 'rent' as const,
      startBy: 1_795_320_000 + 168 * 3600,
      watchHours: 48,
      firstPlayedAt: null,
      expiresAt: null,
    };
    // 1_795_320_000 is 2026-11-22 04:00 UTC, noon in Taipei.
    expect(plain(startClockText(unstarted))).toBe('2026/11/29 12:00 前須開始觀看');
    expect(plain(watchClockText(unstarted))).toBe('尚未開始（開始後 48 小時內看完）');
    const started = {
      ...unstarted,
      state: 'watching' as const,
      firstPlayedAt: 1_795_320_000,
      expiresAt: 1_795_320_000 + 48 * 3600,
    };
    expect(plain(startClockText(started))).toBe('已於 2026/11/22 12:00 開始觀看');
    expect(plain(watchClockText(started))).toBe('2026/11/24 12:00 前看完');
  });

  it('gives a purchase no clocks', () => {
    const bought = {
      ...base,
      kind: 'buy' as const,
      state: 'owned' as const,
      startBy: null,
      watchHours: null,
      firstPlayedAt: null,
      expiresAt: null,
    };
    expect(startClockText(bought)).toBe('—（購買無期限）');
    expect(watchClockText(bought)).toBe('—');
  });
});
