import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  blogInfoReplySchema,
  callRoutes,
  footerReplySchema,
  headerDataReplySchema,
  headerVideoReplySchema,
  newIconHintReplySchema,
  type CallReply,
  type LoginInfo,
} from '@site/contract';
import { call } from './client';
import { memberKey, retryTransient } from './session';

/**
 * The site's frame: header menus and banner, footer lines, the blog link and the 'new' badge.
 * The header and footer live in the first chunk, so this module imports contract schemas only
 * for development checks (production builds drop them, and zod with them).
 */

export type HeaderData = CallReply<typeof callRoutes.getHeaderDataMain>;
export type UxMenu = HeaderData['uxMenuList']['uxMenu'][number];
export type FooterLine = CallReply<typeof callRoutes.getFooterData>['footerList']['footer'][number];
export type BlogInfo = CallReply<typeof callRoutes.blogInfo>;
export type IconHint = CallReply<typeof callRoutes.checkNewIconHint>['hintList']['hint'][number];

const schemas = import.meta.env.DEV
  ? {
      headerData: headerDataReplySchema.shape.data,
      headerVideo: headerVideoReplySchema.shape.data,
      footer: footerReplySchema.shape.data,
      blog: blogInfoReplySchema.shape.data,
      hint: newIconHintReplySchema.shape.data,
    }
  : undefined;

/** Frame content changes rarely; half an hour per visit is plenty. */
const FRAME_STALE_MS = 30 * 60_000;

/**
 * ajaxGetHeaderDataMain.do: the header's menus (kid-safe ones in kid mode). The server decides
 * from the session, and a login or switch of sub-account refetches every query.
 */
export function useHeaderData() {
  return useQuery({
    queryKey: ['headerData'],
    queryFn: ({ signal }) =>
      call(callRoutes.getHeaderDataMain, {}, { check: schemas?.headerData, signal }),
    staleTime: FRAME_STALE_MS,
  });
}

/** ajaxGetHeaderVideo.do: the featured titles of the home page's banner. */
export const headerVideoQuery = queryOptions({
  queryKey: ['headerVideo'],
  queryFn: ({ signal }) =>
    call(callRoutes.getHeaderVideo, {}, { check: schemas?.headerVideo, signal }),
});

export function useHeaderVideo() {
  return useQuery({ ...headerVideoQuery, select: (data) => data.videoList.video });
}

/**
 * Starts the banner's data and its first picture before the home page renders: the picture is
 * the page's largest contentful paint. Quiet on failure; the page asks again.
 */
export function prefetchHomeBanner(queryClient: QueryClient): void {
  queryClient
    .fetchQuery(headerVideoQuery)
    .then((data) => {
      const first = data.videoList.video[0];
      if (!first) return;
      const picture = new Image();
      picture.fetchPriority = 'high';
      picture.src = first.stillUrl;
    })
    .catch(() => undefined);
}

export function useFooterData() {
  return useQuery({
    queryKey: ['footer'],
    queryFn: ({ signal }) => call(callRoutes.getFooterData, {}, { check: schemas?.footer, signal }),
    select: (data) => data.footerList.footer,
    staleTime: FRAME_STALE_MS,
  });
}

export function useBlogInfo() {
  return useQuery({
    queryKey: ['blogInfo'],
    queryFn: ({ signal }) => call(callRoutes.blogInfo, {}, { check: schemas?.blog, signal }),
    staleTime: FRAME_STALE_MS,
  });
}

export type HintId = 'newTitles';

const hintKey = (info: LoginInfo | undefined) =>
  memberKey(info ?? { accountID: '' }, 'iconHint', info?.uId ?? '');

/** ajaxCheckNewIconHint.do for members: whether a hint's 'new' badge shows, and how many. */
export function useNewIconHint(info: LoginInfo | undefined, hintId: HintId) {
  return useQuery({
    queryKey: hintKey(info),
    queryFn: ({ signal }) =>
      call(callRoutes.checkNewIconHint, {}, { check: schemas?.hint, signal }),
    enabled: info?.isLogin === 'Y',
    retry: retryTransient,
    select: (data) => data.hintList.hint.find((hint) => hint.hintId === hintId),
  });
}

/** ajaxUpdateNewIconHint.do: the member has seen what the badge pointed at. */
export function markIconHintSeen(hintId: HintId) {
  return call(callRoutes.updateNewIconHint, { hintId });
}

export { hintKey as iconHintKey };
