import type { ReactNode } from 'react';
import type { PlayType } from '@site/contract';

/** What a page tells the player (Player.tsx) and its video hook (use-player-video.ts). */
export interface PlayerProps {
  /** Master playlist (.m3u8). Give the component a `key` of the src to start over on a new one. */
  src: string;
  title: string;
  /**
   * The title (or channel content) the app log names when playback fails; without one (a
   * trailer) errors are retried and shown but not logged.
   */
  contentId?: string;
  /** VOD on the play page, LIVE on the live page (the app log's type, SPEC §7). */
  playType?: PlayType;
  autoPlay?: boolean;
  /** Seconds to start at (a member's resume point); read once, when the player mounts. */
  startPosition?: number;
  /**
   * A live (EVENT) playlist played from its first segment, not its live edge (start over,
   * issue 24), when `startPosition` says nothing later.
   */
  fromStart?: boolean;
  /**
   * The times of the seek bar as the page words them (start over and catch-up: wall-clock times),
   * given the position in seconds and, when the stream says it, the wall-clock time of position
   * 0 in ms (PROGRAM-DATE-TIME); without it the bar shows positions.
   */
  timeLabel?: (seconds: number, dateOffsetMs: number | null) => string;
  /** More controls at the end of the control bar (回到直播). */
  controlsExtra?: ReactNode;
  /** SPEC §5: renditions above this many bits per second are disabled. */
  maxBitrate?: number | undefined;
  /** The alert after the last retry (SPEC §8 words it for a channel; the default for a title). */
  fatalMessage?: string;
  /** Playback moments the page reacts to (resume heartbeats, the next episode). */
  onPlaying?: (video: HTMLVideoElement) => void;
  onPause?: (video: HTMLVideoElement) => void;
  onEnded?: (video: HTMLVideoElement) => void;
  /** Each playback error, while the video still holds its position (before re-sourcing). */
  onError?: (video: HTMLVideoElement) => void;
  /**
   * The keys work on the whole page, wherever focus is but in a text field, a menu or a dialog
   * (the play and live pages; page-keys.ts). Otherwise only with focus in the player.
   */
  pageKeys?: boolean;
  /** Shown over the picture (the next-episode countdown): in fullscreen too. */
  overlay?: ReactNode;
  /**
   * The playhead reached an ad break the stream announces (a live AVOD channel's mid-roll), with
   * its ad tag (a site path). Without it breaks are not watched for.
   */
  onAdBreak?: (adTag: string) => void;
  /**
   * When the player mounts and the page has lost the keyboard focus (the ad break it replaces
   * had it), its video takes it.
   */
  takeFocus?: boolean;
}
