import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { authenticate, badCredentials } from './members.js';
import { knownDevice, type KnownDevice } from './known-devices.js';
import { hitRateLimit } from './rate-limit.js';
import { createSession, type SessionKind, type SessionPolicy } from './sessions.js';
import { listSubAccounts, type SubAccountRow } from './sub-accounts.js';
import { ThrottledError, admit, clearBucket, passwordPolicy } from './throttle.js';
import { tokenHash } from './tokens.js';
import { viewerOf, type Viewer } from './viewer.js';

export interface LoginDeps {
  db: Kysely<Database>;
  config: Config;
  clock: () => number;
  policy: SessionPolicy;
  devices: DeviceGate;
}

/**
 * Where a login's device is admitted (the devices module, docs/adr/0042): a registered device is
 * welcomed back, a new one registered within the account's limit, else refused with DEVICE_LIMIT
 * unless the member names one to remove.
 */
export interface DeviceGate {
  admit(input: {
    accountId: string;
    deviceId: string;
    face: 'web' | 'app';
    userAgent: string | undefined;
    removeDeviceKey?: string | undefined;
    now: number;
  }): Promise<void>;
}

export const tooManyAttempts = () =>
  new AppError('TOO_MANY_REQUESTS', undefined, '嘗試次數過多，請稍後再試。');

/**
 * The login check both faces share (docs/adr/0017). Attempts are limited per client IP in a
 * fixed window; wrong passwords are counted per login id, or, from a browser that has logged in
 * to this account before (its known-device cookie), per that browser, so a stranger's failures
 * never keep the member out of it. A success clears its bucket. Returns the account's
 * sub-accounts, primary first, and the known device when the cookie named one of this account.
 */
export async function checkLogin(
  { db, config, clock }: LoginDeps,
  input: { loginId: string; password: string; ip: string; knownDeviceToken?: string | undefined },
): Promise<{
  accountId: string;
  primary: SubAccountRow;
  subAccountCount: number;
  knownDevice: KnownDevice | undefined;
}> {
  const now = clock();
  const ipAllowed = await hitRateLimit(
    db,
    `login:ip:${input.ip}`,
    config.RATE_LIMIT_LOGIN_PER_IP,
    config.RATE_LIMIT_WINDOW_SECONDS,
    now,
  );
  if (!ipAllowed) throw tooManyAttempts();
  const device = await deviceOfLogin(db, input.loginId, input.knownDeviceToken, now);
  const bucket = device ? `login-device:${device.hash}` : `login:${input.loginId}`;
  const admission = await admit(db, bucket, passwordPolicy(config), now);
  if (!admission.admitted) throw new ThrottledError(admission.waitSeconds, '登入失敗');
  const member = await authenticate(db, input.loginId, input.password, config.PASSWORD_SCRYPT_COST);
  await clearBucket(db, bucket);
  const subAccounts = await listSubAccounts(db, member.accountId);
  const primary = subAccounts.find((s) => s.is_primary);
  if (!primary) throw badCredentials();
  return {
    accountId: member.accountId,
    primary,
    subAccountCount: subAccounts.length,
    knownDevice: device,
  };
}

/** The known device of the cookie, when it belongs to the account of this login id. */
async function deviceOfLogin(
  db: Kysely<Database>,
  loginId: string,
  token: string | undefined,
  now: number,
): Promise<KnownDevice | undefined> {
  const device = await knownDevice(db, token, now);
  if (!device) return undefined;
  const account = await db
    .selectFrom('account')
    .select('account_id')
    .where('login_id', '=', loginId)
    .executeTakeFirst();
  return account?.account_id === device.accountId ? device : undefined;
}

/** A new session (a new token every time) on a sub-account, and the viewer it makes. */
export async function openSession(
  { db, clock, policy }: LoginDeps,
  input: {
    kind: SessionKind;
    accountId: string;
    subAccount: SubAccountRow;
    deviceType: string;
    /** The registered device (docs/adr/0042). */
    deviceId: string | null;
  },
): Promise<{ token: string; expiresAt: number; viewer: Viewer }> {
  const { token, expiresAt } = await createSession(
    db,
    {
      kind: input.kind,
      accountId: input.accountId,
      subAccountUid: input.subAccount.sub_account_uid,
      deviceType: input.deviceType,
      deviceId: input.deviceId,
    },
    policy,
    clock(),
  );
  const viewer = viewerOf(
    input.accountId,
    input.subAccount,
    tokenHash(token),
    input.kind,
    input.deviceId,
  );
  return { token, expiresAt, viewer };
}
