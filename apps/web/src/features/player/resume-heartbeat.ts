import { useEffect, useState } from 'react';
import { sendHeartbeat, type Heartbeat } from '../../api/lists';

/** SPEC §9 bookmark interval: every 30 s while playing. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** The same position twice within this is one heartbeat. */
const REPEAT_WINDOW_MS = 1_000;

/** The heartbeat for where `video` stands now, or null before its length is known. */
export function heartbeatOf(
  contentId: string,
  video: Pick<HTMLVideoElement, 'currentTime' | 'duration'>,
  now: number,
): Heartbeat | null {
  const duration = video.duration;
  if (!Number.isFinite(duration) || duration <= 0) return null;
  const durationSeconds = Math.max(1, Math.round(duration));
  return {
    contentId,
    positionSeconds: Math.min(durationSeconds, Math.max(0, Math.floor(video.currentTime))),
    durationSeconds,
    seq: now,
  };
}

export interface HeartbeatHandlers {
  onPlaying(video: HTMLVideoElement): void;
  onPause(video: HTMLVideoElement): void;
  onEnded(video: HTMLVideoElement): void;
  /** A playback error: the position is saved before the player re-sources. */
  onError(video: HTMLVideoElement): void;
}

interface HeartbeatMachine extends HeartbeatHandlers {
  configure(contentId: string, enabled: boolean): void;
  /** Sends where playback stands, if it has started and the viewer is a member. */
  send(): void;
  stop(): void;
}

/** The heartbeat's state outside React: the video once it played, and the 30 s timer. */
export function createHeartbeatMachine(
  post: (beat: Heartbeat) => void = sendHeartbeat,
  clock: () => number = Date.now,
): HeartbeatMachine {
  let contentId = '';
  let enabled = false;
  let video: HTMLVideoElement | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let last = { contentId: '', position: -1, at: -Infinity };
  const send = () => {
    if (!enabled || !video) return;
    const beat = heartbeatOf(contentId, video, clock());
    if (!beat) return;
    // The end fires pause then ended: one heartbeat says it.
    const repeat =
      beat.contentId === last.contentId &&
      beat.positionSeconds === last.position &&
      beat.seq - last.at < REPEAT_WINDOW_MS;
    if (repeat) return;
    last = { contentId: beat.contentId, position: beat.positionSeconds, at: beat.seq };
    post(beat);
  };
  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const settle = (element: HTMLVideoElement) => {
    video = element;
    stop();
    send();
  };
  return {
    configure(id, on) {
      contentId = id;
      enabled = on;
    },
    send,
    stop,
    onPlaying(element) {
      video = element;
      timer ??= setInterval(send, HEARTBEAT_INTERVAL_MS);
    },
    onPause: settle,
    onEnded: settle,
    onError: settle,
  };
}

/**
 * Resume heartbeats for members (POST ajaxSaveWatchPosition.do): once playback has started, every
 * 30 s while playing, on pause, on a playback error, at the end, and on leaving (pagehide or the player going away),
 * with fetch keepalive so the last one survives the page. seq is Date.now(): a later one wins.
 */
export function useResumeHeartbeat(contentId: string, enabled: boolean): HeartbeatHandlers {
  const [machine] = useState(() => createHeartbeatMachine());

  useEffect(() => {
    machine.configure(contentId, enabled);
  }, [machine, contentId, enabled]);

  useEffect(() => {
    const onPageHide = () => machine.send();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      machine.stop();
      // Leaving the player inside the app: the last position, unless playback never began.
      machine.send();
    };
  }, [machine]);

  return machine;
}
