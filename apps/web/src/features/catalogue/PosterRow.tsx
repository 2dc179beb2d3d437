import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { VideoListItem } from '@site/contract';
import { t } from '../../i18n/zh-TW';
import { PosterCard, PosterCardSkeleton } from './PosterCard';
import './PosterRow.css';

interface PosterRowProps {
  title: string;
  videos: VideoListItem[] | undefined;
  /** Where 查看全部 leads; the browse page with this row's filters. */
  moreHref?: string;
  /** How many leading pictures to load at once (the first row on the page). */
  eagerCount?: number;
}

const SKELETONS = Array.from({ length: 6 }, (_, i) => i);

/** A titled, horizontally scrolling row of posters. */
export function PosterRow({ title, videos, moreHref, eagerCount = 0 }: PosterRowProps) {
  let body: ReactNode;
  if (!videos) {
    body = SKELETONS.map((i) => (
      <li key={i}>
        <PosterCardSkeleton />
      </li>
    ));
  } else {
    body = videos.map((video, index) => (
      <li key={video.contentId}>
        <PosterCard video={video} eager={index < eagerCount} />
      </li>
    ));
  }
  return (
    <section className="poster-row" aria-label={title}>
      <div className="poster-row__head">
        <h2 className="poster-row__title">{title}</h2>
        {moreHref && (
          <Link to={moreHref} className="poster-row__more">
            {t.common.seeAll}
            <span className="visually-hidden">{title}</span>
          </Link>
        )}
      </div>
      {videos && videos.length === 0 ? (
        <p className="page__intro">{t.home.emptyRow}</p>
      ) : (
        <ul className="poster-row__list" aria-busy={!videos}>
          {body}
        </ul>
      )}
    </section>
  );
}
