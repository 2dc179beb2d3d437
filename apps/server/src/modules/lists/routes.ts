import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  gatewayCalls,
  gatewaySignature,
  ssoSessionSchema,
  listCalls,
  listToggleBodySchema,
  toViewToggleReplySchema,
} from '@site/contract';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { requireMember } from '../accounts/access.js';
import { registerCall } from '../accounts/calls.js';
import type { SessionPolicy } from '../accounts/sessions.js';
import { resolveViewer } from '../accounts/viewer.js';
import type { CacheBus } from '../../lib/cache-bus.js';
import { PersonalLists } from './service.js';
import { streamerOf, type StreamLeases } from '../devices/index.js';

export interface ListRouteDeps {
  db: Kysely<Database>;
  clock: () => number;
  policy: SessionPolicy;
  cacheSeconds: number;
  /** Drops the cached titles when the catalogue changes on any instance. */
  caches: CacheBus;
  /** The resume heartbeat renews the player's stream lease (docs/adr/0042). */
  leases: StreamLeases;
}

const yn = (yes: boolean) => (yes ? ('Y' as const) : ('N' as const));

/** The personal lists' calls (contract lists.ts `listCalls`), over lists/service.ts. */
export function registerListRoutes(app: FastifyInstance, deps: ListRouteDeps): void {
  const { db, clock, policy } = deps;
  const lists = new PersonalLists(db, clock, deps.cacheSeconds);
  deps.caches.onChange('catalogue', () => lists.forgetTitles());

  registerCall(app, listCalls.updateToViewList, async (body, { viewer }) => ({
    contentId: body.contentId,
    inToViewList: yn(await lists.toggle(viewer, 'to_view_item', body)),
  }));
  registerCall(app, listCalls.updateFavorite, async (body, { viewer }) => ({
    contentId: body.contentId,
    inFavorite: yn(await lists.toggle(viewer, 'favorite_item', body)),
  }));
  registerCall(app, listCalls.findVideoListData, async (q, { viewer }) =>
    lists.page(viewer, q.menuType, q, q),
  );
  registerCall(app, listCalls.findVideoListCount, async (_, { viewer }) => lists.counts(viewer));
  registerCall(app, listCalls.findRentalVideoList2, async (q, { viewer }) =>
    lists.rentals(viewer, q.apiVersion),
  );
  registerCall(app, listCalls.findViewRecord, async (q, { viewer }) => lists.history(viewer, q, q));
  registerCall(app, listCalls.deleteViewRecord, async (body, { viewer }) => {
    await lists.deleteHistoryRecord(viewer, body.deleteContentId);
    return {};
  });
  registerCall(app, listCalls.saveWatchPosition, async (body, { viewer, request }) => {
    const { streamId, ...beat } = body;
    // The position is kept even when the stream was stopped: the refusal only stops the player.
    const [saved, renewed] = await Promise.allSettled([
      lists.saveHeartbeat(viewer, beat),
      streamId && deps.leases.renew(streamerOf(viewer, request), streamId, clock()),
    ]);
    if (saved.status === 'rejected') throw saved.reason;
    if (renewed.status === 'rejected') throw renewed.reason;
    return {};
  });
  registerCall(app, listCalls.getWatchPosition, async (q, { viewer }) =>
    lists.resumeAt(viewer, q.contentId),
  );
  registerCall(app, listCalls.removeKeepWatch, async (body, { viewer }) => {
    await lists.removeFromContinueWatching(viewer, body.contentId);
    return {};
  });

  // The apps' toggle: the viewer is named by ssoSession in the signed query (gateway face).
  app.withTypeProvider<ZodTypeProvider>().post(
    gatewayCalls.updateToViewList,
    {
      schema: {
        tags: ['gateway'],
        summary: 'To-view toggle for the apps (parameters in the signed query)',
        querystring: listToggleBodySchema.extend({
          ssoSession: ssoSessionSchema,
          ...gatewaySignature,
        }),
        response: { 200: toViewToggleReplySchema },
      },
    },
    async (request) => {
      const viewer = await resolveViewer(db, request.query.ssoSession, 'sso', policy, clock());
      const inList = await lists.toggle(requireMember(viewer), 'to_view_item', request.query);
      return ok({ contentId: request.query.contentId, inToViewList: yn(inList) });
    },
  );
}
