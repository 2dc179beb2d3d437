import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { authenticate, badCredentials } from './members.js';
import { clearRateLimit, hitRateLimit } from './rate-limit.js';
import { createSession, type SessionKind, type SessionPolicy } from './sessions.js';
import { listSubAccounts, type SubAccountRow } from './sub-accounts.js';
import { tokenHash } from './tokens.js';
import { viewerOf, type Viewer } from './viewer.js';

export interface LoginDeps {
  db: Kysely<Database>;
  config: Config;
  clock: () => number;
  policy: SessionPolicy;
}

export const tooManyAttempts = () =>
  new AppError('TOO_MANY_REQUESTS', undefined, '嘗試次數過多，請稍後再試。');

/**
 * The login check both faces share: throttled per client IP and per login id (a success clears
 * the id's count), then the password. Returns the account's sub-accounts, primary first.
 */
export async function checkLogin(
  { db, config, clock }: LoginDeps,
  input: { loginId: string; password: string; ip: string },
): Promise<{ accountId: string; primary: SubAccountRow; subAccountCount: number }> {
  const window = config.RATE_LIMIT_WINDOW_SECONDS;
  const idBucket = `login:id:${input.loginId}`;
  const ipAllowed = await hitRateLimit(
    db,
    `login:ip:${input.ip}`,
    config.RATE_LIMIT_LOGIN_PER_IP,
    window,
    clock(),
  );
  const idAllowed = await hitRateLimit(
    db,
    idBucket,
    config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
    window,
    clock(),
  );
  if (!ipAllowed || !idAllowed) throw tooManyAttempts();
  const member = await authenticate(db, input.loginId, input.password, config.PASSWORD_SCRYPT_COST);
  await clearRateLimit(db, idBucket);
  const subAccounts = await listSubAccounts(db, member.accountId);
  const primary = subAccounts.find((s) => s.is_primary);
  if (!primary) throw badCredentials();
  return { accountId: member.accountId, primary, subAccountCount: subAccounts.length };
}

/** A new session (a new token every time) on a sub-account, and the viewer it makes. */
export async function openSession(
  { db, clock, policy }: LoginDeps,
  input: { kind: SessionKind; accountId: string; subAccount: SubAccountRow; deviceType: string },
): Promise<{ token: string; expiresAt: number; viewer: Viewer }> {
  const { token, expiresAt } = await createSession(
    db,
    {
      kind: input.kind,
      accountId: input.accountId,
      subAccountUid: input.subAccount.sub_account_uid,
      deviceType: input.deviceType,
    },
    policy,
    clock(),
  );
  const viewer = viewerOf(input.accountId, input.subAccount, tokenHash(token), input.kind);
  return { token, expiresAt, viewer };
}
