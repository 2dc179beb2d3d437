import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DeviceGate } from '../accounts/login.js';
import type { AccountLimits } from './limits.js';
import { admitDevice } from './registered-devices.js';
import { StreamLeases } from './stream-leases.js';

export { registerDeviceRoutes } from './routes.js';
export { registerGatewayDeviceRoutes } from './gateway-routes.js';
export { StreamLeases, type Playing, type Streamer } from './stream-leases.js';
export { streamerOf } from './streamer.js';

/** The devices module (docs/adr/0042): the login's device gate and the stream leases. */
export function createDevices(
  db: Kysely<Database>,
  defaults: AccountLimits,
  renewEverySeconds: number,
) {
  const gate: DeviceGate = {
    admit: (input) =>
      admitDevice(db, {
        accountId: input.accountId,
        claim: { deviceId: input.deviceId, face: input.face, userAgent: input.userAgent },
        removeDeviceKey: input.removeDeviceKey,
        defaults,
        now: input.now,
      }),
  };
  return { gate, leases: new StreamLeases(db, defaults, renewEverySeconds), defaults };
}
