import { describe, expect, it } from 'vitest';
import { newTitleFormSchema, newTitleInput } from './new-title';

const base = {
  kind: 'movie' as const,
  name: '新電影',
  mainCategoryId: 'movie',
  subcategoryId: 'action',
  year: 2026,
  seriesId: '',
  seasonNo: '',
  episodeNo: '',
};

describe('the new-title form', () => {
  it('sends a movie without any episode fields', () => {
    const values = newTitleFormSchema.parse({ ...base, seriesId: 'S1', episodeNo: '3' });
    expect(newTitleInput(values)).toEqual({
      kind: 'movie',
      name: '新電影',
      mainCategoryId: 'movie',
      subcategoryId: 'action',
      year: 2026,
    });
  });

  it('needs a main category, and for an episode its series and number', () => {
    const empty = newTitleFormSchema.safeParse({ ...base, mainCategoryId: '', subcategoryId: '' });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([
      '請選擇主分類',
      '請選擇子分類',
    ]);
    const episode = newTitleFormSchema.safeParse({ ...base, kind: 'episode', seasonNo: '0' });
    expect(episode.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['seasonNo', '請輸入 1 到 99 的整數'],
      ['seriesId', '請選擇這一集所屬的影集'],
      ['episodeNo', '請輸入集數'],
    ]);
  });

  it("sends an episode's series and numbers as numbers", () => {
    const values = newTitleFormSchema.parse({
      ...base,
      kind: 'episode',
      seriesId: 'S0001',
      seasonNo: '2',
      episodeNo: '10',
    });
    expect(newTitleInput(values)).toMatchObject({ seriesId: 'S0001', seasonNo: 2, episodeNo: 10 });
  });
});
