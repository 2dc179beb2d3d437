import {
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type HlsType from 'hls.js';
import type { PlayType } from '@site/contract';
import { t } from '../../i18n/zh-TW';
import { playbackErrorEntry, postAppLog } from './app-log';
import { Controls, type ControlActions } from './Controls';
import { playerErrorText } from './error-codes';
import { FullscreenHost } from './fullscreen-host';
import { Icon } from './icons';
import { actionForKey, keyTargetOf, seekTarget, type PlayerAction } from './keyboard';
import {
  RESOURCE_DELAY_MS,
  initialPlayerState,
  isLoading,
  playerReducer,
  type PlayerState,
} from './machine';
import { openMediaSession, type MediaSession } from './media-session';
import { usePageKeys } from './page-keys';
import { takeWarmStart } from './prewarm';
import { AUTO_QUALITY, matchPageProtocol, qualityOptions, type Rendition } from './quality';
import { isFullscreen, pipSupported, toggleFullscreen, togglePip } from './screen-modes';
import {
  DEFAULT_SUBTITLE,
  offeredChoices,
  readSubtitleChoice,
  saveSubtitleChoice,
  toggledChoice,
  type SubtitleChoice,
  type SubtitleTrack,
} from './subtitles';
import { createPlayerVideo } from './video-element';
import './Player.css';

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

function togglePlay(video: HTMLVideoElement | null): void {
  if (!video) return;
  if (video.paused || video.ended) video.play().catch(() => undefined);
  else video.pause();
}

function alertOf(state: PlayerState, fatalMessage: string): { message: string; code?: string } {
  if (state.failure === 'unsupported') return { message: t.player.unsupported };
  const code = state.lastError?.code ?? 0;
  return { message: fatalMessage, code: t.player.errorCode(code, playerErrorText(code)) };
}

/**
 * The site's video player (VOD play page, and the live page): hls.js, loaded lazily, behind
 * controls of our own — play, seek, sound, subtitles (remembered), quality (capped), picture-in-
 * picture, fullscreen (of the player, or of the page's FullscreenHost), and keys (space/k, ←/→
 * 10 s, f, m, c; on the whole page with `pageKeys`). Its lifecycle is machine.ts: every error is
 * logged (SPEC §7 playbackError) and re-sourced after 100 ms, up to 10 in a row; then the media
 * session is disposed and an alert stays in its place.
 */
export function Player(props: PlayerProps) {
  const {
    src,
    title,
    contentId,
    playType = 'VOD',
    autoPlay = false,
    startPosition,
    maxBitrate,
    fatalMessage = t.player.fatalVod,
    pageKeys = false,
    overlay,
  } = props;
  const watchBreaks = props.onAdBreak !== undefined;
  const fullscreenHost = useContext(FullscreenHost);
  const frameRef = useRef<HTMLElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  /** hls.js warmed at the click, attached to the video the player took (prewarm.ts). */
  const warmRef = useRef<HlsType | undefined>(undefined);
  const sessionRef = useRef<MediaSession | undefined>(undefined);
  /** The warmed video, when it was playing before this player took it (told after the commit). */
  const playingBeforeRef = useRef<HTMLVideoElement | undefined>(undefined);
  const callbacksRef = useRef(props);
  // hls.js takes -1 as "from the start"; a retry resumes where the failed attempt stopped.
  const resumeAtRef = useRef(startPosition && startPosition > 0 ? startPosition : -1);
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState);
  const [renditions, setRenditions] = useState<Rendition[]>([]);
  const [quality, setQuality] = useState(AUTO_QUALITY);
  const [tracks, setTracks] = useState<SubtitleTrack[]>([]);
  const [subtitle, setSubtitle] = useState<SubtitleChoice>(() => readSubtitleChoice());
  const subtitleRef = useRef(subtitle);
  const lastLanguageRef = useRef<SubtitleChoice>(DEFAULT_SUBTITLE);
  const [fullscreen, setFullscreen] = useState(false);
  const [pip, setPip] = useState(false);
  const hintId = useId();
  const { phase, attempt, lastError } = state;
  const alive = phase !== 'error';

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
      ['waiting', () => dispatch({ type: 'waiting' })],
      [
        'playing',
        () => {
          dispatch({ type: 'playing' });
          callbacksRef.current.onPlaying?.(video);
        },
      ],
      [
        'pause',
        () => {
          dispatch({ type: 'pause' });
          callbacksRef.current.onPause?.(video);
        },
      ],
      [
        'ended',
        () => {
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
  }, [alive, src]);

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
  }, [src, attempt, alive, autoPlay, maxBitrate, watchBreaks]);

  // After this commit's effects of the page too (a live channel's bookmarks start in one of them);
  // the page's playing moment is idempotent, should the element's own event still come.
  useEffect(() => {
    let cancelled = false;
    queueMicrotask(() => {
      const video = playingBeforeRef.current;
      if (cancelled || !video) return;
      playingBeforeRef.current = undefined;
      if (video.paused) return;
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

  // Every playback error the machine counted goes to the app log, once.
  useEffect(() => {
    if (lastError && contentId) postAppLog(playbackErrorEntry(contentId, playType, lastError));
  }, [lastError, contentId, playType]);

  useEffect(() => {
    const onFullscreen = () => setFullscreen(isFullscreen(frameRef.current));
    // A player that starts inside a host already in fullscreen (the next episode) is in it.
    onFullscreen();
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => document.removeEventListener('fullscreenchange', onFullscreen);
  }, []);

  const chooseQuality = (index: number) => {
    setQuality(index);
    sessionRef.current?.setQuality(index);
  };

  const chooseSubtitle = (choice: SubtitleChoice) => {
    setSubtitle(choice);
    subtitleRef.current = choice;
    if (choice !== 'off') lastLanguageRef.current = choice;
    saveSubtitleChoice(choice);
    sessionRef.current?.setSubtitle(choice);
  };

  const offered = offeredChoices(tracks);
  const actions: ControlActions = {
    togglePlay() {
      togglePlay(videoRef.current);
    },
    seekTo(seconds) {
      if (videoRef.current) videoRef.current.currentTime = seconds;
    },
    toggleMute() {
      const video = videoRef.current;
      if (!video) return;
      video.muted = !video.muted;
      if (!video.muted && video.volume === 0) video.volume = 0.5;
    },
    setVolume(volume) {
      const video = videoRef.current;
      if (!video) return;
      video.volume = volume;
      video.muted = volume === 0;
    },
    toggleFullscreen() {
      const target = fullscreenHost?.current ?? frameRef.current;
      if (target) toggleFullscreen(target, videoRef.current).catch(() => undefined);
    },
    togglePip() {
      if (videoRef.current) togglePip(videoRef.current).catch(() => undefined);
    },
  };

  const perform = (action: PlayerAction) => {
    const video = videoRef.current;
    switch (action) {
      case 'togglePlay':
        return actions.togglePlay();
      case 'seekBack':
      case 'seekForward':
        if (video) actions.seekTo(seekTarget(video.currentTime, video.duration, action));
        return;
      case 'fullscreen':
        return actions.toggleFullscreen();
      case 'mute':
        return actions.toggleMute();
      case 'captions': {
        const last = subtitle === 'off' ? lastLanguageRef.current : subtitle;
        return chooseSubtitle(toggledChoice(subtitle, last, offered));
      }
    }
  };

  usePageKeys(frameRef, perform, pageKeys);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = actionForKey(event, keyTargetOf(event.target as Element));
    if (!action) return;
    event.preventDefault();
    perform(action);
  };

  const loading = isLoading(state);
  const failure = alive ? undefined : alertOf(state, fatalMessage);

  return (
    <div className="player">
      {/* A named section is a region landmark; the validator prefers it to role="region". */}
      <section
        ref={frameRef}
        className={fullscreen ? 'player__frame player__frame--fullscreen' : 'player__frame'}
        aria-label={t.player.videoLabel(title)}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
      >
        <p id={hintId} className="visually-hidden">
          {t.player.keyboardHint}
        </p>
        {failure ? (
          <div className="player__stage">
            <div className="player__alert" role="alert">
              <p>{failure.message}</p>
              {failure.code ? <p className="player__alert-code">{failure.code}</p> : null}
            </div>
          </div>
        ) : (
          <>
            <div ref={stageRef} className="player__stage">
              {loading ? <span className="player__spinner" aria-hidden="true" /> : null}
              {phase === 'paused' && !loading ? (
                <button
                  type="button"
                  className="player__big-play"
                  aria-label={t.player.play}
                  onClick={actions.togglePlay}
                >
                  <Icon name="play" />
                </button>
              ) : null}
              {overlay}
            </div>
            <p className="visually-hidden" role="status">
              {loading ? t.player.loading : ''}
            </p>
            <Controls
              key={src}
              videoRef={videoRef}
              actions={actions}
              qualities={qualityOptions(renditions, maxBitrate)}
              quality={quality}
              onQuality={chooseQuality}
              subtitleChoices={offered}
              subtitle={subtitle}
              onSubtitle={chooseSubtitle}
              fullscreen={fullscreen}
              pip={pip}
              canPip={pipSupported()}
              live={playType === 'LIVE'}
            />
          </>
        )}
      </section>
    </div>
  );
}
