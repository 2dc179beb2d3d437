import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { VideoListItem } from '@site/contract';
import { t } from '../../i18n/zh-TW';
import { PosterCard, PosterCardSkeleton } from './PosterCard';
import './PosterRow.css';

interface RowShellProps {
  title: string;
  /** Where 查看全部 leads. */
  moreHref?: string | undefined;
  /** Extra class for the list (column widths of other card shapes). */
  listClassName?: string;
  busy?: boolean;
  children: ReactNode;
}

/** A titled, horizontally scrolling row of cards; each child is one <li>. */
export function RowShell({
  title,
  moreHref,
  listClassName,
  busy = false,
  children,
}: RowShellProps) {
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
      <ul className={`poster-row__list ${listClassName ?? ''}`.trim()} aria-busy={busy}>
        {children}
      </ul>
    </section>
  );
}

interface PosterRowProps {
  title: string;
  /** With a link string (curated groups), a card opens the page it names. */
  videos: (VideoListItem & { linkString?: string })[] | undefined;
  /** Where 查看全部 leads; the browse page with this row's filters. */
  moreHref?: string | undefined;
  /** How many leading pictures to load at once, with high priority (the first row on the page). */
  eagerCount?: number;
}

const SKELETONS = Array.from({ length: 7 }, (_, i) => i);

/** A row of posters; grey cards of the same size hold its place while it loads. */
export function PosterRow({ title, videos, moreHref, eagerCount = 0 }: PosterRowProps) {
  if (videos && videos.length === 0) {
    return (
      <section className="poster-row" aria-label={title}>
        <h2 className="poster-row__title">{title}</h2>
        <p className="page__intro">{t.home.emptyRow}</p>
      </section>
    );
  }
  return (
    <RowShell title={title} moreHref={moreHref} busy={!videos}>
      {videos
        ? videos.map((video, index) => (
            <li key={video.contentId}>
              <PosterCard video={video} eager={index < eagerCount} />
            </li>
          ))
        : SKELETONS.map((i) => (
            <li key={i}>
              <PosterCardSkeleton />
            </li>
          ))}
    </RowShell>
  );
}

/** A grey row the size of a real one, held while the rows of a page are not known yet. */
export function PosterRowSkeleton() {
  return (
    <div className="poster-row poster-row--skeleton" aria-hidden="true">
      <div className="poster-row__head">
        <span className="poster-row__title poster-row__title--skeleton">&nbsp;</span>
      </div>
      <ul className="poster-row__list">
        {SKELETONS.map((i) => (
          <li key={i}>
            <PosterCardSkeleton />
          </li>
        ))}
      </ul>
    </div>
  );
}
