import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { deviceCalls } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { registerCall } from '../accounts/calls.js';
import type { AccountLimits } from './limits.js';
import { deviceOverview } from './overview.js';
import { removeDevice, renameDevice } from './registered-devices.js';
import type { StreamLeases } from './stream-leases.js';
import { streamerOf } from './streamer.js';

export interface DeviceRouteDeps {
  db: Kysely<Database>;
  clock: () => number;
  leases: StreamLeases;
  defaults: AccountLimits;
}

/** The account centre's devices and the refusal's 「停止該裝置播放」 (contract registered-devices.ts). */
export function registerDeviceRoutes(app: FastifyInstance, deps: DeviceRouteDeps): void {
  const { db, clock, leases } = deps;

  registerCall(app, deviceCalls.findDeviceList, async (_, { viewer, request }) =>
    deviceOverview(deps, viewer.accountId, streamerOf(viewer, request).deviceId, clock()),
  );

  registerCall(app, deviceCalls.renameDevice, async (body, { viewer }) => {
    await renameDevice(db, viewer.accountId, body.deviceKey, body.name);
    return {};
  });

  registerCall(app, deviceCalls.removeDevice, async (body, { viewer, request, reply }) => {
    const removed = await removeDevice(db, viewer.accountId, body.deviceKey, clock());
    // Removing the device in hand ends this session too: the browser is told so.
    if (removed === streamerOf(viewer, request).deviceId) reply.endSession();
    return {};
  });

  registerCall(app, deviceCalls.stopStream, async (body, { viewer }) => {
    await leases.stop(viewer.accountId, body.streamId, clock());
    return {};
  });
}
