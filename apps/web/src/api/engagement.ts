import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  announceQueueSchema,
  callRoutes,
  drawResultSchema,
  engagementCalls,
  inboxListSchema,
  inboxUnreadReplySchema,
  type DrawResult,
  type LoginInfo,
} from '@site/contract';
import { CSRF_HEADER, call, csrfToken, readEnvelope } from './client';
import { memberKey, retryTransient } from './session';

/** Replies are checked against the contract in development only. */
const schemas = import.meta.env.DEV
  ? {
      draw: drawResultSchema,
      inbox: inboxListSchema,
      unread: inboxUnreadReplySchema.shape.data,
      announce: announceQueueSchema,
    }
  : undefined;

export type DrawOutcome =
  | { kind: 'win'; prizeName: string }
  | { kind: 'lose' }
  | { kind: 'notLogin' }
  /** Drawn before (another tab) or the window closed meanwhile: the envelope goes. */
  | { kind: 'refused'; message: string }
  /** A failed or empty reply (SPEC §8). */
  | { kind: 'failed' };

/**
 * ajaxDrawActivity.do: a GET (SPEC §7) that changes state, so it carries the CSRF header like a
 * POST (docs/adr/0026), and is never cached. Every reply is read into an outcome; nothing throws.
 */
export async function drawActivity(activityId: string): Promise<DrawOutcome> {
  try {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = await csrfToken();
    if (token) headers[CSRF_HEADER] = token;
    const response = await fetch(
      `${engagementCalls.drawActivity}?activityId=${encodeURIComponent(activityId)}`,
      { credentials: 'same-origin', cache: 'no-store', headers },
    );
    const body: unknown = await response.json().catch(() => undefined);
    const status = (body as { status?: { code?: unknown; message?: unknown } } | undefined)?.status;
    if (status?.code === 'NOT_LOGGED_IN') return { kind: 'notLogin' };
    if (
      status?.code === 'DRAW_ALREADY' ||
      status?.code === 'DRAW_NOT_OPEN' ||
      status?.code === 'DRAW_NOT_ELIGIBLE'
    ) {
      return { kind: 'refused', message: String(status.message ?? '') };
    }
    const data = readEnvelope(response.status, body) as DrawResult | undefined;
    const result = schemas ? schemas.draw.parse(data) : data;
    if (result?.message === 'win' && result.prizeName) {
      return { kind: 'win', prizeName: result.prizeName };
    }
    if (result?.message === 'lose') return { kind: 'lose' };
    if (result?.message === 'notLogin') return { kind: 'notLogin' };
    return { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

/** The inbox's queries; the unread count's key starts with the list's, so one refresh covers both. */
const inboxKey = (info: Pick<LoginInfo, 'accountID' | 'uId'> | undefined, ...rest: string[]) =>
  memberKey(info ?? { accountID: '' }, 'inbox', info?.uId ?? '', ...rest);

/**
 * ajaxFindInboxUnreadCount.do: the header's badge, on every page for a member, so it asks for
 * the count alone; the list is read when the inbox opens (useInbox).
 */
export function useInboxUnreadCount(info: LoginInfo | undefined) {
  return useQuery({
    queryKey: inboxKey(info, 'unread'),
    queryFn: ({ signal }) =>
      call(callRoutes.findInboxUnreadCount, {}, { check: schemas?.unread, signal }),
    // Kids have no inbox (docs/adr/0028): the server refuses the list and counts 0.
    enabled: info?.isLogin === 'Y' && info.kidMode !== '1',
    retry: retryTransient,
    staleTime: 60_000,
  });
}

/** ajaxFindInboxMessageList.do: the list and the unread count (members only). */
export function useInbox(info: LoginInfo | undefined) {
  return useQuery({
    queryKey: inboxKey(info),
    queryFn: ({ signal }) =>
      call(callRoutes.findInboxMessageList, {}, { check: schemas?.inbox, signal }),
    // Kids have no inbox (docs/adr/0028): the server refuses the list and counts 0.
    enabled: info?.isLogin === 'Y' && info.kidMode !== '1',
    retry: retryTransient,
    staleTime: 60_000,
  });
}

/** ajaxUpdateMsg.do: mark read or delete, then the inbox and its count are read again. */
export function useUpdateMessages(info: LoginInfo | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ msgIds, status }: { msgIds: string[]; status: 'read' | 'deleted' }) =>
      call(callRoutes.updateMsg, { msgIds: msgIds.join(','), status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKey(info) }),
  });
}

/** ajaxFindActAnnounceQueue.do: announcements not yet shown to this user (members only). */
export function useAnnouncements(info: LoginInfo | undefined, enabled = true) {
  return useQuery({
    queryKey: memberKey(info ?? { accountID: '' }, 'announcements', info?.uId ?? ''),
    queryFn: ({ signal }) =>
      call(callRoutes.findActAnnounceQueue, {}, { check: schemas?.announce, signal }),
    enabled: enabled && info?.isLogin === 'Y',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
