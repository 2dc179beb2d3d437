import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { requireOwner, requireOwnerPassword, type OwnerProof } from './guards.js';
import { endSessionsOfSubAccount, rotateSessionToken, setSessionSubAccount } from './sessions.js';
import {
  MAX_SUB_ACCOUNTS,
  deleteSubAccount,
  listSubAccounts,
  requireOwnSubAccount,
  toSubAccount,
  updateSubAccount,
  type SubAccountChanges,
} from './sub-accounts.js';
import { viewerOf, type Viewer } from './viewer.js';

/** What the sub-account calls of the site face do (sub-account-routes.ts registers them). */
export interface SubAccountDeps {
  db: Kysely<Database>;
  config: Config;
  clock: () => number;
}

/** Every sub-account of the account, the one in use, and how many there may be. */
export async function subAccountListData(db: Kysely<Database>, viewer: Viewer) {
  return {
    subAccountList: {
      subAccount: (await listSubAccounts(db, viewer.accountId)).map(toSubAccount),
    },
    currentSubaccountID: viewer.subAccount.sub_account_uid,
    maxSubAccounts: MAX_SUB_ACCOUNTS,
  };
}

/**
 * Switches the session to another sub-account of the account; leaving for an adult one needs
 * the owner. Another profile, another session token (and so another CSRF token): a token read
 * while in one profile (a kid's) does not act in the next (ADR 0006). Answers the viewer now and
 * the new token, which the caller sets as the session cookie.
 */
export async function switchSubAccount(
  { db, config, clock }: SubAccountDeps,
  viewer: Viewer,
  body: OwnerProof & { newSubaccountID: string },
) {
  const target = await requireOwnSubAccount(db, viewer.accountId, body.newSubaccountID);
  if (target.kidmode !== '1') await requireOwner(db, viewer, body, config, clock());
  await setSessionSubAccount(db, viewer.sessionHash, target.sub_account_uid);
  const rotated = await rotateSessionToken(db, viewer.sessionHash);
  const sessionHash = rotated ? rotated.hash : viewer.sessionHash;
  return {
    viewer: viewerOf(viewer.accountId, target, sessionHash, viewer.sessionKind, viewer.deviceId),
    rotated,
  };
}

/** Changes a sub-account; turning the adult filter off needs the password again. */
export async function changeSubAccount(
  { db, config, clock }: SubAccountDeps,
  viewer: Viewer,
  body: OwnerProof & { newSubaccountID: string; password?: string } & SubAccountChanges,
) {
  const { newSubaccountID, password, ownerPassword, ownerPin, ...changes } = body;
  await requireOwner(db, viewer, { ownerPassword, ownerPin }, config, clock());
  const row = await requireOwnSubAccount(db, viewer.accountId, newSubaccountID);
  const turnsFilterOff = changes.filterRestrict === 'N' && row.filter_restrict !== 'N';
  if (turnsFilterOff && (changes.kidmode ?? row.kidmode) !== '1') {
    if (!password)
      throw new AppError('FORBIDDEN', undefined, '關閉限制級內容過濾需要重新輸入密碼。');
    await requireOwnerPassword(db, viewer.accountId, password, config, clock());
  }
  return updateSubAccount(db, row, changes);
}

/** Deletes a sub-account, never the primary one nor the one in use, and ends its sessions. */
export async function removeSubAccount(
  { db, config, clock }: SubAccountDeps,
  viewer: Viewer,
  body: OwnerProof & { newSubaccountID: string },
): Promise<void> {
  await requireOwner(db, viewer, body, config, clock());
  const row = await requireOwnSubAccount(db, viewer.accountId, body.newSubaccountID);
  if (row.is_primary) throw new AppError('BAD_INPUT', undefined, '主帳號不能刪除。');
  if (row.sub_account_uid === viewer.subAccount.sub_account_uid) {
    throw new AppError('CONFLICT', undefined, '請先切換到其他子帳號，再刪除這個子帳號。');
  }
  await deleteSubAccount(db, row);
  await endSessionsOfSubAccount(db, row.sub_account_uid);
}
