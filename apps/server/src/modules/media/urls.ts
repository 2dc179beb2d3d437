/** Where the media module serves fixtures/media (and, in production, the CDN path in front of it). */
export const MEDIA_PREFIX = '/media/';

/** A site path for a file stored under the media folder, e.g. images/posters/poster-01.jpg. */
export function mediaUrl(relativePath: string): string {
  return MEDIA_PREFIX + relativePath.split('/').map(encodeURIComponent).join('/');
}

export const DEFAULT_SHARE_IMAGE = 'images/site/og-default.jpg';

/** Pixel size of a picture, as share cards want it declared (og:image:width/height). */
import type { ImageSize } from '../../http/page-shell.js';

export type { ImageSize };

/**
 * The sizes pictures are delivered in (DESIGN §5 media; the demo art draws them so, and
 * media-fixtures tests hold the files to it): share image 1200×630, title stills 960×540
 * (16:9, the wide picture for share cards), channel pictures 480×270, posters 320×480.
 */
export const IMAGE_SIZES = {
  share: { width: 1200, height: 630 },
  still: { width: 960, height: 540 },
  channel: { width: 480, height: 270 },
  poster: { width: 320, height: 480 },
} as const satisfies Record<string, ImageSize>;

/**
 * Pictures uploaded in the console (catalogue/pictures.ts) are stored here under names made of
 * their content's hash: a name never changes content, so the media routes let them be cached
 * for a year, immutable.
 */
export const HASHED_PICTURE_FOLDER = 'images/titles';
