import { Link } from 'react-router';
import { detailsPath, type VideoListItem } from '@site/contract';
import { t } from '../../i18n/zh-TW';
import { detailPathFromLink } from '../detail-link/parse';
import './PosterCard.css';

/** Intrinsic size of the 2:3 posters; the box keeps the ratio before the picture arrives. */
const POSTER_WIDTH = 240;
const POSTER_HEIGHT = 360;

interface PosterCardProps {
  /** A curated group's titles carry their SPEC §2 link string, which then names the page. */
  video: VideoListItem & { linkString?: string };
  /** For the first cards on screen, which should not wait for lazy loading. */
  eager?: boolean;
}

export function PosterCard({ video, eager = false }: PosterCardProps) {
  return (
    <Link
      to={
        video.linkString !== undefined
          ? detailPathFromLink(video.linkString)
          : detailsPath(video.contentId, video.otherId)
      }
      className="poster-card"
    >
      <span className="poster-card__frame">
        <img
          className="poster-card__image"
          src={video.posterUrl}
          alt={video.contentName}
          width={POSTER_WIDTH}
          height={POSTER_HEIGHT}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
        />
        {video.sellType === 'FREE' && <span className="poster-card__badge">{t.card.free}</span>}
      </span>
      <span className="poster-card__name">{video.contentName}</span>
      <span className="poster-card__meta">
        {video.year} · {t.sellTypes[video.sellType]}
      </span>
    </Link>
  );
}

/** A grey card of the same size, shown while a list loads. */
export function PosterCardSkeleton() {
  return (
    <span className="poster-card poster-card--skeleton" aria-hidden="true">
      <span className="poster-card__frame" />
      <span className="poster-card__name">&nbsp;</span>
      <span className="poster-card__meta">&nbsp;</span>
    </span>
  );
}
