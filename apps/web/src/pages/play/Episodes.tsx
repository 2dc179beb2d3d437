import type { LoginInfo } from '@site/contract';
import { useVideoDetail } from '../../api/catalogue';
import { usePurchaseOptions } from '../../api/orders';
import { paths } from '../../routing/paths';
import { PlayLink } from '../../features/player/PlayLink';
import { t } from '../../i18n/zh-TW';

/**
 * The series an episode belongs to, as the details page names it (otherId): from the title the
 * purchase-options call describes (a read that grants nothing), or null for a movie.
 */
export function useSeriesOf(info: LoginInfo | undefined, contentId: string) {
  const title = usePurchaseOptions(info, { contentId }).data?.title;
  if (!title) return { otherId: undefined, isEpisode: false };
  return { otherId: title.otherId, isEpisode: title.otherId !== title.contentId };
}

/** 選集: every episode of the series the viewer may see, the one playing marked. */
export function Episodes({ contentId, seriesId }: { contentId: string; seriesId: string }) {
  const detail = useVideoDetail(contentId, seriesId).data;
  if (!detail || detail.seasons.length === 0) return null;
  return (
    <section className="play__episodes" aria-labelledby="play-episodes">
      <h2 id="play-episodes">
        {detail.seriesName ? `${detail.seriesName}・${t.play.episodes}` : t.play.episodes}
      </h2>
      {detail.seasons.map((season) => (
        <ol key={season.seasonNo} className="play__episode-list">
          {season.episodes.map((episode) => {
            const current = episode.contentId === contentId;
            const label = t.play.episodeNo(episode.seasonNo, episode.episodeNo);
            return (
              <li key={episode.contentId}>
                <PlayLink
                  to={paths.play(episode.contentId)}
                  className={current ? 'play__episode play__episode--current' : 'play__episode'}
                  label={current ? `${label}（${t.play.nowPlaying}）` : label}
                >
                  <span aria-hidden="true">{label}</span>
                </PlayLink>
              </li>
            );
          })}
        </ol>
      ))}
    </section>
  );
}
