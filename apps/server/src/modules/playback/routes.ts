import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { playbackCalls } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { registerCall } from '../accounts/calls.js';
import { streamerOf, type StreamLeases } from '../devices/index.js';
import { registerContentKeyRoute } from '../media/key-routes.js';
import type { StreamSigner } from '../media/stream-urls.js';
import { requireKeyRight, requirePlayRight } from './play-right.js';
import { playAnswer } from './present.js';

export interface PlaybackRouteDeps {
  db: Kysely<Database>;
  clock: () => number;
  streams: StreamSigner;
  leases: StreamLeases;
}

/**
 * The play-right call and the content keys' right (play-right.ts decides both). A member's
 * granted play takes a stream lease (docs/adr/0042), refused with STREAM_LIMIT past the limit.
 */
export function registerPlaybackRoutes(app: FastifyInstance, deps: PlaybackRouteDeps): void {
  const { db, clock, streams, leases } = deps;
  registerContentKeyRoute(app, streams, (viewer, contentId, clipId) =>
    requireKeyRight(db, { viewer, contentId, clipId, now: clock() }),
  );
  registerCall(app, playbackCalls.findVideoPlayRight, async (q, { viewer, request }) => {
    const granted = await requirePlayRight(db, { ...q, viewer, now: clock() });
    const answer = playAnswer(granted, viewer, streams);
    if (!viewer) return answer;
    const playing = { kind: 'title' as const, id: granted.title.content_id };
    const { streamId } = await leases.start(streamerOf(viewer, request), playing, clock());
    return { ...answer, streamId };
  });
}
