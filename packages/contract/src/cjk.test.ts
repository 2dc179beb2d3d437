import { describe, expect, it } from 'vitest';
import { cjkNicknameSchema, hasFormatCharacter, isCjkIdeograph, startsWithCjk } from './cjk.js';

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;

/** Each counted range with the code points just outside it. */
const ranges: { name: string; first: number; last: number }[] = [
  { name: '〇', first: 0x3007, last: 0x3007 },
  { name: 'Extension A', first: 0x3400, last: 0x4dbf },
  { name: 'Unified Ideographs', first: 0x4e00, last: 0x9fff },
  { name: 'Compatibility Ideographs', first: 0xf900, last: 0xfaff },
  { name: 'Extension B', first: 0x20000, last: 0x2a6df },
  { name: 'Extensions C–F, I', first: 0x2a700, last: 0x2ee5d },
  { name: 'Compatibility Supplement', first: 0x2f800, last: 0x2fa1f },
  { name: 'Extensions G, H', first: 0x30000, last: 0x323af },
];

describe('startsWithCjk', () => {
  describe.each(ranges)('$name', ({ first, last }) => {
    it(`counts the first and last code point (${hex(first)}, ${hex(last)})`, () => {
      expect(startsWithCjk(String.fromCodePoint(first))).toBe(true);
      expect(startsWithCjk(String.fromCodePoint(last))).toBe(true);
      expect(startsWithCjk(String.fromCodePoint(first) + 'abc')).toBe(true);
    });

    it(`does not count the neighbours outside (${hex(first - 1)}, ${hex(last + 1)})`, () => {
      expect(isCjkIdeograph(first - 1)).toBe(false);
      expect(isCjkIdeograph(last + 1)).toBe(false);
      expect(startsWithCjk(String.fromCodePoint(first - 1))).toBe(false);
      expect(startsWithCjk(String.fromCodePoint(last + 1))).toBe(false);
    });
  });

  it.each([
    ['中', '中'],
    ['臺', '臺'],
    ['〇', '〇'],
    ['㐀 (Extension A)', '㐀'],
    ['U+F900 (compatibility)', '\uf900'],
    ['𠀀 (Extension B)', '𠀀'],
    ['𪜀 (Extension C)', '𪜀'],
    ['𰀀 (Extension G)', '𰀀'],
    ['U+2F800 (compatibility supplement)', '\u{2f800}'],
  ])('counts %s', (_name, value) => {
    expect(startsWithCjk(value)).toBe(true);
  });

  it('reads a surrogate pair as one code point', () => {
    expect('𠀀'.length).toBe(2);
    expect(startsWithCjk('𠀀')).toBe(true);
    expect(startsWithCjk('𪜀小明')).toBe(true);
    // A lone high surrogate is not a character at all.
    expect(startsWithCjk('\ud840')).toBe(false);
  });

  it.each([
    ['full-width comma', '，'],
    ['ideographic full stop', '。'],
    ['full-width parenthesis', '（'],
    ['ideographic space', '\u3000'],
    ['corner bracket', '「'],
    ['full-width Latin', 'Ａ'],
    ['full-width digit', '１'],
    ['bopomofo', 'ㄅ'],
    ['extended bopomofo', 'ㆠ'],
    ['hiragana', 'あ'],
    ['katakana', 'ア'],
    ['hangul', '한'],
    ['CJK radical', '⺀'],
    ['Kangxi radical', '⼀'],
    ['CJK stroke', '㇀'],
    ['emoji', '😀'],
    ['Latin', 'A'],
    ['digit', '1'],
    ['space', ' '],
  ])('does not count a leading %s', (_name, value) => {
    expect(startsWithCjk(value)).toBe(false);
    expect(startsWithCjk(value + '中文')).toBe(false);
  });

  it('is false for an empty string and does not trim by itself', () => {
    expect(startsWithCjk('')).toBe(false);
    expect(startsWithCjk('  中文')).toBe(false);
  });
});

