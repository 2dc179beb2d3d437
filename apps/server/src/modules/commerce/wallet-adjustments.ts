import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { requireCareMember } from '../accounts/care-actions.js';
import { recordCareAction } from '../audit/care-trail.js';
import type { Actor } from '../audit/trail.js';
import { tellMemberOfCare } from '../engagement/care-messages.js';
import { careSource } from './goodwill.js';
import { balances, credit, debit, type Balances } from './wallet.js';

/*
 * Customer care's credit or debit of a member's wallet (issue 26 item 2, docs/adr/0053): one
 * wallet_entry of reason 'adjustment' and source `care:{actionId}` (positive: credit, negative:
 * debit), the purse's balance moved by the same amount, the audit entry and the member's inbox
 * message, in one transaction. A debit is the wallet's own conditional debit (balance ≥ amount),
 * so no number of debits at once takes a balance below zero; viewing credit is debited from the
 * lots that end first, as a payment is. The same actionId twice acts once (the entry's key).
 */

const PURSE_NAMES = { stored: '儲值金', credit: '看片金' } as const;
const MOST_CREDIT_DAYS = 366;

export interface WalletAdjustment {
  accountId: string;
  actionId: string;
  purse: 'stored' | 'credit';
  direction: 'credit' | 'debit';
  amount: number;
  expiresAt?: number | undefined;
  reason: string;
}

export async function adjustWallet(
  db: Kysely<Database>,
  actor: Actor,
  input: WalletAdjustment,
  now: number,
): Promise<Balances> {
  const { accountId, actionId, purse, direction, amount, reason } = input;
  await requireCareMember(db, accountId);
  const expiresAt = purse === 'credit' && direction === 'credit' ? (input.expiresAt ?? 0) : null;
  if (expiresAt !== null && (expiresAt <= now || expiresAt > now + MOST_CREDIT_DAYS * 86_400)) {
    throw new AppError('BAD_INPUT', [
      { name: 'expiresAt', problem: '看片金到期日須在今天之後、一年之內' },
    ]);
  }
  const source = careSource(actionId);
  await db.transaction().execute(async (trx) => {
    if (direction === 'credit') {
      const added = await credit(trx, {
        accountId,
        purse,
        amount,
        reason: 'adjustment',
        source,
        expiresAt,
        now,
      });
      if (!added) throw new AppError('CONFLICT', undefined, '這筆調整已經做過了。');
    } else {
      const taken = await debit(trx, {
        accountId,
        purse,
        amount,
        reason: 'adjustment',
        source,
        now,
      });
      if (!taken) {
        const { [purse]: left } = await balances(trx, accountId, now);
        throw new AppError(
          'INSUFFICIENT_BALANCE',
          [
            {
              name: 'amount',
              problem: `扣款後餘額不能低於 0（目前${PURSE_NAMES[purse]} NT$${left}）`,
            },
          ],
          `${PURSE_NAMES[purse]}餘額不足，無法扣款。`,
        );
      }
    }
    await recordCareAction(
      trx,
      actor,
      accountId,
      direction === 'credit' ? 'wallet_credit' : 'wallet_debit',
      { actionId, purse, amount, expiresAt },
      reason,
      now,
    );
    await tellMemberOfCare(trx, {
      accountId,
      title: direction === 'credit' ? `${PURSE_NAMES[purse]}已加值` : `${PURSE_NAMES[purse]}已扣除`,
      content:
        direction === 'credit'
          ? `客服已為您的${PURSE_NAMES[purse]}加值 NT$${amount}，可至「帳戶中心」查看錢包明細。`
          : `客服已從您的${PURSE_NAMES[purse]}扣除 NT$${amount}，可至「帳戶中心」查看錢包明細；如有疑問請聯絡客服。`,
      actor: actor.email,
      now,
    });
  });
  return balances(db, accountId, now);
}
