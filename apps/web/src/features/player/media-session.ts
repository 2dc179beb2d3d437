import type HlsType from 'hls.js';
import type { ErrorData, MediaPlaylist } from 'hls.js';
import { AdBreakWatcher } from './ads/ad-breaks';
import { codeOfHlsError, codeOfMediaError } from './error-codes';
import { hlsConfig } from './hls-config';
import { canPlayHlsNatively, loadHls } from './load-hls';
import { AUTO_QUALITY, allowedRenditions, type Rendition } from './quality';
import { trackIndexFor, type SubtitleChoice, type SubtitleTrack } from './subtitles';
import { playMutedIfRefused as play } from './video-element';

/** What a session tells the player. */
export interface SessionListeners {
  /** The renditions as the manifest lists them (the quality menu marks those over the cap). */
  onRenditions(renditions: Rendition[]): void;
  onSubtitleTracks(tracks: SubtitleTrack[]): void;
  /** A failure playback does not recover from by itself: the player re-sources or gives up. */
  onError(error: { code: number; detail: string }): void;
  /** Neither MSE nor native HLS: nothing to retry. */
  onUnsupported(): void;
  /**
   * The playhead reached an ad break the stream announces (a live channel's EXT-X-DATERANGE of
   * class com.starvideo.ad-break; ads/ad-breaks.ts), with the break's ad tag. Only listened for
   * when given; hls.js only (Safari's own HLS, without MSE, plays on through breaks).
   */
  onAdBreak?(adTag: string): void;
  /** hls.js switched renditions (the QoE report counts bitrate switches). */
  onLevelSwitched?(): void;
}

export interface SessionOptions {
  src: string;
  /** Seconds to start at; negative for the start (or the live edge). */
  startPosition: number;
  /** SPEC §5: renditions above this many bits per second stay off. */
  maxBitrate?: number | undefined;
  autoPlay: boolean;
  /** The viewer's subtitle choice when the tracks become known. */
  subtitle(): SubtitleChoice;
  /**
   * hls.js already loading this stream into this video since the click (prewarm.ts); the
   * session owns it from here.
   */
  warmed?: HlsType | undefined;
  /**
   * Follow the wall-clock time of the playhead (PROGRAM-DATE-TIME): `dateOffsetMs` answers, and
   * the video's data-playing-date holds it (ms) for the page and its tests.
   */
  trackDate?: boolean | undefined;
}

/** One attempt at playing a stream in a <video>; a retry destroys it and opens another. */
export interface MediaSession {
  /** An index of the renditions as listed, or AUTO_QUALITY. */
  setQuality(index: number): void;
  setSubtitle(choice: SubtitleChoice): void;
  /**
   * The wall-clock time (ms) of the stream's position 0, from its PROGRAM-DATE-TIME; null while
   * unknown (or a stream without it).
   */
  dateOffsetMs(): number | null;
  destroy(): void;
}

function mediaErrorListener(video: HTMLVideoElement, listeners: SessionListeners) {
  return () => {
    const error = video.error;
    listeners.onError({ code: codeOfMediaError(error?.code), detail: error?.message ?? '' });
  };
}

export function openMediaSession(
  video: HTMLVideoElement,
  options: SessionOptions,
  listeners: SessionListeners,
): MediaSession {
  return canPlayHlsNatively(video)
    ? openNativeSession(video, options, listeners)
    : openHlsSession(video, options, listeners);
}

