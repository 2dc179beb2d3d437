import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  bundleNextPlayQuerySchema,
  bundleNextPlayReplySchema,
  emptyReplySchema,
  findUxCategoryQuerySchema,
  findUxCategoryReplySchema,
  findVideoGroupQuerySchema,
  findVideoGroupReplySchema,
  headerDataReplySchema,
  headerVideoReplySchema,
  newIconHintReplySchema,
  nextOrPrevQuerySchema,
  nextOrPrevReplySchema,
  pageDataMainReplySchema,
  siteCalls,
  updateNewIconHintBodySchema,
  videoDetailQuerySchema,
  videoDetailReplySchema,
} from '@site/contract';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { AppError, notFound } from '../../http/errors.js';
import { videoDetail } from './detail.js';
import {
  episodesOf,
  findCuratedGroup,
  findUxCategory,
  groupTitles,
  groupsOfUxCategory,
} from './groups.js';
import { uxMenuList } from './menus.js';
import { toLinkedVideo, toVideoListItem } from './present.js';
import { filterTitles, mainCategoryMenu } from './queries.js';
import { dismissHint, newTitleHint } from './new-titles.js';
import { requireVisibleTitle, viewerScope } from './visibility.js';
import { requireMember } from '../accounts/access.js';

/** The site face's catalogue pages: home, header, groups, UX categories, details, episodes. */
export function registerCataloguePageRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  clock: () => number,
  trailerUrl: (clipId: string) => string,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalogue'];
  const scopeOf = (request: FastifyRequest) => viewerScope(request.viewer);

  const groupWithVideos = async (
    request: FastifyRequest,
    group: { group_id: string; name: string },
  ) => ({
    groupId: group.group_id,
    groupName: group.name,
    videoList: {
      video: (await groupTitles(db, group.group_id, scopeOf(request), clock())).map(toLinkedVideo),
    },
  });

  api.get(
    siteCalls.getPageDataMain,
    {
      schema: {
        tags,
        summary: 'The home page rows (the kid rows in kid mode)',
        response: { 200: pageDataMainReplySchema },
      },
    },
    async (request) => {
      const ux = scopeOf(request).kidsOnly ? 'ux-kids' : 'ux-home';
      const groups = await Promise.all(
        (await groupsOfUxCategory(db, ux)).map((g) => groupWithVideos(request, g)),
      );
      return ok({ groupList: { group: groups.filter((g) => g.videoList.video.length > 0) } });
    },
  );

  api.get(
    siteCalls.findVideoGroup,
    {
      schema: {
        tags,
        summary: 'A curated group and its titles',
        querystring: findVideoGroupQuerySchema,
        response: { 200: findVideoGroupReplySchema },
      },
    },
    async (request) => {
      const group = await findCuratedGroup(db, request.query.groupId);
      const { uxCategoryId } = request.query;
      if (!group || (uxCategoryId && group.ux_category_id !== uxCategoryId)) throw notFound();
      return ok(await groupWithVideos(request, group));
    },
  );

  api.get(
    siteCalls.findUxCategory,
    {
      schema: {
        tags,
        summary:
          'A UX category: its groups (paged by startIndex/count) and, with withRecommend, recommended titles',
        querystring: findUxCategoryQuerySchema,
        response: { 200: findUxCategoryReplySchema },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.uId && q.uId !== request.viewer?.subAccount.sub_account_uid)
        throw new AppError('FORBIDDEN');
      const scope = scopeOf(request);
      const category = await findUxCategory(db, q.categoryId);
      if (!category) throw notFound();
      if (scope.kidsOnly && !category.kid_safe) throw new AppError('FORBIDDEN');
      const groups = await groupsOfUxCategory(db, category.ux_category_id);
      const page = await Promise.all(
        groups.slice(q.startIndex, q.startIndex + q.count).map((g) => groupWithVideos(request, g)),
      );
      const recommend =
        q.withRecommend === 'Y'
          ? (
              await filterTitles(
                db,
                {
                  startIndex: 0,
                  maxRecord: 10,
                  orderBy: 'latest',
                  ...(category.main_category_id
                    ? { mainCategoryId: category.main_category_id }
                    : {}),
                },
                scope,
                clock(),
              )
            ).rows.map(toVideoListItem)
          : undefined;
      return ok({
        uxCategoryId: category.ux_category_id,
        uxCategoryName: category.name,
        totalGroups: groups.length,
        groupList: { group: page },
        ...(recommend ? { recommendList: { video: recommend } } : {}),
      });
    },
  );

  api.get(
    siteCalls.getHeaderDataMain,
    {
      schema: {
        tags,
        summary: 'Header menus (kid-safe entries in kid mode)',
        response: { 200: headerDataReplySchema },
      },
    },
    async (request) => {
      const kids = scopeOf(request).kidsOnly;
      const uxMenu = await uxMenuList(db, kids);
      const mainCategory = (await mainCategoryMenu(db)).filter(
        (m) => !kids || m.mainCategoryId === 'kids',
      );
      return ok({ uxMenuList: { uxMenu }, mainCategoryList: { mainCategory } });
    },
  );

  api.get(
    siteCalls.getHeaderVideo,
    {
      schema: {
        tags,
        summary: 'Featured titles for the header banner',
        response: { 200: headerVideoReplySchema },
      },
    },
    async (request) => {
      const group = scopeOf(request).kidsOnly ? 'kids-favourites' : 'editors-picks';
      return ok({
        videoList: {
          video: (await groupTitles(db, group, scopeOf(request), clock(), 5)).map(toLinkedVideo),
        },
      });
    },
  );

  api.get(
    siteCalls.findVideoDetail,
    {
      schema: {
        tags,
        summary: 'Everything the detail page shows; 404 when the pair does not belong together',
        querystring: videoDetailQuerySchema,
        response: { 200: videoDetailReplySchema },
      },
    },
    async (request) =>
      ok(
        await videoDetail(
          db,
          request.query.contentId,
          request.query.otherId,
          scopeOf(request),
          clock(),
          trailerUrl,
        ),
      ),
  );

  const visibleEpisode = (request: FastifyRequest, contentId: string) =>
    requireVisibleTitle(db, scopeOf(request), contentId, clock());

  api.get(
    siteCalls.findNextOrPrevVideo,
    {
      schema: {
        tags,
        summary: 'The episodes before and after an episode',
        querystring: nextOrPrevQuerySchema,
        response: { 200: nextOrPrevReplySchema },
      },
    },
    async (request) => {
      const title = await visibleEpisode(request, request.query.contentID);
      if (!title.series_id) return ok({ prev: null, next: null });
      const episodes = await episodesOf(db, title.series_id, scopeOf(request), clock());
      const at = episodes.findIndex((e) => e.content_id === title.content_id);
      const prev = episodes[at - 1];
      const next = episodes[at + 1];
      return ok({
        prev: prev ? toVideoListItem(prev) : null,
        next: next ? toVideoListItem(next) : null,
      });
    },
  );

  api.get(
    siteCalls.findBundleVideoListNextPlay,
    {
      schema: {
        tags,
        summary:
          'What plays after a title: the next episode, a series’ first episode, nothing after a movie',
        querystring: bundleNextPlayQuerySchema,
        response: { 200: bundleNextPlayReplySchema },
      },
    },
    async (request) => {
      const title = await visibleEpisode(request, request.query.twmContentId);
      const seriesId = title.kind === 'series' ? title.content_id : title.series_id;
      if (!seriesId) return ok({ nextPlay: null });
      const episodes = await episodesOf(db, seriesId, scopeOf(request), clock());
      const next =
        title.kind === 'series'
          ? episodes[0]
          : episodes[episodes.findIndex((e) => e.content_id === title.content_id) + 1];
      return ok({ nextPlay: next ? toVideoListItem(next) : null });
    },
  );

  api.get(
    siteCalls.checkNewIconHint,
    {
      schema: {
        tags,
        summary:
          'Whether to show the "new" badge: titles added since the sub-account last dismissed it',
        response: { 200: newIconHintReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const viewer = request.viewer;
      if (!viewer)
        return ok({ hintList: { hint: [{ hintId: 'newTitles', show: 'N' as const, count: 0 }] } });
      const uid = viewer.subAccount.sub_account_uid;
      const count = await newTitleHint(db, uid, viewerScope(viewer), clock());
      return ok({
        hintList: {
          hint: [{ hintId: 'newTitles', show: count > 0 ? ('Y' as const) : ('N' as const), count }],
        },
      });
    },
  );

  api.post(
    siteCalls.updateNewIconHint,
    {
      schema: {
        tags,
        summary: 'Mark the "new" badge as seen for this sub-account',
        body: updateNewIconHintBodySchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      const viewer = requireMember(request.viewer);
      await dismissHint(db, viewer.subAccount.sub_account_uid, request.body.hintId, clock());
      return ok({});
    },
  );
}
