import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { playRightQuerySchema, playRightReplySchema, siteCalls } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import type { StreamSigner } from '../media/stream-urls.js';
import type { TitleRight } from '../commerce/title-rights.js';
import { requirePlayRight } from './play-right.js';

/** When the right ends (a started rental, a service period); null when it does not. */
function rightEndsAt(right: TitleRight): number | null {
  if (right.kind === 'rent') return right.expiresAt;
  if (right.kind === 'service') return right.paidUntil;
  return null;
}

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
      const { title, right } = await requirePlayRight(db, {
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
        rightType: right.kind,
        rightEndsAt: rightEndsAt(right),
      });
    },
  );
}
