import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { HASHED_PICTURE_FOLDER, MEDIA_PREFIX } from './urls.js';

/** HLS types that the default MIME table lacks or names differently. */
const contentTypes: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** The media folders anyone may fetch; clips are not among them (they stream only signed). */
export const PUBLIC_MEDIA_FOLDERS = ['images', 'ads'] as const;

/**
 * Demo media from fixtures/media. Each public folder is its own static root, so no spelling of a
 * path under /media/ can reach the clips folder beside them (ADR 0018); clips stream only through
 * signed URLs (stream-routes.ts). Playlists change when the fixtures are remade, so they are
 * revalidated; segments, init files and pictures are cached for a day, except the console's
 * uploaded pictures, whose names are their content's hash: a year, immutable.
 */
export async function registerMediaRoutes(app: FastifyInstance, mediaDir: string): Promise<void> {
  const hashed = path.resolve(mediaDir, HASHED_PICTURE_FOLDER) + path.sep;
  for (const folder of PUBLIC_MEDIA_FOLDERS) {
    await app.register(fastifyStatic, {
      root: path.join(mediaDir, folder),
      prefix: `${MEDIA_PREFIX}${folder}/`,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(res, filePath) {
        const ext = filePath.slice(filePath.lastIndexOf('.'));
        const type = contentTypes[ext];
        if (type) res.setHeader('content-type', type);
        res.setHeader(
          'cache-control',
          ext === '.m3u8'
            ? 'public, max-age=2, must-revalidate'
            : filePath.startsWith(hashed)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=86400',
        );
        res.setHeader('access-control-allow-origin', '*');
      },
    });
  }
}
