import type { FastifyInstance } from 'fastify';
import { LIVE_PLAYLIST_ROUTE } from '@site/contract';
import { signedPathNumber } from '../../http/canonical-number.js';
import { AppError } from '../../http/errors.js';
import type { LiveSigner } from './origin/live-signer.js';
import type { LiveOrigin } from './origin/origin.js';

interface PlaylistParams {
  channelId: string;
  expires: string;
  signature: string;
  file: string;
}

const CHANNEL_ID = /^[A-Za-z0-9_-]{1,40}$/;
const HLS = 'application/vnd.apple.mpegurl';

/**
 * GET /live/{channelId}/{expires}/{signature}/{master.m3u8 | v{n}.m3u8}: the live origin's
 * playlists behind the signed prefix switch-channel hands out (403 when it is not genuine or has
 * expired). The same bytes for every viewer and instance, so a CDN may keep a media playlist for
 * a second and a master playlist for two (docs/adr/0025).
 */
export function registerLivePlaylistRoutes(
  app: FastifyInstance,
  origin: LiveOrigin,
  signer: LiveSigner,
  clock: () => number,
): void {
  app.get<{ Params: PlaylistParams }>(
    LIVE_PLAYLIST_ROUTE,
    { schema: { hide: true } },
    async (request, reply) => {
      const { channelId, expires, signature, file } = request.params;
      const now = clock();
      // Another spelling of the expiry is a malformed address (400), not a forged one (ADR 0018).
      const expiresAt = signedPathNumber(expires);
      if (!CHANNEL_ID.test(channelId) || !signer.verify(channelId, expiresAt, signature, now)) {
        throw new AppError('FORBIDDEN', undefined, '播放連結已失效，請重新整理頁面後再試。');
      }
      const pending = origin.serve(channelId, file, now);
      const served = pending instanceof Promise ? await pending : pending;
      return reply
        .header('content-type', HLS)
        .header('cache-control', `public, max-age=${served.maxAge}`)
        .send(served.body);
    },
  );
}
