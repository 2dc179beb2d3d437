import type { Kysely } from 'kysely';
import { SITE_NAME, documentTitle } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { HeadResolver } from '../../http/page-shell.js';
import { mediaUrl } from '../media/urls.js';
import { staticHead } from '../../http/page-shell.js';
import { contentScope } from '../accounts/viewer.js';
import { findTitle, isVisibleTo } from './queries.js';

const schemaTypes = { movie: 'Movie', series: 'TVSeries', episode: 'TVEpisode' } as const;
const ogTypes = {
  movie: 'video.movie',
  series: 'video.tv_show',
  episode: 'video.episode',
} as const;

/**
 * The head of /details/{contentId}/{otherId}: the title's own name, synopsis and poster. A pair
 * that does not belong together (DESIGN §4 detail links) answers 404 with the generic head.
 */
export function detailsHead(db: Kysely<Database>): HeadResolver {
  return async ({ contentId = '', otherId = '' }, site) => {
    const title = await findTitle(db, contentId);
    const context = title?.series_id ?? title?.content_id;
    if (!title || context !== otherId) return null;
    if (!isVisibleTo(title, contentScope(site.viewer))) {
      return { ...staticHead('details'), status: 403 };
    }
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
