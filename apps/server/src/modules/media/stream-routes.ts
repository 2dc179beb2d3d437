import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic, { type SendOptions } from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signedPathNumber } from '../../http/canonical-number.js';
import { AppError } from '../../http/errors.js';
import { rewriteGrantedPlaylist } from './playlist-rewrite.js';
import { STREAM_ID, type StreamSigner } from './stream-urls.js';

const contentTypes: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** A file path inside a clip folder: plain names, no `..`, one of the HLS types above. */
function clipFile(file: string): string {
  const ext = path.posix.extname(file);
  if (
    !/^[A-Za-z0-9_./-]{1,200}$/.test(file) ||
    file.split('/').some((part) => part === '' || part === '.' || part === '..') ||
    !(ext in contentTypes)
  )
    throw new AppError('NOT_FOUND');
  return file;
}

/**
 * @fastify/send opens each file with `highWaterMark: null` unless told, and on Node 20 a null
 * high-water mark means the stream default, 16 KiB: a 280 KB segment took 18 reads and 18
 * socket writes instead of 5, and the route served 41-45 % of a bare `fs.createReadStream`
 * (64 KiB, Node's own default for files). docs/adr/0059. The option is @fastify/send's
 * (SendOptions there); @fastify/static's types omit it but pass it through.
 */
const READ_IN_64_KIB: SendOptions & { highWaterMark: number } = {
  highWaterMark: 64 * 1024,
};

interface StreamParams {
  clipId: string;
  expires: string;
  signature: string;
}
interface GrantParams extends StreamParams {
  contentId: string;
  grant: string;
}

/**
 * The shared prefix must be genuine and unexpired: 403 otherwise (docs/adr/0023). An expiry not
 * spelled in its one canonical form is a malformed address, 400 (ADR 0018).
 */
function requireSignedPrefix(signer: StreamSigner, params: StreamParams): void {
  const { clipId, signature } = params;
  const expires = signedPathNumber(params.expires);
  if (!STREAM_ID.test(clipId) || !signer.verify(clipId, expires, signature)) {
    throw new AppError('FORBIDDEN', undefined, '播放連結已失效，請重新整理頁面後再試。');
  }
}

/**
 * A per-viewer path is the viewer's own: the session's account must be the one the grant was
 * made for (401 without a session, 403 for another account's link). Nothing here looks at the
 * database; the key route asks the play right again (playback/routes.ts).
 */
export function requireGrant(
  signer: StreamSigner,
  request: FastifyRequest<{ Params: GrantParams }>,
): GrantViewer {
  const params = request.params;
  requireSignedPrefix(signer, params);
  if (!signer.isEncrypted(params.clipId) || !STREAM_ID.test(params.contentId))
    throw new AppError('NOT_FOUND');
  const viewer = request.viewer;
  if (!viewer) throw new AppError('NOT_LOGGED_IN');
  const { clipId, contentId, grant } = params;
  const expires = signedPathNumber(params.expires);
  if (!signer.verifyGrant(clipId, expires, contentId, viewer.accountId, grant)) {
    throw new AppError('FORBIDDEN', undefined, '這個播放連結不屬於目前登入的帳號。');
  }
  return viewer;
}

/**
 * The signed-in viewer as the session plugin puts it on the request (accounts declares the
 * field); named through the request so the media module does not import accounts, which sits
 * above it.
 */
export type GrantViewer = NonNullable<FastifyRequest['viewer']>;

export const GRANT_ROUTE = '/stream/:clipId/:expires/:signature/grant/:contentId/:grant';

/**
 * GET /stream/{clipId}/{expires}/{signature}/{file…}: a clip's files behind a valid signature,
 * the same paths for every viewer (a CDN caches segments once). An encrypted clip's playlists
 * are not served here, only on the viewer's path:
 * GET …/grant/{contentId}/{grant}/{playlist}.m3u8, rewritten so that segments come from the
 * shared prefix and the key from the viewer's key URL (the key route is playback's).
 */
export async function registerStreamRoutes(
  app: FastifyInstance,
  mediaDir: string,
  signer: StreamSigner,
): Promise<void> {
  const clipsDir = path.join(mediaDir, 'clips');
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: clipsDir,
      serve: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders(res, filePath) {
        const type = contentTypes[filePath.slice(filePath.lastIndexOf('.'))];
        if (type) res.setHeader('content-type', type);
        // Playlists are small and revalidated; segments, init files and subtitles are the same
        // bytes for every viewer (encrypted ones useless without the key), so shared caches may
        // keep them. The CDN checks the signature before it answers from its cache.
        res.setHeader(
          'cache-control',
          filePath.endsWith('.m3u8') ? 'private, max-age=2' : 'public, max-age=86400',
        );
      },
    });

    scope.get<{ Params: StreamParams & { '*': string } }>(
      '/stream/:clipId/:expires/:signature/*',
      // The same files for every viewer: no session lookup (a query per segment otherwise).
      { schema: { hide: true }, config: { viewer: false, media: true } },
      async (request, reply) => {
        requireSignedPrefix(signer, request.params);
        const { clipId } = request.params;
        const file = clipFile(request.params['*']);
        // An encrypted clip's playlists exist only on a viewer's path.
        if (file.endsWith('.m3u8') && signer.isEncrypted(clipId)) throw new AppError('NOT_FOUND');
        return reply.sendFile(`${clipId}/${file}`, READ_IN_64_KIB);
      },
    );

    scope.get<{ Params: GrantParams & { '*': string } }>(
      `${GRANT_ROUTE}/*`,
      { schema: { hide: true } },
      async (request, reply) => {
        requireGrant(signer, request);
        const { clipId, expires, contentId, grant } = request.params;
        const file = clipFile(request.params['*']);
        if (!file.endsWith('.m3u8')) throw new AppError('NOT_FOUND');
        let text: string;
        try {
          text = await fs.readFile(path.join(clipsDir, clipId, file), 'utf8');
        } catch {
          throw new AppError('NOT_FOUND');
        }
        const shared = signer.prefix(clipId, signedPathNumber(expires));
        const granted = `${shared}grant/${encodeURIComponent(contentId)}/${grant}/`;
        reply
          .header('content-type', contentTypes['.m3u8'])
          .header('cache-control', 'private, no-store');
        return rewriteGrantedPlaylist(text, file, {
          shared,
          granted,
          key: `${granted}content.key`,
        });
      },
    );
  });
}
