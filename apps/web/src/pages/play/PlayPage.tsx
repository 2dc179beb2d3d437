import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link, useParams } from 'react-router';
import { detailsPath, type LoginInfo, type PlayRightData } from '@site/contract';
import { useNextPlay } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { usePlayRight } from './use-play-right';
import { useWatchPosition } from '../../api/lists';
import { useLoginInfo } from '../../api/session';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { AppLinkButton } from '../../features/app-link/AppLinkButton';
import { formatPosition } from '../../features/catalogue/format';
import { streamsOfRefusal } from '../../features/devices/refusal';
import { StreamLimitRefusal, StreamStopped } from '../../features/devices/StreamLimit';
import { LoadError } from '../../features/load-error/LoadError';
import { FullscreenHost } from '../../features/player/fullscreen-host';
import { NextEpisodeCountdown } from '../../features/player/NextEpisodeCountdown';
import { Player } from '../../features/player/Player';
import { dropWarmStart } from '../../features/player/prewarm';
import { useResumeHeartbeat } from '../../features/player/resume-heartbeat';
import { t } from '../../i18n/zh-TW';
import { Episodes, useSeriesOf } from './Episodes';
import { Preroll } from './Preroll';
import { Refused } from './Refused';
import './PlayPage.css';

/** Where a member resumes this movie or episode; 0 from the start (or for visitors). */
function startOf(
  contentId: string,
  position: { resumeContentId: string; positionSeconds: number; finished: 'Y' | 'N' } | undefined,
): number {
  if (!position || position.finished === 'Y' || position.resumeContentId !== contentId) return 0;
  return position.positionSeconds;
}

/** After an episode: the next one after a countdown (ajaxFindBundleVideoListNextPlay.do). */
function AfterEnd({ contentId }: { contentId: string }) {
  const next = useNextPlay(contentId, true);
  if (next.isPending) return null;
  if (next.data) {
    return (
      <NextEpisodeCountdown name={next.data.contentName} to={paths.play(next.data.contentId)} />
    );
  }
  return (
    <p className="next-episode play__ended" role="status">
      {t.play.ended}
    </p>
  );
}

function Playback({
  screen,
  right,
  info,
  start,
  onStarted,
  onPlayAgain,
}: {
  /** The page's screen: the pre-roll and the player show in it (PlayPage). */
  screen: HTMLElement;
  right: PlayRightData;
  info: LoginInfo | undefined;
  start: number;
  /** The first frames are playing (or the player gave up): the page may load the rest. */
  onStarted: () => void;
  /** 重新播放 after another device stopped this play: the play right is asked again. */
  onPlayAgain: () => void;
}) {
  const [ended, setEnded] = useState(false);
  // Another device stopped this play (a heartbeat refused with STREAM_STOPPED): the player goes
  // (its stream and hls.js with it) and the server's words stand in its place.
  const [stopped, setStopped] = useState<string | undefined>();
  // AVOD: the pre-roll plays first (its first frame counts as the start), then the content.
  const [stage, setStage] = useState<'preroll' | 'content'>(
    right.preVastUrl ? 'preroll' : 'content',
  );
  const toContent = useCallback(() => setStage('content'), []);
  const heartbeat = useResumeHeartbeat(right.contentId, info?.isLogin === 'Y', {
    streamId: right.streamId,
    onStopped: setStopped,
  });
  return (
    <>
      {createPortal(
        stopped !== undefined ? (
          <StreamStopped message={stopped} onPlayAgain={onPlayAgain} />
        ) : stage === 'preroll' && right.preVastUrl ? (
          <Preroll adTagUrl={right.preVastUrl} onDone={toContent} />
        ) : (
          <Player
            key={right.videoUrl}
            src={right.videoUrl}
            title={right.contentName}
            contentId={right.contentId}
            autoPlay
            pageKeys
            startPosition={start}
            maxBitrate={right.maxBitrate}
            overlay={ended ? <AfterEnd contentId={right.contentId} /> : null}
            onPlaying={(video) => {
              setEnded(false);
              onStarted();
              heartbeat.onPlaying(video);
            }}
            onPause={heartbeat.onPause}
            onError={(video) => {
              onStarted();
              heartbeat.onError(video);
            }}
            onEnded={(video) => {
              heartbeat.onEnded(video);
              setEnded(true);
            }}
          />
        ),
        screen,
      )}
      {start > 0 ? <p className="page__intro">{t.play.resumedAt(formatPosition(start))}</p> : null}
    </>
  );
}

