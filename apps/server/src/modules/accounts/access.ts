import type { KidRefusal } from '@site/contract';
import { AppError } from '../../http/errors.js';
import type { Viewer } from './viewer.js';

/**
 * Who may call what on the customers' face: the one place each right is decided (issue 21).
 * Anyone may call a public call; a member is a signed-in session; an adult member is one not in
 * kid mode. Owner proofs (a kid acting with the parent's password or PIN) are guards.ts.
 */
export function requireMember(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError('NOT_LOGGED_IN');
  return viewer;
}

/**
 * What a kid sub-account is refused, in words a parent can act on (ADR 0007, 0021, 0026, 0028):
 * each names what kid mode cannot do here.
 */
export const KID_REFUSALS = {
  purchase: '兒童模式無法購買或訂閱，請切換到一般使用者後再試。',
  redeem: '兒童模式無法兌換序號，請切換為一般使用者後再試。',
  draw: '兒童模式無法參加抽獎，請切換為一般使用者後再試。',
  inbox: '兒童模式沒有收件匣，請切換為一般使用者後查看訊息。',
  binding: '兒童模式下不能綁定帳號。',
  kidPin: '兒童模式下不能設定 PIN 碼。',
  password: '兒童模式下不能變更密碼。',
  devices: '兒童模式下不能管理裝置，請切換為一般使用者後再試。',
  account: '兒童模式無法開啟帳戶設定，請切換為一般使用者後再試。',
} as const satisfies Record<KidRefusal, string>;

/** A member not in kid mode; a kid sub-account gets 403 FORBIDDEN saying what it may not do. */
export function requireAdult(viewer: Viewer | null, refused: KidRefusal): Viewer {
  const member = requireMember(viewer);
  if (member.kidMode) throw new AppError('FORBIDDEN', undefined, KID_REFUSALS[refused]);
  return member;
}
