import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { devicesOf } from './registered-devices.js';
import type { StreamLeases } from './stream-leases.js';

/**
 * An account's registered devices and the streams playing now, for customer care (issue 26 item
 * 1, docs/adr/0052); `nameOf` names the device a session was opened on. The device id (the
 * cookie's or the app's) never leaves this module.
 */
export async function careDevices(
  db: Kysely<Database>,
  leases: StreamLeases,
  accountId: string,
  now: number,
) {
  const [devices, streams, names] = await Promise.all([
    devicesOf(db, accountId, null, now),
    leases.active(db, accountId, null, now),
    db
      .selectFrom('registered_device')
      .select(['device_id', 'custom_name', 'agent_name'])
      .where('account_id', '=', accountId)
      .execute(),
  ]);
  const byId = new Map(names.map((n) => [n.device_id, n.custom_name ?? n.agent_name]));
  return {
    devices: devices.map((d) => ({
      deviceKey: d.deviceKey,
      name: d.name,
      deviceType: d.deviceType,
      registeredAt: d.registeredAt,
      lastSeenAt: d.lastSeenAt,
      playing: d.playing === 'Y',
    })),
    streams: streams.map((s) => ({
      deviceName: s.deviceName,
      playing: s.playing,
      startedAt: s.startedAt,
    })),
    nameOf: (deviceId: string | null) => (deviceId === null ? null : (byId.get(deviceId) ?? null)),
  };
}
