import { Link, useParams } from 'react-router';
import { pageRoutes } from '@site/contract';
import { paths } from '../../app/paths';
import { usePageTitle } from '../../app/page-title';
import { isCompletePair } from '../../features/detail-link/parse';
import { PlayLink } from '../../features/player/PlayLink';
import { t } from '../../i18n/zh-TW';
import './DetailsPage.css';

/** SPEC §2/§5: a detail link needs both ids; otherwise 網址資料錯誤 and a way home. */
function WrongUrlData() {
  return (
    <div className="page details">
      <h1>{t.pageTitles.details}</h1>
      <div className="message message--error details__wrong" role="alert">
        <p>{t.details.wrongUrlData}</p>
        <Link to={pageRoutes.home} className="button button--primary">
          {t.common.goNow}
        </Link>
      </div>
    </div>
  );
}

/**
 * Until the content-brief call exists the page knows only the ids, so it shows its frame with
 * a loading state and a working play control.
 */
export default function DetailsPage() {
  usePageTitle(t.pageTitles.details);
  const { contentId, otherId } = useParams();
  if (!isCompletePair(contentId, otherId) || !contentId || !otherId) return <WrongUrlData />;

  return (
    <article className="page details">
      <div className="details__layout">
        <div className="details__poster" aria-hidden="true" />
        <div className="details__body">
          <h1>{t.pageTitles.details}</h1>
          <p className="details__loading" role="status">
            {t.details.loadingInfo}
          </p>
          <div className="details__lines" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
          <dl className="details__ids">
            <dt>{t.details.contentId}</dt>
            <dd>{contentId}</dd>
            {otherId !== contentId && (
              <>
                <dt>{t.details.otherId}</dt>
                <dd>{otherId}</dd>
              </>
            )}
          </dl>
          <PlayLink to={paths.play(contentId)} className="button button--primary">
            {t.common.play}
          </PlayLink>
        </div>
      </div>
    </article>
  );
}
