import { logCalls, type PlaybackErrorLog, type PlayType } from '@site/contract';
import { playerErrorText } from './error-codes';
import type { PlaybackError } from './machine';

const MESSAGE_MAX = 500;

/** The app-log entry of one playback error (SPEC §7: type playbackError). */
export function playbackErrorEntry(
  contentId: string,
  playType: PlayType,
  error: PlaybackError,
): PlaybackErrorLog {
  const text = playerErrorText(error.code);
  const message = error.detail ? `${text} (${error.detail})` : text;
  return {
    type: 'playbackError',
    contentID: contentId,
    playerErrorCode: error.code,
    videoPosition: Math.max(0, Math.round(error.position * 1000) / 1000),
    errorMessage: message.slice(0, MESSAGE_MAX),
    playType,
  };
}

/**
 * Posts an app-log entry as a beacon (POST /sas/InsertAppLog): it survives the page going away
 * and never holds playback up. sendBeacon sends a string as text/plain, which the log face reads
 * as JSON; where there is no sendBeacon (or it refuses), a keepalive fetch. Failures are quiet.
 */
export function postAppLog(entry: PlaybackErrorLog): void {
  const body = JSON.stringify(entry);
  try {
    if (navigator.sendBeacon?.(logCalls.insertAppLog, body)) return;
  } catch {
    // Fall through to fetch.
  }
  fetch(logCalls.insertAppLog, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}
