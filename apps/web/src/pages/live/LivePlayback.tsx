import { useEffect, useRef } from 'react';
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
  stage: 'preroll' | 'content';
  maxBitrate: number;
  /** The anonymous watching limit, shared by every channel of the visit; none for members. */
  limit: WatchLimit | undefined;
  /** True once the limit is reached: the player stays paused. */
  limited: boolean;
  onPrerollDone: () => void;
  /** Bookmark code 480 (SPEC §8). */
  onLiveEnded: (message: string) => void;
}

/**
 * The player of a channel our origin streams: an AVOD channel's pre-roll first (an ad error goes
 * on to content, SPEC §4), then the Player with the channel's bitrate cap, SPEC §8's alert after
 * 10 playback errors, bookmarks (get on first play, insert every 30 s, on pause, on error) and
 * the anonymous watching limit.
 */
export function LivePlayback(props: LivePlaybackProps) {
  const { channelId, contentId, onLiveEnded, limit, limited } = props;
  const bookmarkerRef = useRef<LiveBookmarker | undefined>(undefined);
  const videoRef = useRef<HTMLVideoElement | undefined>(undefined);
  const endedRef = useRef(onLiveEnded);
  useEffect(() => {
    endedRef.current = onLiveEnded;
  });

  useEffect(() => {
    const bookmarker = new LiveBookmarker(channelId, liveBookmarkApi, (message) =>
      endedRef.current(message),
    );
    bookmarkerRef.current = bookmarker;
    return () => {
      bookmarker.dispose();
      bookmarkerRef.current = undefined;
      limit?.stopped();
    };
  }, [channelId, limit]);

  // Reaching the limit pauses the video (the prompt is the area's).
  useEffect(() => {
    if (limited) videoRef.current?.pause();
  }, [limited]);

  if (props.stage === 'preroll' && props.prerollTag) {
    return <Preroll adTagUrl={props.prerollTag} onDone={props.onPrerollDone} />;
  }
  return (
    <Player
      key={`${channelId} ${props.src}`}
      src={props.src}
      title={props.channelName}
      contentId={contentId}
      playType="LIVE"
      autoPlay
      pageKeys
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
    />
  );
}
