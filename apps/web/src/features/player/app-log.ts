import { logCalls, type PlaybackErrorLog, type PlayType } from '@site/contract';
import { sendLogBeacon } from '../../api/beacon';
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

/** Posts an app-log entry (POST /sas/InsertAppLog) as a beacon; it never holds playback up. */
export function postAppLog(entry: PlaybackErrorLog): void {
  sendLogBeacon(logCalls.insertAppLog, JSON.stringify(entry));
}
