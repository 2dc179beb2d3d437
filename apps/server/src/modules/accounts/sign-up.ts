import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { SIGN_UP_CONFIRM_MINUTES, pageRoutes } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Mailer } from '../mail/mailer.js';
import type { SmsSender } from '../sms/sms-sender.js';
import { createAccount, type Member } from './members.js';
import { hashPassword } from './password.js';
import { hitRateLimit } from './rate-limit.js';
import type { SubAccountRow } from './sub-accounts.js';
import { newId, newToken, tokenHash } from './tokens.js';

export interface SignUpDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  sms: SmsSender;
  publicUrl: string;
  passwordCost: number;
  /** Confirmations sent per login id in an hour. */
  perLoginId: number;
  /** Wrong tries of one SMS code before it is spent. */
  codeAttempts: number;
}

const HOUR = 3600;

export type SentBy = 'email' | 'sms';

export const sentByOf = (loginId: string): SentBy => (loginId.includes('@') ? 'email' : 'sms');

/** The SMS code's stored hash: bound to its confirmation, so equal codes hash apart. */
const codeHash = (confirmationId: string, code: string) => tokenHash(`${confirmationId}:${code}`);

const sixDigits = () => crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');

/**
 * Sign-up's first step (docs/adr/0044). Whatever the id, the caller answers the same and this
 * does the same work: hash the password, store a confirmation (replacing the id's older ones),
 * send one message. For a new id the message holds the link (e-mail) or the 6-digit code (SMS)
 * that creates the account; for a taken id it says someone tried to register with it and points
 * to 忘記密碼, and its stored confirmation holds a secret nobody was sent, so a guessed code
 * fails exactly as a wrong one does for a new id. Over the per-id limit nothing is sent.
 */
export async function requestSignUp(
  deps: SignUpDeps,
  input: { loginId: string; password: string },
  now: number,
): Promise<SentBy> {
  const { db } = deps;
  const sentBy = sentByOf(input.loginId);
  const passwordHash = await hashPassword(input.password, deps.passwordCost);
  if (!(await hitRateLimit(db, `signup:id:${input.loginId}`, deps.perLoginId, HOUR, now)))
    return sentBy;
  const taken = await db
    .selectFrom('account')
    .select('account_id')
    .where('login_id', '=', input.loginId)
    .executeTakeFirst();
  const confirmationId = newId('C');
  const token = newToken();
  const code = sixDigits();
  // A taken id's secret is the random token (an SMS code could never match it); nobody gets it.
  const secretHash = sentBy === 'sms' && !taken ? codeHash(confirmationId, code) : tokenHash(token);
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('sign_up_confirmation')
      .where('login_id', '=', input.loginId)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('sign_up_confirmation')
      .values({
        confirmation_id: confirmationId,
        login_id: input.loginId,
        secret_hash: secretHash,
        password_hash: passwordHash,
        created_at: now,
        expires_at: now + SIGN_UP_CONFIRM_MINUTES * 60,
        used_at: null,
      })
      .execute();
  });
  const resetLink = `${deps.publicUrl}${pageRoutes.forgotPassword}`;
  if (sentBy === 'email') {
    await deps.mailer.send(
      taken
        ? {
            to: input.loginId,
            subject: '有人嘗試以您的電子郵件註冊星河影音',
            text: [
              '您好：',
              '',
              '剛才有人以這個電子郵件地址申請註冊星河影音，但這個地址已經是星河影音的會員帳號，所以沒有建立新帳號。',
              '',
              '如果是您本人，請直接登入；忘記密碼可以在這裡重設：',
              '',
              resetLink,
              '',
              '如果不是您，請忽略這封信，您的帳號與密碼不會改變。',
              '',
              '星河影音',
            ].join('\n'),
          }
        : {
            to: input.loginId,
            subject: '請確認您的星河影音註冊',
            text: [
              '您好：',
              '',
              `感謝您註冊星河影音。請在 ${SIGN_UP_CONFIRM_MINUTES} 分鐘內開啟以下連結完成註冊：`,
              '',
              `${deps.publicUrl}${pageRoutes.confirmSignUp}?token=${token}`,
              '',
              '這個連結只能使用一次。如果您沒有申請註冊，請忽略這封信，不會建立任何帳號。',
              '',
              '星河影音',
            ].join('\n'),
          },
    );
  } else {
    await deps.sms.send({
      to: input.loginId,
      text: taken
        ? `【星河影音】有人以此手機號碼申請註冊，但它已是會員帳號。忘記密碼請至 ${resetLink} 重設；若非本人請忽略。`
        : `【星河影音】您的註冊驗證碼為 ${code}，${SIGN_UP_CONFIRM_MINUTES} 分鐘內有效。請勿將驗證碼告訴任何人。`,
    });
  }
  return sentBy;
}