describe('cjkNicknameSchema', () => {
  const problems = (value: unknown) =>
    cjkNicknameSchema.safeParse(value).error?.issues.map((issue) => issue.message);

  it('accepts a nickname that starts with a Chinese character and returns it trimmed', () => {
    expect(cjkNicknameSchema.parse('小明')).toBe('小明');
    expect(cjkNicknameSchema.parse('  小明  ')).toBe('小明');
    expect(cjkNicknameSchema.parse('\u3000小明')).toBe('小明');
    expect(cjkNicknameSchema.parse('〇〇七')).toBe('〇〇七');
    expect(cjkNicknameSchema.parse('阿ㄅ Amy 😀')).toBe('阿ㄅ Amy 😀');
  });

  it('asks for 1 to 12 characters when empty or whitespace only, and reports nothing else', () => {
    expect(problems('')).toEqual(['暱稱需為 1 到 12 個字。']);
    expect(problems('   ')).toEqual(['暱稱需為 1 到 12 個字。']);
    expect(problems('\u3000\t')).toEqual(['暱稱需為 1 到 12 個字。']);
  });

  it('counts characters, not UTF-16 units', () => {
    const twelveAstral = '𠀀'.repeat(12);
    expect(twelveAstral.length).toBe(24);
    expect(cjkNicknameSchema.parse(twelveAstral)).toBe(twelveAstral);
    expect(problems('𠀀'.repeat(13))).toEqual(['暱稱需為 1 到 12 個字。']);

    const mixedTwelve = '𪜀中😀' + '文'.repeat(9);
    expect(cjkNicknameSchema.safeParse(mixedTwelve).success).toBe(true);
    expect(problems(mixedTwelve + '字')).toEqual(['暱稱需為 1 到 12 個字。']);
  });

  it('counts 12 characters after trimming', () => {
    expect(cjkNicknameSchema.safeParse('  ' + '中'.repeat(12) + '  ').success).toBe(true);
    expect(problems('中'.repeat(13))).toEqual(['暱稱需為 1 到 12 個字。']);
  });

  it('refuses control characters inside the nickname', () => {
    expect(problems('小\n明')).toEqual(['暱稱不能包含換行或控制字元。']);
    expect(problems('小\u0000明')).toEqual(['暱稱不能包含換行或控制字元。']);
    expect(problems('小明\u007f')).toEqual(['暱稱不能包含換行或控制字元。']);
    expect(problems('小明\u0085x')).toEqual(['暱稱不能包含換行或控制字元。']);
  });

  it('refuses Unicode format characters: bidi controls, zero-width characters, BOM (issue 20 item 10)', () => {
    const format = ['暱稱不能包含看不見的格式字元（例如文字方向控制或零寬字元）。'];
    const planted = [
      0x202e, 0x202a, 0x202b, 0x202c, 0x202d, 0x2066, 0x2067, 0x2068, 0x2069, 0x200b, 0x200c,
      0x200d, 0x200e, 0x200f, 0x2060, 0xfeff, 0x061c, 0x00ad, 0xe0041,
    ];
    for (const cp of planted) {
      const ch = String.fromCodePoint(cp);
      expect(problems(`小${ch}明`), cp.toString(16)).toEqual(format);
      expect(problems(`小明${ch}x`), cp.toString(16)).toEqual(format);
    }
    expect(problems('小明\u202Egnp.exe')).toEqual(format);
    expect(hasFormatCharacter('小明')).toBe(false);
    // A joiner inside an emoji sequence is how the emoji is written, not a hidden character.
    expect(cjkNicknameSchema.parse('阿明👨‍👩‍👧')).toBe('阿明👨‍👩‍👧');
    expect(cjkNicknameSchema.parse('阿明❤️‍🔥')).toBe('阿明❤️‍🔥');
    expect(problems('阿明👨\u200D')).toEqual(format);
    expect(problems('阿\u200D👨')).toEqual(format);
  });

  it('refuses a nickname whose first character is not a Chinese character', () => {
    for (const value of ['Amy', 'ㄅㄆ', '，小明', 'あい', '한국', '😀小明', '1號', '⺀']) {
      expect(problems(value)).toEqual(['暱稱的第一個字必須是中文字。']);
    }
  });

  it('refuses what is not a string', () => {
    expect(cjkNicknameSchema.safeParse(12).success).toBe(false);
    expect(cjkNicknameSchema.safeParse(undefined).success).toBe(false);
  });
});
