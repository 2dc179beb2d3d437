/**
 * Where a warmed stream shows before its player takes it: in `container` (an element that stays
 * on the page while the next view renders), at `box` (CSS pixels from the container's padding
 * edge, where the player will be; 'fill' for all of it), so its first frame is on screen at once.
 * `leaving` is the player it covers, whose sound stops.
 */
export interface WarmPlace {
  container: HTMLElement;
  box: { left: number; top: number; width: number; height: number } | 'fill';
  leaving?: HTMLElement;
}

/** The place over `over`, inside `container` (a positioned element holding it). */
export function placeOver(container: HTMLElement, over: HTMLElement): WarmPlace {
  // In fullscreen the boxes are about to change: the container is filled, letterboxed.
  if (document.fullscreenElement) return { container, box: 'fill', leaving: over };
  const box = over.getBoundingClientRect();
  const frame = container.getBoundingClientRect();
  return {
    container,
    box: {
      left: box.left - frame.left - container.clientLeft,
      top: box.top - frame.top - container.clientTop,
      width: box.width,
      height: box.height,
    },
    leaving: over,
  };
}

/** Puts the warmed video in its place, above what the container holds. */
export function showAt(video: HTMLVideoElement, { container, box }: WarmPlace): void {
  video.setAttribute('aria-hidden', 'true');
  video.tabIndex = -1;
  const at =
    box === 'fill'
      ? { inset: '0' }
      : {
          left: `${box.left}px`,
          top: `${box.top}px`,
          width: `${box.width}px`,
          height: `${box.height}px`,
        };
  Object.assign(video.style, { position: 'absolute', zIndex: '1', ...at });
  container.append(video);
}

/**
 * Chromium defers a media element's pipeline while it is not in a document, so the warmed video
 * waits on the page, invisible and out of the way, until the player takes it.
 */
export function hideWhileWarming(video: HTMLVideoElement): void {
  Object.assign(video.style, {
    position: 'fixed',
    left: '0',
    top: '0',
    width: '1px',
    height: '1px',
    opacity: '0',
    pointerEvents: 'none',
  });
  video.setAttribute('aria-hidden', 'true');
  video.tabIndex = -1;
  document.body.append(video);
}
