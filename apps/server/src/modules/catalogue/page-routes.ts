import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { pageCalls } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { registerCall } from '../accounts/calls.js';
import { CataloguePages } from './pages.js';

/** The site face's catalogue pages (contract site-content.ts `pageCalls`), over pages.ts. */
export function registerCataloguePageRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  clock: () => number,
  trailerUrl: (clipId: string) => string,
): void {
  const pages = new CataloguePages(db, clock, trailerUrl);

  registerCall(app, pageCalls.getPageDataMain, async (_, { viewer }) => pages.home(viewer));
  registerCall(app, pageCalls.findVideoGroup, async (q, { viewer }) =>
    pages.group(viewer, q.groupId, q.uxCategoryId),
  );
  registerCall(app, pageCalls.findUxCategory, async (q, { viewer }) => pages.uxCategory(viewer, q));
  registerCall(app, pageCalls.getHeaderDataMain, async (_, { viewer }) => pages.header(viewer));
  registerCall(app, pageCalls.getHeaderVideo, async (_, { viewer }) => pages.headerVideo(viewer));
  registerCall(app, pageCalls.findVideoDetail, async (q, { viewer }) =>
    pages.detail(viewer, q.contentId, q.otherId),
  );
  registerCall(app, pageCalls.findNextOrPrevVideo, async (q, { viewer }) =>
    pages.nextOrPrev(viewer, q.contentID),
  );
  registerCall(app, pageCalls.findBundleVideoListNextPlay, async (q, { viewer }) =>
    pages.nextPlay(viewer, q.twmContentId),
  );
  registerCall(app, pageCalls.checkNewIconHint, async (_, { viewer }) => pages.newIconHint(viewer));
  registerCall(app, pageCalls.updateNewIconHint, async (body, { viewer }) => {
    await pages.dismissHint(viewer, body.hintId);
    return {};
  });
}
