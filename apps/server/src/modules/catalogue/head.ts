import type { Kysely } from 'kysely';
import { SITE_NAME, documentTitle } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { HeadResolver } from '../../http/page-shell.js';
import { mediaUrl } from '../media/urls.js';
import { systemClock } from '../../time.js';
import { findVisibleTitle, viewerScope } from './visibility.js';

const schemaTypes = { movie: 'Movie', series: 'TVSeries', episode: 'TVEpisode' } as const;
const ogTypes = {
  movie: 'video.movie',
  series: 'video.tv_show',
  episode: 'video.episode',
} as const;

/**
 * The head of /details/{contentId}/{otherId} for the viewer asking: the title's own name,
 * synopsis and poster. A pair that does not belong together (DESIGN §4 detail links) and a title
 * this viewer may not see (off the shelf, restricted, not for kids: ADR 0016) both answer 404
 * with the generic head, so a head never tells of a title its page would not show.
 */
export function detailsHead(db: Kysely<Database>, clock: () => number = systemClock): HeadResolver {
  return async ({ contentId = '', otherId = '' }, site) => {
    const title = await findVisibleTitle(db, viewerScope(site.viewer), contentId, clock());
    if (!title || (title.series_id ?? title.content_id) !== otherId) return null;
    const kind = title.kind as keyof typeof schemaTypes;
    return {
      title: documentTitle(title.name),
      description: title.synopsis,
      image: mediaUrl(title.poster_path),
      ogType: ogTypes[kind],
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': schemaTypes[kind],
        name: title.name,
        description: title.synopsis,
        image: site.absolute(mediaUrl(title.poster_path)),
        dateCreated: String(title.year),
        countryOfOrigin: title.country,
        contentRating: title.grade,
        provider: { '@type': 'Organization', name: SITE_NAME },
      },
    };
  };
}
