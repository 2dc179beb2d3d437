import { useEffect, useRef } from 'react';
import { PrerollAd } from '../../features/player/ads/PrerollAd';
import { Player } from '../../features/player/Player';
import { t } from '../../i18n/zh-TW';
import { liveBookmarkApi } from '../../api/live';
import { Preroll } from '../play/Preroll';
import { LiveBookmarker } from './bookmarks';
import type { WatchLimit } from './watch-limit';

export interface LivePlaybackProps {
  channelId: string;
  channelName: string;
  contentId: string;
  src: string;
  prerollTag: string;
  stage: 'preroll' | 'content' | 'midroll';
  /** The ad tag of the mid-roll break under way ('' outside one). */
  midrollTag: string;
  /** Content again after a mid-roll: the new video takes the focus the break had. */
  afterBreak: boolean;
  maxBitrate: number;
  /** The anonymous watching limit, shared by every channel of the visit; none for members. */
  limit: WatchLimit | undefined;
  /** True once the limit is reached: the player stays paused. */
  limited: boolean;
  onPrerollDone: () => void;
  /**
   * The channel reached an ad break (the origin's EXT-X-DATERANGE); given only when the channel
   * has ads for this viewer (the switch-channel reply's preRoll 'Y').
   */
  onMidrollDue?: ((adTag: string) => void) | undefined;
  onMidrollDone: () => void;
  /** Bookmark code 480 (SPEC §8). */
  onLiveEnded: (message: string) => void;
  /** The switch-channel reply's stream lease, which the bookmarks renew (docs/adr/0042). */
  streamId?: string | undefined;
  /** A bookmark was refused with STREAM_STOPPED (another device stopped this play). */
  onStreamStopped: (message: string) => void;
}

/**
 * The player of a channel our origin streams: an AVOD channel's pre-roll first (an ad error goes
 * on to content, SPEC §4), then the Player with the channel's bitrate cap, SPEC §8's alert after
 * 10 playback errors, bookmarks (get on first play, insert every 30 s, on pause, on error) and
 * the anonymous watching limit. At an ad break the stream announces, the mid-roll takes the
 * player's place (SPEC §4: midroll, then content); the channel then starts over at its live edge,
 * and the keyboard focus the player had moves to the break and back to the new video.
 */
export function LivePlayback(props: LivePlaybackProps) {
  const { channelId, contentId, onLiveEnded, limit, limited, streamId } = props;
  const bookmarkerRef = useRef<LiveBookmarker | undefined>(undefined);
  const videoRef = useRef<HTMLVideoElement | undefined>(undefined);
  const endedRef = useRef(onLiveEnded);
  const stoppedRef = useRef(props.onStreamStopped);
  useEffect(() => {
    endedRef.current = onLiveEnded;
    stoppedRef.current = props.onStreamStopped;
  });

  useEffect(() => {
    const bookmarker = new LiveBookmarker(
      channelId,
      liveBookmarkApi,
      (message) => endedRef.current(message),
      { streamId, onStopped: (message) => stoppedRef.current(message) },
    );
    bookmarkerRef.current = bookmarker;
    return () => {
      bookmarker.dispose();
      bookmarkerRef.current = undefined;
      limit?.stopped();
    };
  }, [channelId, limit, streamId]);

  // Reaching the limit pauses the video (the prompt is the area's).
  useEffect(() => {
    if (limited) videoRef.current?.pause();
  }, [limited]);

  if (props.stage === 'preroll' && props.prerollTag) {
    return <Preroll adTagUrl={props.prerollTag} onDone={props.onPrerollDone} />;
  }
  if (props.stage === 'midroll' && props.midrollTag) {
    return (
      <PrerollAd
        key={props.midrollTag}
        adTagUrl={props.midrollTag}
        slot="midroll"
        takeFocus
        onDone={props.onMidrollDone}
      />
    );
  }
  const onMidrollDue = props.onMidrollDue;
  return (
    <Player
      key={`${channelId} ${props.src}`}
      src={props.src}
      title={props.channelName}
      contentId={contentId}
      playType="LIVE"
      autoPlay
      pageKeys
      takeFocus={props.afterBreak}
      maxBitrate={props.maxBitrate}
      fatalMessage={t.live.switchFailed}
      onPlaying={(video) => {
        videoRef.current = video;
        if (limit?.isReached) {
          video.pause();
          return;
        }
        limit?.playing();
        bookmarkerRef.current?.playing();
      }}
      onPause={() => {
        limit?.stopped();
        bookmarkerRef.current?.paused();
      }}
      onError={() => {
        limit?.stopped();
        bookmarkerRef.current?.failed();
      }}
      onEnded={() => {
        limit?.stopped();
        bookmarkerRef.current?.paused();
      }}
      {...(onMidrollDue
        ? {
            onAdBreak: (adTag: string) => {
              // The channel is not watched during the break: its bookmark and the limit pause.
              limit?.stopped();
              bookmarkerRef.current?.paused();
              onMidrollDue(adTag);
            },
          }
        : {})}
    />
  );
}
