import type { Kysely, Selectable, Transaction } from 'kysely';
import type { SubAccount } from '@site/contract';
import type { Database, SubAccountTable } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { iconOf } from './icons.js';
import { newId } from './tokens.js';

export const MAX_SUB_ACCOUNTS = 5;

export type SubAccountRow = Selectable<SubAccountTable>;

export function toSubAccount(row: SubAccountRow): SubAccount {
  return {
    subAccountUid: row.sub_account_uid,
    nickname: row.nickname,
    kidmode: row.kidmode === '1' ? '1' : '0',
    iconIdx: row.icon_idx,
    ...iconOf(row.icon_idx),
    isPrimary: row.is_primary ? 'Y' : 'N',
    filterRestrict: row.filter_restrict === 'N' ? 'N' : 'Y',
  };
}

export async function listSubAccounts(
  db: Kysely<Database>,
  accountId: string,
): Promise<SubAccountRow[]> {
  return db
    .selectFrom('sub_account')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('slot')
    .execute();
}

/**
 * A sub-account of this account, or 404. Every call naming a sub-account goes through here, so a
 * foreign id is indistinguishable from an unknown one.
 */
export async function requireOwnSubAccount(
  db: Kysely<Database>,
  accountId: string,
  subAccountUid: string,
): Promise<SubAccountRow> {
  const row = await db
    .selectFrom('sub_account')
    .selectAll()
    .where('sub_account_uid', '=', subAccountUid)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', undefined, '找不到這個子帳號。');
  return row;
}

export interface NewSubAccount {
  nickname: string;
  iconIdx: number;
  kidmode: '0' | '1';
  isPrimary?: boolean;
}

/**
 * Takes the lowest free slot. Two concurrent creates may pick the same slot: the unique
 * (account, slot) constraint refuses one, which then retries the next slot, so the limit of five
 * holds on both databases without locks.
 */
export async function createSubAccount(
  db: Kysely<Database> | Transaction<Database>,
  accountId: string,
  input: NewSubAccount,
  now: number,
): Promise<SubAccountRow> {
  for (let attempt = 0; attempt < MAX_SUB_ACCOUNTS * 2; attempt += 1) {
    const taken = new Set(
      (
        await db
          .selectFrom('sub_account')
          .select('slot')
          .where('account_id', '=', accountId)
          .execute()
      ).map((r) => r.slot),
    );
    const slot = [1, 2, 3, 4, 5].find((n) => !taken.has(n));
    if (slot === undefined) {
      throw new AppError(
        'CONFLICT',
        undefined,
        `每個帳號最多只能有 ${MAX_SUB_ACCOUNTS} 個子帳號。`,
      );
    }
    const row: SubAccountRow = {
      sub_account_uid: newId('U'),
      account_id: accountId,
      slot,
      nickname: input.nickname,
      kidmode: input.kidmode,
      icon_idx: input.iconIdx,
      is_primary: input.isPrimary ? 1 : 0,
      // Kids always filter restricted titles; adults start filtered too and may switch it off.
      filter_restrict: 'Y',
      created_at: now,
    };
    const inserted = await db
      .insertInto('sub_account')
      .values(row)
      .onConflict((oc) => oc.columns(['account_id', 'slot']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return row;
  }
  throw new AppError('CONFLICT');
}

export interface SubAccountChanges {
  nickname?: string | undefined;
  iconIdx?: number | undefined;
  kidmode?: '0' | '1' | undefined;
  filterRestrict?: 'Y' | 'N' | undefined;
}

export async function updateSubAccount(
  db: Kysely<Database>,
  row: SubAccountRow,
  changes: SubAccountChanges,
): Promise<SubAccountRow> {
  const kidmode = changes.kidmode ?? row.kidmode;
  if (row.is_primary && kidmode === '1') {
    throw new AppError('BAD_INPUT', undefined, '主帳號不能設為兒童模式。');
  }
  const next: SubAccountRow = {
    ...row,
    nickname: changes.nickname ?? row.nickname,
    icon_idx: changes.iconIdx ?? row.icon_idx,
    kidmode,
    // The filter is locked on for kids (SPEC §6).
    filter_restrict: kidmode === '1' ? 'Y' : (changes.filterRestrict ?? row.filter_restrict),
  };
  await db
    .updateTable('sub_account')
    .set({
      nickname: next.nickname,
      icon_idx: next.icon_idx,
      kidmode: next.kidmode,
      filter_restrict: next.filter_restrict,
    })
    .where('sub_account_uid', '=', row.sub_account_uid)
    .execute();
  return next;
}

export async function deleteSubAccount(db: Kysely<Database>, row: SubAccountRow): Promise<void> {
  if (row.is_primary) throw new AppError('BAD_INPUT', undefined, '主帳號不能刪除。');
  await db.deleteFrom('sub_account').where('sub_account_uid', '=', row.sub_account_uid).execute();
}
