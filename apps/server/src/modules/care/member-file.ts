import type { Kysely } from 'kysely';
import { CARE_FILE_PAGE_SIZE, type CareMemberFile } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { recordChange, type Actor } from '../audit/trail.js';
import { careAccount, careSessions, careSubAccounts } from '../accounts/care-reads.js';
import {
  careEntitlements,
  careLedger,
  careOrders,
  careRedemptions,
  careServices,
  careWallet,
} from '../commerce/care-reads.js';
import { careDevices } from '../devices/care-reads.js';
import type { StreamLeases } from '../devices/stream-leases.js';
import { careDraws } from '../engagement/care-reads.js';
import { recentPlaybackErrors } from '../telemetry/playback-errors.js';

/*
 * A member's file for customer care (issue 26 item 1; docs/adr/0052):
 * 1. One page of everything care is asked about, each part read through the module that owns
 *    it (accounts, devices, commerce, engagement, telemetry): this module owns no table.
 * 2. Read only: nothing here changes the member's data (expired viewing credit is counted out,
 *    not written off).
 * 3. An unknown account is 404, with nothing recorded; every file or page of one shown is an
 *    audit entry 'care.member.view' naming the account and the part, written before the reply
 *    leaves (a reply whose entry could not be written is not sent).
 * 4. No password, PIN or session hash, and no device id, is read into a reply.
 */

export interface CareDeps {
  db: Kysely<Database>;
  leases: StreamLeases;
}

const PLAYBACK_ERRORS_MAX = 20;
const DELETED_USER = '（已刪除的使用者）';

async function requireAccount(db: Kysely<Database>, accountId: string) {
  const account = await careAccount(db, accountId);
  if (!account) throw notFound('找不到這位會員，請確認會員編號。');
  return account;
}

/** Rule 3's entry. */
function recordView(
  db: Kysely<Database>,
  actor: Actor,
  accountId: string,
  part: object,
  now: number,
) {
  return recordChange(
    db,
    actor,
    { entity: 'care.member.view', entityId: accountId, before: null, after: { ...part } },
    now,
  );
}

export async function memberFile(
  deps: CareDeps,
  actor: Actor,
  accountId: string,
  now: number,
): Promise<CareMemberFile> {
  const { db } = deps;
  const account = await requireAccount(db, accountId);
  const [subAccounts, sessions, devices, entitlements, services, orders, wallet, ledger] =
    await Promise.all([
      careSubAccounts(db, accountId),
      careSessions(db, accountId, now),
      careDevices(db, deps.leases, accountId, now),
      careEntitlements(db, accountId, now),
      careServices(db, accountId, now),
      careOrders(db, accountId, 1, CARE_FILE_PAGE_SIZE),
      careWallet(db, accountId, now),
      careLedger(db, accountId, 1, CARE_FILE_PAGE_SIZE),
    ]);
  const [redemptions, draws, errors] = await Promise.all([
    careRedemptions(db, accountId),
    careDraws(db, accountId),
    recentPlaybackErrors(
      db,
      subAccounts.map((s) => s.subAccountUid),
      PLAYBACK_ERRORS_MAX,
    ),
  ]);
  const nickname = new Map(subAccounts.map((s) => [s.subAccountUid, s.nickname]));
  const nameOf = (uid: string) => nickname.get(uid) ?? DELETED_USER;
  await recordView(db, actor, accountId, { part: 'file' }, now);
  return {
    account,
    subAccounts,
    sessions: sessions.map(({ deviceId, ...session }) => ({
      ...session,
      deviceName: devices.nameOf(deviceId),
    })),
    devices: devices.devices,
    streams: devices.streams,
    entitlements: entitlements.items,
    entitlementTotal: entitlements.total,
    services,
    orders,
    wallet,
    ledger,
    redemptions,
    draws: draws.map(({ subAccountUid, ...draw }) => ({
      ...draw,
      nickname: nameOf(subAccountUid),
    })),
    playbackErrors: errors.map(({ subAccountUid, ...error }) => ({
      ...error,
      nickname: nameOf(subAccountUid),
    })),
  };
}

export async function memberOrders(
  deps: CareDeps,
  actor: Actor,
  accountId: string,
  page: number,
  now: number,
) {
  await requireAccount(deps.db, accountId);
  const orders = await careOrders(deps.db, accountId, page, CARE_FILE_PAGE_SIZE);
  await recordView(deps.db, actor, accountId, { part: 'orders', page }, now);
  return orders;
}

export async function memberLedger(
  deps: CareDeps,
  actor: Actor,
  accountId: string,
  page: number,
  now: number,
) {
  await requireAccount(deps.db, accountId);
  const ledger = await careLedger(deps.db, accountId, page, CARE_FILE_PAGE_SIZE);
  await recordView(deps.db, actor, accountId, { part: 'ledger', page }, now);
  return ledger;
}
