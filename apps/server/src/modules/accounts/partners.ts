import type { Kysely } from 'kysely';
import type { Partner } from '@site/contract';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { maskLoginId } from './login-info.js';
import { ThrottledError, admit, clearBucket, forgiveOne, passwordPolicy } from './throttle.js';

/**
 * The partner's side of a binding: does this partner account exist, and is this the code the
 * partner sent its holder? Production plugs in the operator's and kbro's APIs here; the demo
 * directory below stands in for them (README lists its accounts).
 */
export interface PartnerDirectory {
  verify(partner: Partner, partnerAccountId: string, verificationCode: string): Promise<boolean>;
}

const demoAccounts: Record<Partner, Record<string, string>> = {
  telecom: { '0911000111': '246810', '0911000222': '135791' },
  kbro: { K000000001: '112233', K000000002: '445566' },
};

export const demoPartnerDirectory: PartnerDirectory = {
  async verify(partner, partnerAccountId, verificationCode) {
    return demoAccounts[partner][partnerAccountId] === verificationCode;
  },
};

export interface BindRequest {
  accountId: string;
  partner: Partner;
  partnerAccountId: string;
  /** '1' keeps a binding held by another member; '2' moves it here. */
  reserveType: '1' | '2';
  now: number;
}

/**
 * Binds in one transaction. The primary key (partner, partner account) and the unique
 * (account, partner) pair make a double binding impossible, even when requests race.
 */
export async function bindPartner(db: Kysely<Database>, request: BindRequest): Promise<void> {
  try {
    await bindInTransaction(db, request);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', undefined, '這個帳號剛剛已被綁定，請重新整理後再試。');
    }
    throw error;
  }
}

async function bindInTransaction(db: Kysely<Database>, request: BindRequest): Promise<void> {
  const { accountId, partner, partnerAccountId, reserveType, now } = request;
  await db.transaction().execute(async (trx) => {
    const holder = await trx
      .selectFrom('partner_binding')
      .select('account_id')
      .where('partner', '=', partner)
      .where('partner_account_id', '=', partnerAccountId)
      .executeTakeFirst();
    if (holder?.account_id === accountId) return;
    if (holder && reserveType === '1') {
      throw new AppError(
        'CONFLICT',
        undefined,
        '這個帳號已綁定其他會員；若要改綁到此帳號，請選擇「改綁到目前帳號」。',
      );
    }
    if (holder) {
      await trx
        .deleteFrom('partner_binding')
        .where('partner', '=', partner)
        .where('partner_account_id', '=', partnerAccountId)
        .execute();
    }
    // A member holds one account per partner: binding a new one replaces the old.
    await trx
      .deleteFrom('partner_binding')
      .where('account_id', '=', accountId)
      .where('partner', '=', partner)
      .execute();
    await trx
      .insertInto('partner_binding')
      .values({
        partner,
        partner_account_id: partnerAccountId,
        account_id: accountId,
        reserve_type: reserveType,
        bound_at: now,
      })
      .execute();
  });
}

export interface BindDeps {
  db: Kysely<Database>;
  config: Config;
  clock: () => number;
  partners: PartnerDirectory;
}

/**
 * Binds a partner account to this member after checking the code the partner sent its holder.
 */
export async function bindWithCode(
  { db, config, clock, partners }: BindDeps,
  accountId: string,
  partner: Partner,
  body: { partnerAccountId: string; verificationCode: string; reserveType?: '1' | '2' },
) {
  const now = clock();
  // Six-digit codes are guessable: wrong ones wait like wrong passwords, counted per guessing
  // account and per partner account being bound, so fresh sign-ups do not add up to more
  // guesses at one code (ADR 0017). The ids' formats are strict, so one account, one bucket.
  const policy = passwordPolicy(config);
  const guesser = `partner-code:${accountId}`;
  const target = `partner-target:${partner}:${body.partnerAccountId}`;
  const admission = await admit(db, guesser, policy, now);
  if (!admission.admitted) throw new ThrottledError(admission.waitSeconds, '驗證碼錯誤');
  const targeted = await admit(db, target, policy, now);
  if (!targeted.admitted) {
    // Refused before the code was looked at: not a guess of this account's either.
    await forgiveOne(db, guesser, policy, now);
    throw new ThrottledError(targeted.waitSeconds, '驗證碼錯誤');
  }
  if (!(await partners.verify(partner, body.partnerAccountId, body.verificationCode))) {
    throw new AppError('FORBIDDEN', undefined, '帳號或驗證碼不正確。');
  }
  await clearBucket(db, guesser);
  await clearBucket(db, target);
  await bindPartner(db, {
    accountId,
    partner,
    partnerAccountId: body.partnerAccountId,
    reserveType: body.reserveType ?? '1',
    now,
  });
  return {
    binding: {
      partner,
      partnerAccountIdMasked: maskLoginId(body.partnerAccountId),
      boundAt: now,
    },
  };
}
