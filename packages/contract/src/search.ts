import { z } from 'zod';
import { pagingSchema, videoListDataSchema } from './catalogue.js';
import { envelopeOf } from './envelope.js';
import {
  AUTOCOMPLETE_COUNT,
  SEARCH_KEYWORD_MAX_CHARACTERS,
  searchWording,
} from './search-limits.js';
import { describeCall } from './call.js';
import { siteCalls } from './routes.js';

export {
  AUTOCOMPLETE_COUNT,
  SEARCH_KEYWORD_MAX_CHARACTERS,
  SEARCH_RESULT_LIMIT,
  searchWording,
} from './search-limits.js';

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

/** ajaxBuildSearchPage.do, ajaxAutoCompleteKeyword.do, ajaxGetHotKeyword.do (issue 21). */
export const searchCalls = {
  buildSearchPage: describeCall({
    method: 'GET',
    path: siteCalls.buildSearchPage,
    summary:
      'Movies and series whose name or a person’s name holds the keyword: exact, prefix, ' +
      'substring, then person matches; up to 1,000 results',
    tags: ['search'],
    input: buildSearchPageQuerySchema,
    reply: searchPageReplySchema,
    access: { who: 'anyone' },
  }),
  autoCompleteKeyword: describeCall({
    method: 'GET',
    path: siteCalls.autoCompleteKeyword,
    summary: 'Up to 8 title and person names holding what has been typed so far',
    tags: ['search'],
    input: autoCompleteKeywordQuerySchema,
    reply: autoCompleteKeywordReplySchema,
    access: { who: 'anyone' },
  }),
  getHotKeyword: describeCall({
    method: 'GET',
    path: siteCalls.getHotKeyword,
    summary: 'The hot keywords, rank 1 first',
    tags: ['search'],
    reply: hotKeywordReplySchema,
    access: { who: 'anyone' },
  }),
};
