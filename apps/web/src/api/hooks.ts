import { useQuery } from '@tanstack/react-query';
import {
  callRoutes,
  channelGroupListDataSchema,
  mainCategoryMenuDataSchema,
  playRightDataSchema,
  videoListDataSchema,
  type FilterCategoryVideoListQuery,
} from '@site/contract';
import { call } from './client';

/** Filters as the page holds them: every one optional, paging included. */
export type VideoListFilters = Partial<FilterCategoryVideoListQuery>;

/** Replies are checked against the contract in development only; production builds drop zod. */
const schemas = import.meta.env.DEV
  ? {
      videoList: videoListDataSchema,
      mainCategoryMenu: mainCategoryMenuDataSchema,
      channelGroups: channelGroupListDataSchema,
      playRight: playRightDataSchema,
    }
  : undefined;

export const queryKeys = {
  videoList: (filters: VideoListFilters) => ['videoList', filters] as const,
  mainCategoryMenu: ['mainCategoryMenu'] as const,
  channelGroups: ['channelGroups'] as const,
  playRight: (contentId: string) => ['playRight', contentId] as const,
};

export function useVideoList(filters: VideoListFilters) {
  return useQuery({
    queryKey: queryKeys.videoList(filters),
    queryFn: ({ signal }) =>
      call(callRoutes.filterCategoryVideoListData, filters, { check: schemas?.videoList, signal }),
    // Paging through results keeps the previous page on screen until the next one arrives.
    placeholderData: (previous) => previous,
  });
}

export function useMainCategoryMenu() {
  return useQuery({
    queryKey: queryKeys.mainCategoryMenu,
    queryFn: ({ signal }) =>
      call(callRoutes.findMainCategoryMenu3, {}, { check: schemas?.mainCategoryMenu, signal }),
    select: (data) => data.mainCategoryList.mainCategory,
    // The menu changes rarely; one fetch per visit is plenty.
    staleTime: 30 * 60_000,
  });
}

export function useChannelGroups() {
  return useQuery({
    queryKey: queryKeys.channelGroups,
    queryFn: ({ signal }) =>
      call(callRoutes.findChannelGroupList, {}, { check: schemas?.channelGroups, signal }),
    select: (data) => data.channelGroupList.channelGroup,
  });
}

export function usePlayRight(contentId: string) {
  return useQuery({
    queryKey: queryKeys.playRight(contentId),
    queryFn: ({ signal }) =>
      call(callRoutes.findVideoPlayRight, { contentId }, { check: schemas?.playRight, signal }),
    // Stream URLs are signed and short-lived, and a refusal is an answer, not a glitch: ask afresh
    // on every visit and do not retry a 403.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
