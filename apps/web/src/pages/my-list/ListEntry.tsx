import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { detailsPath, type VideoListItem } from '@site/contract';
import { t } from '../../i18n/zh-TW';

/**
 * One title of a personal list: its poster and name (both to the details page), what the list
 * says about it (`meta`), and what can be done with it (`actions`).
 */
export function ListEntry({
  video,
  meta,
  actions,
}: {
  video: VideoListItem;
  meta?: ReactNode;
  actions: ReactNode;
}) {
  const href = detailsPath(video.contentId, video.otherId);
  return (
    <li className="list-entry">
      <Link to={href} className="list-entry__poster" tabIndex={-1} aria-hidden="true">
        <img src={video.posterUrl} alt="" width={96} height={144} loading="lazy" decoding="async" />
      </Link>
      <div className="list-entry__body">
        <h3 className="list-entry__name">
          <Link to={href}>{video.contentName}</Link>
        </h3>
        <p className="list-entry__facts">
          {video.year} · {t.countries[video.country]} · {t.sellTypes[video.sellType]}
        </p>
        {meta}
        <div className="list-entry__actions">{actions}</div>
      </div>
    </li>
  );
}

export function ListEntrySkeleton() {
  return (
    <li className="list-entry list-entry--skeleton" aria-hidden="true">
      <span className="list-entry__poster" />
      <div className="list-entry__body">
        <span className="list-entry__line" />
        <span className="list-entry__line list-entry__line--short" />
      </div>
    </li>
  );
}
