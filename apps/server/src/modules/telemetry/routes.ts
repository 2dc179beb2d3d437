import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { LOG_BODY_MAX_BYTES, appLogBodySchema, appLogReplySchema, logCalls } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { appLogRow, insertAppLogRows, type AppLogRow } from './app-log.js';
import { ClientRateLimiter, isSameOriginBeacon, type RateLimitOptions } from './beacon-guards.js';
import { LogBatcher, type LogBatcherOptions } from './log-batcher.js';

export interface TelemetryOptions {
  db: Kysely<Database>;
  clock: () => number;
  /** The site's own origin (PUBLIC_URL), which beacons must come from. */
  publicOrigin: string;
  rateLimit?: Partial<RateLimitOptions>;
  batch?: Partial<LogBatcherOptions>;
}

/**
 * A failing stream logs up to 11 entries a viewer (SPEC §4: 10 retries, then the end); 120 a
 * minute lets about ten such viewers share one address (carrier NAT) before entries are dropped.
 */
const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 120, windowSeconds: 60, maxClients: 50_000 };
const DEFAULT_BATCH: LogBatcherOptions = { maxRows: 200, maxDelayMs: 100, maxQueued: 5_000 };

/**
 * The log face (DESIGN §4): POST /sas/InsertAppLog, and InsertSASLog beside it in a later issue.
 * Its own scope, so that its rules stay off the other faces: bodies are JSON whether sent as
 * application/json or as text/plain (what navigator.sendBeacon sends for a string), at most
 * 8 KB (413); requests must come from our pages (403) and keep to a rate per client address
 * (429), both decided before the body is read; entries are written in batches.
 */
export async function registerTelemetryRoutes(
  app: FastifyInstance,
  options: TelemetryOptions,
): Promise<void> {
  const { db, clock, publicOrigin } = options;
  const limiter = new ClientRateLimiter({ ...DEFAULT_RATE_LIMIT, ...options.rateLimit }, clock);
  const appLog = new LogBatcher<AppLogRow>((rows) => insertAppLogRows(db, rows), {
    ...DEFAULT_BATCH,
    ...options.batch,
  });
  // Entries still queued are written before the database closes.
  app.addHook('onClose', () => appLog.close());

  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string' },
      scope.getDefaultJsonParser('error', 'error'),
    );

    scope.addHook('onRequest', async (request, reply) => {
      if (!isSameOriginBeacon(request, publicOrigin)) throw new AppError('FORBIDDEN');
      if (!limiter.hit(request.ip)) {
        reply.header('retry-after', String(limiter.secondsLeft()));
        throw new AppError('TOO_MANY_REQUESTS');
      }
    });

    scope.withTypeProvider<ZodTypeProvider>().post(
      logCalls.insertAppLog,
      {
        bodyLimit: LOG_BODY_MAX_BYTES,
        schema: {
          tags: ['telemetry'],
          summary: 'Appends an entry to the app log (playbackError, SPEC §7); a beacon',
          body: appLogBodySchema,
          response: { 200: appLogReplySchema },
        },
      },
      async (request, reply) => {
        await appLog.add(
          appLogRow(request.body, {
            subAccountUid: request.viewer?.subAccount.sub_account_uid ?? null,
            userAgent: request.headers['user-agent'],
            now: clock(),
          }),
        );
        reply.header('cache-control', 'no-store');
        return ok({});
      },
    );
  });
}
