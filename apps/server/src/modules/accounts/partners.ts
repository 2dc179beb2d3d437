import type { Kysely } from 'kysely';
import type { Partner } from '@site/contract';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

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
