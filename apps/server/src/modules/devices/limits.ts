import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

export interface AccountLimits {
  maxDevices: number;
  maxStreams: number;
}

/**
 * The account's limits: the defaults (MAX_DEVICES, MAX_STREAMS), or more while a paid period of
 * a monthly service that sets higher ones runs (docs/adr/0042). A service never lowers them.
 */
export async function accountLimits(
  db: Kysely<Database>,
  accountId: string,
  defaults: AccountLimits,
  now: number,
): Promise<AccountLimits> {
  const row = await db
    .selectFrom('subscription as s')
    .innerJoin('monthly_service as m', 'm.service_id', 's.service_id')
    .select((eb) => [
      eb.fn.max('m.max_devices').as('devices'),
      eb.fn.max('m.max_streams').as('streams'),
    ])
    .where('s.account_id', '=', accountId)
    .where('s.paid_until', '>', now)
    .executeTakeFirst();
  return {
    maxDevices: Math.max(defaults.maxDevices, Number(row?.devices ?? 0)),
    maxStreams: Math.max(defaults.maxStreams, Number(row?.streams ?? 0)),
  };
}

/**
 * Serialises the account's device and stream changes: on PostgreSQL the account row is locked
 * until the transaction ends, so ten devices starting at once (on any number of instances) are
 * counted one after another. SQLite runs one write transaction at a time already.
 */
export async function lockAccount(trx: Transaction<Database>, accountId: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select 1 from account where account_id = ${accountId} for update`.execute(trx);
}
