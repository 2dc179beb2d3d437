import { useContext, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../../i18n/zh-TW';
import { Controls, type ControlActions } from './Controls';
import { playerErrorText } from './error-codes';
import { FullscreenHost } from './fullscreen-host';
import { Icon } from './icons';
import { actionForKey, keyTargetOf, seekTarget, type PlayerAction } from './keyboard';
import { isLoading, type PlayerState } from './machine';
import { usePageKeys } from './page-keys';
import { qualityOptions } from './quality';
import { isFullscreen, pipSupported, toggleFullscreen, togglePip } from './screen-modes';
import {
  DEFAULT_SUBTITLE,
  offeredChoices,
  readSubtitleChoice,
  saveSubtitleChoice,
  toggledChoice,
  type SubtitleChoice,
} from './subtitles';
import type { PlayerProps } from './player-props';
import { togglePlay, usePlayerVideo } from './use-player-video';

export type { PlayerProps } from './player-props';
import './Player.css';

function alertOf(state: PlayerState, fatalMessage: string): { message: string; code?: string } {
  if (state.failure === 'unsupported') return { message: t.player.unsupported };
  const code = state.lastError?.code ?? 0;
  return { message: fatalMessage, code: t.player.errorCode(code, playerErrorText(code)) };
}

/**
 * The site's video player (VOD play page, and the live page): hls.js, loaded lazily, behind
 * controls of our own — play, seek, sound, subtitles (remembered), quality (capped), picture-in-
 * picture, fullscreen (of the player, or of the page's FullscreenHost), and keys (space/k, ←/→
 * 10 s, f, m, c; on the whole page with `pageKeys`). Its lifecycle is machine.ts (run by
 * use-player-video.ts, which holds the <video> and its media sessions): every error is
 * logged (SPEC §7 playbackError) and re-sourced after 100 ms, up to 10 in a row; then the media
 * session is disposed and an alert stays in its place.
 */
export function Player(props: PlayerProps) {
  const {
    src,
    title,
    playType = 'VOD',
    maxBitrate,
    fatalMessage = t.player.fatalVod,
    pageKeys = false,
    overlay,
    timeLabel,
    controlsExtra,
  } = props;
  const fullscreenHost = useContext(FullscreenHost);
  const frameRef = useRef<HTMLElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const [subtitle, setSubtitle] = useState<SubtitleChoice>(() => readSubtitleChoice());
  const subtitleRef = useRef(subtitle);
  const lastLanguageRef = useRef<SubtitleChoice>(DEFAULT_SUBTITLE);
  const { state, videoRef, sessionRef, renditions, quality, setQuality, tracks, pip } =
    usePlayerVideo(props, stageRef, subtitleRef);
  const [fullscreen, setFullscreen] = useState(false);
  const hintId = useId();
  const { phase } = state;
  const alive = phase !== 'error';

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
              live={playType === 'LIVE' && !timeLabel}
              {...(timeLabel
                ? {
                    timeLabel: (seconds: number) =>
                      timeLabel(seconds, sessionRef.current?.dateOffsetMs() ?? null),
                  }
                : {})}
              extra={controlsExtra}
            />
          </>
        )}
      </section>
    </div>
  );
}
