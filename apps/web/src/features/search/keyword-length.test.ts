import { describe, expect, it } from 'vitest';
import { keywordLength } from './keyword-length';

describe('keywordLength', () => {
  it('counts code points of the trimmed keyword; over 50 is too long', () => {
    expect(keywordLength('  夏日戀曲 ')).toEqual({ count: 4, tooLong: false });
    expect(keywordLength('字'.repeat(50))).toEqual({ count: 50, tooLong: false });
    expect(keywordLength('字'.repeat(51))).toEqual({ count: 51, tooLong: true });
    // 50 characters outside the BMP are 100 UTF-16 units but still 50 characters.
    expect(keywordLength('𠀀'.repeat(50)).tooLong).toBe(false);
    expect(keywordLength(`${'a'.repeat(50)}   `).tooLong).toBe(false);
  });
});
