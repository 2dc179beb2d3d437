import {
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
  type RefObject,
} from 'react';
import type HlsType from 'hls.js';
import { t } from '../../i18n/zh-TW';
import { playbackErrorEntry, postAppLog } from './app-log';
import { RESOURCE_DELAY_MS, initialPlayerState, playerReducer, type PlayerState } from './machine';
import { openMediaSession, type MediaSession } from './media-session';
import type { PlayerProps } from './player-props';
import { takeWarmStart } from './prewarm';
import { AUTO_QUALITY, matchPageProtocol, type Rendition } from './quality';
import type { SubtitleChoice, SubtitleTrack } from './subtitles';
import { createPlayerVideo } from './video-element';
import { QoeSession, qoeReporter } from './qoe';

export function togglePlay(video: HTMLVideoElement | null): void {
  if (!video) return;
  if (video.paused || video.ended) video.play().catch(() => undefined);
  else video.pause();
}

export interface PlayerVideo {
  state: PlayerState;
  /** The <video> while the player is alive (made outside React, put first in the stage). */
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The current attempt's hls.js session: quality and subtitle choices go to it. */
  sessionRef: RefObject<MediaSession | undefined>;
  renditions: Rendition[];
  quality: number;
  setQuality: Dispatch<SetStateAction<number>>;
  tracks: SubtitleTrack[];
  /** Whether the video is in picture-in-picture. */
  pip: boolean;
}

/**
 * The player's video and its lifecycle (machine.ts): the <video> (a warmed one taken from the
 * click, or a new one) put into `stageRef`, one media session per attempt, re-sourced after an
 * error, each error sent to the app log, and the page's playback callbacks. `subtitleRef` is the
 * subtitle choice a new session starts with.
 */