type NewMember = { member: Member; primary: SubAccountRow };

/**
 * Sign-up's second step by the e-mail link: the confirmation is taken by a conditional update
 * (of many uses at once one wins) and the account created in the same transaction. Used,
 * expired, replaced, unknown, or a taken id's: SIGNUP_LINK_INVALID, nothing created.
 */
export async function confirmSignUpByLink(
  db: Kysely<Database>,
  token: string,
  now: number,
): Promise<NewMember> {
  const created = await takeAndCreate(db, { secretHash: tokenHash(token) }, now);
  if (!created) throw new AppError('SIGNUP_LINK_INVALID');
  return created;
}

/**
 * Sign-up's second step by the SMS code. Every try first spends one of the confirmation's
 * attempts in a conditional update, so however many arrive at once no more than `codeAttempts`
 * are ever compared; then the code is compared, and a match takes the confirmation as the link
 * does. No live confirmation (none, expired, spent, replaced): SIGNUP_CODE_EXPIRED.
 */
export async function confirmSignUpByCode(
  deps: Pick<SignUpDeps, 'db' | 'codeAttempts'>,
  input: { loginId: string; code: string },
  now: number,
): Promise<NewMember> {
  const { db } = deps;
  const live = await db
    .selectFrom('sign_up_confirmation')
    .select('confirmation_id')
    .where('login_id', '=', input.loginId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('confirmation_id')
    .executeTakeFirst();
  if (!live) throw new AppError('SIGNUP_CODE_EXPIRED');
  const tried = await db
    .updateTable('sign_up_confirmation')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('confirmation_id', '=', live.confirmation_id)
    .where('used_at', 'is', null)
    .where('attempts', '<', deps.codeAttempts)
    .returning('secret_hash')
    .executeTakeFirst();
  if (!tried) throw new AppError('SIGNUP_CODE_EXPIRED');
  const given = Buffer.from(codeHash(live.confirmation_id, input.code));
  const stored = Buffer.from(tried.secret_hash);
  if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored))
    throw new AppError('SIGNUP_CODE_INVALID');
  const created = await takeAndCreate(
    db,
    { secretHash: tried.secret_hash, confirmationId: live.confirmation_id },
    now,
  );
  if (!created) throw new AppError('SIGNUP_CODE_EXPIRED');
  return created;
}

async function takeAndCreate(
  db: Kysely<Database>,
  which: { secretHash: string; confirmationId?: string },
  now: number,
): Promise<NewMember | undefined> {
  return db.transaction().execute(async (trx) => {
    let take = trx
      .updateTable('sign_up_confirmation')
      .set({ used_at: now })
      .where('secret_hash', '=', which.secretHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now);
    if (which.confirmationId) take = take.where('confirmation_id', '=', which.confirmationId);
    const taken = await take.returning(['login_id', 'password_hash']).executeTakeFirst();
    if (!taken) return undefined;
    return createAccount(trx, { loginId: taken.login_id, passwordHash: taken.password_hash }, now);
  });
}
