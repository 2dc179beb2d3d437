import { Link } from 'react-router';
import { detailsPath, type VideoListItem } from '@site/contract';
import { paths } from '../../routing/paths';
import { PlayLink } from '../../features/player/PlayLink';
import { t } from '../../i18n/zh-TW';

/**
 * 播放 for a movie (the player resumes a member where they stopped); a series has no single
 * video, so its details page (episodes, and where to continue) opens instead.
 */
export function PlayOrEpisodes({ video, label }: { video: VideoListItem; label?: string }) {
  if (video.isSeries === 'Y') {
    return (
      <Link
        to={detailsPath(video.contentId, video.otherId)}
        className="button button--primary"
        aria-label={`${t.myList.episodes}：${video.contentName}`}
      >
        {t.myList.episodes}
      </Link>
    );
  }
  return (
    <PlayLink
      to={paths.play(video.contentId)}
      className="button button--primary"
      label={label ?? t.myList.playName(video.contentName)}
    >
      {t.myList.play}
    </PlayLink>
  );
}
