import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  LIVE_ENDED_CODE,
  LIVE_ENDED_MESSAGE,
  getLiveBookmarkBodySchema,
  guidePaths,
  insertLiveBookmarkBodySchema,
  insertLiveBookmarkReplySchema,
  liveBookmarkReplySchema,
  liveCalls,
  livePageCalls,
} from '@site/contract';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import type { RateLimiters } from '../../lib/rate-limiter.js';
import { registerCall } from '../accounts/calls.js';
import { streamerOf, type StreamLeases } from '../devices/index.js';
import { mediaUrl } from '../media/urls.js';
import type { BookmarkOutcome, LiveBookmarks } from './bookmarks.js';
import { GuideCache } from './guide-cache.js';
import { listChannels, programmesBetween } from './queries.js';
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
  limiters: RateLimiters;
  /** A member's live play holds a stream lease, renewed by its bookmarks (docs/adr/0042). */
  leases: StreamLeases;
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

/**
 * The live page's calls (SPEC §7 "Live page calls"; contract live.ts `livePageCalls`, over
 * service.ts) and the programme guide.
 */
export function registerLiveRoutes(app: FastifyInstance, deps: LiveRouteDeps): void {
  const { db, clock, publicUrl, xmltvIdDomain, service, bookmarks } = deps;
  // Each new play is a row: bounded per member account (its sub-accounts together) so that one
  // account cannot fill the table with made-up play ids (issue 20 item 8).
  const startsPerAccount = deps.limiters.create('live-bookmark', {
    limit: deps.bookmarkLimitPerAccount,
    windowSeconds: 60,
    maxClients: 200_000,
  });
  const guides = new GuideCache(db);
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['live'];

  registerCall(app, livePageCalls.getLivePageData, async (q, { viewer }) =>
    service.pageData(viewer, q.channelId, clock()),
  );
  registerCall(app, livePageCalls.switchChannel, async (q, { viewer, request }) => {
    const data = await service.switchChannel(viewer, q.channelId, clock(), request.protocol);
    if (!viewer || data.videoUrl === '') return data;
    const playing = { kind: 'channel' as const, id: q.channelId };
    const { streamId } = await deps.leases.start(streamerOf(viewer, request), playing, clock());
    return { ...data, streamId };
  });
  registerCall(app, livePageCalls.findTwitchContentData, async (q, { viewer, request }) =>
    service.twitchContent(q.channelId, viewer, request.hostname),
  );
  registerCall(app, livePageCalls.findChannelGroupList, async (_, { viewer }) =>
    service.channelGroupList(viewer, clock()),
  );

  // The bookmark calls answer 410 (code 480) once the live event has ended: their own routes.
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
      if (viewer && !(await startsPerAccount.hit(viewer.accountId)))
        throw startsPerAccount.refusal();
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
      const { channelId, bookmarkId, reason, streamId } = request.body;
      const viewer = request.viewer;
      const channel = await service.requireChannel(channelId, viewer);
      if (viewer && streamId)
        await deps.leases.renew(streamerOf(viewer, request), streamId, clock());
      const outcome = await bookmarks.touch(channel, viewer, bookmarkId, reason, clock());
      if (outcome.ended) return answerBookmark(reply, outcome);
      return reply.send(ok({}));
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
