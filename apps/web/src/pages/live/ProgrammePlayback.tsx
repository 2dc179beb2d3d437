import { useEffect, useRef, useState } from 'react';
import type { ActiveStream, ProgramPlayData } from '@site/contract';
import { fetchProgramPlay, sendProgramPosition, takeProgramPlay } from '../../api/catchup';
import { isTransient } from '../../api/live';
import { streamsOfRefusal } from '../../features/devices/refusal';
import { StreamLimitRefusal, StreamStopped } from '../../features/devices/StreamLimit';
import { PrerollAd } from '../../features/player/ads/PrerollAd';
import { Player } from '../../features/player/Player';
import { t } from '../../i18n/zh-TW';
import { Preroll } from '../play/Preroll';
import { programmeStartAt, wallClockText } from './catchup';
import { decodeVideoUrl } from './live-rules';
import { createProgramPositionBeats } from './programme-position';
import type { WatchLimit } from './watch-limit';

export interface ProgrammePlaybackProps {
  channelId: string;
  channelName: string;
  /** Unix seconds, as getProgramPlay takes it. */
  programStart: string;
  /** A member: the resume beats are sent (visitors keep no resume point). */
  member: boolean;
  /** The anonymous watching limit, shared with live: a programme counts as watching. */
  limit?: WatchLimit | undefined;
  /** 回到直播: the channel's live stream again (a new switch-channel). */
  onBackToLive: () => void;
  /** The programme played to its end: the page plays what follows, or live. */
  onEnded: () => void;
  /** The programme's reply came: the page names it in its bar and its share menu. */
  onLoaded?: (data: ProgramPlayData) => void;
}

type Phase =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; streams?: ActiveStream[] }
  | { kind: 'stopped'; message: string }
  | {
      kind: 'ready';
      data: ProgramPlayData;
      src: string;
      stage: 'preroll' | 'content' | 'midroll';
      midrollTag: string;
    };

/** A refusal's own words (zh-TW, from the envelope), else a general one. */
function failureMessage(error: unknown): string {
  if (!isTransient(error) && error instanceof Error && error.message) return error.message;
  return t.catchup.unplayable;
}

/** 回到直播, in the control bar and beside every refusal. */
function BackToLive({ onClick, primary = false }: { onClick: () => void; primary?: boolean }) {
  return (
    <button
      type="button"
      className={primary ? 'button button--primary' : 'player__button live-back-to-live'}
      onClick={onClick}
    >
      {t.catchup.backToLive}
    </button>
  );
}

/**
 * Start over (從頭看) and catch-up (回看) of a programme in the live page's video area (issue 24):
 * getProgramPlay, the pre-roll on ad-supported channels as before live, then the programme from
 * its start (or the member's resume point) with a seek bar in wall-clock times (Taipei, from the
 * stream's PROGRAM-DATE-TIME) and 回到直播. The breaks the stream marks are played when playing
 * reaches them (the player stays where it was, paused and hidden, under the break) and skipped by
 * a seek past them; a break is played once. A member's position is beaten every 30 s, on pause,
 * at the end and on leaving; STREAM_STOPPED stops the play as it stops a live channel. Refusals
 * are shown here, each with 回到直播.
 */
/** What a getProgramPlay reply means here: the programme ready (its pre-roll first), or not. */
function phaseOf(data: ProgramPlayData): Phase {
  const src = decodeVideoUrl(data.videoUrl);
  if (!src) return { kind: 'failed', message: t.catchup.unplayable };
  const preroll = data.preRoll === 'Y' && data.preVastUrl !== '';
  return { kind: 'ready', data, src, stage: preroll ? 'preroll' : 'content', midrollTag: '' };
}

