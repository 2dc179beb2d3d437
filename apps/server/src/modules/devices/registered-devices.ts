import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { RegisteredDevice } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { endSessionsOfDevice } from '../accounts/sessions.js';
import { deviceContext } from '../device/device-type.js';
import { accountLimits, lockAccount, type AccountLimits } from './limits.js';

/** last_seen_at is written at most this often. */
const TOUCH_EVERY_SECONDS = 300;

export const newDeviceKey = () => crypto.randomBytes(12).toString('base64url');

/** A device as it asks to be registered: its id, and what its user agent says it is. */
export interface DeviceClaim {
  deviceId: string;
  /** 'web': a browser's deviceId cookie; 'app': the app install's id. */
  face: 'web' | 'app';
  userAgent: string | undefined;
}

/** 'Chrome（Windows）', 'App（iPhone）': what the member sees until renaming it. */
export function agentName(claim: DeviceClaim): { name: string; deviceType: string } {
  const context = deviceContext(claim.userAgent);
  if (claim.face === 'app')
    return { name: `App（${context.deviceType}）`, deviceType: context.deviceType };
  const browser = context.browser || '瀏覽器';
  const name = context.os ? `${browser}（${context.os}）` : browser;
  return { name: name.slice(0, 60), deviceType: context.deviceType };
}

/**
 * Admits a device at login or sign-up (docs/adr/0042): a registered one is welcome back; a new one
 * is registered while the account has fewer than its limit, else refused with DEVICE_LIMIT and the
 * registered devices, so the member can name one to remove (`removeDeviceKey`, sent with the
 * password again). Counted under the account's lock, so logins at once never pass the limit.
 */
export async function admitDevice(
  db: Kysely<Database>,
  input: {
    accountId: string;
    claim: DeviceClaim;
    removeDeviceKey?: string | undefined;
    defaults: AccountLimits;
    now: number;
  },
): Promise<void> {
  const { accountId, claim, now } = input;
  const limits = await accountLimits(db, accountId, input.defaults, now);
  await db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    const known = await trx
      .updateTable('registered_device')
      .set({ last_seen_at: now })
      .where('account_id', '=', accountId)
      .where('device_id', '=', claim.deviceId)
      .returning('device_key')
      .executeTakeFirst();
    if (known) return;
    if (input.removeDeviceKey) await removeDeviceIn(trx, accountId, input.removeDeviceKey, now);
    const count = await trx
      .selectFrom('registered_device')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= limits.maxDevices) {
      const devices = await devicesOf(trx, accountId, null, now);
      throw new AppError('DEVICE_LIMIT', undefined, undefined, undefined, {
        maxDevices: limits.maxDevices,
        devices,
      });
    }
    const { name, deviceType } = agentName(claim);
    await trx
      .insertInto('registered_device')
      .values({
        device_key: newDeviceKey(),
        account_id: accountId,
        device_id: claim.deviceId,
        custom_name: null,
        agent_name: name,
        device_type: deviceType,
        registered_at: now,
        last_seen_at: now,
      })
      .execute();
  });
}

/** The account's devices, most recently used first; `current` marks the asking device. */
export async function devicesOf(
  db: Kysely<Database>,
  accountId: string,
  currentDeviceId: string | null,
  now: number,
): Promise<RegisteredDevice[]> {
  const rows = await db
    .selectFrom('registered_device as d')
    .select([
      'd.device_key',
      'd.device_id',
      'd.custom_name',
      'd.agent_name',
      'd.device_type',
      'd.registered_at',
      'd.last_seen_at',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('stream_lease as l')
            .select('l.stream_id')
            .whereRef('l.account_id', '=', 'd.account_id')
            .whereRef('l.device_id', '=', 'd.device_id')
            .where('l.ended_at', 'is', null)
            .where('l.expires_at', '>', now),
        )
        .as('playing'),
    )
    .where('d.account_id', '=', accountId)
    .orderBy('d.last_seen_at', 'desc')
    .orderBy('d.device_key')
    .execute();
  return rows.map((r) => ({
    deviceKey: r.device_key,
    name: r.custom_name ?? r.agent_name,
    deviceType: r.device_type,
    registeredAt: Number(r.registered_at),
    lastSeenAt: Number(r.last_seen_at),
    current: r.device_id === currentDeviceId ? 'Y' : 'N',
    playing: r.playing ? 'Y' : 'N',
  }));
}

export async function renameDevice(
  db: Kysely<Database>,
  accountId: string,
  deviceKey: string,
  name: string,
): Promise<void> {
  const renamed = await db
    .updateTable('registered_device')
    .set({ custom_name: name })
    .where('account_id', '=', accountId)
    .where('device_key', '=', deviceKey)
    .executeTakeFirst();
  if (Number(renamed.numUpdatedRows) === 0) throw noSuchDevice();
}

/**
 * Removes a device of the account: its sessions end and its streams stop at once. A key of
 * another account's device is answered as a missing one. Returns the removed device's id.
 */
export async function removeDevice(
  db: Kysely<Database>,
  accountId: string,
  deviceKey: string,
  now: number,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId);
    return removeDeviceIn(trx, accountId, deviceKey, now);
  });
}

async function removeDeviceIn(
  trx: Transaction<Database>,
  accountId: string,
  deviceKey: string,
  now: number,
): Promise<string> {
  const removed = await trx
    .deleteFrom('registered_device')
    .where('account_id', '=', accountId)
    .where('device_key', '=', deviceKey)
    .returning('device_id')
    .executeTakeFirst();
  if (!removed) throw noSuchDevice();
  await endSessionsOfDevice(trx, accountId, removed.device_id);
  await trx
    .updateTable('stream_lease')
    .set({ ended_at: now, end_reason: 'removed' })
    .where('account_id', '=', accountId)
    .where('device_id', '=', removed.device_id)
    .where('ended_at', 'is', null)
    .execute();
  return removed.device_id;
}

/** Keeps last use current for devices whose sessions outlive a login (at most every 5 minutes). */
export async function touchDevice(
  db: Kysely<Database>,
  accountId: string,
  deviceId: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('registered_device')
    .set({ last_seen_at: now })
    .where('account_id', '=', accountId)
    .where('device_id', '=', deviceId)
    .where('last_seen_at', '<', now - TOUCH_EVERY_SECONDS)
    .execute();
}

const noSuchDevice = () => notFound('找不到這部裝置，可能已被移除。');
