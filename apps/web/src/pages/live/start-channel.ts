import type { MouseEvent, RefObject } from 'react';
import { useNavigate } from 'react-router';
import { liveChannelPath } from '@site/contract';
import { answeredSwitch } from '../../api/live';
import { isPlainClick } from '../../features/player/PlayLink';
import { playerStageIn } from '../../features/player/video-element';
import { firstFrameOrSoon, warmStream } from '../../features/player/prewarm';
import { placeOver } from '../../features/player/warm-place';
import { channelView } from './live-rules';
import { bringIntoView } from './player-in-view';

export interface ChannelStarter {
  /** A link's click handler: starts the channel at once when it can, else the link goes. */
  onClick(channelId: string): (event: MouseEvent<HTMLAnchorElement>) => void;
  /** For the channel keys: starts the channel at once when it can, else changes the page. */
  switchTo(channelId: string): void;
}

/**
 * Changing channel on the live page. When the channel's switch-channel reply came ahead and the
 * site's player will play it (a PC, no pre-roll, our own stream), hls.js starts it at once in the
 * video area (`stageRef`), over the channel being left, and the page follows at its first frame,
 * at most SHOWN_WAIT_MS later; the player then takes that video (ADR 0027). Otherwise the page
 * changes and the player starts as usual.
 */
export function useChannelStarter(
  stageRef: RefObject<HTMLElement | null>,
  isPc: boolean,
): ChannelStarter {
  const navigate = useNavigate();
  const go = (channelId: string) => void navigate(liveChannelPath(channelId));
  const startAtOnce = (channelId: string): boolean => {
    const container = stageRef.current;
    const reply = answeredSwitch(channelId);
    const view = isPc && container && reply ? channelView(reply, { isPc }) : undefined;
    if (!container || view?.kind !== 'play' || view.prerollTag) return false;
    const over = playerStageIn(container) ?? container;
    // The scroll to the picture waits for the stream's first frame, with the page change: a
    // scroll animated meanwhile competes with the stream's start (channel-change benchmark).
    void firstFrameOrSoon(warmStream(view.src, placeOver(container, over))).then(() => {
      toPicture();
      go(channelId);
    });
    return true;
  };
  // The strip and the grid are below the video area: the viewer is taken to the picture.
  const toPicture = () => bringIntoView(stageRef.current?.closest('.live-area') ?? null);
  return {
    onClick: (channelId) => (event) => {
      if (event.defaultPrevented || !isPlainClick(event)) return;
      if (startAtOnce(channelId)) event.preventDefault();
      else toPicture();
    },
    switchTo(channelId) {
      if (startAtOnce(channelId)) return;
      toPicture();
      go(channelId);
    },
  };
}
