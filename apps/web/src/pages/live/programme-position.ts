import type { ProgramPosition } from '../../api/catchup';
import { stoppedMessageOf } from '../../features/devices/refusal';

/** As the VOD resume heartbeat and the live bookmarks: every 30 s while playing. */
export const PROGRAM_POSITION_INTERVAL_MS = 30_000;
/** The same position twice within this is one beat (the end fires pause, then ended). */
const REPEAT_WINDOW_MS = 1_000;

/** The greatest position the contract accepts (MAX_CATCHUP_HOURS). */
const MAX_POSITION_SECONDS = 14 * 24 * 3600;

/** Which programme the beats are for, and the play's stream lease (docs/adr/0042). */
export interface ProgramPositionTarget {
  channelId: string;
  programStart: string;
  streamId?: string | undefined;
}

/** The beat for where `video` stands now: whole seconds from the programme's start. */
export function programPositionOf(
  target: ProgramPositionTarget,
  video: Pick<HTMLVideoElement, 'currentTime'>,
  seq: number,
): ProgramPosition {
  const position = Number.isFinite(video.currentTime) ? Math.floor(video.currentTime) : 0;
  const beat: ProgramPosition = {
    channelId: target.channelId,
    programStart: target.programStart,
    positionSeconds: Math.min(MAX_POSITION_SECONDS, Math.max(0, position)),
    seq,
  };
  return target.streamId ? { ...beat, streamId: target.streamId } : beat;
}

export interface ProgramPositionBeats {
  /** Members only: visitors' plays keep no resume point. */
  configure(target: ProgramPositionTarget, enabled: boolean): void;
  /** Called once if a beat is refused with STREAM_STOPPED; nothing is sent after that. */
  whenStopped(onStopped: ((message: string) => void) | undefined): void;
  onPlaying(video: HTMLVideoElement): void;
  onPause(video: HTMLVideoElement): void;
  onEnded(video: HTMLVideoElement): void;
  onError(video: HTMLVideoElement): void;
  /** Where playback stands, if it has started (leaving the page, the player going away). */
  send(): void;
  stop(): void;
}

/**
 * The resume beats of a start over or catch-up play (POST ajaxSaveProgramPosition.do): once
 * playback has started, every 30 s while playing, on pause, at the end, on a playback error and
 * on leaving, seq Date.now() (newer wins), carrying the getProgramPlay reply's streamId so each
 * renews the play's lease. A beat refused with STREAM_STOPPED stops them and is told once.
 */
export function createProgramPositionBeats(
  post: (beat: ProgramPosition, onRefused: (error: unknown) => void) => void,
  clock: () => number = Date.now,
): ProgramPositionBeats {
  let target: ProgramPositionTarget = { channelId: '', programStart: '' };
  let enabled = false;
  let stopped = false;
  let onStopped: ((message: string) => void) | undefined;
  let video: HTMLVideoElement | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let last = { key: '', position: -1, at: -Infinity };

  const stop = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const refused = (error: unknown) => {
    const message = stoppedMessageOf(error);
    if (message === undefined || stopped) return;
    stopped = true;
    enabled = false;
    stop();
    onStopped?.(message);
  };
  const send = () => {
    if (!enabled || !video || !target.channelId) return;
    const beat = programPositionOf(target, video, clock());
    const key = `${target.channelId} ${target.programStart}`;
    const seq = Number(beat.seq);
    if (
      key === last.key &&
      beat.positionSeconds === last.position &&
      seq - last.at < REPEAT_WINDOW_MS
    ) {
      return;
    }
    last = { key, position: Number(beat.positionSeconds), at: seq };
    post(beat, refused);
  };
  const settle = (element: HTMLVideoElement) => {
    video = element;
    stop();
    send();
  };
  return {
    configure(next, on) {
      if (next.channelId !== target.channelId || next.programStart !== target.programStart) {
        // Another programme: nothing of the last one's video is sent for it.
        stop();
        video = null;
      }
      target = next;
      enabled = on && !stopped;
    },
    whenStopped(callback) {
      onStopped = callback;
    },
    onPlaying(element) {
      video = element;
      timer ??= setInterval(send, PROGRAM_POSITION_INTERVAL_MS);
    },
    onPause: settle,
    onEnded: settle,
    onError: settle,
    send,
    stop,
  };
}
