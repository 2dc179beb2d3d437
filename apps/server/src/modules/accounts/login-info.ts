import type { LoginInfo } from '@site/contract';
import { KID_CATEGORY_ID } from '../catalogue/kid-category.js';
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
