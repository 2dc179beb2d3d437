import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/errors.js';
import { GRANT_ROUTE, requireGrant, type GrantViewer } from './stream-routes.js';
import type { StreamSigner } from './stream-urls.js';

/** Decides whether the viewer still holds the play right of the title; throws AppError if not. */
export type KeyRight = (viewer: GrantViewer, contentId: string, clipId: string) => Promise<void>;

/**
 * GET /stream/{clipId}/{expires}/{signature}/grant/{contentId}/{grant}/content.key: the clip's
 * 16-byte AES-128 key, only for a genuine unexpired prefix, a session of the account the grant
 * names, and that account's play right asked again now (`right`, which starts no rental clock).
 * Never stored by any cache; in production the CDN passes this path to the origin with cookies.
 */
export function registerContentKeyRoute(
  app: FastifyInstance,
  signer: StreamSigner,
  right: KeyRight,
): void {
  app.get<{
    Params: {
      clipId: string;
      expires: string;
      signature: string;
      contentId: string;
      grant: string;
    };
  }>(`${GRANT_ROUTE}/content.key`, { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const viewer = requireGrant(signer, request);
    const { clipId, contentId } = request.params;
    await right(viewer, contentId, clipId);
    const key = signer.contentKey(clipId);
    if (!key) throw new AppError('NOT_FOUND');
    return reply.header('content-type', 'application/octet-stream').send(key);
  });
}
