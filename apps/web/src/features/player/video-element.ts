/**
 * The player's <video>, made outside React so that a start warmed at the click (prewarm.ts) can
 * attach hls.js to it before the play page has rendered; the player then puts it on the page.
 */
export function createPlayerVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  video.className = 'player__video';
  video.playsInline = true;
  video.tabIndex = 0;
  return video;
}

/** Starts playback; a browser that refuses sound without a gesture still plays, muted. */
export function playMutedIfRefused(video: HTMLVideoElement): void {
  video.play().catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'NotAllowedError' && !video.muted) {
      video.muted = true;
      video.play().catch(() => undefined);
    }
  });
}

/** The box the player shows its video in, inside `element` (none when no player is there). */
export function playerStageIn(element: HTMLElement): HTMLElement | null {
  return element.querySelector<HTMLElement>('.player__stage');
}
