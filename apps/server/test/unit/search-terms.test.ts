import { describe, expect, it } from 'vitest';
import {
  RANK,
  characterCount,
  compareCodePoints,
  indexKeys,
  normalizeText,
  upperBound,
} from '../../src/modules/search/terms.js';

describe('normalizeText', () => {
  it('folds full-width and half-width forms (NFKC) and Latin case', () => {
    expect(normalizeText('ＡＢＣ')).toBe('abc');
    expect(normalizeText('ＡｂＣ１２３')).toBe('abc123');
    expect(normalizeText('ｶﾀｶﾅ')).toBe('カタカナ');
    expect(normalizeText('Ｌｏｖｅ　物語')).toBe('love 物語');
    expect(normalizeText('Déjà Vu')).toBe('déjà vu');
    // A compatibility ideograph becomes its unified one.
    expect(normalizeText('\uF900')).toBe('\u8C48');
  });

  it('keeps Chinese as it is', () => {
    expect(normalizeText('午夜列車')).toBe('午夜列車');
    expect(normalizeText('臺灣')).toBe('臺灣');
  });

  it('trims, makes runs of white space one space, and drops control and format characters', () => {
    expect(normalizeText('  午夜 \t\n 列車  ')).toBe('午夜 列車');
    expect(normalizeText('\u3000午夜\u3000')).toBe('午夜');
    expect(normalizeText('午\u0000夜\u200B列\uFEFF車\u0007')).toBe('午夜列車');
    expect(normalizeText('\u0000')).toBe('');
    expect(normalizeText('   ')).toBe('');
  });

  it('keeps SQL and HTML characters as text', () => {
    expect(normalizeText("' OR 1=1 --")).toBe("' or 1=1 --");
    expect(normalizeText('%_<>"\\')).toBe('%_<>"\\');
  });

  it('replaces a lone surrogate, keeps a pair', () => {
    expect(normalizeText('a\uD800b')).toBe('a\uFFFDb');
    expect(normalizeText('\uDC00')).toBe('\uFFFD');
    expect(normalizeText('𠀀')).toBe('𠀀');
  });

  it('is idempotent', () => {
    for (const value of ['ＡＢＣ 物語', '  Ｘ  ｙ  ', '𠀀ｶ', 'ǅ']) {
      expect(normalizeText(normalizeText(value))).toBe(normalizeText(value));
    }
  });
});

describe('characterCount', () => {
  it('counts code points', () => {
    expect(characterCount('午夜')).toBe(2);
    expect(characterCount('𠀀𠀁')).toBe(2);
    expect('𠀀𠀁'.length).toBe(4);
  });
});

describe('indexKeys', () => {
  const keys = (name: string) => Object.fromEntries(indexKeys(name).map((k) => [k.term, k.rank]));

  it('has every character, every pair and every suffix of three or more, with its class', () => {
    expect(keys('午夜列車')).toEqual({
      午: RANK.prefix,
      夜: RANK.inner,
      列: RANK.inner,
      車: RANK.inner,
      午夜: RANK.prefix,
      夜列: RANK.inner,
      列車: RANK.inner,
      午夜列車: RANK.prefix,
      夜列車: RANK.inner,
    });
  });

  it('marks a one- or two-character name as an exact match of itself', () => {
    expect(keys('鑫')).toEqual({ 鑫: RANK.exact });
    expect(keys('黑潮')).toEqual({ 黑: RANK.prefix, 潮: RANK.inner, 黑潮: RANK.exact });
  });

  it('keeps each key once, with the class of its first occurrence', () => {
    const list = indexKeys('哈哈哈');
    expect(list.map((k) => k.term)).toEqual(['哈', '哈哈', '哈哈哈']);
    expect(keys('哈哈哈')).toEqual({ 哈: RANK.prefix, 哈哈: RANK.prefix, 哈哈哈: RANK.prefix });
    expect(keys('小鑫鑫')['鑫']).toBe(RANK.inner);
  });

  it('leaves out keys a trimmed query can never equal or start with', () => {
    const terms = indexKeys('abc 第1季').map((k) => k.term);
    expect(terms).not.toContain(' ');
    expect(terms.some((t) => t.startsWith(' ') || t.endsWith(' '))).toBe(false);
    expect(terms).toContain('c 第1季');
    expect(terms).toContain('abc 第1季');
    expect(terms).toContain('第1季');
  });

  it('never splits a surrogate pair', () => {
    const terms = indexKeys('𠀀𠀁傳').map((k) => k.term);
    expect(terms).toEqual(['𠀀', '𠀁', '傳', '𠀀𠀁', '𠀁傳', '𠀀𠀁傳']);
    const lone = (t: string) =>
      Array.from(t).some((c) => c.codePointAt(0)! >= 0xd800 && c.codePointAt(0)! <= 0xdfff);
    expect(terms.some(lone)).toBe(false);
  });

  it('has nothing for an empty name', () => {
    expect(indexKeys('')).toEqual([]);
  });
});

describe('upperBound', () => {
  it('increments the last code point', () => {
    expect(upperBound('a')).toBe('b');
    expect(upperBound('午夜')).toBe('午\u591D');
    expect(upperBound('%')).toBe('&');
    expect(upperBound('𠀀')).toBe('𠀁');
  });

  it('skips the surrogate block and carries past U+10FFFF', () => {
    expect(upperBound('a\uD7FF')).toBe('a\uE000');
    expect(upperBound('a\u{10FFFF}')).toBe('b');
    expect(upperBound('\u{10FFFF}\u{10FFFF}')).toBeUndefined();
    expect(upperBound('')).toBeUndefined();
  });

  it('is above every string with the prefix and below every string after them', () => {
    const prefix = '列車';
    const bound = upperBound(prefix)!;
    for (const inside of ['列車', '列車長', '列車\u{10FFFF}', '列車𠀀']) {
      expect(compareCodePoints(inside, prefix)).toBeGreaterThanOrEqual(0);
      expect(compareCodePoints(inside, bound)).toBeLessThan(0);
    }
    for (const outside of ['列軍', '列', '列\u8ECB', '午夜']) {
      const within =
        compareCodePoints(outside, prefix) >= 0 && compareCodePoints(outside, bound) < 0;
      expect(within, outside).toBe(false);
    }
  });
});

describe('compareCodePoints', () => {
  it('orders by code point, as SQLite and PostgreSQL "C" do, not by UTF-16 unit', () => {
    // U+FF21 (Ａ) is one unit, U+20000 two units starting 0xD840: UTF-16 order would put 𠀀 first.
    expect(compareCodePoints('\uFF21', '𠀀')).toBeLessThan(0);
    expect('\uFF21' < '𠀀').toBe(false);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('之', '光')).toBeLessThan(0);
    expect(compareCodePoints('鑫', '鑫')).toBe(0);
  });
});