/** Links under the player: the details page, and the app on phones and tablets. */
function TitleLinks({ info, contentId }: { info: LoginInfo | undefined; contentId: string }) {
  const series = useSeriesOf(info, contentId);
  return (
    <>
      <div className="play__links">
        {series.otherId ? (
          <Link to={detailsPath(contentId, series.otherId)} className="button">
            {t.play.backToDetails}
          </Link>
        ) : null}
        <AppLinkButton contentId={contentId} deviceType={info?.deviceType} />
      </div>
      {series.isEpisode && series.otherId ? (
        <Episodes contentId={contentId} seriesId={series.otherId} />
      ) : null}
    </>
  );
}

/** What the page loads besides the stream waits this long at most for the first frames. */
const SECONDARY_AFTER_MS = 2000;

/**
 * /play/{contentId}: the title, the player (after a pre-roll for AVOD titles), episodes of a
 * series, and, when the server refuses the play right, the ways to get it.
 */
export default function PlayPage() {
  const { contentId = '' } = useParams();
  // The screen stays from title to title (the next episode included) while the title's part of
  // the page starts afresh: it is the player's fullscreen element, so that the next episode
  // starts still in fullscreen (issue 20 item 12, docs/adr/0024-player.md).
  const screenRef = useRef<HTMLDivElement | null>(null);
  const [screen, setScreen] = useState<HTMLDivElement | null>(null);
  const holdScreen = useCallback((element: HTMLDivElement | null) => {
    screenRef.current = element;
    setScreen(element);
  }, []);
  return (
    <div className="page play">
      <FullscreenHost value={screenRef}>
        <div ref={holdScreen} className="play__screen" />
        {screen ? <PlayTitle key={contentId} contentId={contentId} screen={screen} /> : null}
      </FullscreenHost>
    </div>
  );
}

function PlayTitle({ contentId, screen }: { contentId: string; screen: HTMLElement }) {
  const right = usePlayRight(contentId);
  const login = useLoginInfo();
  const member = login.data?.isLogin === 'Y';
  const position = useWatchPosition(login.data, contentId);
  const name = right.data?.contentName;
  usePageTitle(name ?? t.pageTitles.play, name !== undefined);
  // The links and episodes under the player wait for the first frames (or 2 s), so that their
  // calls do not compete with the stream's first requests.
  const [started, setStarted] = useState(false);
  const onStarted = useCallback(() => setStarted(true), []);
  useEffect(() => {
    const timer = window.setTimeout(onStarted, SECONDARY_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [onStarted]);
  // Left before the player took the stream started at the click (it may be on screen).
  useEffect(() => () => dropWarmStart(contentId), [contentId]);

  const streams = right.isError ? streamsOfRefusal(right.error) : undefined;
  if (right.isError && streams) {
    // Too many devices playing (STREAM_LIMIT): stopping one of them asks for the right again.
    return (
      <>
        <h1>{t.pageTitles.play}</h1>
        <StreamLimitRefusal
          message={right.error.message}
          streams={streams}
          onRetry={() => right.refetch()}
        />
      </>
    );
  }
  if (right.isError) {
    // A refusal is an answer (the ways to get the right); anything else (no reply, a server
    // failure) is a load error that may pass, so it offers 重試 (issue 20 items 15 and 18).
    const refused =
      right.error instanceof ApiError && [401, 403, 404].includes(right.error.httpStatus);
    return (
      <>
        <h1>{t.pageTitles.play}</h1>
        {refused ? (
          <Refused contentId={contentId} error={right.error} info={login.data} />
        ) : (
          <LoadError
            title={t.play.loadFailed}
            error={right.error}
            onRetry={() => right.refetch()}
          />
        )}
      </>
    );
  }

  // A member starts at their resume point, so playback waits for it (a failed lookup starts at 0).
  const waiting = login.isPending || (member && position.isPending);
  const playing = right.data?.contentId ?? contentId;
  // The player comes first, where a play link's click already started the stream
  // (features/player/play-page-place.ts); the title under it.
  return (
    <>
      {right.data && !waiting ? (
        <Playback
          // A new play right (重新播放) is a new play: a new stream lease, a new player.
          key={`${right.data.contentId} ${right.data.streamId ?? ''}`}
          screen={screen}
          right={right.data}
          info={login.data}
          start={startOf(playing, position.data)}
          onStarted={onStarted}
          onPlayAgain={() => {
            // From where it stopped: the refused heartbeat's position was still kept.
            void (member ? position.refetch() : Promise.resolve()).then(() => right.refetch());
          }}
        />
      ) : (
        <p className="page__intro" role="status">
          {t.play.loading}
        </p>
      )}
      <h1>{name ?? t.pageTitles.play}</h1>
      {right.data && started ? <TitleLinks info={login.data} contentId={playing} /> : null}
    </>
  );
}
