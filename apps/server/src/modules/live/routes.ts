import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  LIVE_ENDED_CODE,
  LIVE_ENDED_MESSAGE,
  channelGroupListReplySchema,
  getLiveBookmarkBodySchema,
  guidePaths,
  insertLiveBookmarkBodySchema,
  insertLiveBookmarkReplySchema,
  liveBookmarkReplySchema,
  liveCalls,
  livePageQuerySchema,
  livePageReplySchema,
  siteCalls,
  switchChannelQuerySchema,
  switchChannelReplySchema,
  twitchContentQuerySchema,
  twitchContentReplySchema,
} from '@site/contract';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { ClientRateLimiter } from '../../lib/rate-limiter.js';
import { mediaUrl } from '../media/urls.js';
import type { BookmarkOutcome, LiveBookmarks } from './bookmarks.js';
import { channelVisibleTo } from './channel-rules.js';
import { GuideCache } from './guide-cache.js';
import { toChannelV2 } from './present.js';
import { channelGroups, listChannels, programmesBetween } from './queries.js';
import type { LiveService } from './service.js';
import { taipeiMidnight } from '../../taipei-time.js';
import { renderXmltv } from './xmltv.js';

const DAY = 86_400;

const guideQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(9).default(9),
});

export interface LiveRouteDeps {
  db: Kysely<Database>;
  clock: () => number;
  publicUrl: string;
  /** Qualifies channel ids in the XMLTV export (config XMLTV_ID_DOMAIN). */
  xmltvIdDomain: string;
  service: LiveService;
  bookmarks: LiveBookmarks;
  /** Bookmarks (plays) a member account may start per minute, counted in this process. */
  bookmarkLimitPerAccount: number;
}

/** Code 480 (HTTP 410 Gone): the live event has ended (SPEC §4, §8). */
function answerBookmark(reply: FastifyReply, outcome: BookmarkOutcome) {
  if (outcome.ended) {
    return reply
      .code(410)
      .send({ status: { code: LIVE_ENDED_CODE, message: LIVE_ENDED_MESSAGE }, data: {} });
  }
  return reply.send(ok({ bookmark_id: outcome.bookmarkId }));
}

/** The live page's calls (SPEC §7 "Live page calls") and the programme guide. */
export function registerLiveRoutes(app: FastifyInstance, deps: LiveRouteDeps): void {
  const { db, clock, publicUrl, xmltvIdDomain, service, bookmarks } = deps;
  // Each new play is a row: bounded per member account (its sub-accounts together) so that one
  // account cannot fill the table with made-up play ids (issue 20 item 8).
  const startsPerAccount = new ClientRateLimiter(
    { limit: deps.bookmarkLimitPerAccount, windowSeconds: 60, maxClients: 200_000 },
    clock,
  );
  const guides = new GuideCache(db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['live'];

  api.get(
    liveCalls.getLivePageData,
    {
      schema: {
        tags,
        summary:
          'Live page data: channels on air with their programme, the default channel, who asks',
        querystring: livePageQuerySchema,
        response: { 200: livePageReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(await service.pageData(request.viewer, request.query.channelId, clock()));
    },
  );

  api.get(
    liveCalls.switchChannel,
    {
      schema: {
        tags,
        summary: 'Switch channel: the stream (base64), the channel, its week of programmes, ads',
        querystring: switchChannelQuerySchema,
        response: { 200: switchChannelReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return ok(
        await service.switchChannel(
          request.viewer,
          request.query.channelId,
          clock(),
          request.protocol,
        ),
      );
    },
  );

  api.get(
    liveCalls.findTwitchContentData,
    {
      schema: {
        tags,
        summary: 'The Twitch embed of a channel whose content comes from Twitch',
        querystring: twitchContentQuerySchema,
        response: { 200: twitchContentReplySchema },
      },
    },
    async (request) =>
      ok(await service.twitchContent(request.query.channelId, request.viewer, request.hostname)),
  );

  api.post(
    liveCalls.getLiveBookmark,
    {
      schema: {
        tags,
        summary:
          'Bookmark on first play (one per member, channel and playId): data.bookmark_id; code 480 once the live event has ended',
        body: getLiveBookmarkBodySchema,
        response: { 200: liveBookmarkReplySchema },
      },
    },
    async (request, reply) => {
      const { channelId, playId = '' } = request.body;
      const viewer = request.viewer;
      if (viewer && !startsPerAccount.hit(viewer.accountId)) throw startsPerAccount.refusal();
      const channel = await service.requireChannel(channelId, viewer);
      return answerBookmark(reply, await bookmarks.start(channel, viewer, playId, clock()));
    },
  );

  api.post(
    liveCalls.insertLiveBookmark,
    {
      schema: {
        tags,
        summary: 'Bookmark every 30 s while playing, on pause and on error; code 480 once ended',
        body: insertLiveBookmarkBodySchema,
        response: { 200: insertLiveBookmarkReplySchema },
      },
    },
    async (request, reply) => {
      const { channelId, bookmarkId, reason } = request.body;
      const channel = await service.requireChannel(channelId, request.viewer);
      const outcome = await bookmarks.touch(channel, request.viewer, bookmarkId, reason, clock());
      if (outcome.ended) return answerBookmark(reply, outcome);
      return reply.send(ok({}));
    },
  );

  api.get(
    siteCalls.findChannelGroupList,
    {
      schema: {
        tags,
        summary: 'The tabbed channel-group grid of the live page',
        response: { 200: channelGroupListReplySchema },
      },
    },
    async (request, reply) => {
      const now = clock();
      const viewer = request.viewer;
      // A kid's grid holds kid channels only, and no group left empty by that (docs/adr/0028).
      const groups = (await channelGroups(db))
        .map((group) => ({
          ...group,
          channels: group.channels.filter((c) => channelVisibleTo(c, viewer)),
        }))
        .filter((group) => !viewer?.kidMode || group.channels.length > 0);
      reply.header('cache-control', 'private, no-store');
      return ok({
        channelGroupList: {
          channelGroup: groups.map((group) => ({
            channelGroupId: group.channelGroupId,
            channelGroupTitle: group.title,
            channelV2List: { channelV2: group.channels.map((c) => toChannelV2(c, now)) },
          })),
        },
      });
    },
  );

  api.get(
    guidePaths.xmltv,
    {
      schema: {
        tags,
        summary:
          'Programme guide (XMLTV) from yesterday (Taipei) for `days` days (default 9: to a week ahead)',
        querystring: guideQuerySchema,
        produces: ['application/xml'],
      },
    },
    async (request, reply) => {
      const from = taipeiMidnight(clock()) - DAY;
      const to = from + request.query.days * DAY;
      const body = await guides.get(`${from}:${to}`, async () => {
        const [channels, programmes] = await Promise.all([
          listChannels(db),
          programmesBetween(db, from, to),
        ]);
        return renderXmltv(
          channels,
          programmes,
          (p) => publicUrl + p,
          (c) => mediaUrl(c.pic_path),
          xmltvIdDomain,
        );
      });
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(body);
    },
  );
}
