import { Link } from 'react-router';
import { detailsPath, type VideoDetail } from '@site/contract';
import { paths } from '../../routing/paths';
import { PlayLink } from '../../features/player/PlayLink';
import { Tabs } from '../../features/tabs/Tabs';
import { t } from '../../i18n/zh-TW';

type Season = VideoDetail['seasons'][number];
type Episode = Season['episodes'][number];

function EpisodeItem({ episode, current }: { episode: Episode; current: boolean }) {
  return (
    <li className={`episode${current ? ' episode--current' : ''}`}>
      <img
        className="episode__still"
        src={episode.stillUrl}
        alt=""
        width={160}
        height={90}
        loading="lazy"
        decoding="async"
      />
      <div className="episode__body">
        <h3 className="episode__title">
          <Link
            to={detailsPath(episode.contentId, episode.otherId)}
            aria-current={current ? 'page' : undefined}
          >
            {episode.contentName}
          </Link>
        </h3>
        <p className="episode__brief">{episode.brief}</p>
      </div>
      <PlayLink
        to={paths.play(episode.contentId)}
        className="button episode__play"
        label={`${t.details.play}：${episode.contentName}`}
      >
        {t.details.play}
      </PlayLink>
    </li>
  );
}

/** Season tabs of a series, each with its episode list; opens on the season of `currentId`. */
export function Seasons({ seasons, currentId }: { seasons: Season[]; currentId: string }) {
  if (seasons.length === 0) return null;
  const currentSeason = Math.max(
    0,
    seasons.findIndex((s) => s.episodes.some((e) => e.contentId === currentId)),
  );
  // No aria-label on the list (not an element it is meant for): a season's tab panel is named by
  // its tab, and a lone season's list by the section's heading.
  const list = (season: Season) => (
    <ol className="episodes">
      {season.episodes.map((episode) => (
        <EpisodeItem
          key={episode.contentId}
          episode={episode}
          current={episode.contentId === currentId}
        />
      ))}
    </ol>
  );
  return (
    <section className="details__section" aria-labelledby="details-episodes">
      <h2 id="details-episodes">{t.details.episodes}</h2>
      {seasons.length === 1 && seasons[0] ? (
        list(seasons[0])
      ) : (
        <Tabs
          label={t.details.seasons}
          defaultIndex={currentSeason}
          items={seasons.map((season) => ({
            key: String(season.seasonNo),
            title: t.details.season(season.seasonNo),
            panel: list(season),
          }))}
        />
      )}
    </section>
  );
}
