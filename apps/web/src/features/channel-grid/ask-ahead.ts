import { prefetchSwitchChannel } from '../../api/live';
import { preloadHls } from '../player/load-hls';
import { prepareHls } from '../player/prewarm';

/**
 * Asks for a channel's stream ahead: its switch-channel reply (with the stream's first requests,
 * api/live.ts), the player library and the next hls.js instance.
 */
export function askChannelAhead(channelId: string): void {
  preloadHls();
  prepareHls();
  prefetchSwitchChannel(channelId);
}

/** Asks ahead while the pointer or focus is on a channel's link (strip item, tile). */
export function aheadOf(channelId: string) {
  const ask = () => askChannelAhead(channelId);
  return { onPointerEnter: ask, onFocus: ask, onPointerDown: ask };
}
