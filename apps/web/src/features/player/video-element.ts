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
