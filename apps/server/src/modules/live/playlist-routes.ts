import type { FastifyInstance } from 'fastify';
import type { FastifyReply } from 'fastify';
import { CATCHUP_PLAYLIST_ROUTE, LIVE_PLAYLIST_ROUTE, LIVE_SEGMENT_SECONDS } from '@site/contract';
import { canonicalInteger, signedPathNumber } from '../../http/canonical-number.js';
import { AppError } from '../../http/errors.js';
import type { CatchupOrigin } from './origin/catchup.js';
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
/** The same segment beside a programme's playlists (start over and catch-up, docs/adr/0043). */
export const CATCHUP_SEGMENT_ROUTE =
  '/catchup/:channelId/:programStart/:expires/:signature/:clipId/:start/:dir/:file';

interface ProgrammeParams extends PlaylistParams {
  programStart: string;
}

type ProgrammeSegmentParams = SegmentParams & { programStart: string };

const CHANNEL_ID = /^[A-Za-z0-9_-]{1,40}$/;
const HLS = 'application/vnd.apple.mpegurl';
// Every route here answers the same bytes to every viewer, so none reads `request.viewer`:
// `config: { viewer: false }` spares them the session lookup (docs/adr/0059).

/** The bytes of a live segment depend on its path alone: shared caches may keep it for a day. */
const SEGMENT_MAX_AGE = 86_400;
/**
 * How far back a live address reaches: the live playlist lists the last 12 s, and a slow or
 * briefly paused player may still fetch what it listed a little later. Older seconds are start
 * over and catch-up's, behind their own rules (the window, blackouts; docs/adr/0043), so a live
 * address is no way round them.
 */
export const LIVE_SEGMENT_REACH_SECONDS = 120;

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
    { schema: { hide: true }, config: { viewer: false, media: true } },
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
    { schema: { hide: true }, config: { viewer: false, media: true } },
    async (request, reply) => {
      const now = clock();
      requirePrefix(request.params, now);
      const start = segmentStart(request.params.start);
      return sendSegment(reply, origin, segments, request.params, start, now, (at) => {
        if (at > now || at < now - LIVE_SEGMENT_REACH_SECONDS) throw new AppError('NOT_FOUND');
      });
    },
  );
}

/** A segment path's asset start: the one spelling of a whole segment boundary, else 404. */
function segmentStart(text: string): number {
  const start = canonicalInteger(text);
  if (start === null || start % LIVE_SEGMENT_SECONDS !== 0) throw new AppError('NOT_FOUND');
  return start;
}

/** A live segment, its decode times on the channel's timeline, from memory once rewritten. */
async function sendSegment(
  reply: FastifyReply,
  origin: LiveOrigin,
  segments: LiveSegments,
  params: SegmentParams,
  start: number,
  now: number,
  /** Start over and catch-up: also the segment's own start (Unix seconds) must pass this. */
  inside?: (segmentStart: number) => void | Promise<void>,
) {
  const { channelId, clipId, dir, file } = params;
  const found = origin.segmentRendition(channelId, clipId, start, dir, file, now);
  const rendition = found instanceof Promise ? await found : found;
  if (inside) {
    const checked = inside(start + rendition.segments.indexOf(file) * LIVE_SEGMENT_SECONDS);
    if (checked instanceof Promise) await checked;
  }
  const end = rendition.segments.length * LIVE_SEGMENT_SECONDS;
  const pending = segments.get(clipId, dir, rendition.init, file, start, end);
  const body = pending instanceof Promise ? await pending : pending;
  return reply
    .header('content-type', 'video/iso.segment')
    .header('cache-control', `public, max-age=${SEGMENT_MAX_AGE}`)
    .send(body);
}

/**
 * GET /catchup/{channelId}/{programStart}/{expires}/{signature}/{master.m3u8 | v{n}.m3u8} and the
 * segments beside them (docs/adr/0043): a programme's playlists behind the signed prefix
 * getProgramPlay hands out. 403 when the prefix is not genuine or has expired, or the programme
 * may not be played from its start (outside the window, blacked out, not yet begun); 404 for a
 * programme the channel does not have; 400 for another spelling of either number (ADR 0018).
 * Segments are the live ones, named alike ({clip}/{asset start}/{dir}/{file}), only those
 * inside the programme that have aired. Playlists go compressed from memory (the route does its
 * own br/gzip once per body, not per request).
 */
export function registerCatchupPlaylistRoutes(
  app: FastifyInstance,
  catchup: CatchupOrigin,
  origin: LiveOrigin,
  signer: LiveSigner,
  segments: LiveSegments,
  clock: () => number,
): void {
  const requirePrefix = (params: ProgrammeParams | ProgrammeSegmentParams, now: number) => {
    const { channelId, signature } = params;
    const programStart = signedPathNumber(params.programStart);
    const expires = signedPathNumber(params.expires);
    if (
      !CHANNEL_ID.test(channelId) ||
      !signer.verifyProgramme(channelId, programStart, expires, signature, now)
    ) {
      throw new AppError('FORBIDDEN', undefined, '播放連結已失效，請重新整理頁面後再試。');
    }
    return { programStart, expires };
  };

  app.get<{ Params: ProgrammeParams }>(
    CATCHUP_PLAYLIST_ROUTE,
    { schema: { hide: true }, compress: false, config: { viewer: false, media: true } },
    async (request, reply) => {
      const { channelId, file } = request.params;
      const now = clock();
      const { programStart, expires } = requirePrefix(request.params, now);
      const pending = catchup.serve(
        channelId,
        programStart,
        expires,
        file,
        now,
        request.headers['accept-encoding'],
      );
      const served = pending instanceof Promise ? await pending : pending;
      reply
        .header('content-type', HLS)
        .header('vary', 'accept-encoding')
        .header(
          'cache-control',
          `public, max-age=${served.maxAge}${served.immutable ? ', immutable' : ''}`,
        );
      if (served.encoding) reply.header('content-encoding', served.encoding);
      return reply.send(served.body);
    },
  );

  app.get<{ Params: ProgrammeSegmentParams }>(
    CATCHUP_SEGMENT_ROUTE,
    { schema: { hide: true }, config: { viewer: false, media: true } },
    async (request, reply) => {
      const now = clock();
      const { programStart } = requirePrefix(request.params, now);
      const start = segmentStart(request.params.start);
      return sendSegment(reply, origin, segments, request.params, start, now, (at) =>
        catchup.segmentInside(request.params.channelId, programStart, at, now),
      );
    },
  );
}
