import { useQuery } from '@tanstack/react-query';
import {
  autoCompleteKeywordReplySchema,
  hotKeywordReplySchema,
  callRoutes,
  searchPageDataSchema,
  type BuildSearchPageQuery,
} from '@site/contract';
import { call } from './client';
import { retryTransient } from './session';

export type { KeywordSuggestion } from '@site/contract';

/**
 * SPEC §9 autocomplete count, repeated from the contract (search.test.ts checks they agree):
 * importing a value from the contract's search module would pull its zod schemas into the
 * first chunk, where the header's suggestions live.
 */
export const AUTOCOMPLETE_COUNT = 8;

/**
 * Search calls (SPEC §7): the results page, the header's suggestions and the hot keywords.
 * The autocomplete runs in the header (first chunk): contract schemas are for development
 * checks only, so production builds drop them and zod with them.
 */
const schemas = import.meta.env.DEV
  ? {
      page: searchPageDataSchema,
      autocomplete: autoCompleteKeywordReplySchema.shape.data,
      hot: hotKeywordReplySchema.shape.data,
    }
  : undefined;

/** ajaxBuildSearchPage.do: one page of results for a keyword. */
export function useSearchPage(query: BuildSearchPageQuery) {
  return useQuery({
    queryKey: ['search', query],
    queryFn: ({ signal }) =>
      call(callRoutes.buildSearchPage, { ...query }, { check: schemas?.page, signal }),
    enabled: query.inputKeyword !== '',
    retry: retryTransient,
    placeholderData: (previous) => previous,
  });
}

/**
 * ajaxAutoCompleteKeyword.do: up to 8 suggestions for what has been typed. Each prefix has its
 * own cache entry and a superseded request is aborted, so a late reply for an older prefix is
 * never shown for the newer one.
 */
export function useAutocomplete(prefix: string) {
  return useQuery({
    queryKey: ['autocomplete', prefix],
    queryFn: ({ signal }) =>
      call(
        callRoutes.autoCompleteKeyword,
        { searchType: 'Video', count: AUTOCOMPLETE_COUNT, prefix },
        { check: schemas?.autocomplete, signal },
      ),
    enabled: prefix !== '',
    retry: false,
    staleTime: 5 * 60_000,
    select: (data) => data.keywordList.keyword.slice(0, AUTOCOMPLETE_COUNT),
  });
}

/** ajaxGetHotKeyword.do: what people search for most, in rank order. */
export function useHotKeywords() {
  return useQuery({
    queryKey: ['hotKeywords'],
    queryFn: ({ signal }) => call(callRoutes.getHotKeyword, {}, { check: schemas?.hot, signal }),
    staleTime: 30 * 60_000,
    retry: retryTransient,
    select: (data) => [...data.hotKeywordList.hotKeyword].sort((a, b) => a.rank - b.rank),
  });
}
