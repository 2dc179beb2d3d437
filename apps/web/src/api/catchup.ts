import { useQuery } from '@tanstack/react-query';
import {
  callRoutes,
  catchupProgramListReplySchema,
  programHistoryReplySchema,
  programPlayDataSchema,
  type CallInput,
  type CallReply,
  type LoginInfo,
  type ProgramPlayData,
} from '@site/contract';
import { ApiError, CSRF_COOKIE, CSRF_HEADER, call, readEnvelope } from './client';
import { readCookie } from './cookies';
import { listsKey } from './lists';
import { retryTransient } from './session';

/** Replies are checked against the contract in development only; production builds drop zod. */
const schemas = import.meta.env.DEV
  ? {
      list: catchupProgramListReplySchema.shape.data,
      play: programPlayDataSchema,
      history: programHistoryReplySchema.shape.data,
    }
  : undefined;

export type CatchupProgramList = CallReply<typeof callRoutes.findCatchupProgramList>;
export type ProgramHistory = CallReply<typeof callRoutes.findProgramHistoryList>;
export type ProgramHistoryItem = ProgramHistory['programList'][number];
export type ProgramPosition = CallInput<typeof callRoutes.saveProgramPosition>;

export const catchupKeys = {
  list: (channelId: string) => ['live', 'catchup', channelId] as const,
};

/**
 * GET ajaxFindCatchupProgramList.do: the channel's catch-up window, oldest first, each programme
 * playable from its start or not. Asked again when the programme on air ends (`refetchInMs`).
 * Quiet on failure: without it the live page simply offers neither 從頭看 nor 回看.
 */
export function useCatchupProgramList(
  channelId: string,
  refetchInMs: (data: CatchupProgramList | undefined) => number | false,
) {
  return useQuery({
    queryKey: catchupKeys.list(channelId),
    queryFn: ({ signal }) =>
      call(callRoutes.findCatchupProgramList, { channelId }, { check: schemas?.list, signal }),
    enabled: channelId !== '',
    refetchInterval: (query) => refetchInMs(query.state.data),
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** GET ajaxGetProgramPlay.do once: a programme's stream (start over on air, catch-up after). */
export function fetchProgramPlay(
  channelId: string,
  programStart: string,
  signal?: AbortSignal,
): Promise<ProgramPlayData> {
  return call(
    callRoutes.getProgramPlay,
    { channelId, programStart },
    { check: schemas?.play, signal },
  );
}

/**
 * getProgramPlay replies asked for ahead (the pointer on 從頭看 or 回看, their focus), kept a few
 * seconds, as switch-channel's: the click then starts the stream without waiting for the call.
 */
const AHEAD_MS = 15_000;
interface Ahead {
  at: number;
  reply: Promise<ProgramPlayData>;
  /** The reply once it has come. */
  answered?: ProgramPlayData;
}
const ahead = new Map<string, Ahead>();
const aheadKey = (channelId: string, programStart: string) => `${channelId} ${programStart}`;
const fresh = (held: Ahead | undefined) =>
  held && Date.now() - held.at < AHEAD_MS ? held : undefined;

/**
 * Asks for a programme's play ahead, once per AHEAD_MS; `whenAnswered` runs with the reply when
 * it comes (the player warms the stream's first requests, features/player).
 */
export function prefetchProgramPlay(
  channelId: string,
  programStart: string,
  whenAnswered?: (data: ProgramPlayData) => Promise<void>,
): void {
  const key = aheadKey(channelId, programStart);
  if (fresh(ahead.get(key))) return;
  const entry: Ahead = { at: Date.now(), reply: fetchProgramPlay(channelId, programStart) };
  entry.reply.then(
    (data) => {
      entry.answered = data;
      return whenAnswered?.(data);
    },
    // A refusal asked ahead is asked again at the click (its words are shown then).
    () => ahead.delete(key),
  );
  ahead.set(key, entry);
}

/** A reply asked for ahead that has come and is still fresh (left for the player to take). */
export function answeredProgramPlay(
  channelId: string,
  programStart: string,
): ProgramPlayData | undefined {
  return fresh(ahead.get(aheadKey(channelId, programStart)))?.answered;
}

/**
 * A reply asked for ahead and still fresh, taken once: `answered` when it had come at the
 * taking. A snapshot, not the live entry: the entry is filled in when its reply comes, and a
 * player that rendered 'loading' from it must not later read it as answered and wait forever.
 */
export function takeProgramPlay(
  channelId: string,
  programStart: string,
): { reply: Promise<ProgramPlayData>; answered?: ProgramPlayData } | undefined {
  const key = aheadKey(channelId, programStart);
  const held = fresh(ahead.get(key));
  ahead.delete(key);
  if (!held) return undefined;
  return held.answered ? { reply: held.reply, answered: held.answered } : { reply: held.reply };
}

/** GET ajaxFindProgramHistoryList.do: the member's catch-up programmes, newest first. */
export function useProgramHistory(info: LoginInfo | undefined) {
  return useQuery({
    queryKey: [...listsKey(info), 'programHistory'],
    queryFn: ({ signal }) =>
      call(callRoutes.findProgramHistoryList, undefined, { check: schemas?.history, signal }),
    enabled: info?.isLogin === 'Y',
    retry: retryTransient,
    staleTime: 0,
  });
}

/**
 * POST ajaxSaveProgramPosition.do with fetch keepalive (as the VOD heartbeat, api/lists.ts), so
 * the beat sent while the page goes away still arrives. Failures are quiet, but a refusal the
 * player must act on (STREAM_STOPPED) is handed to `onRefused`.
 */
export function sendProgramPosition(
  beat: ProgramPosition,
  onRefused?: (error: ApiError) => void,
): void {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/json',
  };
  const token = readCookie(document.cookie, CSRF_COOKIE);
  if (token) headers[CSRF_HEADER] = token;
  fetch(callRoutes.saveProgramPosition.path, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers,
    body: JSON.stringify(beat),
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
