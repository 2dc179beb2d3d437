import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  filterCategoryVideoListQuerySchema,
  mainCategoryMenuQuerySchema,
  mainCategoryMenuReplySchema,
  siteCalls,
  type VideoListData,
  videoListReplySchema,
} from '@site/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ok, okSerialized, sendSerialized, type SerializedEnvelope } from '../../http/envelope.js';
import { ReadCache } from '../../lib/read-cache.js';
import { toVideoListItem } from './present.js';
import { filterTitles, mainCategoryMenu } from './queries.js';
import { mainCategoryFor, viewerScope } from './visibility.js';

export function registerCatalogueRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  clock: () => number,
  cacheSeconds: number,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Catalogue pages are read far more than the catalogue changes.
  const pages = new ReadCache<SerializedEnvelope<VideoListData>>(cacheSeconds, clock);
  const scopeOf = (request: FastifyRequest) => viewerScope(request.viewer);

  api.get(
    siteCalls.filterCategoryVideoListData,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Browse titles by main category, subcategory, year, country, sell type and order',
        querystring: filterCategoryVideoListQuerySchema,
        response: { 200: videoListReplySchema },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const body = await pages.get(JSON.stringify([scope, request.query]), async () => {
        const { totalCount, rows } = await filterTitles(db, request.query, scope, clock());
        return okSerialized({
          totalCount,
          recordCount: rows.length,
          videoList: { video: rows.map(toVideoListItem) },
        });
      });
      return sendSerialized(reply, body);
    },
  );

  api.get(
    siteCalls.findMainCategoryMenu3,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Main categories with their subcategories (one when mainCategoryId is given)',
        querystring: mainCategoryMenuQuerySchema,
        response: { 200: mainCategoryMenuReplySchema },
      },
    },
    // A kid is answered the kid category's menu whatever is asked (issue 20 item 9), as the
    // browse call answers a kid the kid category's titles.
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const mainCategoryId = mainCategoryFor(scopeOf(request), request.query.mainCategoryId);
      return ok({ mainCategoryList: { mainCategory: await mainCategoryMenu(db, mainCategoryId) } });
    },
  );
}
