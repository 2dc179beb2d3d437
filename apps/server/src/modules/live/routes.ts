import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { channelGroupListReplySchema, guidePaths, siteCalls } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { startOfTaipeiDay, DAY_SECONDS } from '../../time.js';
import { mediaUrl } from '../media/urls.js';
import { toChannelV2 } from './present.js';
import { channelGroups, listChannels, programmesBetween } from './queries.js';
import { renderXmltv } from './xmltv.js';

const guideQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(9).default(9),
});

export function registerLiveRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  clock: () => number,
  publicUrl: string,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    siteCalls.findChannelGroupList,
    {
      schema: {
        tags: ['live'],
        summary: 'The tabbed channel-group grid of the live page',
        response: { 200: channelGroupListReplySchema },
      },
    },
    async () => {
      const groups = await channelGroups(db);
      return ok({
        channelGroupList: {
          channelGroup: groups.map((group) => ({
            channelGroupId: group.channelGroupId,
            channelGroupTitle: group.title,
            channelV2List: { channelV2: group.channels.map(toChannelV2) },
          })),
        },
      });
    },
  );

  api.get(
    guidePaths.xmltv,
    {
      schema: {
        tags: ['live'],
        summary:
          'Programme guide (XMLTV) from yesterday (Taipei) for `days` days (default 9: to a week ahead)',
        querystring: guideQuerySchema,
        produces: ['application/xml'],
      },
    },
    async (request, reply) => {
      const from = startOfTaipeiDay(clock()) - DAY_SECONDS;
      const to = from + request.query.days * DAY_SECONDS;
      const [channels, programmes] = await Promise.all([
        listChannels(db),
        programmesBetween(db, from, to),
      ]);
      const body = renderXmltv(
        channels,
        programmes,
        (p) => publicUrl + p,
        (c) => mediaUrl(c.pic_path),
      );
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(body);
    },
  );
}
