import type { MouseEvent, RefObject } from 'react';
import { useNavigate } from 'react-router';
import { liveChannelPath } from '@site/contract';
import { answeredSwitch, prefetchSwitchChannel } from '../../api/live';
import { preloadHls } from '../../features/player/load-hls';
import { isPlainClick } from '../../features/player/PlayLink';
import { playerStageIn } from '../../features/player/video-element';
import { firstFrameOrSoon, prepareHls, warmStream } from '../../features/player/prewarm';
import { channelView } from './live-rules';

/** Asks for a channel's stream while the pointer or focus is on its link (api/live.ts). */
export function aheadOf(channelId: string) {
  const warm = () => {
    preloadHls();
    prepareHls();
    prefetchSwitchChannel(channelId);
  };
  return { onPointerEnter: warm, onFocus: warm, onPointerDown: warm };
}

export type StartChannel = (channelId: string) => (event: MouseEvent<HTMLAnchorElement>) => void;

/**
 * A click on another channel (a strip item or a tile) whose switch-channel reply came ahead: when
 * the site's player will play it (a PC, no pre-roll, our own stream), hls.js starts it at once in
 * the video area (`stageRef`), over the channel being left, and the page follows at its first
 * frame, at most SWITCH_WAIT_MS later; the player then takes that video (ADR 0027). Any other
 * case is a plain link.
 */
export function useStartChannel(
  stageRef: RefObject<HTMLElement | null>,
  isPc: boolean,
): StartChannel {
  const navigate = useNavigate();
  return (channelId) => (event) => {
    const container = stageRef.current;
    if (!isPc || !container || event.defaultPrevented || !isPlainClick(event)) return;
    const reply = answeredSwitch(channelId);
    const view = reply ? channelView(reply, { isPc }) : undefined;
    if (view?.kind !== 'play' || view.prerollTag) return;
    event.preventDefault();
    const over = playerStageIn(container) ?? container;
    void firstFrameOrSoon(warmStream(view.src, { container, over })).then(() =>
      navigate(liveChannelPath(channelId)),
    );
  };
}
