import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  filterCategoryVideoListQuerySchema,
  mainCategoryMenuQuerySchema,
  mainCategoryMenuReplySchema,
  siteCalls,
  videoListReplySchema,
} from '@site/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { toVideoListItem } from './present.js';
import { filterTitles, mainCategoryMenu } from './queries.js';

export function registerCatalogueRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  clock: () => number,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

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
    async (request) => {
      const { totalCount, rows } = await filterTitles(db, request.query, clock());
      return ok({
        totalCount,
        recordCount: rows.length,
        videoList: { video: rows.map(toVideoListItem) },
      });
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
    async (request) =>
      ok({
        mainCategoryList: {
          mainCategory: await mainCategoryMenu(db, request.query.mainCategoryId),
        },
      }),
  );
}
