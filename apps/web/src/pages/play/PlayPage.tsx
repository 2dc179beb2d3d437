import { Link, useParams } from 'react-router';
import { pageRoutes } from '@site/contract';
import { usePlayRight } from '../../api/hooks';
import { usePageTitle } from '../../app/page-title';
import { Player } from '../../features/player/Player';
import { t } from '../../i18n/zh-TW';
import './PlayPage.css';

export default function PlayPage() {
  const { contentId = '' } = useParams();
  const right = usePlayRight(contentId);
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

  return (
    <div className="page play">
      <h1>{name ?? t.pageTitles.play}</h1>
      {right.data ? (
        <Player
          key={right.data.videoUrl}
          src={right.data.videoUrl}
          title={right.data.contentName}
          autoPlay
        />
      ) : (
        <p className="page__intro" role="status">
          {t.play.loading}
        </p>
      )}
    </div>
  );
}
