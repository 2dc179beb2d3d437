import { useQuery } from '@tanstack/react-query';
import {
  callRoutes,
  liveCalls,
  livePageDataSchema,
  switchChannelDataSchema,
  type LivePageData,
  type SwitchChannelData,
} from '@site/contract';
import { ApiError, call, postJson } from './client';

/** Replies are checked against the contract in development only; production builds drop zod. */
const schemas = import.meta.env.DEV
  ? { pageData: livePageDataSchema, switchChannel: switchChannelDataSchema }
  : undefined;

export const liveKeys = {
  pageData: ['live', 'pageData'] as const,
  minutesWording: ['wording', 'Live_Minutes_Wording'] as const,
  twitch: (channelId: string) => ['live', 'twitch', channelId] as const,
};

/**
 * ajaxGetLivePageData.do: the channels on air with their programme, the default channel, and who
 * asks. `refetchInMs` asks again when the strip's earliest programme ends (program.endsAt).
 */
export function useLivePageData(refetchInMs: (data: LivePageData | undefined) => number | false) {
  return useQuery({
    queryKey: liveKeys.pageData,
    queryFn: ({ signal }) =>
      call(callRoutes.getLivePageData, {}, { check: schemas?.pageData, signal }),
    refetchInterval: (query) => refetchInMs(query.state.data),
    // Who is watching (uid) may have changed since the last visit (a login in between).
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}

/** ajaxFindWording.do?code=Live_Minutes_Wording ('{minutes}$${message}'); quiet on failure. */
export function useMinutesWording() {
  return useQuery({
    queryKey: liveKeys.minutesWording,
    queryFn: ({ signal }) =>
      call(callRoutes.findWording, { code: 'Live_Minutes_Wording' }, { signal }),
    select: (data) => data.wording,
    staleTime: 30 * 60_000,
    retry: false,
  });
}

/** ajaxFindTwitchContentData.do: the Twitch embed of a channel. */
export function useTwitchContent(channelId: string, enabled: boolean) {
  return useQuery({
    queryKey: liveKeys.twitch(channelId),
    queryFn: ({ signal }) => call(callRoutes.findTwitchContentData, { channelId }, { signal }),
    enabled,
    retry: false,
  });
}

/** A failure worth asking again: no reply, or the server's own trouble (not a refusal). */
export function isTransient(error: unknown): boolean {
  return !(error instanceof ApiError) || error.httpStatus === 0 || error.httpStatus >= 500;
}

/**
 * Calls `attempt` until it succeeds, at most `attempts` times in all, waiting `stepMs` × n between
 * tries (SPEC §7, §9: switch-channel retried up to 5 times). A refusal (4xx) is not retried.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  attempts: number,
  stepMs: number,
  signal?: AbortSignal,
): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (signal?.aborted || n >= attempts || !isTransient(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, stepMs * n));
      if (signal?.aborted) throw error;
    }
  }
}

/** GET ajaxSwitchChannel.do?channelId= once. */
export function fetchSwitchChannel(
  channelId: string,
  signal?: AbortSignal,
): Promise<SwitchChannelData> {
  return call(callRoutes.switchChannel, { channelId }, { check: schemas?.switchChannel, signal });
}

/**
 * Switch-channel replies asked for ahead (pointer on a strip item or tile, focus), kept a few
 * seconds: the signed stream URL lasts an hour, so a reply fetched on hover is as good at the click.
 */
const AHEAD_MS = 15_000;
const ahead = new Map<
  string,
  { at: number; reply: Promise<SwitchChannelData>; answered?: SwitchChannelData }
>();

/**
 * Asks for a channel's switch-channel reply ahead, once per AHEAD_MS; `whenAnswered` runs with
 * the reply when it comes (the player warms the stream's first requests, features/player).
 */
export function prefetchSwitchChannel(
  channelId: string,
  whenAnswered?: (data: SwitchChannelData) => Promise<void>,
): void {
  const held = ahead.get(channelId);
  if (held && Date.now() - held.at < AHEAD_MS) return;
  const entry: { at: number; reply: Promise<SwitchChannelData>; answered?: SwitchChannelData } = {
    at: Date.now(),
    reply: fetchSwitchChannel(channelId),
  };
  entry.reply.then(
    (data) => {
      entry.answered = data;
      return whenAnswered?.(data);
    },
    () => ahead.delete(channelId),
  );
  ahead.set(channelId, entry);
}

/** A reply asked for ahead that has already come and is still fresh (left for the page to take). */
export function answeredSwitch(channelId: string): SwitchChannelData | undefined {
  const held = ahead.get(channelId);
  return held && Date.now() - held.at < AHEAD_MS ? held.answered : undefined;
}

/**
 * A reply asked for ahead and still fresh, taken once: on its way, or (`answered`) already come,
 * so the page can show the channel without rendering the wait first.
 */
export function takePrefetchedSwitch(
  channelId: string,
): { reply: Promise<SwitchChannelData>; answered?: SwitchChannelData } | undefined {
  const held = ahead.get(channelId);
  ahead.delete(channelId);
  return held && Date.now() - held.at < AHEAD_MS ? held : undefined;
}

export const liveBookmarkApi = {
  async get(channelId: string, playId: string): Promise<string> {
    const data = await postJson<{ bookmark_id: string }>(
      liveCalls.getLiveBookmark,
      { channelId, playId },
      undefined,
    );
    return data.bookmark_id;
  },
  async insert(
    channelId: string,
    bookmarkId: string,
    reason: string,
    streamId?: string,
  ): Promise<void> {
    const body = { channelId, bookmarkId, reason, ...(streamId ? { streamId } : {}) };
    await postJson(liveCalls.insertLiveBookmark, body, undefined);
  },
};
