import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MEDIA_PREFIX } from './urls.js';

/** HLS types that the default MIME table lacks or names differently. */
const contentTypes: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
};

/**
 * Demo media from fixtures/media. Playlists change when the fixtures are remade, so they are
 * revalidated; segments, keys-free init files and pictures are cached for a day.
 */
export async function registerMediaRoutes(app: FastifyInstance, mediaDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    // Clips stream only through signed URLs (stream-routes.ts); pictures and ads are public.
    allowedPath: (pathName) => !pathName.startsWith('/clips/'),
    setHeaders(res, filePath) {
      const ext = filePath.slice(filePath.lastIndexOf('.'));
      const type = contentTypes[ext];
      if (type) res.setHeader('content-type', type);
      res.setHeader(
        'cache-control',
        ext === '.m3u8' ? 'public, max-age=2, must-revalidate' : 'public, max-age=86400',
      );
      res.setHeader('access-control-allow-origin', '*');
    },
  });
}
