import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contentBriefReplySchema,
  findContentBriefQuerySchema,
  findUxCharacterReplySchema,
  findUxTopMenuReplySchema,
  findVideoListQuerySchema,
  findVideoListReplySchema,
  gatewayCalls,
  gatewaySignedQuerySchema,
  mainCategoryMenuQuerySchema,
  mainCategoryMenuReplySchema,
} from '@site/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';

type FindVideoListData = z.infer<typeof findVideoListReplySchema>['data'];
import type { Database } from '../../db/schema.js';
import { ok, okSerialized, sendSerialized, type SerializedEnvelope } from '../../http/envelope.js';
import type { CacheBus } from '../../lib/cache-bus.js';
import { ReadCache } from '../../lib/read-cache.js';
import { AppError } from '../../http/errors.js';
import type { SessionPolicy } from '../accounts/sessions.js';
import { resolveViewer, type Viewer } from '../accounts/viewer.js';
import { playAppLink } from './app-link.js';
import { charactersWithTitles, findVideoList } from './gateway-queries.js';
import { uxMenuList } from './menus.js';
import { toVideoListItem } from './present.js';
import { mainCategoryMenu } from './queries.js';
import { mainCategoryFor, requireVisibleTitle, viewerScope } from './visibility.js';

export interface CatalogueGatewayDeps {
  db: Kysely<Database>;
  clock: () => number;
  policy: SessionPolicy;
  /**
   * Whether a title is in the sub-account's to-view list (the lists module's table; the app
   * wires it, so the catalogue does not import the lists, which import the catalogue).
   */
  inToViewList: (subAccountUid: string, contentId: string) => Promise<boolean>;
  /** How long a Find{product}List reply is served from memory (CATALOGUE_CACHE_SECONDS). */
  cacheSeconds: number;
  /** Drops the cached lists when the catalogue changes on any instance. */
  caches: CacheBus;
}

/** The apps' catalogue calls. The viewer is the ssoSession's; uId may only repeat it. */
export function registerCatalogueGatewayRoutes(
  app: FastifyInstance,
  deps: CatalogueGatewayDeps,
): void {
  const { db, clock, policy } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['gateway'];
  // The apps ask for the same catalogue pages over and over; the catalogue changes rarely.
  const videoLists = new ReadCache<SerializedEnvelope<FindVideoListData>>(deps.cacheSeconds, clock);
  deps.caches.onChange('catalogue', () => videoLists.clear());

  const viewerOf = async (ssoSession: string | undefined, uId = ''): Promise<Viewer | null> => {
    const viewer = ssoSession ? await resolveViewer(db, ssoSession, 'sso', policy, clock()) : null;
    if (ssoSession && !viewer) throw new AppError('NOT_LOGGED_IN');
    if (uId && uId !== viewer?.subAccount.sub_account_uid) throw new AppError('FORBIDDEN');
    return viewer;
  };

  api.get(
    gatewayCalls.findVideoList,
    {
      schema: {
        tags,
        summary: 'Titles for the apps; every parameter narrows or orders (ADR 0010)',
        querystring: findVideoListQuerySchema,
        response: { 200: findVideoListReplySchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const scope = viewerScope(await viewerOf(q.ssoSession, q.uId));
      // The reply depends on the session's scope and the catalogue parameters, not on who signed
      // the request or when, nor on which session (beyond its scope) asked.
      const { chl: _chl, chk: _chk, ts: _ts, ssoSession: _sso, uId: _uId, ...params } = q;
      const key = JSON.stringify([scope, params]);
      const body = await videoLists.get(key, async () => {
        const { totalCount, rows } = await findVideoList(db, q, scope, clock());
        const video = rows.map((row) => {
          const { stillUrl, brief, ...v1 } = toVideoListItem(row);
          return {
            ...v1,
            ...(q.apiVersion === '2' ? { stillUrl, brief } : {}),
            ...(q.showHighlight === 'Y' ? { highlight: highlightOf(row.synopsis) } : {}),
            playAppLink: playAppLink(row.content_id, q.devType),
          };
        });
        return okSerialized({ totalCount, recordCount: video.length, videoList: { video } });
      });
      return sendSerialized(reply, body);
    },
  );

  api.get(
    gatewayCalls.findVideoContentBrief,
    {
      schema: {
        tags,
        summary: 'Login state, to-view state, price, trailer and app link of a title',
        querystring: findContentBriefQuerySchema,
        response: { 200: contentBriefReplySchema },
      },
    },
    async (request) => {
      const q = request.query;
      const viewer = await viewerOf(q.ssoSession);
      const title = await requireVisibleTitle(db, viewerScope(viewer), q.contentId, clock());
      return ok({
        isLogin: viewer ? ('Y' as const) : ('N' as const),
        inToViewList:
          viewer && (await deps.inToViewList(viewer.subAccount.sub_account_uid, title.content_id))
            ? ('Y' as const)
            : ('N' as const),
        dtrPrice: q.isFree === 'Y' ? 0 : title.dtr_price,
        hasTrailer: title.trailer_clip_id ? ('Y' as const) : ('N' as const),
        playAppLink: playAppLink(title.content_id, q.devType),
      });
    },
  );

  api.get(
    gatewayCalls.findUxTopMenu,
    {
      schema: {
        tags,
        summary: 'The top menu (kid-safe entries only in kid mode)',
        querystring: gatewaySignedQuerySchema,
        response: { 200: findUxTopMenuReplySchema },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request.query.ssoSession);
      const kids = viewerScope(viewer).kidsOnly || request.query.kidMode === '1';
      return ok({ uxMenuList: { uxMenu: await uxMenuList(db, kids) } });
    },
  );

  api.get(
    gatewayCalls.findUxCharacter,
    {
      schema: {
        tags,
        summary: 'People (characters) with how many visible titles each has',
        querystring: gatewaySignedQuerySchema,
        response: { 200: findUxCharacterReplySchema },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request.query.ssoSession);
      const scope = viewerScope(viewer);
      const kids = scope.kidsOnly || request.query.kidMode === '1';
      const character = await charactersWithTitles(db, { ...scope, kidsOnly: kids }, clock());
      return ok({ characterList: { character } });
    },
  );

  api.get(
    gatewayCalls.findMainCategoryMenu3,
    {
      schema: {
        tags,
        summary: 'Main categories with subcategories (the kid category only in kid mode)',
        querystring: gatewaySignedQuerySchema.extend(mainCategoryMenuQuerySchema.shape),
        response: { 200: mainCategoryMenuReplySchema },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request.query.ssoSession);
      const kidsOnly = viewerScope(viewer).kidsOnly || request.query.kidMode === '1';
      const mainCategoryId = mainCategoryFor({ kidsOnly }, request.query.mainCategoryId);
      return ok({ mainCategoryList: { mainCategory: await mainCategoryMenu(db, mainCategoryId) } });
    },
  );
}

/** The second sentence of the synopsis: the hook after the title's introduction. */
function highlightOf(synopsis: string): string {
  const sentences = synopsis.split('。').filter(Boolean);
  return `${sentences[1] ?? sentences[0] ?? ''}。`;
}
