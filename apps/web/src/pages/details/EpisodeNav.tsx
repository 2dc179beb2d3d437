import { Link } from 'react-router';
import { detailsPath } from '@site/contract';
import { useNextOrPrevVideo } from '../../api/catalogue';
import { t } from '../../i18n/zh-TW';

/** 上一集 / 下一集 of an episode (ajaxFindNextOrPrevVideo.do). */
export function EpisodeNav({ contentId }: { contentId: string }) {
  const { data } = useNextOrPrevVideo(contentId, true);
  if (!data || (!data.prev && !data.next)) return null;
  return (
    <nav className="episode-nav" aria-label={t.details.episodeNav}>
      {data.prev ? (
        <Link
          to={detailsPath(data.prev.contentId, data.prev.otherId)}
          rel="prev"
          className="button"
        >
          <span aria-hidden="true">‹ </span>
          {t.details.prevEpisode}
          <span className="episode-nav__name">：{data.prev.contentName}</span>
        </Link>
      ) : (
        <span />
      )}
      {data.next ? (
        <Link
          to={detailsPath(data.next.contentId, data.next.otherId)}
          rel="next"
          className="button"
        >
          {t.details.nextEpisode}
          <span className="episode-nav__name">：{data.next.contentName}</span>
          <span aria-hidden="true"> ›</span>
        </Link>
      ) : null}
    </nav>
  );
}