export function ProgrammePlayback(props: ProgrammePlaybackProps) {
  const { channelId, programStart, member, limit } = props;
  // A reply asked for ahead (the pointer on 從頭看 or 回看), taken once; when it has come the
  // programme renders at once (its stream may be playing already, started at the click).
  const [held] = useState(() => takeProgramPlay(channelId, programStart));
  const [phase, setPhase] = useState<Phase>(() =>
    held?.answered ? phaseOf(held.answered) : { kind: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const videoRef = useRef<HTMLVideoElement | undefined>(undefined);
  const callbacks = useRef(props);
  useEffect(() => {
    callbacks.current = props;
  });
  const [beats] = useState(() => createProgramPositionBeats(sendProgramPosition));

  useEffect(() => {
    // The page keys this component by its programme: a new one starts from 'loading'.
    const controller = new AbortController();
    // A retry asks afresh: a reply asked ahead may hold a lease since stopped.
    const first = attempt === 0 ? held : undefined;
    const reply = first?.reply ?? fetchProgramPlay(channelId, programStart, controller.signal);
    // Rendered from already (the first state); a reply still on its way is set when it comes.
    const rendered = first?.answered !== undefined;
    reply.then(
      (data) => {
        if (controller.signal.aborted) return;
        const next = phaseOf(data);
        if (!rendered) setPhase(next);
        if (next.kind === 'ready') callbacks.current.onLoaded?.(data);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const streams = streamsOfRefusal(error);
        setPhase({
          kind: 'failed',
          message: failureMessage(error),
          ...(streams ? { streams } : {}),
        });
      },
    );
    return () => controller.abort();
  }, [channelId, programStart, attempt, held]);

  const data = phase.kind === 'ready' ? phase.data : undefined;
  const streamId = data?.streamId;
  useEffect(() => {
    beats.configure({ channelId, programStart, streamId }, member && data !== undefined);
  }, [beats, channelId, programStart, streamId, member, data]);
  useEffect(() => {
    beats.whenStopped((message) => {
      videoRef.current?.pause();
      setPhase({ kind: 'stopped', message });
    });
  }, [beats]);
  // On leaving: the page going away, or the programme giving way to live or to another one.
  useEffect(() => {
    const onPageHide = () => beats.send();
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      beats.stop();
      beats.send();
    };
  }, [beats, channelId, programStart]);
  useEffect(() => () => limit?.stopped(), [limit]);

  const backToLive = () => callbacks.current.onBackToLive();
  const askAgain = () => {
    setPhase({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };

  if (phase.kind === 'loading') {
    return (
      <div className="live-still">
        <div className="live-still__over">
          <p className="live-area__message" role="status">
            {t.catchup.loading}
          </p>
        </div>
      </div>
    );
  }
  if (phase.kind === 'stopped') {
    return (
      <div className="live-programme__refusal">
        <StreamStopped message={phase.message} onPlayAgain={askAgain} />
        <BackToLive onClick={backToLive} />
      </div>
    );
  }
  if (phase.kind === 'failed') {
    return phase.streams ? (
      <div className="live-area__refusal live-programme__refusal">
        <StreamLimitRefusal message={phase.message} streams={phase.streams} onRetry={askAgain} />
        <BackToLive onClick={backToLive} />
      </div>
    ) : (
      <div className="live-still">
        <div className="live-still__over live-programme__failed">
          <p className="live-area__message live-area__message--alert" role="alert">
            {phase.message}
          </p>
          <BackToLive onClick={backToLive} primary />
        </div>
      </div>
    );
  }

  const ready = phase;
  const setStage = (stage: 'content' | 'midroll', midrollTag = '') =>
    setPhase((current) => (current.kind === 'ready' ? { ...current, stage, midrollTag } : current));
  if (ready.stage === 'preroll') {
    return <Preroll adTagUrl={ready.data.preVastUrl} onDone={() => setStage('content')} />;
  }
  const program = ready.data.program;
  const startMs = Number(program.programStart) * 1000;
  const inBreak = ready.stage === 'midroll' && ready.midrollTag !== '';
  const ads = ready.data.preRoll === 'Y' && ready.data.preVastUrl !== '';
  return (
    <>
      {inBreak ? (
        <PrerollAd
          key={ready.midrollTag}
          adTagUrl={ready.midrollTag}
          slot="midroll"
          takeFocus
          onDone={() => {
            setStage('content');
            const video = videoRef.current;
            if (!video) return;
            video.play().catch(() => undefined);
            const active = document.activeElement;
            if (!active || active === document.body) video.focus({ preventScroll: true });
          }}
        />
      ) : null}
      {/* Under a break the programme waits where it was, paused: its player (and the breaks it
          has played) stays. */}
      <div className="live-programme" hidden={inBreak}>
        <Player
          key={`${channelId} ${programStart} ${ready.src}`}
          src={ready.src}
          title={`${ready.data.channelName || props.channelName}：${program.programName}`}
          contentId={channelId}
          playType="LIVE"
          autoPlay
          pageKeys={!inBreak}
          fromStart
          startPosition={programmeStartAt(ready.data.resumeSeconds, program)}
          maxBitrate={ready.data.maxBitrate}
          fatalMessage={t.catchup.unplayable}
          timeLabel={(seconds, offset) => wallClockText((offset ?? startMs) + seconds * 1000)}
          controlsExtra={<BackToLive onClick={backToLive} />}
          onPlaying={(video) => {
            videoRef.current = video;
            if (limit?.isReached) {
              video.pause();
              return;
            }
            limit?.playing();
            beats.onPlaying(video);
          }}
          onPause={(video) => {
            limit?.stopped();
            beats.onPause(video);
          }}
          onError={(video) => {
            limit?.stopped();
            beats.onError(video);
          }}
          onEnded={(video) => {
            limit?.stopped();
            beats.onEnded(video);
            // A start over ends too, once its programme has ended on air (its playlist ends).
            callbacks.current.onEnded();
          }}
          {...(ads
            ? {
                onAdBreak: (adTag: string) => {
                  // The programme is not watched during the break (the pause beats its position).
                  videoRef.current?.pause();
                  setStage('midroll', adTag);
                },
              }
            : {})}
        />
      </div>
    </>
  );
}
