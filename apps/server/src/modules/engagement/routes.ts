import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  drawActivityQuerySchema,
  drawActivityReplySchema,
  engagementCalls,
  errorCatalogue,
  inboxCalls,
} from '@site/contract';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import type { RateLimiters } from '../../lib/rate-limiter.js';
import { announceQueue } from './announcements.js';
import { draw, type Roll } from './draws.js';
import { inboxList, unreadCount, updateMessages } from './inbox.js';
import { registerCall } from '../accounts/calls.js';

export interface EngagementDeps {
  db: Kysely<Database>;
  clock: () => number;
  /**
   * Draws per member account (its sub-accounts together) and per client IP per minute, counted
   * by `limiters` (across instances when Redis is configured).
   */
  drawLimits: { perAccount: number; perIp: number };
  limiters: RateLimiters;
  /** Tests fix the draw's luck; a fair random number otherwise. */
  roll?: Roll;
}

const WINDOW_SECONDS = 60;

/** The red-envelope draw, the inbox and the announcements queue (docs/adr/0026). */
export function registerEngagementRoutes(app: FastifyInstance, deps: EngagementDeps): void {
  const { db, clock } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['engagement'];
  const perAccount = deps.limiters.create('draw-account', {
    limit: deps.drawLimits.perAccount,
    windowSeconds: WINDOW_SECONDS,
    maxClients: 200_000,
  });
  const perIp = deps.limiters.create('draw-ip', {
    limit: deps.drawLimits.perIp,
    windowSeconds: WINDOW_SECONDS,
    maxClients: 200_000,
  });

  api.get(
    engagementCalls.drawActivity,
    {
      // A GET (SPEC §7) that changes state: the CSRF header is required as on a POST.
      config: { csrf: true },
      schema: {
        tags,
        summary:
          'Open the red envelope: one draw per user and activity, inside its window (X-CSRF-Token required)',
        querystring: drawActivityQuerySchema,
        response: { 200: drawActivityReplySchema, 401: drawActivityReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const viewer = request.viewer;
      if (!viewer) {
        // SPEC §6: the server answers message notLogin (in the envelope of a 401).
        const { message } = errorCatalogue.NOT_LOGGED_IN;
        return reply.code(401).send({
          status: { code: 'NOT_LOGGED_IN', message },
          data: { message: 'notLogin', prizeName: '' },
        });
      }
      if (!(await perIp.hit(request.ip))) throw perIp.refusal();
      // Per member account, not per sub-account: sub-accounts made and deleted for the purpose
      // share their account's count (issue 20 item 2).
      if (!(await perAccount.hit(viewer.accountId))) throw perAccount.refusal();
      const result = await draw(db, {
        viewer,
        activityId: request.query.activityId,
        now: clock(),
        ...(deps.roll ? { roll: deps.roll } : {}),
      });
      return ok(result);
    },
  );

  registerCall(app, inboxCalls.findInboxMessageList, async (_, { viewer }) =>
    inboxList(db, viewer, clock()),
  );
  registerCall(app, inboxCalls.findInboxUnreadCount, async (_, { viewer }) => ({
    unreadCount: await unreadCount(db, viewer, clock()),
  }));
  registerCall(app, inboxCalls.updateMsg, async (body, { viewer }) => ({
    updated: await updateMessages(db, viewer, body.msgIds, body.status, clock()),
  }));
  registerCall(app, inboxCalls.findActAnnounceQueue, async (_, { viewer }) => ({
    announceList: await announceQueue(db, viewer, clock()),
  }));
}
