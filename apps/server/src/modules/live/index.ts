import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { StreamSigner } from '../media/stream-urls.js';
import type { StreamLeases } from '../devices/index.js';
import { LiveBookmarks } from './bookmarks.js';
import { registerCatchupRoutes } from './catchup-routes.js';
import { CatchupService } from './catchup-service.js';
import { CatchupOrigin } from './origin/catchup.js';
import { libraryClip } from '../ingest/library.js';
import { clipAsset, loadAssets } from './origin/assets.js';
import { LiveSegments } from './origin/live-segments.js';
import { LiveSigner } from './origin/live-signer.js';
import { LiveOrigin } from './origin/origin.js';
import { registerCatchupPlaylistRoutes, registerLivePlaylistRoutes } from './playlist-routes.js';
import { registerLiveRoutes } from './routes.js';
import { LiveService } from './service.js';
import { registerLineupConsoleCalls } from './lineup-calls.js';
import { LineupSettingsStore } from './lineup-settings.js';
import type { RateLimiters } from '../../lib/rate-limiter.js';

export { liveChannelHead } from './head.js';
export { importXmltv, replaceSchedules } from './schedule.js';
export { XmltvImportError } from './xmltv-import.js';

export interface LiveDeps {
  db: Kysely<Database>;
  clock: () => number;
  config: Config;
  /** The clips' signer: segments are served from their signed /stream/ paths. */
  streams: StreamSigner;
  leases: StreamLeases;
  limiters: RateLimiters;
}

/** The live module: its calls, the programme guide and the live origin (docs/adr/0025). */
export function registerLive(
  app: FastifyInstance,
  deps: LiveDeps,
): { origin: LiveOrigin; service: LiveService; catchup: CatchupOrigin } {
  const { db, clock, config, streams } = deps;
  const { assets, problems } = loadAssets(config.MEDIA_DIR);
  for (const problem of problems) app.log.warn(`live origin: clip left out: ${problem}`);
  const signer = new LiveSigner(config.STREAM_SIGNING_SECRET);
  const origin = new LiveOrigin({
    db,
    clock,
    assets,
    libraryClip: async (clipId) => {
      const clip = await libraryClip(db, clipId);
      if (!clip) return undefined;
      try {
        return clipAsset(config.MEDIA_DIR, clipId, clip.renditions);
      } catch (error) {
        app.log.warn(`live origin: library clip ${clipId} left out: ${(error as Error).message}`);
        return undefined;
      }
    },
    streams,
    signer,
    ttlSeconds: config.STREAM_URL_TTL_SECONDS,
    publicUrl: config.PUBLIC_URL,
    log: app.log,
  });
  const lineup = new LineupSettingsStore(db, {
    defaultChannelId: config.LIVE_DEFAULT_CHANNEL_ID,
    streamHostRules: config.LIVE_STREAM_HOST_RULES,
  });
  const service = new LiveService(db, origin, {
    lineup,
    simplePlayNeedsLogin: config.LIVE_SIMPLE_PLAY_NEEDS_LOGIN,
    publicUrl: config.PUBLIC_URL,
  });
  registerLineupConsoleCalls(app, {
    db,
    clock,
    settings: lineup,
    mediaDir: config.MEDIA_DIR,
    origin,
  });
  registerLiveRoutes(app, {
    db,
    clock,
    publicUrl: config.PUBLIC_URL,
    xmltvIdDomain: config.XMLTV_ID_DOMAIN,
    service,
    bookmarks: new LiveBookmarks(db, config.STREAM_SIGNING_SECRET),
    bookmarkLimitPerAccount: config.RATE_LIMIT_LIVE_BOOKMARK_PER_ACCOUNT,
    limiters: deps.limiters,
    leases: deps.leases,
  });
  const segments = new LiveSegments(path.join(config.MEDIA_DIR, 'clips'));
  registerLivePlaylistRoutes(app, origin, signer, segments, clock);
  // Start over and catch-up (docs/adr/0043): the same playouts, a programme at a time.
  const catchup = new CatchupOrigin(origin, signer, config.STREAM_URL_TTL_SECONDS);
  registerCatchupRoutes(app, {
    clock,
    service: new CatchupService(db, service, origin, catchup, { lineup }),
    leases: deps.leases,
  });
  registerCatchupPlaylistRoutes(app, catchup, origin, signer, segments, clock);
  // Its memory figures (bytes sent, from memory) for the benchmark (bench programme-playlist).
  app.decorate('catchupOrigin', catchup);
  return { origin, service, catchup };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The catch-up origin (docs/adr/0043), for its figures. */
    catchupOrigin: CatchupOrigin;
  }
}
