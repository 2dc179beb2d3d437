import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  deviceListReplySchema,
  emptyReplySchema,
  gatewayDevicePaths,
  gatewayRemoveDeviceBodySchema,
  gatewayRenameDeviceBodySchema,
  gatewayStartStreamBodySchema,
  gatewayStreamBodySchema,
  gatewaySsoBodySchema,
  streamLeaseReplySchema,
} from '@site/contract';
import type { Database } from '../../db/schema.js';
import { ok } from '../../http/envelope.js';
import { AppError, notFound } from '../../http/errors.js';
import { requireAdult } from '../accounts/access.js';
import type { SessionPolicy } from '../accounts/sessions.js';
import { resolveViewer, type Viewer } from '../accounts/viewer.js';
import type { AccountLimits } from './limits.js';
import { deviceOverview } from './overview.js';
import { removeDevice, renameDevice } from './registered-devices.js';
import type { StreamLeases } from './stream-leases.js';
import { streamerOf } from './streamer.js';

export interface GatewayDeviceRouteDeps {
  db: Kysely<Database>;
  clock: () => number;
  policy: SessionPolicy;
  leases: StreamLeases;
  defaults: AccountLimits;
  /** Whether the viewer may play a channel now (the live module's right). */
  channelPlays: (channelId: string, viewer: Viewer) => Promise<boolean>;
  /**
   * The title the viewer may play now (the playback module's right, which refuses otherwise);
   * handed in by the app, as the channel's right is, since playback sits below devices.
   */
  titlePlays: (contentId: string, viewer: Viewer, now: number) => Promise<string>;
}

/**
 * The apps' devices and streams (issue 23 item 5; DESIGN §4: signed with chl/chk by the gateway's
 * client check, the viewer named by ssoSession). An app asks StartStream when it plays, renews
 * with RenewStream every 30 s and ends with StopStream; the web gets the same leases through the
 * play right, its heartbeats and bookmarks.
 */
export function registerGatewayDeviceRoutes(
  app: FastifyInstance,
  deps: GatewayDeviceRouteDeps,
): void {
  const { db, clock, policy, leases } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['gateway'];
  const viewerOf = async (ssoSession: string) => {
    const viewer = await resolveViewer(db, ssoSession, 'sso', policy, clock());
    if (!viewer) throw new AppError('NOT_LOGGED_IN');
    return viewer;
  };

  api.post(
    gatewayDevicePaths.findDeviceList,
    {
      schema: {
        tags,
        summary: "The account's registered devices and the streams playing now",
        body: gatewaySsoBodySchema,
        response: { 200: deviceListReplySchema },
      },
    },
    async (request, reply) => {
      const viewer = requireAdult(await viewerOf(request.body.ssoSession), 'devices');
      const overview = await deviceOverview(
        deps,
        viewer.accountId,
        streamerOf(viewer).deviceId,
        clock(),
      );
      reply.header('cache-control', 'no-store');
      return ok(overview);
    },
  );

  api.post(
    gatewayDevicePaths.renameDevice,
    {
      schema: {
        tags,
        summary: 'Rename a registered device',
        body: gatewayRenameDeviceBodySchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      const viewer = requireAdult(await viewerOf(request.body.ssoSession), 'devices');
      await renameDevice(db, viewer.accountId, request.body.deviceKey, request.body.name);
      return ok({});
    },
  );

  api.post(
    gatewayDevicePaths.removeDevice,
    {
      schema: {
        tags,
        summary: 'Remove a registered device: its sessions and streams end',
        body: gatewayRemoveDeviceBodySchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      const viewer = requireAdult(await viewerOf(request.body.ssoSession), 'devices');
      await removeDevice(db, viewer.accountId, request.body.deviceKey, clock());
      return ok({});
    },
  );

  api.post(
    gatewayDevicePaths.startStream,
    {
      schema: {
        tags,
        summary:
          'Take a stream lease for a title (its play right) or a channel; STREAM_LIMIT with the streams playing',
        body: gatewayStartStreamBodySchema,
        response: { 200: streamLeaseReplySchema },
      },
    },
    async (request, reply) => {
      const { ssoSession, contentId, channelId } = request.body;
      const viewer = await viewerOf(ssoSession);
      const now = clock();
      let playing: { kind: 'title' | 'channel'; id: string };
      if (contentId !== undefined) {
        playing = { kind: 'title', id: await deps.titlePlays(contentId, viewer, now) };
      } else {
        const id = channelId ?? '';
        if (!(await deps.channelPlays(id, viewer))) {
          throw notFound('這個頻道現在無法在這部裝置播放。');
        }
        playing = { kind: 'channel', id };
      }
      const lease = await leases.start(streamerOf(viewer), playing, now);
      reply.header('cache-control', 'no-store');
      return ok({ ...lease, renewEverySeconds: 30 });
    },
  );

  api.post(
    gatewayDevicePaths.renewStream,
    {
      schema: {
        tags,
        summary: 'Renew a stream lease (every 30 s); STREAM_STOPPED once another device stopped it',
        body: gatewayStreamBodySchema,
        response: { 200: streamLeaseReplySchema },
      },
    },
    async (request, reply) => {
      const { ssoSession, streamId } = request.body;
      const viewer = await viewerOf(ssoSession);
      const { expiresAt } = await leases.renew(streamerOf(viewer), streamId, clock());
      reply.header('cache-control', 'no-store');
      return ok({ streamId, expiresAt, renewEverySeconds: 30 });
    },
  );

  api.post(
    gatewayDevicePaths.stopStream,
    {
      schema: {
        tags,
        summary:
          "Stop a stream of the account: the app's own when it stops playing, or another device's (「停止該裝置播放」)",
        body: gatewayStreamBodySchema,
        response: { 200: emptyReplySchema },
      },
    },
    async (request) => {
      const { ssoSession, streamId } = request.body;
      const viewer = await viewerOf(ssoSession);
      await leases.stop(viewer.accountId, streamId, clock());
      return ok({});
    },
  );
}
