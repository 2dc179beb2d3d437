import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { playRightQuerySchema, playRightReplySchema, siteCalls } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import type { StreamSigner } from '../media/stream-urls.js';
import { requireTitleRight, type TitleRight } from '../commerce/title-rights.js';
import { requirePlayRight } from './play-right.js';
import { registerContentKeyRoute } from '../media/key-routes.js';
import { requireVisibleTitle, viewerScope } from '../catalogue/visibility.js';
import { AppError } from '../../http/errors.js';
import { adTagFor } from '../ads/index.js';

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
  // The content key: the play right asked again at key time, as requirePlayRight asks it
  // (visibility, then commerce) but starting no rental clock; the grant in the key's path
  // already ties it to the account whose session asks (ADR 0023).
  registerContentKeyRoute(app, streams, async (viewer, contentId, clipId) => {
    const now = clock();
    const title = await requireVisibleTitle(db, viewerScope(viewer), contentId, now);
    if (title.clip_id !== clipId) throw new AppError('FORBIDDEN');
    await requireTitleRight(db, { accountId: viewer.accountId, title, now, start: false });
  });
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
        // An encrypted clip plays from the viewer's own path, whose key is theirs (ADR 0023).
        videoUrl: streams.playUrl(
          title.clip_id,
          title.content_id,
          request.viewer?.accountId ?? null,
        ),
        durationSeconds: title.duration_seconds,
        rightType: right.kind,
        rightEndsAt: rightEndsAt(right),
        // Ad-supported titles play a pre-roll from our ad server first (docs/adr/0022).
        ...(right.kind === 'avod' ? { preVastUrl: adTagFor({ contentId: title.content_id }) } : {}),
      });
    },
  );
}
