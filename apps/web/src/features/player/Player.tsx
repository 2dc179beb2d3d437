import { useEffect, useReducer, useRef, useState } from 'react';
import type HlsType from 'hls.js';
import type { Level, MediaPlaylist } from 'hls.js';
import { t } from '../../i18n/zh-TW';
import { canPlayHlsNatively, loadHls } from './load-hls';
import { RESOURCE_DELAY_MS, initialPlayerState, playerReducer } from './machine';
import './Player.css';

export interface PlayerProps {
  /** Master playlist (.m3u8). Give the component a `key` of the src to start over on a new one. */
  src: string;
  title: string;
  autoPlay?: boolean;
  /** Seconds to start at (a member's resume point); read once, when the player mounts. */
  startPosition?: number;
  /** Playback moments the page reacts to (resume heartbeats, the next episode). */
  onPlaying?: (video: HTMLVideoElement) => void;
  onPause?: (video: HTMLVideoElement) => void;
  onEnded?: (video: HTMLVideoElement) => void;
}

interface QualityOption {
  index: number;
  label: string;
}

/** Measured fastest start for our short 2 s CMAF segments (notes/MEDIA.md). */
const hlsConfig = {
  testBandwidth: false,
  startLevel: 0,
  startFragPrefetch: true,
  enableWorker: false,
  capLevelToPlayerSize: true,
};

const AUTO = -1;

function qualityOptions(levels: Level[]): QualityOption[] {
  return levels
    .map((level, index) => ({ index, height: level.height }))
    .filter((level) => level.height > 0)
    .sort((a, b) => b.height - a.height)
    .map(({ index, height }) => ({ index, label: `${height}p` }));
}

export function Player({
  src,
  title,
  autoPlay = false,
  startPosition,
  onPlaying,
  onPause,
  onEnded,
}: PlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<HlsType | undefined>(undefined);
  // hls.js takes -1 as "from the start"; a retry resumes where the failed attempt stopped.
  const resumeAtRef = useRef(startPosition && startPosition > 0 ? startPosition : -1);
  const [state, dispatch] = useReducer(playerReducer, initialPlayerState);
  const [qualities, setQualities] = useState<QualityOption[]>([]);
  const [quality, setQuality] = useState(AUTO);
  const [tracks, setTracks] = useState<MediaPlaylist[]>([]);
  const [subtitle, setSubtitle] = useState(AUTO);
  const { phase, attempt } = state;
  const alive = phase !== 'error';

  // One media session per attempt: a retry tears the last one down and re-sources from scratch.
  useEffect(() => {
    const video = videoRef.current;
    if (!alive || !video) return;
    let cancelled = false;
    let hls: HlsType | undefined;
    dispatch({ type: 'load' });
    const play = () => {
      if (autoPlay) video.play().catch(() => undefined);
    };

    if (canPlayHlsNatively(video)) {
      video.src = src;
      if (resumeAtRef.current > 0) video.currentTime = resumeAtRef.current;
      play();
    } else {
      loadHls().then(
        (Hls) => {
          if (cancelled) return;
          if (!Hls.isSupported()) return dispatch({ type: 'unsupported' });
          hls = new Hls({ ...hlsConfig, startPosition: resumeAtRef.current });
          hlsRef.current = hls;
          const instance = hls;
          instance.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
            setQualities(qualityOptions(data.levels));
            setQuality(AUTO);
            play();
          });
          instance.on(Hls.Events.SUBTITLE_TRACKS_UPDATED, (_event, data) => {
            setTracks(data.subtitleTracks);
          });
          // The event names the playlist's id; the select works with the track's index.
          instance.on(Hls.Events.SUBTITLE_TRACK_SWITCH, () => {
            setSubtitle(instance.subtitleDisplay ? instance.subtitleTrack : AUTO);
          });
          instance.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) dispatch({ type: 'error' });
          });
          instance.attachMedia(video);
          instance.loadSource(src);
        },
        () => {
          if (!cancelled) dispatch({ type: 'error' });
        },
      );
    }

    return () => {
      cancelled = true;
      if (video.currentTime > 0) resumeAtRef.current = video.currentTime;
      hlsRef.current = undefined;
      if (hls) hls.destroy();
      else if (video.getAttribute('src')) {
        video.removeAttribute('src');
        video.load();
      }
    };
  }, [src, attempt, alive, autoPlay]);

  useEffect(() => {
    if (phase !== 'retrying') return;
    const timer = window.setTimeout(() => dispatch({ type: 'resource' }), RESOURCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  const chooseQuality = (value: number) => {
    setQuality(value);
    if (hlsRef.current) hlsRef.current.currentLevel = value;
  };

  const chooseSubtitle = (value: number) => {
    setSubtitle(value);
    const hls = hlsRef.current;
    if (!hls) return;
    hls.subtitleDisplay = value !== AUTO;
    hls.subtitleTrack = value;
  };

  const message =
    state.failure === 'unsupported'
      ? t.player.unsupported
      : state.failure === 'retries'
        ? t.player.fatal
        : undefined;

  return (
    <div className="player">
      <div className="player__frame">
        <video
          ref={videoRef}
          className="player__video"
          controls
          playsInline
          aria-label={t.player.videoLabel(title)}
          onCanPlay={() => dispatch({ type: 'canplay' })}
          onPlaying={(event) => {
            dispatch({ type: 'playing' });
            onPlaying?.(event.currentTarget);
          }}
          onPause={(event) => {
            dispatch({ type: 'pause' });
            onPause?.(event.currentTarget);
          }}
          onEnded={(event) => {
            dispatch({ type: 'ended' });
            onEnded?.(event.currentTarget);
          }}
          onError={() => {
            if (!hlsRef.current) dispatch({ type: 'error' });
          }}
        />
        {(phase === 'loading' || phase === 'retrying') && (
          <p className="player__status" role="status">
            {t.player.loading}
          </p>
        )}
        {message && (
          <p className="player__alert" role="alert">
            {message}
          </p>
        )}
      </div>
      {alive && (qualities.length > 0 || tracks.length > 0) && (
        <div className="player__options">
          {qualities.length > 0 && (
            <label className="player__option">
              <span aria-hidden="true">{t.player.quality}</span>
              <select
                aria-label={t.player.quality}
                value={quality}
                onChange={(event) => chooseQuality(Number(event.target.value))}
              >
                <option value={AUTO}>{t.player.qualityAuto}</option>
                {qualities.map((option) => (
                  <option key={option.index} value={option.index}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {tracks.length > 0 && (
            <label className="player__option">
              <span aria-hidden="true">{t.player.subtitles}</span>
              <select
                aria-label={t.player.subtitles}
                value={subtitle}
                onChange={(event) => chooseSubtitle(Number(event.target.value))}
              >
                <option value={AUTO}>{t.player.subtitlesOff}</option>
                {tracks.map((track, index) => (
                  <option key={track.id} value={index}>
                    {track.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
      )}
    </div>
  );
}
