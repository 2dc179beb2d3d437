import type { Kysely } from 'kysely';
import type { VideoDetail } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { episodesOf } from './groups.js';
import { toVideoListItem } from './present.js';
import { findTitle } from './queries.js';
import { requireVisible, type VisibilityScope } from './visibility.js';

/** The detail page's answer for a pair that names nothing the viewer may see. */
export const WRONG_URL_DATA = '網址資料錯誤';

/**
 * The detail page's title: the pair (contentId, otherId) must belong together (otherId is the
 * series of an episode, else the title itself). A pair that does not, and a title the viewer may
 * not see, are the same 404 'wrong URL data' (ADR 0016: a hidden title looks like a missing one).
 */
export async function videoDetail(
  db: Kysely<Database>,
  contentId: string,
  otherId: string,
  scope: VisibilityScope,
  now: number,
  trailerUrl: (clipId: string) => string,
): Promise<VideoDetail> {
  const found = await findTitle(db, contentId);
  const paired = found && (found.series_id ?? found.content_id) === otherId ? found : undefined;
  const title = requireVisible(paired, scope, now, WRONG_URL_DATA);
  const seriesId = title.kind === 'series' ? title.content_id : title.series_id;
  const [people, series, episodes] = await Promise.all([
    db
      .selectFrom('title_person as tp')
      .innerJoin('person as p', 'p.person_id', 'tp.person_id')
      .select(['p.person_id', 'p.name', 'tp.role'])
      .where('tp.content_id', '=', seriesId ?? title.content_id)
      .orderBy('tp.sort_order')
      .orderBy('p.person_id')
      .execute(),
    seriesId && seriesId !== title.content_id
      ? findTitle(db, seriesId)
      : Promise.resolve(undefined),
    seriesId ? episodesOf(db, seriesId, scope, now) : Promise.resolve([]),
  ]);
  const seasons = new Map<number, VideoDetail['seasons'][number]>();
  for (const episode of episodes) {
    const seasonNo = episode.season_no ?? 1;
    if (!seasons.has(seasonNo)) seasons.set(seasonNo, { seasonNo, episodes: [] });
    seasons
      .get(seasonNo)!
      .episodes.push({ ...toVideoListItem(episode), seasonNo, episodeNo: episode.episode_no ?? 0 });
  }
  return {
    ...toVideoListItem(title),
    synopsis: title.synopsis,
    people: people.map((p) => ({
      personId: p.person_id,
      name: p.name,
      role: p.role === 'director' ? 'director' : 'actor',
    })),
    trailerUrl: title.trailer_clip_id ? trailerUrl(title.trailer_clip_id) : null,
    seasons: [...seasons.values()],
    seriesName: series?.name ?? (title.kind === 'series' ? title.name : null),
    restricted: title.is_restricted || title.is_sexual ? 'Y' : 'N',
  };
}
