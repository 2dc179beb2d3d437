import { describe, expect, it } from 'vitest';
import { subtitleFileProblem, subtitleMetadataOf } from './subtitles';

describe('subtitles for an upload', () => {
  it('refuses a file that is not .srt or too big before sending it', () => {
    expect(subtitleFileProblem({ name: 'a.srt', size: 100 })).toBeNull();
    expect(subtitleFileProblem({ name: 'a.vtt', size: 100 })).toMatch(/\.srt/);
    expect(subtitleFileProblem({ name: 'a.SRT', size: 3 * 1024 * 1024 })).toMatch(/2 MB/);
  });

  it('makes the metadata value, or says what is missing', () => {
    const draft = {
      key: 1,
      language: 'zh-TW',
      name: '繁體中文',
      subtitleId: 'sub-0123456789abcdef',
      fileName: 'a.srt',
    };
    expect(subtitleMetadataOf([draft, { ...draft, language: 'en', name: 'English' }])).toEqual({
      value: 'zh-TW:sub-0123456789abcdef:繁體中文,en:sub-0123456789abcdef:English',
    });
    expect(subtitleMetadataOf([{ ...draft, subtitleId: null }])).toEqual({
      problem: '「a.srt」尚未上傳完成。',
    });
    expect(subtitleMetadataOf([{ ...draft, name: '長'.repeat(21) }])).toEqual({
      problem: '字幕名稱最多 20 個字',
    });
    expect(subtitleMetadataOf([])).toEqual({ value: '' });
  });
});
