/** Fullscreen of the whole player (video and controls) and picture-in-picture of the video. */

interface WebKitVideo extends HTMLVideoElement {
  webkitEnterFullscreen?: () => void;
}

export function isFullscreen(frame: Element | null): boolean {
  return frame !== null && document.fullscreenElement === frame;
}

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
