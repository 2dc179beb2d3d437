import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  deleteViewRecordBodySchema,
  emptyReplySchema,
  favoriteToggleReplySchema,
  gatewayCalls,
  listCountReplySchema,
  listDataQuerySchema,
  listDataReplySchema,
  listToggleBodySchema,
  rentalListQuerySchema,
  rentalListReplySchema,
  removeKeepWatchBodySchema,
  saveWatchPositionBodySchema,
  siteCalls,
  toViewToggleReplySchema,
  viewRecordQuerySchema,
  watchPositionQuerySchema,
  watchPositionReplySchema,
  type ListItem,
} from '@site/contract';
import type { Database } from '../../db/schema.js';
import { ok, sendJson } from '../../http/envelope.js';
import { AppError, notFound } from '../../http/errors.js';
import type { SessionPolicy } from '../accounts/sessions.js';
import { resolveViewer, type Viewer } from '../accounts/viewer.js';
import { audienceOf } from '../catalogue/audience.js';
import { toVideoListItem, type TitleRow } from '../catalogue/present.js';
import { requireVisible, viewerScope } from '../catalogue/visibility.js';
import { ListTitles } from './list-page.js';
import { toggleMembership, type MembershipTable } from './memberships.js';
import { HeartbeatWriter } from './heartbeat-writer.js';
import { deleteViewRecord, hideFromContinueWatching, resumePoint } from './positions.js';
import {
  continueWatching,
  favoriteRecommend,
  listCounts,
  membershipList,
  viewHistory,
  type ListFilter,
  type Listed,
} from './queries.js';
import { rentalList } from './rentals.js';
import { durationText } from './texts.js';
import { requireMember } from '../accounts/access.js';

export interface ListRouteDeps {
  db: Kysely<Database>;
  clock: () => number;
  policy: SessionPolicy;
  cacheSeconds: number;
}

/**
 * SPEC §6 on lists: every list shows only what the session may see (catalogue/visibility.ts: on
 * the shelf, kid mode, the restricted-content filter, which filterRestrict=Y turns on); on top of
 * that recommended favorites always filter restricted titles, and sexual titles never appear in
 * ajaxFind{product}ListData. The rental list is the account's record of what it paid for: kid
 * mode and the shelf apply, an adult's filter does not (ADR 0011, ADR 0016).
 */
function listFilter(viewer: Viewer, menuType: string, filterRestrict?: 'Y' | 'N'): ListFilter {
  const scope = viewerScope(viewer, filterRestrict ? { filterRestrict } : {});
  if (menuType === 'Rental') return { kidsOnly: scope.kidsOnly, hideRestricted: scope.kidsOnly };
  return {
    kidsOnly: scope.kidsOnly,
    hideRestricted: scope.hideRestricted || menuType === 'FavoriteRecommend',
    hideSexual: true,
  };
}

const memberships = { ToViewList: 'to_view_item', MyFavorite: 'favorite_item' } as const;

const emptyList = {
  isLogin: 'N' as const,
  totalCount: 0,
  recordCount: 0,
  videoList: { video: [] as ListItem[] },
};

