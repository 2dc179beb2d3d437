import { createContext, type RefObject } from 'react';

/**
 * The element the player's fullscreen button (and f) puts in fullscreen, when a page gives one:
 * an element that stays on the page while what plays in it changes. The play page's screen holds
 * the player, the next-episode countdown over it, and the next episode's player after it, so the
 * next episode starts still in fullscreen (issue 20 item 12); the player's own frame would leave
 * fullscreen with the player it belongs to. Without a host, the player's frame goes fullscreen.
 */
export const FullscreenHost = createContext<RefObject<HTMLElement | null> | null>(null);
