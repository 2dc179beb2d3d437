import { z } from 'zod';
import { pagingSchema, videoListDataSchema } from './catalogue.js';
import { envelopeOf } from './envelope.js';

/** A keyword is at most this many characters (code points: 𠀀 counts one). */
export const SEARCH_KEYWORD_MAX_CHARACTERS = 50;
/** SPEC §9: autocomplete count 8. */
export const AUTOCOMPLETE_COUNT = 8;
/**
 * A search lists at most this many titles: totalCount counts up to it and paging ends there
 * (50 pages of 20), so a one-character query over a large catalogue stays fast.
 */
export const SEARCH_RESULT_LIMIT = 1_000;

/** The zh-TW texts of the search calls' input problems. */
export const searchWording = {
  keywordTooLong: `搜尋關鍵字最多 ${SEARCH_KEYWORD_MAX_CHARACTERS} 個字，請縮短後再試一次。`,
  searchField: '搜尋範圍只能是全部（all）、片名（title）或人名（person）。',
  searchType: '搜尋類型只能是影片（Video）。',
  count: `建議字詞的數量需為 1 到 ${AUTOCOMPLETE_COUNT}。`,
} as const;

function characterCount(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/**
 * A keyword as typed: trimmed, empty allowed (an empty search lists nothing), at most 50
 * characters. Any character is allowed: %, _, ', ", <, > and \ are matched literally.
 */
export const searchKeywordSchema = z
  .string()
  .trim()
  .refine(
    // The UTF-16 length bounds the count first, so a 10 KB keyword is refused without a walk.
    (value) =>
      value.length <= SEARCH_KEYWORD_MAX_CHARACTERS ||
      (value.length <= SEARCH_KEYWORD_MAX_CHARACTERS * 2 &&
        characterCount(value) <= SEARCH_KEYWORD_MAX_CHARACTERS),
    { message: searchWording.keywordTooLong },
  );

export const searchFields = ['all', 'title', 'person'] as const;
export const searchFieldSchema = z.enum(searchFields, { message: searchWording.searchField });
export type SearchField = z.infer<typeof searchFieldSchema>;

/** ajaxBuildSearchPage.do (inputKeyword, startIndex, searchField; maxRecord 1–100). */
export const buildSearchPageQuerySchema = pagingSchema.extend({
  inputKeyword: searchKeywordSchema.default(''),
  searchField: searchFieldSchema.default('all'),
});
export type BuildSearchPageQuery = z.infer<typeof buildSearchPageQuerySchema>;

/** A page of results, and the keyword it answers (trimmed, as typed). */
export const searchPageDataSchema = videoListDataSchema.extend({ keyword: z.string() });
export type SearchPageData = z.infer<typeof searchPageDataSchema>;
export const searchPageReplySchema = envelopeOf(searchPageDataSchema);

/** ajaxAutoCompleteKeyword.do (searchType Video, count 1–8, prefix). */
export const autoCompleteKeywordQuerySchema = z.object({
  searchType: z.enum(['Video'], { message: searchWording.searchType }).default('Video'),
  count: z.coerce
    .number({ message: searchWording.count })
    .int({ message: searchWording.count })
    .min(1, { message: searchWording.count })
    .max(AUTOCOMPLETE_COUNT, { message: searchWording.count })
    .default(AUTOCOMPLETE_COUNT),
  prefix: searchKeywordSchema.default(''),
});
export type AutoCompleteKeywordQuery = z.infer<typeof autoCompleteKeywordQuerySchema>;

/** A suggestion: a title (with its detail link ids) or a person's name. */
export const keywordSuggestionSchema = z.object({
  keyword: z.string(),
  type: z.enum(['title', 'person']),
  contentId: z.string().optional(),
  otherId: z.string().optional(),
});
export type KeywordSuggestion = z.infer<typeof keywordSuggestionSchema>;
export const autoCompleteKeywordReplySchema = envelopeOf(
  z.object({ keywordList: z.object({ keyword: z.array(keywordSuggestionSchema) }) }),
);

/** ajaxGetHotKeyword.do: the hot keywords, rank 1 first. */
export const hotKeywordSchema = z.object({ keyword: z.string(), rank: z.number().int() });
export const hotKeywordReplySchema = envelopeOf(
  z.object({ hotKeywordList: z.object({ hotKeyword: z.array(hotKeywordSchema) }) }),
);
