import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { accountLimits, type AccountLimits } from './limits.js';
import { devicesOf } from './registered-devices.js';
import type { StreamLeases } from './stream-leases.js';

/** What the account centre and the apps show: the limits, the devices, the streams playing now. */
export async function deviceOverview(
  deps: { db: Kysely<Database>; leases: StreamLeases; defaults: AccountLimits },
  accountId: string,
  currentDeviceId: string | null,
  now: number,
) {
  const { db, leases, defaults } = deps;
  const [limits, devices, streams] = await Promise.all([
    accountLimits(db, accountId, defaults, now),
    devicesOf(db, accountId, currentDeviceId, now),
    leases.active(db, accountId, currentDeviceId, now),
  ]);
  return { ...limits, devices, streams };
}
