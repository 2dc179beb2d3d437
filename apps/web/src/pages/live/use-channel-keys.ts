import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  DigitBuffer,
  OVERLAY_MS,
  channelByNumber,
  channelKeyOf,
  stepChannel,
} from './channel-keys';
import { askChannelAhead } from '../../features/channel-grid/ask-ahead';

function typingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) &&
    !(target instanceof HTMLInputElement && target.type === 'range')
  );
}

/**
 * Channel keys while the player in `areaRef` (or the area itself) is fullscreen or focus is inside the video area
 * (channel-keys.ts); returns what the now/next overlay shows: digits typed so far, or a flash after
 * a switch.
 */
export function useChannelKeys(
  areaRef: RefObject<HTMLElement | null>,
  channelIds: string[],
  currentId: string,
  switchTo: (channelId: string) => void,
): { typed: string; flash: number } {
  const [typed, setTyped] = useState('');
  const [flash, setFlash] = useState(0);
  const latest = useRef({ channelIds, currentId, switchTo });
  useEffect(() => {
    latest.current = { channelIds, currentId, switchTo };
  });

  useEffect(() => {
    const go = (id: string | undefined) => {
      setFlash(Date.now());
      // The player about to be replaced holds the focus: the area keeps it, so keys go on working.
      const area = areaRef.current;
      if (area && !document.fullscreenElement && area.contains(document.activeElement)) {
        area.focus({ preventScroll: true });
      }
      if (!id) return;
      if (id !== latest.current.currentId) latest.current.switchTo(id);
      // A viewer going through the channels by key is likely to go on: the channels either side
      // are asked for ahead, so the next key can start its channel at once.
      const ids = latest.current.channelIds;
      for (const step of [1, -1] as const) {
        const next = stepChannel(ids, id, step);
        if (next && next !== id) askChannelAhead(next);
      }
    };
    const buffer = new DigitBuffer((digits) => {
      setTyped('');
      go(channelByNumber(latest.current.channelIds, digits));
    });
    const onKeyDown = (event: KeyboardEvent) => {
      const area = areaRef.current;
      if (!area || event.defaultPrevented || typingIn(event.target)) return;
      const full = document.fullscreenElement;
      const inArea =
        (full !== null && area.contains(full)) ||
        (document.activeElement !== null && area.contains(document.activeElement));
      if (!inArea) return;
      const key = channelKeyOf(event);
      if (!key) return;
      event.preventDefault();
      // The player's own frame leaves fullscreen when a switch replaces the player: the area
      // (player and overlay) takes fullscreen over while the key press still allows it.
      if (full && full !== area) area.requestFullscreen().catch(() => undefined);
      const { channelIds: ids, currentId: current } = latest.current;
      if (key.kind === 'digit') {
        buffer.push(key.digit);
        setTyped(buffer.typed);
      } else {
        go(stepChannel(ids, current, key.kind === 'next' ? 1 : -1));
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      buffer.dispose();
    };
  }, [areaRef]);

  // The overlay goes after a few seconds.
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(0), OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  return { typed, flash };
}
