import { useEffect, useReducer, useRef, useState } from 'react';
import {
  AD_LABEL_DEFAULT,
  AD_PLAYHEAD_TICK_MS,
  AD_SEEK_CHECK_MS,
  AD_TIMEOUT_MS,
  PREROLL_TIMEOUT_MS,
} from '@site/contract';
import { adPlayReducer, initialAdPlayState, type AdOutcome } from './machine';
import { secondsLeft, seekCorrection } from './playhead';
import { adTexts } from './texts';
import { loadAd, type AdPlan } from './vast-loader';
import './PrerollAd.css';

export interface PrerollAdProps {
  /** The ad tag (a title's or channel's preVastUrl). */
  adTagUrl: string;
  /** Called once, when the ad break is over for whatever reason; the content plays next. */
  onDone(outcome: AdOutcome): void;
  /** The label when the VAST gives none; 'Advertisement' when neither does (SPEC §9). */
  label?: string;
  /** SPEC §9: 5000 ms for the whole fetch and parse, 1000 ms for the ad to start playing. */
  adTimeoutMs?: number;
  prerollTimeoutMs?: number;
  /**
   * 'midroll': a live channel's break (issue 28 item 6), labelled as such, its countdown saying
   * the channel comes back. The same bounds and tracking as a pre-roll.
   */
  slot?: 'preroll' | 'midroll';
  /**
   * Take the keyboard focus when the page has lost it (the player it replaces had it): the
   * break's region is focused, so focus never falls back to the top of the page.
   */
  takeFocus?: boolean;
}

/** VAST error codes the pre-roll reports: media timeout, media failure. */
const MEDIA_TIMEOUT = '402';
const MEDIA_FAILED = '405';

/**
 * A pre-roll ad in its own <video>: the VAST is fetched and read by vast-client (vast-loader.ts),
 * the ad plays with its label and a countdown and cannot be sought, the VAST tracking events go
 * out, and any error or timeout ends the break so the content starts (SPEC §8). Everything the
 * VAST says is rendered as text; its click-through is a plain http(s) link opened with noopener.
 */
