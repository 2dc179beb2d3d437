import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { playRightQuerySchema, playRightReplySchema, siteCalls } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import type { StreamSigner } from '../media/stream-urls.js';
import { requirePlayRight } from './play-right.js';

export function registerPlaybackRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  clock: () => number,
  streams: StreamSigner,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    siteCalls.findVideoPlayRight,
    {
      schema: {
        tags: ['playback'],
        summary: 'Whether the viewer may play a title, and the stream to play',
        querystring: playRightQuerySchema,
        response: { 200: playRightReplySchema },
      },
    },
    async (request, reply) => {
      const title = await requirePlayRight(db, {
        ...request.query,
        viewer: request.viewer,
        now: clock(),
      });
      reply.header('cache-control', 'private, no-store');
      return ok({
        contentId: title.content_id,
        contentName: title.name,
        playRight: 'Y' as const,
        videoUrl: streams.masterUrl(title.clip_id),
        durationSeconds: title.duration_seconds,
      });
    },
  );
}
