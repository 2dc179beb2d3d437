import { Link, useParams } from 'react-router';
import { detailsPath, pageRoutes, type VideoDetail } from '@site/contract';
import { useVideoDetail } from '../../api/catalogue';
import { ApiError } from '../../api/client';
import { useMainCategoryMenu } from '../../api/hooks';
import { useLoginInfo } from '../../api/session';
import { usePageTitle } from '../../routing/page-title';
import { paths } from '../../routing/paths';
import { formatDuration } from '../../features/catalogue/format';
import { isCompletePair } from '../../features/detail-link/parse';
import { PurchaseOptions, soldTypes } from '../../features/purchase/PurchaseOptions';
import { t } from '../../i18n/zh-TW';
import { EpisodeNav } from './EpisodeNav';
import { ListToggles } from './ListToggles';
import { People } from './People';
import { Seasons } from './Seasons';
import { TrailerButton } from './TrailerButton';
import { WatchOptions } from './WatchOptions';
import './DetailsPage.css';

/** SPEC §2/§5: a detail link needs both ids, and they must belong together; else 網址資料錯誤. */
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

function Loading() {
  return (
    <article className="page details" aria-busy="true">
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
        </div>
      </div>
    </article>
  );
}

/** The main and sub category names, each a link to browse them. */
function Category({ detail }: { detail: VideoDetail }) {
  const menu = useMainCategoryMenu().data;
  const main = menu?.find((m) => m.mainCategoryId === detail.mainCategoryId);
  const sub = main?.subcategoryList.subcategory.find(
    (s) => s.subcategoryId === detail.subcategoryId,
  );
  if (!main) return null;
  return (
    <>
      <dt>{t.details.category}</dt>
      <dd>
        <Link to={paths.browse({ mainCategoryId: main.mainCategoryId })}>
          {main.mainCategoryName}
        </Link>
        {sub ? (
          <>
            {' ／ '}
            <Link
              to={paths.browse({
                mainCategoryId: main.mainCategoryId,
                subcategoryId: sub.subcategoryId,
              })}
            >
              {sub.subcategoryName}
            </Link>
          </>
        ) : null}
      </dd>
    </>
  );
}

function Details({ detail }: { detail: VideoDetail }) {
  const info = useLoginInfo().data;
  const episode = detail.isSeries === 'N' && detail.otherId !== detail.contentId;
  // Lists hold movies and series; an episode's buttons act on its series.
  const listTarget = episode
    ? { contentId: detail.otherId, isSeries: 'Y' as const }
    : { contentId: detail.contentId, isSeries: detail.isSeries };
  const duration = formatDuration(detail.durationSeconds);

  return (
    <article className="page details">
      <div className="details__layout">
        <img
          className="details__poster"
          src={detail.posterUrl}
          alt=""
          width={240}
          height={360}
          fetchPriority="high"
        />
        <div className="details__body">
          {episode && detail.seriesName ? (
            <p className="details__series">
              <Link to={detailsPath(detail.otherId, detail.otherId)}>{detail.seriesName}</Link>
            </p>
          ) : null}
          <h1>{detail.contentName}</h1>
          <dl className="details__facts">
            <dt>{t.details.year}</dt>
            <dd>{detail.year}</dd>
            <dt>{t.details.country}</dt>
            <dd>{t.countries[detail.country]}</dd>
            <dt>{t.details.grade}</dt>
            <dd>
              <span className="badge">{detail.grade}</span>
            </dd>
            {duration ? (
              <>
                <dt>{t.details.duration}</dt>
                <dd>{duration}</dd>
              </>
            ) : null}
            <Category detail={detail} />
          </dl>
          {soldTypes.includes(detail.sellType) ? (
            <PurchaseOptions detail={detail} info={info} />
          ) : (
            <WatchOptions detail={detail} info={info} />
          )}
          <div className="details__more-actions">
            {detail.trailerUrl ? (
              <TrailerButton name={detail.contentName} src={detail.trailerUrl} />
            ) : null}
            <ListToggles info={info} target={listTarget} />
          </div>
          <section aria-labelledby="details-synopsis" className="details__synopsis">
            <h2 id="details-synopsis">{t.details.synopsis}</h2>
            <p>{detail.synopsis}</p>
          </section>
        </div>
      </div>
      {episode ? <EpisodeNav contentId={detail.contentId} /> : null}
      <Seasons seasons={detail.seasons} currentId={detail.contentId} />
      <People people={detail.people} />
      <section className="details__section" aria-labelledby="details-stills">
        <h2 id="details-stills">{t.details.stills}</h2>
        <img
          className="details__still"
          src={detail.stillUrl}
          alt={t.details.stillAlt(detail.contentName)}
          width={1280}
          height={720}
          loading="lazy"
          decoding="async"
        />
      </section>
    </article>
  );
}

/** ajaxFindVideoDetail.do (contentId, otherId): the title, its offers, people and episodes. */
export default function DetailsPage() {
  const { contentId = '', otherId = '' } = useParams();
  const complete = isCompletePair(contentId, otherId);
  const detail = useVideoDetail(contentId, otherId, complete);
  // The server already titled the page it first rendered; only client navigation sets it.
  usePageTitle(detail.data?.contentName ?? t.pageTitles.details);

  if (!complete) return <WrongUrlData />;
  if (detail.isError) {
    const error = detail.error;
    if (error instanceof ApiError && (error.httpStatus === 404 || error.httpStatus === 400)) {
      return <WrongUrlData />;
    }
    return (
      <div className="page details">
        <h1>{t.pageTitles.details}</h1>
        <div className="message message--error details__wrong" role="alert">
          <p>{error instanceof ApiError ? error.message : t.common.loadFailed}</p>
          {error instanceof ApiError && error.httpStatus === 403 ? (
            <Link to={pageRoutes.home} className="button">
              {t.common.backHome}
            </Link>
          ) : (
            <button type="button" className="button" onClick={() => void detail.refetch()}>
              {t.common.retry}
            </button>
          )}
        </div>
      </div>
    );
  }
  if (!detail.data) return <Loading />;
  return <Details key={detail.data.contentId} detail={detail.data} />;
}
