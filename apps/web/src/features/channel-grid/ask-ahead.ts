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

/**
 * Asks ahead while the pointer or focus is on a channel's link (strip item, tile). The
 * switch-channel reply is asked for only when `askSwitch` (a visitor's): a member's switch takes
 * the device's stream lease (docs/adr/0042), so asking on a mere hover would stop the channel this
 * device is playing. Members still get the player library and the next hls.js instance.
 */
export function aheadOf(channelId: string, askSwitch = true) {
  const ask = () => {
    if (askSwitch) {
      askChannelAhead(channelId);
      return;
    }
    preloadHls();
    prepareHls();
  };
  return { onPointerEnter: ask, onFocus: ask, onPointerDown: ask };
}
