import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { playbackCalls } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { registerCall } from '../accounts/calls.js';
import { registerContentKeyRoute } from '../media/key-routes.js';
import type { StreamSigner } from '../media/stream-urls.js';
import { requireKeyRight, requirePlayRight } from './play-right.js';
import { playAnswer } from './present.js';

/** The play-right call and the content keys' right (play-right.ts decides both). */
export function registerPlaybackRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  clock: () => number,
  streams: StreamSigner,
): void {
  registerContentKeyRoute(app, streams, (viewer, contentId, clipId) =>
    requireKeyRight(db, { viewer, contentId, clipId, now: clock() }),
  );
  registerCall(app, playbackCalls.findVideoPlayRight, async (q, { viewer }) =>
    playAnswer(await requirePlayRight(db, { ...q, viewer, now: clock() }), viewer, streams),
  );
}
