import type { Kysely } from 'kysely';
import { PASSWORD_RESET_MINUTES } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import { hashPassword } from './password.js';
import { hitRateLimit } from './rate-limit.js';
import { endAllSessions } from './sessions.js';
import { newToken, tokenHash } from './tokens.js';

export interface PasswordResetDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  publicUrl: string;
  passwordCost: number;
  /** Reset mails per login id and per address, in an hour. */
  perLoginId: number;
  perIp: number;
}

const HOUR = 3600;

/**
 * 忘記密碼 (issue 23): mails a single-use link valid 30 minutes to the account of the login id:
 * to the id itself when it is an e-mail address, else to the account's e-mail on file (the
 * account centre's, migration 0028), if it has one. The caller answers the same whatever
 * happens here (no account, a phone-number id without an e-mail, a limit reached), so the reply
 * tells nobody whether an id is registered. A new link replaces the older ones. Requests are
 * limited per id and per address; they never touch the account's password or login throttle,
 * so asking for someone else's reset cannot lock them out.
 */
export async function requestPasswordReset(
  deps: PasswordResetDeps,
  input: { loginId: string; ip: string },
  now: number,
): Promise<void> {
  const { db } = deps;
  const ipAllowed = await hitRateLimit(db, `reset:ip:${input.ip}`, deps.perIp, HOUR, now);
  const idAllowed =
    ipAllowed && (await hitRateLimit(db, `reset:id:${input.loginId}`, deps.perLoginId, HOUR, now));
  if (!idAllowed) return;
  const account = await db
    .selectFrom('account')
    .select(['account_id', 'email'])
    .where('login_id', '=', input.loginId)
    .executeTakeFirst();
  // An e-mail login id is mailed; a phone-number login id only when an e-mail is on file.
  const to = input.loginId.includes('@') ? input.loginId : account?.email;
  if (!account || !to) return;
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_reset').where('account_id', '=', account.account_id).execute();
    await trx
      .insertInto('password_reset')
      .values({
        token_hash: tokenHash(token),
        account_id: account.account_id,
        created_at: now,
        expires_at: now + PASSWORD_RESET_MINUTES * 60,
        used_at: null,
      })
      .execute();
  });
  const link = `${deps.publicUrl}/reset-password?token=${token}`;
  await deps.mailer.send({
    to,
    subject: '重設您的星河影音密碼',
    text: [
      '您好：',
      '',
      '我們收到了重設您星河影音帳號密碼的申請。請在 30 分鐘內開啟以下連結設定新密碼：',
      '',
      link,
      '',
      '這個連結只能使用一次。如果您沒有申請重設密碼，請忽略這封信，您的密碼不會改變。',
      '',
      '星河影音',
    ].join('\n'),
  });
}

/**
 * Sets a new password with a reset token: taken once by a conditional update (two requests with
 * one link: one wins), refused when expired or replaced; every session and app token of the
 * account ends, and the password's login throttle with them.
 */
export async function resetPassword(
  deps: Pick<PasswordResetDeps, 'db' | 'passwordCost'>,
  input: { token: string; newPassword: string },
  now: number,
): Promise<void> {
  const hash = tokenHash(input.token);
  const live = await deps.db
    .selectFrom('password_reset')
    .select('account_id')
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!live) throw new AppError('RESET_LINK_INVALID');
  // Hashed before the transaction, so no write lock waits on scrypt.
  const passwordHash = await hashPassword(input.newPassword, deps.passwordCost);
  await deps.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('password_reset')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('account_id')
      .executeTakeFirst();
    if (!taken) throw new AppError('RESET_LINK_INVALID');
    await trx
      .updateTable('account')
      .set({ password_hash: passwordHash, password_changed_at: now })
      .where('account_id', '=', taken.account_id)
      .execute();
    await endAllSessions(trx, taken.account_id);
  });
}
