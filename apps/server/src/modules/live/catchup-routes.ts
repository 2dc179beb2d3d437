import type { FastifyInstance } from 'fastify';
import { catchupPageCalls } from '@site/contract';
import { registerCall } from '../accounts/calls.js';
import { streamerOf, type StreamLeases } from '../devices/index.js';
import type { CatchupService } from './catchup-service.js';

export interface CatchupRouteDeps {
  clock: () => number;
  service: CatchupService;
  /** A member's programme play holds a stream lease, renewed by its position heartbeats (docs/adr/0042). */
  leases: StreamLeases;
}

/**
 * Start over and catch-up calls (issue 24; contract catchup.ts `catchupPageCalls`, over
 * catchup-service.ts): validate → call → reply.
 */
export function registerCatchupRoutes(app: FastifyInstance, deps: CatchupRouteDeps): void {
  const { clock, service, leases } = deps;

  registerCall(app, catchupPageCalls.findCatchupProgramList, async (q, { viewer }) =>
    service.programList(viewer, q.channelId, clock()),
  );
  registerCall(app, catchupPageCalls.getProgramPlay, async (q, { viewer, request }) => {
    const now = clock();
    const data = await service.play(viewer, q.channelId, q.programStart, now, request.protocol);
    if (!viewer) return data;
    // As switch-channel: the play counts against the account's streams (STREAM_LIMIT refuses).
    const playing = { kind: 'channel' as const, id: q.channelId };
    const { streamId } = await leases.start(streamerOf(viewer, request), playing, now);
    return { ...data, streamId };
  });
  registerCall(app, catchupPageCalls.saveProgramPosition, async (body, { viewer, request }) => {
    const { streamId, ...beat } = body;
    const now = clock();
    // The position is kept even when the stream was stopped: the refusal only stops the player.
    const [saved, renewed] = await Promise.allSettled([
      service.savePosition(viewer, beat, now),
      streamId && leases.renew(streamerOf(viewer, request), streamId, now),
    ]);
    if (saved.status === 'rejected') throw saved.reason;
    if (renewed.status === 'rejected') throw renewed.reason;
    return {};
  });
  registerCall(app, catchupPageCalls.findProgramHistoryList, async (_, { viewer }) =>
    service.history(viewer, clock()),
  );
}
