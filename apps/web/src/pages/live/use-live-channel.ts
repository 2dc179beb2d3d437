import { useCallback, useEffect, useReducer, useState } from 'react';
import type { ActiveStream, SwitchChannelData } from '@site/contract';
import { fetchSwitchChannel, isTransient, takePrefetchedSwitch, withRetries } from '../../api/live';
import { streamsOfRefusal } from '../../features/devices/refusal';
import { t } from '../../i18n/zh-TW';
import {
  SWITCH_CHANNEL_ATTEMPTS,
  SWITCH_RETRY_STEP_MS,
  channelView,
  type ChannelView,
  type ViewContext,
} from './live-rules';

/**
 * The live page's channel as a state machine: idle → switching → ready (the switch-channel
 * reply and what it means here) or failed; ready → ended once a bookmark reply says the live
 * event is over (final: the page reloads), or stopped once one says another device of the account
 * stopped this play (STREAM_STOPPED; 重新播放 switches again). A switch refused with STREAM_LIMIT
 * fails with the streams playing now. Inside ready, the ad stages of SPEC §4: an AVOD
 * channel plays a pre-roll, then content; at each ad break the stream announces, a mid-roll, then
 * content again (at the live edge: the player starts over).
 */
export type LiveChannelState =
  | { phase: 'idle' }
  | { phase: 'switching'; channelId: string }
  | {
      phase: 'ready';
      channelId: string;
      data: SwitchChannelData;
      view: ChannelView;
      /** 'preroll' while an AVOD channel's ad plays, then 'content'; 'midroll' during a break. */
      stage: 'preroll' | 'content' | 'midroll';
      /** The ad tag of the break under way ('' outside one). */
      midrollTag: string;
      /** Content again after a mid-roll (the player takes the focus the break had). */
      afterBreak: boolean;
    }
  | {
      phase: 'failed';
      channelId: string;
      message: string;
      /** STREAM_LIMIT: the streams playing now, one of which may be stopped. */
      streams?: ActiveStream[];
    }
  | { phase: 'ended'; channelId: string; message: string }
  | { phase: 'stopped'; channelId: string; message: string };

export type LiveChannelEvent =
  | { type: 'switch'; channelId: string }
  | { type: 'loaded'; channelId: string; data: SwitchChannelData; view: ChannelView }
  | { type: 'failed'; channelId: string; message: string; streams?: ActiveStream[] }
  | { type: 'prerollDone' }
  /** The content reached an ad break (the stream's mark) with this ad tag. */
  | { type: 'midrollDue'; adTag: string }
  | { type: 'midrollDone' }
  | { type: 'liveEnded'; message: string }
  /** A bookmark was refused with STREAM_STOPPED: another device stopped this play. */
  | { type: 'streamStopped'; message: string };

export const initialLiveChannelState: LiveChannelState = { phase: 'idle' };

export function liveChannelReducer(
  state: LiveChannelState,
  event: LiveChannelEvent,
): LiveChannelState {
  // Ended is final: the page reloads a second later.
  if (state.phase === 'ended') return state;
  switch (event.type) {
    case 'switch':
      if (!event.channelId) return initialLiveChannelState;
      return { phase: 'switching', channelId: event.channelId };
    case 'loaded':
      // A reply for a channel the viewer has already left is dropped.
      if (state.phase !== 'switching' || state.channelId !== event.channelId) return state;
      return {
        phase: 'ready',
        channelId: event.channelId,
        data: event.data,
        view: event.view,
        stage: event.view.kind === 'play' && event.view.prerollTag ? 'preroll' : 'content',
        midrollTag: '',
        afterBreak: false,
      };
    case 'failed':
      if (state.phase !== 'switching' || state.channelId !== event.channelId) return state;
      return event.streams
        ? {
            phase: 'failed',
            channelId: event.channelId,
            message: event.message,
            streams: event.streams,
          }
        : { phase: 'failed', channelId: event.channelId, message: event.message };
    case 'prerollDone':
      return state.phase === 'ready' && state.stage === 'preroll'
        ? { ...state, stage: 'content' }
        : state;
    case 'midrollDue':
      // Only where the server gave this viewer ads on this channel (preRoll 'Y': AVOD, and the
      // live right's own rules, kid mode included), and never inside another break.
      if (state.phase !== 'ready' || state.stage !== 'content' || !event.adTag) return state;
      if (state.view.kind !== 'play' || !state.view.prerollTag) return state;
      return { ...state, stage: 'midroll', midrollTag: event.adTag, afterBreak: false };
    case 'midrollDone':
      return state.phase === 'ready' && state.stage === 'midroll'
        ? { ...state, stage: 'content', midrollTag: '', afterBreak: true }
        : state;
    case 'liveEnded':
      if (state.phase === 'idle') return state;
      return { phase: 'ended', channelId: state.channelId, message: event.message };
    case 'streamStopped':
      if (state.phase !== 'ready') return state;
      return { phase: 'stopped', channelId: state.channelId, message: event.message };
  }
}

/** The message after switch-channel failed: a refusal's own words, else SPEC §8's. */
export function switchFailureMessage(error: unknown): string {
  if (!isTransient(error) && error instanceof Error && error.message) return error.message;
  return t.live.switchFailed;
}

/**
 * Switches to `channelId` whenever it changes (and `context` is known): switch-channel, asked up
 * to five times, then the view the reply means on this device. `retry` switches again (after
 * 「停止該裝置播放」, or 重新播放 once the play was stopped from another device).
 */
export function useLiveChannel(channelId: string, context: ViewContext | undefined) {
  const [state, dispatch] = useReducer(liveChannelReducer, initialLiveChannelState);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const isPc = context?.isPc;
  const simplePage = context?.simplePage;
  useEffect(() => {
    if (isPc === undefined) return;
    dispatch({ type: 'switch', channelId });
    if (!channelId) return;
    // A retry asks afresh: a reply asked ahead may hold a lease since stopped.
    const prefetched = attempt === 0 ? takePrefetchedSwitch(channelId) : undefined;
    if (prefetched?.answered) {
      // Dispatched with the switch, so React renders the channel once, without the wait between.
      const data = prefetched.answered;
      const view = channelView(data, { isPc, simplePage });
      dispatch({ type: 'loaded', channelId, data, view });
      return;
    }
    const controller = new AbortController();
    let first = prefetched?.reply;
    withRetries(
      () => {
        const reply = first ?? fetchSwitchChannel(channelId, controller.signal);
        first = undefined;
        return reply;
      },
      SWITCH_CHANNEL_ATTEMPTS,
      SWITCH_RETRY_STEP_MS,
      controller.signal,
    ).then(
      (data) => {
        if (controller.signal.aborted) return;
        const view = channelView(data, { isPc, simplePage });
        dispatch({ type: 'loaded', channelId, data, view });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = switchFailureMessage(error);
        const streams = streamsOfRefusal(error);
        dispatch({ type: 'failed', channelId, message, ...(streams ? { streams } : {}) });
      },
    );
    return () => controller.abort();
  }, [channelId, isPc, simplePage, attempt]);
  return { state, dispatch, retry };
}
