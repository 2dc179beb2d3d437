import type { LoginInfo, VideoDetail } from '@site/contract';
import { useWatchPosition } from '../../api/lists';
import { paths } from '../../routing/paths';
import { formatPosition } from '../../features/catalogue/format';
import { PlayLink } from '../../features/player/PlayLink';
import { t } from '../../i18n/zh-TW';

/** The first episode of a series (first season), if it has any. */
function firstEpisode(detail: VideoDetail) {
  return detail.seasons[0]?.episodes[0];
}

type WatchPosition = ReturnType<typeof useWatchPosition>['data'];

/**
 * Where the play page starts a title whose button shows no resume point: the beginning, once a
 * member's position is known (undefined while it is not; PlayLink then assumes nothing).
 */
function startOf(position: WatchPosition | undefined): number | undefined {
  return position === undefined ? undefined : 0;
}

/** The episode that continues a series for a member: their last watched one, at its position. */
function PlayButton({ detail, info }: { detail: VideoDetail; info: LoginInfo | undefined }) {
  const series = detail.isSeries === 'Y';
  const position = useWatchPosition(info, detail.contentId).data;
  const className = 'button button--primary';

  const resumeId = position && position.positionSeconds > 0 ? position.resumeContentId : undefined;
  if (resumeId && position) {
    const time = formatPosition(position.positionSeconds);
    const episode = series
      ? detail.seasons.flatMap((s) => s.episodes).find((e) => e.contentId === resumeId)
      : undefined;
    return (
      <PlayLink
        to={paths.play(resumeId)}
        className={className}
        askAhead={!series}
        startsAt={position.positionSeconds}
      >
        {episode
          ? t.details.resumeEpisode(
              `${t.details.season(episode.seasonNo)} ${t.details.episodeNo(episode.episodeNo)}`,
              time,
            )
          : t.details.resume(time)}
      </PlayLink>
    );
  }
  if (series) {
    const first = firstEpisode(detail);
    if (!first) return null;
    return (
      <PlayLink to={paths.play(first.contentId)} className={className} startsAt={startOf(position)}>
        {t.details.playFirst}
      </PlayLink>
    );
  }
  return (
    <PlayLink
      to={paths.play(detail.contentId)}
      className={className}
      askAhead
      startsAt={startOf(position)}
    >
      {t.details.play}
    </PlayLink>
  );
}

/**
 * How a FREE or AVOD title is watched: 播放 (or resume, or the first episode). Titles for sale
 * (RENT, BUY, MONTHLY) show PurchaseOptions instead. Since playing such a movie starts no clock,
 * its link asks for the play right while it is aimed at (PlayLink askAhead); an episode's does not,
 * since an episode may be sold on its own.
 */
export function WatchOptions({
  detail,
  info,
}: {
  detail: VideoDetail;
  info: LoginInfo | undefined;
}) {
  return (
    <section className="details__watch" aria-labelledby="details-watch">
      <h2 id="details-watch" className="visually-hidden">
        {t.details.watch}
      </h2>
      <div className="details__actions">
        <PlayButton detail={detail} info={info} />
      </div>
    </section>
  );
}
