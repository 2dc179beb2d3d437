import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../accounts/tokens.js';

/**
 * Tells a member what customer care did on their account (issue 26 item 3, docs/adr/0053): one
 * inbox message to the account, written in the transaction of the action itself, so a refund
 * without its message (or a message of a refund rolled back) cannot happen. The engagement
 * module owns inbox_message; care's actions in commerce and accounts call this.
 */
export async function tellMemberOfCare(
  trx: Transaction<Database>,
  message: { accountId: string; title: string; content: string; actor: string; now: number },
): Promise<string> {
  const msgId = newId('MSG-');
  await trx
    .insertInto('inbox_message')
    .values({
      msg_id: msgId,
      account_id: message.accountId,
      title: message.title,
      content: message.content,
      sent_at: message.now,
      link: null,
      audience: null,
      audience_days: null,
      created_by: message.actor,
      created_at: message.now,
    })
    .execute();
  return msgId;
}
