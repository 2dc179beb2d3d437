import type { Kysely } from 'kysely';
import { needsSecondFactor, type StaffSelf } from '@site/contract/console';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { decoyHash, verifyPassword } from '../accounts/password.js';
import { hitRateLimit } from '../accounts/rate-limit.js';
import { ThrottledError, admit, clearBucket, passwordPolicy } from '../accounts/throttle.js';
import { findStaffByEmail, rolesOf, selfOf, type StaffRow } from './members.js';
import { acceptedStep, enrolmentUri, newTotpSecret } from './second-factor.js';
import { endStaffSession, startStaffSession, type StaffSessionPolicy } from './sessions.js';

export interface SignInDeps {
  db: Kysely<Database>;
  config: Config;
  policy: StaffSessionPolicy;
  now: number;
}

export type SignInResult = {
  session: { token: string; expiresAt: number };
} & (
  | { step: 'done'; staff: StaffSelf }
  | { step: 'code' }
  | { step: 'enrol'; enrolment: { secret: string; uri: string } }
);

let decoy: Promise<string> | undefined;

/**
 * Staff sign-in, step one (docs/adr/0036): attempts limited per address, wrong passwords slowed
 * per e-mail (the members' throttle rules, in buckets of their own); an unknown e-mail, a wrong
 * password and a disabled member get the same answer in the same time. Roles that need a second
 * factor get a pending session that opens nothing until the authenticator's code is given; the
 * first time, a new secret to enrol.
 */
export async function signIn(
  { db, config, policy, now }: SignInDeps,
  input: { email: string; password: string; ip: string },
): Promise<SignInResult> {
  const allowed = await hitRateLimit(
    db,
    `staff-sign-in:ip:${input.ip}`,
    config.RATE_LIMIT_LOGIN_PER_IP,
    config.RATE_LIMIT_WINDOW_SECONDS,
    now,
  );
  if (!allowed) throw new AppError('TOO_MANY_REQUESTS', undefined, '嘗試次數過多，請稍後再試。');
  const bucket = `staff-sign-in:${input.email}`;
  const admission = await admit(db, bucket, passwordPolicy(config), now);
  if (!admission.admitted) throw new ThrottledError(admission.waitSeconds, '登入失敗');
  const member = await findStaffByEmail(db, input.email);
  decoy ??= decoyHash(config.PASSWORD_SCRYPT_COST);
  const passwordOk = await verifyPassword(input.password, member?.password_hash ?? (await decoy));
  if (!member || !passwordOk || member.disabled === 1) throw new AppError('STAFF_SIGN_IN_FAILED');
  await clearBucket(db, bucket);

  if (!needsSecondFactor(rolesOf(member))) {
    await db
      .updateTable('staff_member')
      .set({ last_sign_in_at: now })
      .where('staff_id', '=', member.staff_id)
      .execute();
    const session = await startStaffSession(db, member.staff_id, true, policy, now);
    return { step: 'done', staff: selfOf(member), session };
  }
  const session = await startStaffSession(db, member.staff_id, false, policy, now);
  if (member.totp_enrolled_at !== null && member.totp_secret) return { step: 'code', session };
  // Not enrolled yet: a new secret each time, so one shown and abandoned is never the one kept.
  const secret = newTotpSecret();
  await db
    .updateTable('staff_member')
    .set({ totp_secret: secret })
    .where('staff_id', '=', member.staff_id)
    .where('totp_enrolled_at', 'is', null)
    .execute();
  return { step: 'enrol', enrolment: { secret, uri: enrolmentUri(secret, member.email) }, session };
}

/**
 * Step two: the authenticator's code. Codes are slowed per member like passwords; a code's time
 * step is stored by a conditional update, so of two requests with one code only one gets in.
 * The first good code enrols the secret. The pending session is swapped for a new one, so a
 * token seen before the second factor never becomes a full session.
 */
export async function giveSecondFactor(
  { db, config, policy, now }: SignInDeps,
  signingIn: { member: StaffRow; sessionHash: string },
  code: string,
): Promise<{ staff: StaffSelf; session: { token: string; expiresAt: number } }> {
  const { member } = signingIn;
  const bucket = `staff-code:${member.staff_id}`;
  const admission = await admit(db, bucket, passwordPolicy(config), now);
  if (!admission.admitted) throw new ThrottledError(admission.waitSeconds, '驗證碼錯誤');
  const step =
    member.totp_secret &&
    acceptedStep(member.totp_secret, member.email, code, member.totp_last_step, now);
  if (!step) throw new AppError('STAFF_CODE_INVALID');
  const taken = await db
    .updateTable('staff_member')
    .set((eb) => ({
      totp_last_step: step,
      totp_enrolled_at: eb.fn.coalesce('totp_enrolled_at', eb.val(now)),
      last_sign_in_at: now,
    }))
    .where('staff_id', '=', member.staff_id)
    .where('totp_secret', '=', member.totp_secret)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new AppError('STAFF_CODE_INVALID');
  await clearBucket(db, bucket);
  await endStaffSession(db, signingIn.sessionHash);
  const session = await startStaffSession(db, member.staff_id, true, policy, now);
  return { staff: selfOf(member), session };
}
