import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { listMenuTypes } from '@site/contract';
import {
  callRoutes,
  favoriteToggleReplySchema,
  listCountReplySchema,
  listDataReplySchema,
  rentalListReplySchema,
  toViewToggleReplySchema,
  watchPositionReplySchema,
  type CallInput,
  type CallReply,
  type LoginInfo,
  type VideoListItem,
} from '@site/contract';
import { ApiError, CSRF_COOKIE, CSRF_HEADER, call, readEnvelope } from './client';
import { readCookie } from './cookies';
import { memberKey, retryTransient } from './session';

export type ListMenuType = (typeof listMenuTypes)[number];
export type ListData = CallReply<typeof callRoutes.findVideoListData>;
export type ListItem = ListData['videoList']['video'][number];
export type ListCounts = CallReply<typeof callRoutes.findVideoListCount>;
export type RentalList = CallReply<typeof callRoutes.findRentalVideoList2>;
export type RentalItem = RentalList['videoList']['video'][number];
export type WatchPosition = CallReply<typeof callRoutes.getWatchPosition>;

/** Replies are checked against the contract in development only; production builds drop zod. */
const schemas = import.meta.env.DEV
  ? {
      list: listDataReplySchema.shape.data,
      counts: listCountReplySchema.shape.data,
      rentals: rentalListReplySchema.shape.data,
      toView: toViewToggleReplySchema.shape.data,
      favorite: favoriteToggleReplySchema.shape.data,
      position: watchPositionReplySchema.shape.data,
    }
  : undefined;

type Info = LoginInfo | undefined;

/** Every personal list of the sub-account in use; invalidated as a whole after a change. */
export function listsKey(info: Info) {
  return memberKey(info ?? { accountID: '' }, 'lists', info?.uId ?? '');
}

const isMember = (info: Info) => info?.isLogin === 'Y';

/** Month period of the play history, 'YYYYMM' each (either may be absent). */
export interface MonthPeriod {
  periodStartMonth?: string | undefined;
  periodEndMonth?: string | undefined;
}

/** ajaxFindVideoListCount.do: how many titles each list holds. */
export function useListCounts(info: Info) {
  return useQuery({
    queryKey: [...listsKey(info), 'counts'],
    queryFn: ({ signal }) =>
      call(callRoutes.findVideoListCount, {}, { check: schemas?.counts, signal }),
    enabled: isMember(info),
    retry: retryTransient,
    staleTime: 0,
  });
}

