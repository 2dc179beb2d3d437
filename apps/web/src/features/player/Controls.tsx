import { useEffect, useState, type ReactNode, type RefObject } from 'react';
import { formatPosition } from '../catalogue/format';
import { t } from '../../i18n/zh-TW';
import { Icon } from './icons';
import { AUTO_QUALITY, type QualityOption } from './quality';
import type { SubtitleChoice } from './subtitles';

interface MediaClock {
  currentTime: number;
  duration: number;
  paused: boolean;
  muted: boolean;
  volume: number;
}

const CLOCK_EVENTS = [
  'timeupdate',
  'durationchange',
  'loadedmetadata',
  'play',
  'pause',
  'ended',
  'volumechange',
  'seeking',
  'emptied',
] as const;

function readClock(video: HTMLVideoElement): MediaClock {
  return {
    currentTime: video.currentTime,
    duration: video.duration,
    paused: video.paused,
    muted: video.muted,
    volume: video.volume,
  };
}

/** The video's time, length, pause and sound, following its events. */
function useMediaClock(videoRef: RefObject<HTMLVideoElement | null>): MediaClock {
  const [clock, setClock] = useState<MediaClock>({
    currentTime: 0,
    duration: NaN,
    paused: true,
    muted: false,
    volume: 1,
  });
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const update = () => setClock(readClock(video));
    for (const name of CLOCK_EVENTS) video.addEventListener(name, update);
    return () => {
      for (const name of CLOCK_EVENTS) video.removeEventListener(name, update);
    };
  }, [videoRef]);
  return clock;
}

export interface ControlActions {
  togglePlay(): void;
  seekTo(seconds: number): void;
  toggleMute(): void;
  setVolume(volume: number): void;
  toggleFullscreen(): void;
  togglePip(): void;
}

export interface ControlsProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  actions: ControlActions;
  qualities: QualityOption[];
  quality: number;
  onQuality(index: number): void;
  subtitleChoices: SubtitleChoice[];
  subtitle: SubtitleChoice;
  onSubtitle(choice: SubtitleChoice): void;
  fullscreen: boolean;
  pip: boolean;
  /** Whether the browser offers picture-in-picture at all. */
  canPip: boolean;
  /**
   * A live channel: its sliding window is not a timeline to seek in (a 12 s window read as
   * "0:06 / 0:14" says nothing), so the bar shows that it is live instead.
   */
  live?: boolean;
  /**
   * How the bar words a position (start over and catch-up: the wall-clock time, issue 24);
   * the video's own time otherwise.
   */
  timeLabel?: (seconds: number) => string;
  /** More controls after the seek bar (回到直播). */
  extra?: ReactNode;
}

/**
 * The control bar: every control a native button, slider or menu with a zh-TW name, so it works
 * by keyboard and screen reader; it wraps onto two rows on a phone (375 px).
 */
export function Controls({
  videoRef,
  actions,
  qualities,
  quality,
  onQuality,
  subtitleChoices,
  subtitle,
  onSubtitle,
  fullscreen,
  pip,
  canPip,
  live = false,
  timeLabel = formatPosition,
  extra,
}: ControlsProps) {
  const clock = useMediaClock(videoRef);
  const seekable = Number.isFinite(clock.duration) && clock.duration > 0;
  const now = timeLabel(clock.currentTime);
  const total = seekable ? timeLabel(clock.duration) : '';
  const silent = clock.muted || clock.volume === 0;

  return (
    <div className="player__controls" role="group" aria-label={t.player.controls}>
      <button
        type="button"
        className="player__button"
        aria-label={clock.paused ? t.player.play : t.player.pause}
        onClick={actions.togglePlay}
      >
        <Icon name={clock.paused ? 'play' : 'pause'} />
      </button>
      {live ? (
        <span className="player__seek player__live">{t.player.live}</span>
      ) : seekable ? (
        <>
          <input
            type="range"
            name="seek"
            className="player__seek"
            data-role="seek"
            min={0}
            max={clock.duration}
            step="any"
            value={Math.min(clock.currentTime, clock.duration)}
            aria-label={t.player.seek}
            aria-valuetext={t.player.time(now, total)}
            onChange={(event) => actions.seekTo(Number(event.target.value))}
          />
          <span className="player__time" aria-hidden="true">
            {t.player.time(now, total)}
          </span>
        </>
      ) : (
        <span className="player__seek player__seek--none" />
      )}
      {extra}
      <button
        type="button"
        className="player__button"
        aria-label={silent ? t.player.unmute : t.player.mute}
        onClick={actions.toggleMute}
      >
        <Icon name={silent ? 'muted' : 'volume'} />
      </button>
      {/* Names on the fields: a form field with neither id nor name is a browser-reported issue. */}
      <input
        type="range"
        name="volume"
        className="player__volume"
        min={0}
        max={1}
        step={0.05}
        value={clock.muted ? 0 : clock.volume}
        aria-label={t.player.volume}
        onChange={(event) => actions.setVolume(Number(event.target.value))}
      />
      {subtitleChoices.length > 0 ? (
        <label className="player__menu">
          <span className="player__menu-name">{t.player.subtitles}</span>
          <select
            name="subtitles"
            value={subtitleChoices.includes(subtitle) ? subtitle : 'off'}
            onChange={(event) => onSubtitle(event.target.value as SubtitleChoice)}
          >
            <option value="off">{t.player.subtitlesOff}</option>
            {subtitleChoices.map((choice) => (
              <option key={choice} value={choice}>
                {t.player.subtitleNames[choice as 'zh-TW' | 'en']}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {qualities.length > 0 ? (
        <label className="player__menu">
          <span className="player__menu-name">{t.player.quality}</span>
          <select
            name="quality"
            value={quality}
            onChange={(event) => onQuality(Number(event.target.value))}
          >
            <option value={AUTO_QUALITY}>{t.player.qualityAuto}</option>
            {qualities.map((option) => (
              <option key={option.index} value={option.index} disabled={option.disabled}>
                {option.disabled ? t.player.qualityCapped(option.label) : option.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {canPip ? (
        <button
          type="button"
          className="player__button"
          aria-label={pip ? t.player.exitPip : t.player.pip}
          onClick={actions.togglePip}
        >
          <Icon name="pip" />
        </button>
      ) : null}
      <button
        type="button"
        className="player__button"
        aria-label={fullscreen ? t.player.exitFullscreen : t.player.fullscreen}
        onClick={actions.toggleFullscreen}
      >
        <Icon name={fullscreen ? 'exitFullscreen' : 'fullscreen'} />
      </button>
    </div>
  );
}
