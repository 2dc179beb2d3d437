import {
  autoCompleteKeywordQuerySchema,
  buildSearchPageQuerySchema,
  searchWording,
} from '@site/contract';
import { describe, expect, it } from 'vitest';

describe('search call schemas', () => {
  it('defaults: empty keyword, all fields, first page of 20; 8 suggestions for Video', () => {
    expect(buildSearchPageQuerySchema.parse({})).toEqual({
      inputKeyword: '',
      searchField: 'all',
      startIndex: 0,
      maxRecord: 20,
    });
    expect(autoCompleteKeywordQuerySchema.parse({})).toEqual({
      searchType: 'Video',
      count: 8,
      prefix: '',
    });
  });

  it('trims the keyword and counts characters, not UTF-16 units', () => {
    expect(buildSearchPageQuerySchema.parse({ inputKeyword: '  午夜  ' }).inputKeyword).toBe(
      '午夜',
    );
    expect(buildSearchPageQuerySchema.safeParse({ inputKeyword: '𠀀'.repeat(50) }).success).toBe(
      true,
    );
    expect(buildSearchPageQuerySchema.safeParse({ inputKeyword: 'x'.repeat(50) }).success).toBe(
      true,
    );
  });

  it('refuses a keyword over 50 characters with the zh-TW text', () => {
    for (const inputKeyword of ['x'.repeat(51), '𠀀'.repeat(51), '長'.repeat(10_240)]) {
      const result = buildSearchPageQuerySchema.safeParse({ inputKeyword });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(searchWording.keywordTooLong);
    }
    const typed = autoCompleteKeywordQuerySchema.safeParse({ prefix: 'x'.repeat(51) });
    expect(typed.error?.issues[0]?.message).toBe(searchWording.keywordTooLong);
  });

  it('accepts SQL and HTML characters as text', () => {
    for (const inputKeyword of ["' or 1=1 --", '%', '_', '<script>', '\\']) {
      expect(buildSearchPageQuerySchema.parse({ inputKeyword }).inputKeyword).toBe(inputKeyword);
    }
  });

  it('bounds searchField, maxRecord, count and searchType', () => {
    expect(
      buildSearchPageQuerySchema.safeParse({ searchField: 'synopsis' }).error?.issues[0]?.message,
    ).toBe(searchWording.searchField);
    expect(buildSearchPageQuerySchema.safeParse({ maxRecord: '101' }).success).toBe(false);
    expect(buildSearchPageQuerySchema.parse({ maxRecord: '100', startIndex: '40' })).toMatchObject({
      maxRecord: 100,
      startIndex: 40,
    });
    for (const count of ['0', '9', '1.5', 'x']) {
      expect(autoCompleteKeywordQuerySchema.safeParse({ count }).success, count).toBe(false);
    }
    expect(autoCompleteKeywordQuerySchema.parse({ count: '3' }).count).toBe(3);
    expect(autoCompleteKeywordQuerySchema.safeParse({ searchType: 'Live' }).success).toBe(false);
  });
});
