import type { WarmPlace } from './warm-place';

/** The play page is at most this wide (PlayPage.css `.play { max-width }`). */
export const PLAY_PAGE_MAX_WIDTH = 1100;

/**
 * Where the play page will show its player, worked out on the page being left: the play page puts
 * the player first in the site's <main> (the same element on every page), as wide as main's
 * content box up to PLAY_PAGE_MAX_WIDTH, at 16:9. A stream started at a play link's click shows
 * there, in <body> (document coordinates), so that it stays put through the page change and the
 * player takes it where it already is. e2e/player.test.ts compares this box with the player's.
 */
export function playPagePlace(): WarmPlace | undefined {
  const main = document.getElementById('main');
  if (!main) return undefined;
  const rect = main.getBoundingClientRect();
  const style = getComputedStyle(main);
  const px = (value: string) => Number.parseFloat(value) || 0;
  const contentWidth = main.clientWidth - px(style.paddingLeft) - px(style.paddingRight);
  const width = Math.min(contentWidth, PLAY_PAGE_MAX_WIDTH);
  return {
    container: document.body,
    box: {
      left: rect.left + window.scrollX + main.clientLeft + px(style.paddingLeft),
      top: rect.top + window.scrollY + main.clientTop + px(style.paddingTop),
      width,
      height: (width * 9) / 16,
    },
  };
}
