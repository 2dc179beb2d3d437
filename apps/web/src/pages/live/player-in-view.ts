import { useEffect } from 'react';
import './player-in-view.css';

/**
 * The sticky site header's height, as --site-top-height on the root element, while the live page
 * is open: the video area's size is capped by the room under the header (player-in-view.css),
 * and a channel change scrolls the area to just under it.
 */
export function useSiteTopHeight(): void {
  useEffect(() => {
    const top = document.querySelector<HTMLElement>('.site-top');
    const root = document.documentElement;
    if (!top) return;
    const measure = () => root.style.setProperty('--site-top-height', `${top.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(top);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--site-top-height');
    };
  }, []);
}

/** Room kept between the sticky header and the video area scrolled under it. */
const GAP_PX = 8;

/**
 * Brings the live page's video area (channel name, picture and controls) into view after a
 * channel change from 直播進行中 or the grid, which sit below it (issue 20 item 13): a viewer
 * who picked a channel wants to see it. Nothing moves when the area is in view already, or in
 * fullscreen; the scroll is instant for viewers who ask for reduced motion.
 */
export function bringIntoView(area: Element | null): void {
  if (!(area instanceof HTMLElement) || document.fullscreenElement) return;
  const header = document.querySelector('.site-top')?.getBoundingClientRect().bottom ?? 0;
  const box = area.getBoundingClientRect();
  if (box.top >= header && box.bottom <= window.innerHeight) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  area.style.scrollMarginTop = `${Math.max(0, header) + GAP_PX}px`;
  area.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
}
