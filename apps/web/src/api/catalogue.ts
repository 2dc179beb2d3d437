import { useQuery } from '@tanstack/react-query';
import {
  bundleNextPlayReplySchema,
  callRoutes,
  nextOrPrevReplySchema,
  pageDataMainReplySchema,
  videoDetailSchema,
  type CallReply,
} from '@site/contract';
import { call } from './client';
import { retryTransient } from './session';

export type PageDataMain = CallReply<typeof callRoutes.getPageDataMain>;
export type VideoGroup = PageDataMain['groupList']['group'][number];

/** Replies are checked against the contract in development only; production builds drop zod. */
const schemas = import.meta.env.DEV
  ? {
      pageData: pageDataMainReplySchema.shape.data,
      detail: videoDetailSchema,
      nextOrPrev: nextOrPrevReplySchema.shape.data,
      nextPlay: bundleNextPlayReplySchema.shape.data,
    }
  : undefined;

/**
 * ajaxGetPageDataMain.do: the home page's rows (the kid rows in kid mode). The server picks
 * them from the session; login and sub-account switches refetch every query.
 */
export function usePageDataMain() {
  return useQuery({
    queryKey: ['pageDataMain'],
    queryFn: ({ signal }) =>
      call(callRoutes.getPageDataMain, {}, { check: schemas?.pageData, signal }),
    select: (data) => data.groupList.group,
  });
}

/** ajaxFindVideoDetail.do: a 404 (the pair does not belong together) is an answer, not retried. */
export function useVideoDetail(contentId: string, otherId: string, enabled = true) {
  return useQuery({
    queryKey: ['videoDetail', contentId, otherId],
    queryFn: ({ signal }) =>
      call(callRoutes.findVideoDetail, { contentId, otherId }, { check: schemas?.detail, signal }),
    enabled,
    retry: retryTransient,
  });
}

/** ajaxFindNextOrPrevVideo.do (contentID): the episodes either side of an episode. */
export function useNextOrPrevVideo(contentId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['nextOrPrev', contentId],
    queryFn: ({ signal }) =>
      call(
        callRoutes.findNextOrPrevVideo,
        { contentID: contentId },
        { check: schemas?.nextOrPrev, signal },
      ),
    enabled,
    retry: retryTransient,
  });
}

/** ajaxFindBundleVideoListNextPlay.do (twmContentId): what plays after this title, if anything. */
export function useNextPlay(contentId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['nextPlay', contentId],
    queryFn: ({ signal }) =>
      call(
        callRoutes.findBundleVideoListNextPlay,
        { twmContentId: contentId },
        { check: schemas?.nextPlay, signal },
      ),
    enabled,
    retry: retryTransient,
    select: (data) => data.nextPlay,
  });
}
