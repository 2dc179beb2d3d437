import type HlsType from 'hls.js';

let pending: Promise<typeof HlsType> | undefined;

/**
 * hls.js is the largest thing the site loads, so it is fetched only for playback; calling this
 * early (on hover or focus of a play control) overlaps the download with the user's click.
 */
export function loadHls(): Promise<typeof HlsType> {
  pending ??= import('hls.js').then((module) => module.default);
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}

/** For onPointerEnter/onFocus of play controls; a failed preload is retried on real use. */
export function preloadHls(): void {
  loadHls().catch(() => undefined);
}

/** Safari's own HLS, used only where Media Source Extensions are missing (older iPhones). */
export function canPlayHlsNatively(video: HTMLVideoElement): boolean {
  const hasMse = 'MediaSource' in window || 'ManagedMediaSource' in window;
  return !hasMse && video.canPlayType('application/vnd.apple.mpegurl') !== '';
}
