import { Link } from 'react-router';
import { pageRoutes, type LoginInfo, type VideoDetail } from '@site/contract';
import { useWatchPosition } from '../../api/lists';
import { paths } from '../../app/paths';
import { formatPosition } from '../../features/catalogue/format';
import { PlayLink } from '../../features/player/PlayLink';
import { t } from '../../i18n/zh-TW';

/** Titles that play for anyone (AVOD with ads); the rest need a right the server checks. */
const freeTypes: readonly string[] = ['FREE', 'AVOD'];

/** The first episode of a series (first season), if it has any. */
function firstEpisode(detail: VideoDetail) {
  return detail.seasons[0]?.episodes[0];
}

/** The episode that continues a series for a member: their last watched one, at its position. */
function PlayButton({
  detail,
  info,
  primary,
}: {
  detail: VideoDetail;
  info: LoginInfo | undefined;
  primary: boolean;
}) {
  const series = detail.isSeries === 'Y';
  const position = useWatchPosition(info, detail.contentId).data;
  const className = primary ? 'button button--primary' : 'button';

  const resumeId = position && position.positionSeconds > 0 ? position.resumeContentId : undefined;
  if (resumeId && position) {
    const time = formatPosition(position.positionSeconds);
    const episode = series
      ? detail.seasons.flatMap((s) => s.episodes).find((e) => e.contentId === resumeId)
      : undefined;
    return (
      <PlayLink to={paths.play(resumeId)} className={className}>
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
      <PlayLink to={paths.play(first.contentId)} className={className}>
        {t.details.playFirst}
      </PlayLink>
    );
  }
  return (
    <PlayLink to={paths.play(detail.contentId)} className={className}>
      {t.details.play}
    </PlayLink>
  );
}

/**
 * How the title may be watched (sellType): FREE/AVOD play; RENT, BUY and MONTHLY show their offer
 * and price. Payment arrives with the commerce work, so those buttons are disabled with a note;
 * 播放 stays for members who already hold the right (the server decides).
 */
export function WatchOptions({
  detail,
  info,
}: {
  detail: VideoDetail;
  info: LoginInfo | undefined;
}) {
  const free = freeTypes.includes(detail.sellType);
  let offer: string | undefined;
  if (detail.sellType === 'RENT') offer = t.details.rent(detail.dtrPrice);
  else if (detail.sellType === 'BUY') offer = t.details.buy(detail.dtrPrice);
  else if (detail.sellType === 'MONTHLY') offer = t.details.monthly;

  return (
    <section className="details__watch" aria-labelledby="details-watch">
      <h2 id="details-watch" className="visually-hidden">
        {t.details.watch}
      </h2>
      <div className="details__actions">
        {offer ? (
          <button type="button" className="button button--primary" disabled>
            {offer}
          </button>
        ) : null}
        <PlayButton detail={detail} info={info} primary={free} />
      </div>
      {offer ? (
        <p className="details__note">
          {t.details.paymentSoon} <Link to={pageRoutes.redeem}>{t.details.redeemLink}</Link>
        </p>
      ) : null}
    </section>
  );
}
