import type { Kysely } from 'kysely';
import { SITE_NAME, documentTitle } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { staticHead, type HeadResolver } from '../../http/page-shell.js';
import { IMAGE_SIZES, mediaUrl } from '../media/urls.js';
import { systemClock } from '../../time.js';
import { groupTitles } from './groups.js';
import { filterTitles } from './queries.js';
import { findVisibleTitle, viewerScope } from './visibility.js';

const regionNames = new Intl.DisplayNames(['zh-TW'], { type: 'region' });

/** schema.org wants a Country, not a bare code: named in zh-TW, the code as its identifier. */
function country(code: string) {
  return { '@type': 'Country', name: regionNames.of(code) ?? code, identifier: code };
}

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
      // The wide still, not the portrait poster: share cards are landscape (issue 28 item 10).
      image: mediaUrl(title.still_path),
      imageAlt: `《${title.name}》劇照`,
      imageSize: IMAGE_SIZES.still,
      // The poster is what paints largest first, on a phone and on a desktop (the still is
      // further down, below the fold on both).
      preloadImage: mediaUrl(title.poster_path),
      ogType: ogTypes[kind],
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': schemaTypes[kind],
        name: title.name,
        description: title.synopsis,
        image: [
          site.absolute(mediaUrl(title.poster_path)),
          site.absolute(mediaUrl(title.still_path)),
        ],
        dateCreated: String(title.year),
        countryOfOrigin: country(title.country),
        contentRating: title.grade,
        provider: { '@type': 'Organization', name: SITE_NAME },
      },
    };
  };
}

/**
 * The head of the home page: its static title, and the first featured title's still, which the
 * banner paints first and largest (the same group and order as ajaxGetHeaderVideo.do).
 */
export function homeHead(db: Kysely<Database>, clock: () => number = systemClock): HeadResolver {
  return async (_params, site) => {
    const scope = viewerScope(site.viewer);
    const group = scope.kidsOnly ? 'kids-favourites' : 'editors-picks';
    const [featured] = await groupTitles(db, group, scope, clock(), 1);
    return {
      ...staticHead('home'),
      ...(featured ? { preloadImage: mediaUrl(featured.still_path) } : {}),
    };
  };
}

/**
 * The head of /browse: its static title, and for the plain address (no filters, page 1) the
 * first title's poster, the page's largest first picture (the same order as the page's own
 * ajaxFilterCategoryVideoListData.do: latest first). A filtered address preloads nothing.
 */
export function browseHead(db: Kysely<Database>, clock: () => number = systemClock): HeadResolver {
  return async (_params, site) => {
    if (site.search !== '') return staticHead('browse');
    const { rows } = await filterTitles(
      db,
      { startIndex: 0, maxRecord: 1, orderBy: 'latest' },
      viewerScope(site.viewer),
      clock(),
    );
    const first = rows[0];
    return {
      ...staticHead('browse'),
      ...(first ? { preloadImage: mediaUrl(first.poster_path) } : {}),
    };
  };
}
