import type { FastifyInstance } from 'fastify';
import { LIVE_PLAYLIST_ROUTE, LIVE_SEGMENT_SECONDS } from '@site/contract';
import { canonicalInteger, signedPathNumber } from '../../http/canonical-number.js';
import { AppError } from '../../http/errors.js';
import type { LiveSegments } from './origin/live-segments.js';
import type { LiveSigner } from './origin/live-signer.js';
import type { LiveOrigin } from './origin/origin.js';

interface PlaylistParams {
  channelId: string;
  expires: string;
  signature: string;
  file: string;
}

interface SegmentParams {
  channelId: string;
  expires: string;
  signature: string;
  clipId: string;
  start: string;
  dir: string;
  file: string;
}

/** A live segment beside the media playlists: {clip}/{asset start, Unix seconds}/{dir}/{file}. */
export const LIVE_SEGMENT_ROUTE = '/live/:channelId/:expires/:signature/:clipId/:start/:dir/:file';

const CHANNEL_ID = /^[A-Za-z0-9_-]{1,40}$/;
const HLS = 'application/vnd.apple.mpegurl';
/** The bytes of a live segment depend on its path alone: shared caches may keep it for a day. */
const SEGMENT_MAX_AGE = 86_400;

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
  segments: LiveSegments,
  clock: () => number,
): void {
  /** The signed prefix must be genuine and unexpired (403); another spelling of the expiry is a malformed address (400, ADR 0018). */
  const requirePrefix = (params: PlaylistParams | SegmentParams, now: number) => {
    const { channelId, expires, signature } = params;
    const expiresAt = signedPathNumber(expires);
    if (!CHANNEL_ID.test(channelId) || !signer.verify(channelId, expiresAt, signature, now)) {
      throw new AppError('FORBIDDEN', undefined, '播放連結已失效，請重新整理頁面後再試。');
    }
  };

  app.get<{ Params: PlaylistParams }>(
    LIVE_PLAYLIST_ROUTE,
    { schema: { hide: true } },
    async (request, reply) => {
      const { channelId, file } = request.params;
      const now = clock();
      requirePrefix(request.params, now);
      const pending = origin.serve(channelId, file, now);
      const served = pending instanceof Promise ? await pending : pending;
      return reply
        .header('content-type', HLS)
        .header('cache-control', `public, max-age=${served.maxAge}`)
        .send(served.body);
    },
  );

  /**
   * GET /live/{channelId}/{expires}/{signature}/{clip}/{start}/{dir}/{file}: a segment of one of
   * the channel's assets, its decode times moved to the asset's start on the channel
   * (docs/adr/0033), from memory once rewritten. The start must be a whole segment boundary.
   */
  app.get<{ Params: SegmentParams }>(
    LIVE_SEGMENT_ROUTE,
    { schema: { hide: true } },
    async (request, reply) => {
      const { channelId, clipId, dir, file } = request.params;
      const now = clock();
      requirePrefix(request.params, now);
      const start = canonicalInteger(request.params.start);
      if (start === null || start % LIVE_SEGMENT_SECONDS !== 0) throw new AppError('NOT_FOUND');
      const found = origin.segmentRendition(channelId, clipId, start, dir, file, now);
      const rendition = found instanceof Promise ? await found : found;
      const end = rendition.segments.length * LIVE_SEGMENT_SECONDS;
      const pending = segments.get(clipId, dir, rendition.init, file, start, end);
      const body = pending instanceof Promise ? await pending : pending;
      return reply
        .header('content-type', 'video/iso.segment')
        .header('cache-control', `public, max-age=${SEGMENT_MAX_AGE}`)
        .send(body);
    },
  );
}
