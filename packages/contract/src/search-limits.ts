/**
 * The search calls' limits and wording, apart from their schemas (as engagement-calls.ts is) so
 * that the header's search box, on every page, can count a keyword without pulling zod into the
 * first chunk: a module whose export is used keeps its top-level schema calls.
 */

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
