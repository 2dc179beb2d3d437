/** Fullscreen of the whole player (video and controls) and picture-in-picture of the video. */

interface WebKitVideo extends HTMLVideoElement {
  webkitEnterFullscreen?: () => void;
}

/** Whether the frame is in fullscreen: itself, or inside the element that is (a host). */
export function isFullscreen(frame: Element | null): boolean {
  const full = document.fullscreenElement;
  return frame !== null && full !== null && full.contains(frame);
}

/** `frame` is what goes fullscreen: the player's frame, or the page's host for it. */
export async function toggleFullscreen(frame: HTMLElement, video: HTMLVideoElement | null) {
  if (document.fullscreenElement) return document.exitFullscreen();
  if (typeof frame.requestFullscreen === 'function') return frame.requestFullscreen();
  // iPhone Safari: only the video itself goes fullscreen, with the system's own controls.
  (video as WebKitVideo | null)?.webkitEnterFullscreen?.();
}

export function pipSupported(): boolean {
  return typeof document !== 'undefined' && document.pictureInPictureEnabled === true;
}

export async function togglePip(video: HTMLVideoElement) {
  if (document.pictureInPictureElement) return document.exitPictureInPicture();
  return video.requestPictureInPicture().then(() => undefined);
}
