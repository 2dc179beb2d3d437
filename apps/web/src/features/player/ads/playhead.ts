import { AD_SEEK_THRESHOLD_MS } from '@site/contract';

/**
 * No seeking during an ad (SPEC §9: seek check every 1000 ms with a 100 ms threshold). The
 * playhead may move forward by the wall-clock time that passed (times the playback rate) plus the
 * threshold; any other jump, forward or back, is a seek, and the ad goes back to where it was.
 * Returns the time to snap back to, or null when the move is plain playback.
 */
export function seekCorrection(
  lastTime: number,
  currentTime: number,
  elapsedMs: number,
  playbackRate = 1,
  thresholdMs = AD_SEEK_THRESHOLD_MS,
): number | null {
  const allowed = (Math.max(0, elapsedMs) * Math.max(playbackRate, 0)) / 1000;
  const threshold = thresholdMs / 1000;
  const moved = currentTime - lastTime;
  if (moved < -threshold || moved > allowed + threshold) return lastTime;
  return null;
}

/** Whole seconds left, shown in the countdown (never negative, never NaN). */
export function secondsLeft(duration: number, currentTime: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.max(0, Math.ceil(duration - Math.max(0, currentTime || 0)));
}
