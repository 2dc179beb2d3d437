import { describe, expect, it } from 'vitest';
import { t } from './zh-TW';

/** Every string in the catalogue, functions called with a sample argument, with its path. */
function leaves(value: unknown, path: string): [string, unknown][] {
  if (typeof value === 'function') return [[path, (value as (arg: unknown) => unknown)('X')]];
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, `${path}.${key}`));
  }
  return [[path, value]];
}

describe('zh-TW catalogue', () => {
  const entries = leaves(t, 't');

  it('has only non-empty strings', () => {
    for (const [path, value] of entries) {
      expect(typeof value, path).toBe('string');
      expect((value as string).trim(), path).not.toBe('');
    }
  });

  it('keeps the spec wording verbatim', () => {
    expect(t.player.fatal).toBe('此頻道目前無法觀看，請重新整理頁面後再試。');
    expect(t.redeem.tabs).toEqual({ title: '兌換單片或月租', credit: '儲值金或看片金' });
    expect(t.details.wrongUrlData).toBe('網址資料錯誤');
    expect(t.common.goNow).toBe('立即前往');
  });

  it('shows the spec English words in Chinese', () => {
    for (const text of Object.values(t.share)) expect(text).toMatch(/^[\u4e00-\u9fff]/);
  });
});
