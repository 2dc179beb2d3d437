import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { recordChange, type Actor } from './trail.js';

/**
 * One action of customer care on a member (issue 26 item 2, docs/adr/0053), in the audit trail
 * under entity 'member' and the member's account id, so one search lists everything care did to
 * an account: what was done (`action`), to what, and the reason the operator gave. Call it with
 * the transaction of the action.
 */
export async function recordCareAction(
  trx: Kysely<Database>,
  actor: Actor,
  accountId: string,
  action: string,
  details: Record<string, unknown>,
  reason: string,
  now: number,
): Promise<void> {
  await recordChange(
    trx,
    actor,
    { entity: 'member', entityId: accountId, before: null, after: { action, ...details, reason } },
    now,
  );
}
