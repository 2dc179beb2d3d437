import type { Kysely } from 'kysely';
import { KID_CATEGORY_ID } from '@site/contract';
import type { LoginInfo } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { iconOf } from './icons.js';
import { listSubAccounts } from './sub-accounts.js';
import type { Viewer } from './viewer.js';

/** The session context of SPEC §3 (accountID, uId, kidMode, kidModeCategoryId, deviceType, ts). */
export function loginInfo(viewer: Viewer | null, deviceType: string, now: number): LoginInfo {
  return {
    isLogin: viewer ? 'Y' : 'N',
    accountID: viewer?.accountId ?? '',
    uId: viewer?.subAccount.sub_account_uid ?? '',
    nickname: viewer?.subAccount.nickname ?? '',
    kidMode: viewer?.kidMode ? '1' : '0',
    kidModeCategoryId: KID_CATEGORY_ID,
    deviceType,
    ts: now,
  };
}

/** ab***@example.com, 09****5678: enough for the owner to recognise, not enough to harvest. */
export function maskLoginId(loginId: string): string {
  const at = loginId.indexOf('@');
  if (at > 0) return `${loginId.slice(0, Math.min(2, at))}***${loginId.slice(at)}`;
  return `${loginId.slice(0, 2)}****${loginId.slice(-4)}`;
}

/** The header's sub-account: nickname, icon and kid mode. */
export function headerMemberInfo(viewer: Viewer) {
  return {
    isLogin: 'Y' as const,
    nickname: viewer.subAccount.nickname,
    ...iconOf(viewer.subAccount.icon_idx),
    kidMode: viewer.kidMode ? ('1' as const) : ('0' as const),
  };
}

/** The header's account: the login id masked and how many sub-accounts it has. */
export async function headerAccountInfo(db: Kysely<Database>, accountId: string) {
  const account = await db
    .selectFrom('account')
    .select('login_id')
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  const subAccounts = await listSubAccounts(db, accountId);
  return {
    isLogin: 'Y' as const,
    loginIdMasked: maskLoginId(account.login_id),
    subAccountCount: subAccounts.length,
  };
}
