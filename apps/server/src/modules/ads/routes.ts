import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adCalls,
  adTagQuerySchema,
  adTrackQuerySchema,
  getUrlStringQuerySchema,
  getUrlStringReplySchema,
} from '@site/contract';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { recordTracking, resolveAdUrl, serveAdBreak, type AdServerDeps } from './ad-server.js';
import type { RateLimiters } from '../../lib/rate-limiter.js';
import { adViewer } from './viewer-cookie.js';
import { deviceContext } from '../device/device-type.js';

/** Requests per IP per minute (docs/adr/0022): a break is one document and about eight pixels. */
export const AD_TAG_LIMIT_PER_MINUTE = 120;
export const AD_TRACK_LIMIT_PER_MINUTE = 600;

export function registerAdRoutes(
  app: FastifyInstance,
  deps: AdServerDeps & { secureCookies: boolean; limiters: RateLimiters },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Per IP (docs/adr/0022): enough to stop one client flooding the event table.
  const perMinute = (name: string, limit: number) =>
    deps.limiters.create(name, { limit, windowSeconds: 60, maxClients: 200_000 });
  const tagLimit = perMinute('ad-tag', AD_TAG_LIMIT_PER_MINUTE);
  const trackLimit = perMinute('ad-track', AD_TRACK_LIMIT_PER_MINUTE);

  api.get(
    adCalls.vast,
    {
      schema: {
        tags: ['ads'],
        summary:
          'Ad tag: a VAST 4.2 document for one break of a title (contentId) or channel (channelId)',
        querystring: adTagQuerySchema,
        produces: ['application/xml'],
      },
    },
    async (request, reply) => {
      if (!(await tagLimit.hit(request.ip))) throw new AppError('TOO_MANY_REQUESTS');
      const viewer = adViewer(request, reply, deps.secureCookies);
      // The device type targeting reads, from the User-Agent as the service gateway does.
      const { deviceType } = deviceContext(request.headers['user-agent']);
      const { xml } = await serveAdBreak(deps, request.query, viewer, deviceType);
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(xml);
    },
  );

  api.get(
    adCalls.track,
    {
      schema: {
        tags: ['ads'],
        summary: 'Tracking pixel of a served ad: records the event once (204, empty body)',
        querystring: adTrackQuerySchema,
        response: { 204: z.null().describe('Recorded (or recorded before): no body.') },
      },
    },
    async (request, reply) => {
      if (!(await trackLimit.hit(request.ip))) throw new AppError('TOO_MANY_REQUESTS');
      await recordTracking(deps, request.query);
      return reply.code(204).header('cache-control', 'no-store').send(null);
    },
  );

  api.get(
    adCalls.getUrlString,
    {
      schema: {
        tags: ['ads'],
        summary: 'The ad tag URL string for the player, from a preVastUrl (adUrl)',
        querystring: getUrlStringQuerySchema,
        response: { 200: getUrlStringReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const requestOrigin = `${request.protocol}://${request.host}`;
      return ok({ urlString: resolveAdUrl(request.query.adUrl, deps.publicUrl, requestOrigin) });
    },
  );
}
