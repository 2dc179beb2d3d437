import { describe, expect, it } from 'vitest';
import {
  emailProblem,
  formatDate,
  formatSignedAmount,
  labelOf,
  pageCount,
  phoneProblem,
} from './format';

describe('account centre formatting', () => {
  it('shows dates in Asia/Taipei', () => {
    // 2026-11-21 16:30 UTC is already 2026-11-22 in Taipei.
    expect(formatDate(Date.UTC(2026, 10, 21, 16, 30) / 1000)).toBe('2026/11/22');
    expect(formatDate(Date.UTC(2026, 10, 21, 15, 59) / 1000)).toBe('2026/11/21');
  });

  it('signs ledger amounts', () => {
    expect(formatSignedAmount(300)).toBe('+NT$300');
    expect(formatSignedAmount(-60)).toBe('−NT$60');
    expect(formatSignedAmount(0)).toBe('NT$0');
  });

  it('counts pages', () => {
    expect(pageCount(0, 0, 10)).toEqual({ current: 1, total: 1 });
    expect(pageCount(10, 25, 10)).toEqual({ current: 2, total: 3 });
    expect(pageCount(90, 25, 10)).toEqual({ current: 3, total: 3 });
  });

  it('checks contact fields, empty meaning none', () => {
    expect(emailProblem('')).toBeUndefined();
    expect(emailProblem(' me@example.com ')).toBeUndefined();
    expect(emailProblem('me@example')).toBe('請輸入有效的電子郵件地址。');
    expect(phoneProblem('')).toBeUndefined();
    expect(phoneProblem('0912345678')).toBeUndefined();
    expect(phoneProblem('0812345678')).toBe('手機號碼需為 09 開頭的 10 位數字。');
    expect(phoneProblem('091234567')).toBeDefined();
  });

  it('labels known keys and falls back to the key', () => {
    expect(labelOf({ paid: '已付款' }, 'paid')).toBe('已付款');
    expect(labelOf({}, 'odd')).toBe('odd');
  });
});
