import { describe, expect, it } from 'vitest';
import { nicknameProblem } from './nickname';

describe('nicknameProblem', () => {
  it('accepts a nickname that starts with a Chinese character', () => {
    expect(nicknameProblem('小明')).toBeUndefined();
    expect(nicknameProblem('  阿B  ')).toBeUndefined();
  });
  it('explains, one problem at a time, in zh-TW', () => {
    expect(nicknameProblem('')).toBe('暱稱需為 1 到 12 個字。');
    expect(nicknameProblem('Amy')).toBe('暱稱的第一個字必須是中文字。');
    expect(nicknameProblem('ㄅ先生')).toBe('暱稱的第一個字必須是中文字。');
    expect(nicknameProblem('一二三四五六七八九十百千萬')).toBe('暱稱需為 1 到 12 個字。');
  });
  it('says a bidi control or zero-width character is refused before sending (the server’s rule)', () => {
    const format = '暱稱不能包含看不見的格式字元（例如文字方向控制或零寬字元）。';
    expect(nicknameProblem('小明\u202Egnp')).toBe(format);
    expect(nicknameProblem('小\u200B明')).toBe(format);
  });
});