export function PrerollAd({
  adTagUrl,
  onDone,
  label,
  adTimeoutMs = AD_TIMEOUT_MS,
  prerollTimeoutMs = PREROLL_TIMEOUT_MS,
  slot = 'preroll',
  takeFocus = false,
}: PrerollAdProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const [state, dispatch] = useReducer(adPlayReducer, initialAdPlayState);
  const [plan, setPlan] = useState<AdPlan | null>(null);
  const [left, setLeft] = useState<number | null>(null);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });
  const { phase, outcome } = state;

  // Fetch and read the VAST, bounded by the ad timeout.
  useEffect(() => {
    const controller = new AbortController();
    void loadAd(adTagUrl, { timeoutMs: adTimeoutMs, signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.kind === 'ad') {
        setPlan(result.plan);
        dispatch({ type: 'loaded' });
      } else {
        dispatch({ type: result.kind });
      }
    });
    return () => controller.abort();
  }, [adTagUrl, adTimeoutMs]);

  // The outcome is reported once: `done` is final in the machine.
  useEffect(() => {
    if (phase === 'done' && outcome) onDoneRef.current(outcome);
  }, [phase, outcome]);

  // Start the media; it must be playing within the preroll timeout.
  useEffect(() => {
    const video = videoRef.current;
    if (phase !== 'starting' || !plan || !video) return;
    video.src = plan.mediaUrl;
    video.play().catch((error: unknown) => {
      // Without a user gesture a browser may allow only muted playback.
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        video.muted = true;
        plan.tracker.setMuted(true);
        video.play().catch(() => undefined);
      }
    });
    const timer = window.setTimeout(() => {
      plan.tracker.error({ ERRORCODE: MEDIA_TIMEOUT });
      dispatch({ type: 'timeout' });
    }, prerollTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [phase, plan, prerollTimeoutMs]);

  // While playing: progress and countdown every tick, the seek check every second, and a stall
  // longer than the ad timeout ends the break.
  useEffect(() => {
    const video = videoRef.current;
    if (phase !== 'playing' || !plan || !video) return;
    const duration = () =>
      Number.isFinite(video.duration) && video.duration > 0 ? video.duration : plan.durationSeconds;
    let checked = { time: video.currentTime, at: performance.now() };
    let moved = { time: video.currentTime, at: performance.now() };
    const tick = window.setInterval(() => {
      const now = performance.now();
      const time = video.currentTime;
      plan.tracker.setProgress(time);
      setLeft(secondsLeft(duration(), time));
      if (time !== moved.time || video.paused) moved = { time, at: now };
      else if (now - moved.at > adTimeoutMs) {
        plan.tracker.error({ ERRORCODE: MEDIA_FAILED });
        dispatch({ type: 'error' });
      }
    }, AD_PLAYHEAD_TICK_MS);
    const seekCheck = () => {
      const now = performance.now();
      const back = seekCorrection(
        checked.time,
        video.currentTime,
        now - checked.at,
        video.playbackRate,
      );
      if (back === null) checked = { time: video.currentTime, at: now };
      else video.currentTime = back;
    };
    const check = window.setInterval(seekCheck, AD_SEEK_CHECK_MS);
    // A seek is also caught the moment it starts.
    video.addEventListener('seeking', seekCheck);
    setLeft(secondsLeft(duration(), video.currentTime));
    return () => {
      window.clearInterval(tick);
      window.clearInterval(check);
      video.removeEventListener('seeking', seekCheck);
    };
  }, [phase, plan, adTimeoutMs]);

  // Focus lost with the player this break replaced comes here (and goes back to the player after).
  useEffect(() => {
    const active = document.activeElement;
    if (takeFocus && (active === null || active === document.body)) {
      sectionRef.current?.focus({ preventScroll: true });
    }
  }, [takeFocus]);

  // Leave no media loading behind.
  useEffect(() => {
    const video = videoRef.current;
    return () => {
      if (video?.getAttribute('src')) {
        video.pause();
        video.removeAttribute('src');
        video.load();
      }
    };
  }, []);

  const shownLabel = plan?.label ?? label ?? AD_LABEL_DEFAULT;
  const active = phase === 'starting' || phase === 'playing';

  return (
    <section
      ref={sectionRef}
      className={slot === 'midroll' ? 'preroll preroll--midroll' : 'preroll'}
      aria-label={slot === 'midroll' ? adTexts.midrollRegion : adTexts.region}
      data-ad-phase={phase}
      data-ad-slot={slot}
      tabIndex={takeFocus ? -1 : undefined}
    >
      <div className="preroll__frame">
        <video
          ref={videoRef}
          className="preroll__video"
          playsInline
          preload="auto"
          disablePictureInPicture
          aria-label={shownLabel}
          onPlaying={() => {
            if (!plan) return;
            if (phase === 'starting') {
              plan.tracker.trackImpression();
              if (Number.isFinite(videoRef.current?.duration)) {
                plan.tracker.setDuration(videoRef.current!.duration);
              }
            } else plan.tracker.setPaused(false);
            dispatch({ type: 'playing' });
          }}
          onPause={() => {
            if (phase === 'playing' && !videoRef.current?.ended) plan?.tracker.setPaused(true);
          }}
          onEnded={() => {
            if (phase !== 'playing' || !plan) return;
            plan.tracker.setProgress(videoRef.current?.currentTime ?? 0);
            plan.tracker.complete();
            dispatch({ type: 'ended' });
          }}
          onError={() => {
            if (!active || !plan) return;
            plan.tracker.error({ ERRORCODE: MEDIA_FAILED });
            dispatch({ type: 'error' });
          }}
        />
        <div className="preroll__bar">
          <span className="preroll__label">{shownLabel}</span>
          {phase === 'playing' && left !== null ? (
            <span className="preroll__countdown" role="timer">
              {slot === 'midroll' ? adTexts.midrollCountdown(left) : adTexts.countdown(left)}
            </span>
          ) : null}
          {plan?.clickThrough && phase === 'playing' ? (
            <a
              className="preroll__more"
              href={plan.clickThrough}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={adTexts.learnMoreLabel}
              onClick={() => plan.tracker.click()}
            >
              {adTexts.learnMore}
            </a>
          ) : null}
        </div>
        {phase === 'loading' || phase === 'starting' ? (
          <p className="preroll__status" role="status">
            {adTexts.loading}
          </p>
        ) : null}
      </div>
    </section>
  );
}
