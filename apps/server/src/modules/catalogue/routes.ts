import type { FastifyInstance } from 'fastify';
import { catalogueCalls, type VideoListData } from '@site/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { okSerialized, type SerializedEnvelope } from '../../http/envelope.js';
import type { CacheBus } from '../../lib/cache-bus.js';
import { ReadCache } from '../../lib/read-cache.js';
import { registerCall } from '../accounts/calls.js';
import { toVideoListItem } from './present.js';
import { filterTitles, mainCategoryMenu } from './queries.js';
import { mainCategoryFor, viewerScope } from './visibility.js';

/** The catalogue's browse calls (contract catalogue.ts `catalogueCalls`). */
export function registerCatalogueRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  clock: () => number,
  cacheSeconds: number,
  caches: CacheBus,
): void {
  // Catalogue pages are read far more than the catalogue changes.
  const pages = new ReadCache<SerializedEnvelope<VideoListData>>(cacheSeconds, clock);
  caches.onChange('catalogue', () => pages.clear());

  registerCall(
    app,
    catalogueCalls.filterCategoryVideoListData,
    async (q, { viewer }) => {
      const scope = viewerScope(viewer);
      return pages.get(JSON.stringify([scope, q]), async () => {
        const { totalCount, rows } = await filterTitles(db, q, scope, clock());
        return okSerialized({
          totalCount,
          recordCount: rows.length,
          videoList: { video: rows.map(toVideoListItem) },
        });
      });
    },
    { readCached: true },
  );

  // A kid is answered the kid category's menu whatever is asked (issue 20 item 9), as the
  // browse call answers a kid the kid category's titles.
  registerCall(app, catalogueCalls.findMainCategoryMenu3, async (q, { viewer }) => ({
    mainCategoryList: {
      mainCategory: await mainCategoryMenu(
        db,
        mainCategoryFor(viewerScope(viewer), q.mainCategoryId),
      ),
    },
  }));
}
