import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { pageRoutes, type LoginInfo, type PlayRightData } from '@site/contract';
import { useNextPlay } from '../../api/catalogue';
import { usePlayRight } from '../../api/hooks';
import { useWatchPosition } from '../../api/lists';
import { useLoginInfo } from '../../api/session';
import { usePageTitle } from '../../app/page-title';
import { paths } from '../../app/paths';
import { formatPosition } from '../../features/catalogue/format';
import { PlayLink } from '../../features/player/PlayLink';
import { Player } from '../../features/player/Player';
import { useResumeHeartbeat } from '../../features/player/resume-heartbeat';
import { t } from '../../i18n/zh-TW';
import './PlayPage.css';

/** Where a member resumes this movie or episode; 0 from the start (or for visitors). */
function startOf(
  contentId: string,
  position: { resumeContentId: string; positionSeconds: number; finished: 'Y' | 'N' } | undefined,
): number {
  if (!position || position.finished === 'Y' || position.resumeContentId !== contentId) return 0;
  return position.positionSeconds;
}

/** What plays next after an episode ends (ajaxFindBundleVideoListNextPlay.do). */
function NextUp({ contentId }: { contentId: string }) {
  const next = useNextPlay(contentId, true).data;
  return (
    <div className="play__next" role="status">
      <p className="play__ended">{t.play.ended}</p>
      {next ? (
        <PlayLink to={paths.play(next.contentId)} className="button button--primary">
          {t.play.playNext(next.contentName)}
        </PlayLink>
      ) : null}
    </div>
  );
}

function Playback({
  right,
  info,
  start,
}: {
  right: PlayRightData;
  info: LoginInfo | undefined;
  start: number;
}) {
  const [ended, setEnded] = useState(false);
  const heartbeat = useResumeHeartbeat(right.contentId, info?.isLogin === 'Y');
  return (
    <>
      <Player
        key={right.videoUrl}
        src={right.videoUrl}
        title={right.contentName}
        autoPlay
        startPosition={start}
        onPlaying={(video) => {
          setEnded(false);
          heartbeat.onPlaying(video);
        }}
        onPause={heartbeat.onPause}
        onEnded={(video) => {
          heartbeat.onEnded(video);
          setEnded(true);
        }}
      />
      {start > 0 ? <p className="page__intro">{t.play.resumedAt(formatPosition(start))}</p> : null}
      {ended ? <NextUp contentId={right.contentId} /> : null}
    </>
  );
}

export default function PlayPage() {
  const { contentId = '' } = useParams();
  const right = usePlayRight(contentId);
  const login = useLoginInfo();
  const member = login.data?.isLogin === 'Y';
  const position = useWatchPosition(login.data, contentId);
  const name = right.data?.contentName;
  usePageTitle(name ?? t.pageTitles.play, name !== undefined);

  if (right.isError) {
    return (
      <div className="page play">
        <h1>{t.pageTitles.play}</h1>
        <div className="message message--error play__refused" role="alert">
          <p>{right.error.message}</p>
          <Link to={pageRoutes.home} className="button">
            {t.common.backHome}
          </Link>
        </div>
      </div>
    );
  }

  // A member starts at their resume point, so playback waits for it (a failed lookup starts at 0).
  const waiting = login.isPending || (member && position.isPending);
  return (
    <div className="page play">
      <h1>{name ?? t.pageTitles.play}</h1>
      {right.data && !waiting ? (
        <Playback
          key={right.data.contentId}
          right={right.data}
          info={login.data}
          start={startOf(contentId, position.data)}
        />
      ) : (
        <p className="page__intro" role="status">
          {t.play.loading}
        </p>
      )}
    </div>
  );
}
