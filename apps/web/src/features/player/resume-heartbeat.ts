import { useEffect, useState } from 'react';
import { sendHeartbeat, type Heartbeat } from '../../api/lists';
import { stoppedMessageOf } from '../devices/refusal';

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
  /** What to send for: the title, whether the viewer is a member, and the play's stream lease. */
  configure(contentId: string, enabled: boolean, streamId?: string): void;
  /** Called once if a heartbeat is refused with STREAM_STOPPED; none is sent after that. */
  whenStopped(onStopped: ((message: string) => void) | undefined): void;
  /** Sends where playback stands, if it has started and the viewer is a member. */
  send(): void;
  stop(): void;
}

/** The heartbeat's state outside React: the video once it played, and the 30 s timer. */
export function createHeartbeatMachine(
  post: (beat: Heartbeat, onRefused: (error: unknown) => void) => void = sendHeartbeat,
  clock: () => number = Date.now,
): HeartbeatMachine {
  let contentId = '';
  let enabled = false;
  let streamId: string | undefined;
  let stopped = false;
  let onStopped: ((message: string) => void) | undefined;
  // Other refusals stay quiet, as every background call's (DESIGN §4).
  const refused = (error: unknown) => {
    const message = stoppedMessageOf(error);
    if (message === undefined || stopped) return;
    stopped = true;
    enabled = false;
    stop();
    onStopped?.(message);
  };
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
    post(streamId ? { ...beat, streamId } : beat, refused);
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
    configure(id, on, stream) {
      contentId = id;
      enabled = on && !stopped;
      streamId = stream;
    },
    whenStopped(callback) {
      onStopped = callback;
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

export interface StreamLease {
  /** The play right's streamId: each heartbeat renews its lease (docs/adr/0042). */
  streamId?: string | undefined;
  /**
   * Another device stopped this stream (a heartbeat refused with STREAM_STOPPED), with the
   * server's words: the page stops the player. No heartbeat is sent after it.
   */
  onStopped?: ((message: string) => void) | undefined;
}

/**
 * Resume heartbeats for members (POST ajaxSaveWatchPosition.do): once playback has started, every
 * 30 s while playing, on pause, on a playback error, at the end, and on leaving (pagehide or the player going away),
 * with fetch keepalive so the last one survives the page. seq is Date.now(): a later one wins.
 * They carry the play's streamId and so renew its lease; STREAM_STOPPED is told to `onStopped`.
 */
export function useResumeHeartbeat(
  contentId: string,
  enabled: boolean,
  lease: StreamLease = {},
): HeartbeatHandlers {
  const { streamId, onStopped } = lease;
  const [machine] = useState(() => createHeartbeatMachine());

  useEffect(() => {
    machine.whenStopped(onStopped);
  }, [machine, onStopped]);

  useEffect(() => {
    machine.configure(contentId, enabled, streamId);
  }, [machine, contentId, enabled, streamId]);

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