export function usePlayerVideo(
  props: PlayerProps,
  stageRef: RefObject<HTMLDivElement | null>,
  subtitleRef: RefObject<SubtitleChoice>,
): PlayerVideo {
  const {
    src,
    title,
    contentId,
    playType = 'VOD',
    autoPlay = false,
    startPosition,
    fromStart = false,
    maxBitrate,
  } = props;
  const trackDate = props.timeLabel !== undefined;
  const watchBreaks = props.onAdBreak !== undefined;
  const videoRef = useRef<HTMLVideoElement | null>(null);
  /** hls.js warmed at the click, attached to the video the player took (prewarm.ts). */
  const warmRef = useRef<HlsType | undefined>(undefined);
  const sessionRef = useRef<MediaSession | undefined>(undefined);
  /** The warmed video, when it was playing before this player took it (told after the commit). */
  const playingBeforeRef = useRef<HTMLVideoElement | undefined>(undefined);
  const callbacksRef = useRef(props);
  // hls.js takes -1 as "from the start"; a retry resumes where the failed attempt stopped.
  const resumeAtRef = useRef(
    startPosition && startPosition > 0 ? startPosition : fromStart ? 0 : -1,
  );
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState);
  const [renditions, setRenditions] = useState<Rendition[]>([]);
  const [quality, setQuality] = useState(AUTO_QUALITY);
  const [tracks, setTracks] = useState<SubtitleTrack[]>([]);
  const [pip, setPip] = useState(false);
  const { phase, attempt, lastError } = state;
  const alive = phase !== 'error';
  /** This src's quality-of-experience session (qoe.ts); titles without a content id have none. */
  const qoeRef = useRef<QoeSession | undefined>(undefined);

  useEffect(() => {
    if (!contentId) return;
    const session = new QoeSession(contentId, playType);
    if (autoPlay) session.requested();
    qoeRef.current = session;
    qoeReporter.add(session);
    return () => {
      session.end();
      qoeRef.current = undefined;
    };
  }, [src, contentId, playType, autoPlay]);

  useEffect(() => {
    callbacksRef.current = props;
  });

  // The <video>: a warmed one (already loading since the click) or a new one, on the page for as
  // long as the player is alive; made outside React so that the warm start can begin before.
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!alive || !stage) return;
    const warmed = takeWarmStart(
      matchPageProtocol(src, window.location.protocol),
      resumeAtRef.current,
    );
    const video = warmed?.video ?? createPlayerVideo();
    warmRef.current = warmed?.hls;
    const handlers: [string, () => void][] = [
      ['canplay', () => dispatch({ type: 'canplay' })],
      [
        'waiting',
        () => {
          qoeRef.current?.waiting();
          dispatch({ type: 'waiting' });
        },
      ],
      ['play', () => qoeRef.current?.requested()],
      ['seeking', () => qoeRef.current?.seeking(true)],
      ['seeked', () => qoeRef.current?.seeking(false)],
      [
        'playing',
        () => {
          qoeRef.current?.playing();
          dispatch({ type: 'playing' });
          callbacksRef.current.onPlaying?.(video);
        },
      ],
      [
        'pause',
        () => {
          qoeRef.current?.paused();
          dispatch({ type: 'pause' });
          callbacksRef.current.onPause?.(video);
        },
      ],
      [
        'ended',
        () => {
          qoeRef.current?.paused();
          dispatch({ type: 'ended' });
          callbacksRef.current.onEnded?.(video);
        },
      ],
      ['click', () => togglePlay(video)],
      ['enterpictureinpicture', () => setPip(true)],
      ['leavepictureinpicture', () => setPip(false)],
    ];
    for (const [name, handler] of handlers) video.addEventListener(name, handler);
    stage.prepend(video);
    videoRef.current = video;
    const active = document.activeElement;
    if (callbacksRef.current.takeFocus && (active === null || active === document.body)) {
      video.focus({ preventScroll: true });
    }
    return () => {
      for (const [name, handler] of handlers) video.removeEventListener(name, handler);
      video.remove();
      videoRef.current = null;
      warmRef.current?.destroy();
      warmRef.current = undefined;
    };
  }, [alive, src, stageRef]);

  useLayoutEffect(() => {
    videoRef.current?.setAttribute('aria-label', t.player.videoLabel(title));
  }, [alive, src, title]);

  // One media session per attempt: a retry tears the last one down and re-sources from scratch.
  useLayoutEffect(() => {
    const video = videoRef.current;
    if (!alive || !video) return;
    dispatch({ type: 'load' });
    const warmed = warmRef.current;
    warmRef.current = undefined;
    const session = openMediaSession(
      video,
      {
        src: matchPageProtocol(src, window.location.protocol),
        startPosition: resumeAtRef.current,
        maxBitrate,
        autoPlay,
        subtitle: () => subtitleRef.current,
        warmed,
        trackDate,
      },
      {
        onRenditions(list) {
          setRenditions(list);
          setQuality(AUTO_QUALITY);
        },
        onSubtitleTracks: setTracks,
        onError({ code, detail }) {
          callbacksRef.current.onError?.(video);
          dispatch({ type: 'error', error: { code, detail, position: video.currentTime } });
        },
        onUnsupported: () => dispatch({ type: 'unsupported' }),
        onLevelSwitched: () => qoeRef.current?.levelSwitched(),
        ...(watchBreaks
          ? { onAdBreak: (adTag: string) => callbacksRef.current.onAdBreak?.(adTag) }
          : {}),
      },
    );
    sessionRef.current = session;
    // A warm start shown before this player (a live channel started at the click) may be playing
    // already, its 'playing' gone before the listeners came: said once the page is ready to hear.
    if (warmed && !video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) {
      playingBeforeRef.current = video;
    }
    return () => {
      if (video.currentTime > 0) resumeAtRef.current = video.currentTime;
      sessionRef.current = undefined;
      session.destroy();
    };
  }, [src, attempt, alive, autoPlay, maxBitrate, watchBreaks, trackDate, subtitleRef]);

  // After this commit's effects of the page too (a live channel's bookmarks start in one of them);
  // the page's playing moment is idempotent, should the element's own event still come.
  useEffect(() => {
    let cancelled = false;
    queueMicrotask(() => {
      const video = playingBeforeRef.current;
      if (cancelled || !video) return;
      playingBeforeRef.current = undefined;
      if (video.paused) return;
      qoeRef.current?.playing();
      dispatch({ type: 'playing' });
      callbacksRef.current.onPlaying?.(video);
    });
    return () => {
      cancelled = true;
    };
  }, [src, attempt, alive]);

  useEffect(() => {
    if (phase !== 'retrying') return;
    const timer = window.setTimeout(() => dispatch({ type: 'resource' }), RESOURCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  // Every playback error the machine counted goes to the app log, once, and to the QoE report:
  // retried while the player tries again, fatal once it gives up (phase 'error').
  useEffect(() => {
    if (lastError && contentId) postAppLog(playbackErrorEntry(contentId, playType, lastError));
    if (lastError) qoeRef.current?.error(lastError.code);
  }, [lastError, contentId, playType]);
  const { failure } = state;
  useEffect(() => {
    if (phase === 'error') qoeRef.current?.gaveUp(failure === 'unsupported' ? 4 : undefined);
  }, [phase, failure]);

  return { state, videoRef, sessionRef, renditions, quality, setQuality, tracks, pip };
}
