import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  LOG_BODY_MAX_BYTES,
  qoeCalls,
  appLogBodySchema,
  appLogReplySchema,
  logCalls,
  sasLogBodySchema,
  sasLogReplySchema,
} from '@site/contract';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { appLogRow, insertAppLogRows, type AppLogRow } from './app-log.js';
import type { RateLimiters, RateLimitOptions } from '../../lib/rate-limiter.js';
import { isSameOriginBeacon } from './beacon-guards.js';
import { LogBatcher, type LogBatcherOptions } from './log-batcher.js';
import { deviceIdOf, insertSasLogRows, sasLogRow, type SasLogRow } from './sas-log.js';
import { qoeBatcher, registerQoeBeacon } from '../qoe/beacon.js';

export interface TelemetryOptions {
  db: Kysely<Database>;
  clock: () => number;
  /** The site's own origin (PUBLIC_URL), which beacons must come from. */
  publicOrigin: string;
  /** Cookies over https only (the deviceId cookie). */
  secureCookies?: boolean;
  /** The site's limiters (shared through Redis when configured). */
  limiters: RateLimiters;
  rateLimit?: Partial<RateLimitOptions>;
  /** The activity log's own limit: a page logs more functions than playback errors. */
  sasRateLimit?: Partial<RateLimitOptions>;
  /** The players' quality-of-experience beacons' own limit (docs/adr/0055). */
  qoeRateLimit?: Partial<RateLimitOptions>;
  batch?: Partial<LogBatcherOptions>;
}

/**
 * A failing stream logs up to 11 entries a viewer (SPEC §4: 10 retries, then the end); 120 a
 * minute lets about ten such viewers share one address (carrier NAT) before entries are dropped.
 */
const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 120, windowSeconds: 60, maxClients: 50_000 };
/** Activity-log entries per client address per minute (docs/adr/0026). */
const DEFAULT_SAS_RATE_LIMIT: RateLimitOptions = {
  limit: 300,
  windowSeconds: 60,
  maxClients: 50_000,
};
/** QoE beacons per client address per minute: a player sends ≤ 3 a minute (docs/adr/0055). */
const DEFAULT_QOE_RATE_LIMIT: RateLimitOptions = {
  limit: 600,
  windowSeconds: 60,
  maxClients: 50_000,
};
const DEFAULT_BATCH: LogBatcherOptions = { maxRows: 200, maxDelayMs: 100, maxQueued: 5_000 };

/**
 * The log face (DESIGN §4): POST /sas/InsertAppLog and POST /sas/InsertSASLog (ADR 0026).
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
  const limiter = options.limiters.create('app-log', {
    ...DEFAULT_RATE_LIMIT,
    ...options.rateLimit,
  });
  const appLog = new LogBatcher<AppLogRow>((rows) => insertAppLogRows(db, rows), {
    ...DEFAULT_BATCH,
    ...options.batch,
  });
  const sasLimiter = options.limiters.create('sas-log', {
    ...DEFAULT_SAS_RATE_LIMIT,
    ...options.sasRateLimit,
  });
  const sasLog = new LogBatcher<SasLogRow>((rows) => insertSasLogRows(db, rows), {
    ...DEFAULT_BATCH,
    ...options.batch,
  });
  const qoeLimiter = options.limiters.create('qoe', {
    ...DEFAULT_QOE_RATE_LIMIT,
    ...options.qoeRateLimit,
  });
  // Group commit (maxDelayMs 0): a beacon is written on the next tick with whatever arrived
  // while the previous batch was being written, so its reply comes within one write, not a
  // timer's wait; under load the batches grow by themselves (docs/adr/0055).
  const qoe = qoeBatcher(db, { ...DEFAULT_BATCH, maxRows: 500, maxDelayMs: 0, ...options.batch });
  // Entries still queued are written before the database closes.
  app.addHook('onClose', async () => {
    await Promise.all([appLog.close(), sasLog.close(), qoe.close()]);
  });

  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser(
      'text/plain',
      { parseAs: 'string' },
      scope.getDefaultJsonParser('error', 'error'),
    );

    scope.addHook('onRequest', async (request) => {
      if (!isSameOriginBeacon(request, publicOrigin)) throw new AppError('FORBIDDEN');
      const url = request.routeOptions.url;
      const counter =
        url === logCalls.insertSASLog
          ? sasLimiter
          : url === qoeCalls.insertQoE
            ? qoeLimiter
            : limiter;
      if (!(await counter.hit(request.ip))) throw counter.refusal();
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

    registerQoeBeacon(scope, { batcher: qoe, clock });

    scope.withTypeProvider<ZodTypeProvider>().post(
      logCalls.insertSASLog,
      {
        bodyLimit: LOG_BODY_MAX_BYTES,
        schema: {
          tags: ['telemetry'],
          summary:
            'Appends an entry to the activity log (SPEC §7 InsertSASLog); sets the deviceId cookie once per browser',
          body: sasLogBodySchema,
          response: { 200: sasLogReplySchema },
        },
      },
      async (request, reply) => {
        const viewer = request.viewer;
        const { uId } = request.body;
        // A uId may only name the session's own user (DESIGN §4).
        if (uId && uId !== viewer?.subAccount.sub_account_uid) throw new AppError('FORBIDDEN');
        const deviceId = deviceIdOf(
          request,
          reply,
          options.secureCookies ?? false,
          request.body.deviceId,
        );
        await sasLog.add(
          sasLogRow(request.body, {
            deviceId,
            subAccountUid: viewer?.subAccount.sub_account_uid ?? null,
            now: clock(),
          }),
        );
        reply.header('cache-control', 'no-store');
        return ok({});
      },
    );
  });
}
