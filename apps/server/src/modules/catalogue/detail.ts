import type { Kysely } from 'kysely';
import type { VideoDetail } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import type { ContentScope } from '../accounts/viewer.js';
import { episodesOf } from './groups.js';
import { toVideoListItem } from './present.js';
import { findTitle, isOnShelf, isVisibleTo } from './queries.js';

/**
 * The detail page's title: the pair (contentId, otherId) must belong together (otherId is the
 * series of an episode, else the title itself); a title the viewer may not see is 403.
 */
export async function videoDetail(
  db: Kysely<Database>,
  contentId: string,
  otherId: string,
  scope: ContentScope,
  now: number,
  trailerUrl: (clipId: string) => string,
): Promise<VideoDetail> {
  const title = await findTitle(db, contentId);
  if (!title || (title.series_id ?? title.content_id) !== otherId || !isOnShelf(title, now)) {
    throw notFound('網址資料錯誤');
  }
  if (!isVisibleTo(title, scope)) throw new AppError('FORBIDDEN');
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
    seriesId ? episodesOf(db, seriesId) : Promise.resolve([]),
  ]);
  const seasons = new Map<number, VideoDetail['seasons'][number]>();
  for (const episode of episodes.filter((e) => isVisibleTo(e, scope))) {
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