/** ajaxFindVideoListData.do: one page of a personal list (or the favorites' recommendations). */
export function useListData(
  info: Info,
  menuType: ListMenuType,
  page: { startIndex: number; maxRecord: number },
  enabled = true,
) {
  return useQuery({
    queryKey: [...listsKey(info), menuType, page.startIndex, page.maxRecord],
    queryFn: ({ signal }) =>
      call(
        callRoutes.findVideoListData,
        { menuType, queryType: 'menu', startIndex: page.startIndex, maxRecord: page.maxRecord },
        { check: schemas?.list, signal },
      ),
    enabled: enabled && isMember(info),
    retry: retryTransient,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/** GET ajaxFindViewRecord.do: the play history, optionally within a month period. */
export function useViewRecord(
  info: Info,
  startIndex: number,
  maxRecord: number,
  period: MonthPeriod,
) {
  return useQuery({
    queryKey: [
      ...listsKey(info),
      'ViewRecord',
      startIndex,
      maxRecord,
      period.periodStartMonth ?? '',
      period.periodEndMonth ?? '',
    ],
    queryFn: ({ signal }) =>
      call(
        callRoutes.findViewRecord,
        { startIndex, maxRecord, ...period },
        { check: schemas?.list, signal },
      ),
    enabled: isMember(info),
    retry: retryTransient,
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/** ajaxFindRentalVideoList2.do: the account's rentals and purchases. */
export function useRentalList(info: Info) {
  return useQuery({
    queryKey: [...listsKey(info), 'rentals'],
    queryFn: ({ signal }) =>
      call(
        callRoutes.findRentalVideoList2,
        { devType: 'PC', apiVersion: '2' },
        { check: schemas?.rentals, signal },
      ),
    enabled: isMember(info),
    retry: retryTransient,
    staleTime: 0,
  });
}

/** How far the detail page looks through a list for one title (5 pages of 100). */
const MEMBERSHIP_PAGES = 5;
const MEMBERSHIP_PAGE_SIZE = 100;

export type MembershipList = 'ToViewList' | 'MyFavorite';

export function membershipKey(info: Info, list: MembershipList, contentId: string) {
  return [...listsKey(info), 'membership', list, contentId] as const;
}

/**
 * Whether a title is in the to-view list or the favorites. The site face has no per-title call
 * for this, so the list is read (up to 500 titles, newest first) and searched.
 */
export function useListMembership(info: Info, list: MembershipList, contentId: string) {
  return useQuery({
    queryKey: membershipKey(info, list, contentId),
    queryFn: async ({ signal }) => {
      for (let page = 0; page < MEMBERSHIP_PAGES; page += 1) {
        const data = await call(
          callRoutes.findVideoListData,
          {
            menuType: list,
            queryType: 'menu',
            startIndex: page * MEMBERSHIP_PAGE_SIZE,
            maxRecord: MEMBERSHIP_PAGE_SIZE,
          },
          { check: schemas?.list, signal },
        );
        if (data.videoList.video.some((video) => video.contentId === contentId)) return true;
        if ((page + 1) * MEMBERSHIP_PAGE_SIZE >= data.totalCount) return false;
      }
      return false;
    },
    enabled: isMember(info) && contentId !== '',
    retry: retryTransient,
    staleTime: 0,
  });
}

type Toggleable = Pick<VideoListItem, 'contentId' | 'isSeries'>;

/** POST ajaxUpdateToViewList.do: actionType '1' adds, '0' removes; answers the new state. */
export async function updateToViewList(video: Toggleable, add: boolean): Promise<boolean> {
  const reply = await call(
    callRoutes.updateToViewList,
    { contentId: video.contentId, actionType: add ? '1' : '0', isSeries: video.isSeries },
    { check: schemas?.toView },
  );
  return reply.inToViewList === 'Y';
}

/** POST ajaxUpdateFavorite.do: the same toggle for favorites. */
export async function updateFavorite(video: Toggleable, add: boolean): Promise<boolean> {
  const reply = await call(
    callRoutes.updateFavorite,
    { contentId: video.contentId, actionType: add ? '1' : '0', isSeries: video.isSeries },
    { check: schemas?.favorite },
  );
  return reply.inFavorite === 'Y';
}

/** POST ajaxRemoveKeepWatch.do: off continue watching; the history keeps it. */
export function removeKeepWatch(video: Toggleable) {
  return call(callRoutes.removeKeepWatch, {
    contentId: video.contentId,
    isSeries: video.isSeries,
  });
}

/** POST ajaxFindViewRecord.do {deleteContentId, isSeries}: deletes a history record. */
export function deleteViewRecord(video: Toggleable) {
  return call(callRoutes.deleteViewRecord, {
    deleteContentId: video.contentId,
    isSeries: video.isSeries,
  });
}

/** After any change to a list: every list, count and membership of this member refetches. */
export function refreshLists(queryClient: QueryClient, info: Info): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: listsKey(info) });
}

/** ajaxGetWatchPosition.do for members: where to resume a movie, an episode or a series. */
export function useWatchPosition(info: Info, contentId: string, enabled = true) {
  return useQuery({
    queryKey: [...listsKey(info), 'position', contentId],
    queryFn: ({ signal }) =>
      call(callRoutes.getWatchPosition, { contentId }, { check: schemas?.position, signal }),
    enabled: enabled && isMember(info) && contentId !== '',
    retry: retryTransient,
    staleTime: 0,
    gcTime: 0,
  });
}

export interface Heartbeat {
  contentId: string;
  positionSeconds: number;
  durationSeconds: number;
  /** Newer heartbeats win on the server: Date.now() of the moment it was taken. */
  seq: number;
  /** The play right's stream lease, which the heartbeat renews (docs/adr/0042). */
  streamId?: string;
}

/**
 * POST ajaxSaveWatchPosition.do with fetch keepalive, so a heartbeat sent while the page goes
 * away (pagehide, leaving the player) still arrives. Synchronous up to the fetch: the CSRF token
 * is read from its cookie here, not awaited. Failures are quiet (DESIGN §4: background calls),
 * but a refusal the player must act on (STREAM_STOPPED) is handed to `onRefused`.
 */
export function sendHeartbeat(beat: Heartbeat, onRefused?: (error: ApiError) => void): void {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
  };
  const token = readCookie(document.cookie, CSRF_COOKIE);
  if (token) headers[CSRF_HEADER] = token;
  fetch(callRoutes.saveWatchPosition.path, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers,
    body: JSON.stringify(beat satisfies CallInput<typeof callRoutes.saveWatchPosition>),
  })
    .then(async (response) => {
      if (!onRefused || response.ok) return;
      const body: unknown = await response.json().catch(() => undefined);
      readEnvelope(response.status, body);
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError) onRefused?.(error);
    });
}
