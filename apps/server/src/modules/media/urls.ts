/** Where the media module serves fixtures/media (and, in production, the CDN path in front of it). */
export const MEDIA_PREFIX = '/media/';

/** A site path for a file stored under the media folder, e.g. images/posters/poster-01.jpg. */
export function mediaUrl(relativePath: string): string {
  return MEDIA_PREFIX + relativePath.split('/').map(encodeURIComponent).join('/');
}

export const DEFAULT_SHARE_IMAGE = 'images/site/og-default.jpg';
