import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { ok } from '../../../http/envelope.js';
import { AppError } from '../../../http/errors.js';
import { settleCallback } from './callbacks.js';
import { callbackPath, type PaymentProvider } from './provider.js';

/**
 * POST /payments/{provider}/callback: the provider's server-to-server outcome. Not a site call
 * (no session, no CSRF token); the provider's signature over the exact bytes of the body is
 * what admits it, so this route keeps the body as text (its own JSON parser, in a scope of its
 * own) and the provider parses it after checking.
 */
export async function registerCallbackRoute(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; clock: () => number; provider: PaymentProvider },
): Promise<void> {
  const { db, clock, provider } = deps;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.post(callbackPath(provider), { schema: { hide: true } }, async (request, reply) => {
      if (typeof request.body !== 'string') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const now = clock();
      const event = provider.verifyCallback(
        { rawBody: request.body, headers: request.headers },
        now,
      );
      const result = await settleCallback(db, provider, event, now);
      reply.header('cache-control', 'no-store');
      return ok({
        orderId: event.orderId,
        state: result.state,
        duplicate: result.duplicate ? 'Y' : 'N',
        changed: result.changed ? 'Y' : 'N',
      });
    });
  });
}