/** Safari without MSE (older iPhones): its own HLS, its own renditions, subtitles as text tracks. */
function openNativeSession(
  video: HTMLVideoElement,
  options: SessionOptions,
  listeners: SessionListeners,
): MediaSession {
  const tracks = () =>
    Array.from(video.textTracks).filter((t) => t.kind === 'subtitles' || t.kind === 'captions');
  const showSubtitle = (choice: SubtitleChoice) => {
    const list = tracks();
    const index = trackIndexFor(
      choice,
      list.map((t) => ({ lang: t.language, name: t.label })),
    );
    list.forEach((track, i) => (track.mode = i === index ? 'showing' : 'disabled'));
  };
  const onMetadata = () => {
    if (options.startPosition >= 0) video.currentTime = options.startPosition;
    listeners.onSubtitleTracks(tracks().map((t) => ({ lang: t.language, name: t.label })));
    showSubtitle(options.subtitle());
  };
  const onError = mediaErrorListener(video, listeners);
  video.addEventListener('loadedmetadata', onMetadata);
  video.addEventListener('error', onError);
  video.src = options.src;
  if (options.autoPlay) play(video);
  return {
    setQuality: () => undefined,
    setSubtitle: showSubtitle,
    dateOffsetMs() {
      // Safari's own HLS: the date of position 0 from the playlist's PROGRAM-DATE-TIME.
      const start = (video as { getStartDate?: () => Date }).getStartDate?.().getTime();
      return start !== undefined && Number.isFinite(start) ? start : null;
    },
    destroy() {
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}

function subtitleTracksOf(tracks: MediaPlaylist[]): SubtitleTrack[] {
  return tracks.map((t) => ({ lang: t.lang, name: t.name }));
}

function openHlsSession(
  video: HTMLVideoElement,
  options: SessionOptions,
  listeners: SessionListeners,
): MediaSession {
  let hls: HlsType | undefined;
  let destroyed = false;
  /** Indices (as listed) of the renditions kept under the cap, in hls.js's order. */
  let kept: number[] = [];
  let pendingQuality: number | undefined;
  let stopWatching: (() => void) | undefined;
  let stopDating: (() => void) | undefined;
  let dateOffset: number | null = null;

  const showSubtitle = (choice: SubtitleChoice) => {
    if (!hls) return;
    const index = trackIndexFor(choice, subtitleTracksOf(hls.subtitleTracks));
    hls.subtitleDisplay = index >= 0;
    hls.subtitleTrack = index;
  };
  const setQuality = (index: number) => {
    if (!hls || kept.length === 0) {
      pendingQuality = index;
      return;
    }
    const level = index === AUTO_QUALITY ? -1 : kept.indexOf(index);
    hls.currentLevel = level;
  };

  loadHls().then(
    (Hls) => {
      if (destroyed) return options.warmed?.destroy();
      if (!Hls.isSupported()) return listeners.onUnsupported();
      // The stream may already be loading since the click on the play link (prewarm.ts).
      const warmed = options.warmed;
      const instance = warmed ?? new Hls({ ...hlsConfig, startPosition: options.startPosition });
      hls = instance;
      const onParsed = (levels: { height: number; bitrate: number }[]) => {
        const renditions = levels.map((l) => ({ height: l.height, bitrate: l.bitrate }));
        const allowed = allowedRenditions(renditions, options.maxBitrate);
        // From the top, so the indices of the levels still to look at do not move.
        for (let i = renditions.length - 1; i >= 0; i -= 1) {
          if (!allowed.has(i)) instance.removeLevel(i);
        }
        kept = renditions.map((_, i) => i).filter((i) => allowed.has(i));
        listeners.onRenditions(renditions);
        if (pendingQuality !== undefined) setQuality(pendingQuality);
        if (options.autoPlay) play(video);
      };
      const onSubtitleTracks = (tracks: MediaPlaylist[]) => {
        listeners.onSubtitleTracks(subtitleTracksOf(tracks));
        // hls.js selects the playlist's DEFAULT track right after this event: choose after it.
        queueMicrotask(() => {
          if (!destroyed) showSubtitle(options.subtitle());
        });
      };
      instance.on(Hls.Events.MANIFEST_PARSED, (_event, data) => onParsed(data.levels));
      instance.on(Hls.Events.SUBTITLE_TRACKS_UPDATED, (_event, data) =>
        onSubtitleTracks(data.subtitleTracks),
      );
      if (listeners.onAdBreak) {
        const onAdBreak = listeners.onAdBreak;
        const breaks = new AdBreakWatcher(window.location.origin);
        instance.on(Hls.Events.LEVEL_UPDATED, (_event, data) =>
          breaks.update(data.details.dateRanges, data.details.url),
        );
        const onTime = () => {
          const due = breaks.sample(instance.playingDate?.getTime() ?? null);
          if (due && !destroyed) onAdBreak(due.tag);
        };
        video.addEventListener('timeupdate', onTime);
        stopWatching = () => video.removeEventListener('timeupdate', onTime);
      }
      if (options.trackDate) {
        const onTime = () => {
          const playing = instance.playingDate?.getTime();
          if (playing === undefined || !Number.isFinite(playing)) return;
          dateOffset = playing - video.currentTime * 1000;
          video.dataset.playingDate = String(Math.round(playing));
        };
        video.addEventListener('timeupdate', onTime);
        stopDating = () => video.removeEventListener('timeupdate', onTime);
      }
      if (listeners.onLevelSwitched) {
        const onSwitched = listeners.onLevelSwitched;
        instance.on(Hls.Events.LEVEL_SWITCHED, () => {
          if (!destroyed) onSwitched();
        });
      }
      instance.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
        if (!data.fatal) return;
        listeners.onError({
          code: codeOfHlsError({
            type: data.type,
            details: data.details,
            httpStatus: data.response?.code,
          }),
          detail: data.details,
        });
      });
      if (!warmed) {
        instance.attachMedia(video);
        instance.loadSource(options.src);
      }
      // What a warmed instance already learnt before these listeners were there.
      if (warmed && warmed.levels.length > 0) onParsed(warmed.levels);
      if (warmed && warmed.subtitleTracks.length > 0) onSubtitleTracks(warmed.subtitleTracks);
    },
    () => {
      // The library itself did not arrive (network): an error like any other, retried.
      if (!destroyed) listeners.onError({ code: codeOfMediaError(2), detail: 'hlsLoadError' });
    },
  );

  return {
    setQuality,
    setSubtitle: showSubtitle,
    dateOffsetMs: () => dateOffset,
    destroy() {
      destroyed = true;
      stopWatching?.();
      stopDating?.();
      hls?.destroy();
      hls = undefined;
    },
  };
}