export function registerListRoutes(app: FastifyInstance, deps: ListRouteDeps): void {
  const { db, clock, policy } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['lists'];
  const titles = new ListTitles(db, deps.cacheSeconds, clock);
  const heartbeats = new HeartbeatWriter(db);

  /** A title the viewer may see, or 404 (a foreign or hidden id looks like an unknown one). */
  const visibleTitle = async (viewer: Viewer, contentId: string): Promise<TitleRow> =>
    requireVisible(await titles.title(contentId), viewerScope(viewer), clock());

  const toggle = async (
    viewer: Viewer,
    table: MembershipTable,
    body: z.infer<typeof listToggleBodySchema>,
  ) => {
    const title = await visibleTitle(viewer, body.contentId);
    if ((title.kind === 'series') !== (body.isSeries === 'Y') || title.kind === 'episode') {
      throw new AppError('BAD_INPUT', [{ name: 'isSeries', problem: 'mismatch' }]);
    }
    return toggleMembership(
      db,
      table,
      viewer.subAccount.sub_account_uid,
      title.content_id,
      body.actionType,
      clock(),
    );
  };

  api.post(
    siteCalls.updateToViewList,
    {
      schema: {
        tags,
        summary: 'To-view toggle: actionType 1 adds (state Y), anything else removes (N)',
        body: listToggleBodySchema,
        response: { 200: toViewToggleReplySchema },
      },
    },
    async (request) => {
      const inList = await toggle(requireMember(request.viewer), 'to_view_item', request.body);
      return ok({
        contentId: request.body.contentId,
        inToViewList: inList ? ('Y' as const) : ('N' as const),
      });
    },
  );

  api.post(
    gatewayCalls.updateToViewList,
    {
      schema: {
        tags: ['gateway'],
        summary: 'To-view toggle for the apps (parameters in the signed query)',
        querystring: listToggleBodySchema.extend({
          ssoSession: z.string().min(20).max(100),
          chl: z.string(),
          chk: z.string(),
          ts: z.coerce.number().int(),
        }),
        response: { 200: toViewToggleReplySchema },
      },
    },
    async (request) => {
      const viewer = await resolveViewer(db, request.query.ssoSession, 'sso', policy, clock());
      const inList = await toggle(requireMember(viewer), 'to_view_item', request.query);
      return ok({
        contentId: request.query.contentId,
        inToViewList: inList ? ('Y' as const) : ('N' as const),
      });
    },
  );

  api.post(
    siteCalls.updateFavorite,
    {
      schema: {
        tags,
        summary: 'Favorite toggle: actionType 1 adds, anything else removes',
        body: listToggleBodySchema,
        response: { 200: favoriteToggleReplySchema },
      },
    },
    async (request) => {
      const inList = await toggle(requireMember(request.viewer), 'favorite_item', request.body);
      return ok({
        contentId: request.body.contentId,
        inFavorite: inList ? ('Y' as const) : ('N' as const),
      });
    },
  );

  const present = <E>(listed: Listed<E>, extra: (row: TitleRow & E) => Partial<ListItem>) => ({
    isLogin: 'Y' as const,
    totalCount: listed.totalCount,
    recordCount: listed.rows.length,
    videoList: { video: listed.rows.map((row) => ({ ...toVideoListItem(row), ...extra(row) })) },
  });

  /** Play history, the same through ajaxFind{product}ListData and ajaxFindViewRecord. */
  const historyPage = async (
    uid: string,
    filter: ListFilter,
    page: { startIndex: number; maxRecord: number },
    period: { periodStartMonth?: string | undefined; periodEndMonth?: string | undefined },
  ) =>
    titles.pageJson(
      await viewHistory(db, uid, filter, page, period, clock()),
      filter,
      clock(),
      (r) => ({
        lastViewedAt: r.last_viewed_at,
        resumeContentId: r.last_content_id,
      }),
    );

  api.get(
    siteCalls.findVideoListData,
    {
      schema: {
        tags,
        summary: 'One of the personal lists, 20 a page (isLogin N when logged out)',
        querystring: listDataQuerySchema,
        response: { 200: listDataReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const viewer = request.viewer;
      if (!viewer) return ok(emptyList);
      const q = request.query;
      const uid = viewer.subAccount.sub_account_uid;
      const filter = listFilter(viewer, q.menuType, q.filterRestrict);
      const page = { startIndex: q.startIndex, maxRecord: q.maxRecord };
      switch (q.menuType) {
        case 'ToViewList':
        case 'MyFavorite':
          return sendJson(
            reply,
            await titles.pageJson(
              await membershipList(db, memberships[q.menuType], uid, filter, page, clock()),
              filter,
              clock(),
              (r) => ({ addedAt: r.added_at }),
            ),
          );
        case 'KeepWatch':
          return sendJson(
            reply,
            await titles.pageJson(
              await continueWatching(db, uid, filter, page, clock()),
              filter,
              clock(),
              (r) => ({
                resumeContentId: r.resume_content_id,
                positionSeconds: r.position_seconds,
              }),
            ),
          );
        case 'ViewRecord':
          return sendJson(reply, await historyPage(uid, filter, page, q));
        case 'FavoriteRecommend':
          return ok(present(await favoriteRecommend(db, uid, filter, page, clock()), () => ({})));
      }
    },
  );

  api.get(
    siteCalls.findVideoListCount,
    {
      schema: {
        tags,
        summary: 'How many titles each list holds',
        response: { 200: listCountReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const viewer = request.viewer;
      if (!viewer)
        return ok({
          isLogin: 'N' as const,
          keepWatchCount: 0,
          toViewListCount: 0,
          rentalListCount: 0,
          myFavoriteCount: 0,
        });
      const now = clock();
      // Continue watching, the to-view list and favorites share one filter (listFilter).
      const [counts, rentals] = await Promise.all([
        listCounts(db, viewer.subAccount.sub_account_uid, listFilter(viewer, 'KeepWatch'), now),
        rentalList(db, viewer.accountId, listFilter(viewer, 'Rental'), now),
      ]);
      return ok({
        isLogin: 'Y' as const,
        keepWatchCount: counts.keepWatch,
        toViewListCount: counts.toView,
        rentalListCount: rentals.length,
        myFavoriteCount: counts.favorite,
      });
    },
  );

  api.get(
    siteCalls.findRentalVideoList2,
    {
      schema: {
        tags,
        summary: "The account's rentals and purchases with state and expiry",
        querystring: rentalListQuerySchema,
        response: { 200: rentalListReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const viewer = request.viewer;
      if (!viewer) return ok({ isLogin: 'N' as const, totalCount: 0, videoList: { video: [] } });
      const rows = await rentalList(db, viewer.accountId, listFilter(viewer, 'Rental'), clock());
      const video = rows.map((r) => {
        const { stillUrl, brief, ...item } = toVideoListItem(r.title);
        return {
          ...item,
          ...(request.query.apiVersion === '2' ? { stillUrl, brief } : { stillUrl: '', brief: '' }),
          entitlementKind: r.kind,
          rentalState: r.state,
          expiresAt: r.expiresAt,
          expiryText: r.expiryText,
          durationText: durationText(r.title.duration_seconds),
        };
      });
      return ok({ isLogin: 'Y' as const, totalCount: video.length, videoList: { video } });
    },
  );

  api.get(
    siteCalls.findViewRecord,
    {
      schema: {
        tags,
        summary: 'Play history with an optional month period',
        querystring: viewRecordQuerySchema,
        response: { 200: listDataReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const viewer = request.viewer;
      if (!viewer) return ok(emptyList);
      const q = request.query;
      return sendJson(
        reply,
        await historyPage(
          viewer.subAccount.sub_account_uid,
          listFilter(viewer, 'ViewRecord'),
          q,
          q,
        ),
      );
    },
  );

  api.post(
    siteCalls.findViewRecord,
    {
      schema: {
        tags,
        summary: 'Delete a history record (deleteContentId, isSeries) and its positions',
        body: deleteViewRecordBodySchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      const viewer = requireMember(request.viewer);
      await deleteViewRecord(db, viewer.subAccount.sub_account_uid, request.body.deleteContentId);
      return ok({});
    },
  );

  api.post(
    siteCalls.saveWatchPosition,
    {
      schema: {
        tags,
        summary: 'Resume heartbeat (every 30 s, on pause, on leaving); an older seq never wins',
        body: saveWatchPositionBodySchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      const viewer = requireMember(request.viewer);
      const title = await visibleTitle(viewer, request.body.contentId);
      if (title.kind === 'series')
        throw new AppError('BAD_INPUT', [{ name: 'contentId', problem: 'series' }]);
      // History lists the movie or the series, so it keeps the series' audience for an episode.
      const listed = title.series_id ? await titles.title(title.series_id) : title;
      if (!listed) throw notFound();
      await heartbeats.save({
        subAccountUid: viewer.subAccount.sub_account_uid,
        contentId: title.content_id,
        titleId: listed.content_id,
        audience: audienceOf(listed),
        positionSeconds: request.body.positionSeconds,
        durationSeconds: request.body.durationSeconds,
        seq: request.body.seq,
        now: clock(),
      });
      return ok({});
    },
  );

  api.get(
    siteCalls.getWatchPosition,
    {
      schema: {
        tags,
        summary: 'Where to resume a movie, an episode, or a series (its last watched episode)',
        querystring: watchPositionQuerySchema,
        response: { 200: watchPositionReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const viewer = requireMember(request.viewer);
      const title = await visibleTitle(viewer, request.query.contentId);
      const point = await resumePoint(db, viewer.subAccount.sub_account_uid, title.content_id);
      return ok({
        contentId: title.content_id,
        resumeContentId: point?.content_id ?? title.content_id,
        positionSeconds: point && !point.finished ? point.position_seconds : 0,
        finished: point?.finished ? ('Y' as const) : ('N' as const),
      });
    },
  );

  api.post(
    siteCalls.removeKeepWatch,
    {
      schema: {
        tags,
        summary: 'Remove a title from continue watching (history keeps it)',
        body: removeKeepWatchBodySchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      const viewer = requireMember(request.viewer);
      await hideFromContinueWatching(db, viewer.subAccount.sub_account_uid, request.body.contentId);
      return ok({});
    },
  );
}
