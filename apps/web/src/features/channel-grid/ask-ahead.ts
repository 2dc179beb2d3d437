import { prefetchSwitchChannel } from '../../api/live';
import { preloadHls } from '../player/load-hls';
import { prepareHls } from '../player/prewarm';
import { warmLiveStream } from '../player/warm-live-stream';

/**
 * Asks for a channel's stream ahead: its switch-channel reply (then the stream's first requests,
 * player/warm-live-stream.ts), the player library and the next hls.js instance.
 */
export function askChannelAhead(channelId: string): void {
  preloadHls();
  prepareHls();
  prefetchSwitchChannel(channelId, warmLiveStream);
}

/** Asks ahead while the pointer or focus is on a channel's link (strip item, tile). */
export function aheadOf(channelId: string) {
  const ask = () => askChannelAhead(channelId);
  return { onPointerEnter: ask, onFocus: ask, onPointerDown: ask };
}
