import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import type { StreamSigner } from './stream-urls.js';

const contentTypes: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** GET /stream/{clipId}/{expires}/{signature}/{file…}: a clip's files behind a valid signature. */
export async function registerStreamRoutes(
  app: FastifyInstance,
  mediaDir: string,
  signer: StreamSigner,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: path.join(mediaDir, 'clips'),
      serve: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(res, filePath) {
        const type = contentTypes[filePath.slice(filePath.lastIndexOf('.'))];
        if (type) res.setHeader('content-type', type);
        // Private: the URL is a credential until it expires.
        res.setHeader(
          'cache-control',
          filePath.endsWith('.m3u8') ? 'private, max-age=2' : 'private, max-age=3600',
        );
      },
    });
    scope.get<{ Params: { clipId: string; expires: string; signature: string; '*': string } }>(
      '/stream/:clipId/:expires/:signature/*',
      { schema: { hide: true } },
      async (request, reply) => {
        const { clipId, expires, signature } = request.params;
        const file = request.params['*'];
        if (
          !/^[A-Za-z0-9_-]{1,40}$/.test(clipId) ||
          !signer.verify(clipId, Number(expires), signature)
        ) {
          throw new AppError('FORBIDDEN', undefined, '播放連結已失效，請重新整理頁面後再試。');
        }
        if (!/^[A-Za-z0-9_./-]{1,200}$/.test(file) || file.split('/').includes('..'))
          throw new AppError('NOT_FOUND');
        return reply.sendFile(`${clipId}/${file}`);
      },
    );
  });
}
