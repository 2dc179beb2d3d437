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

/**
 * The account's lock and its stream limit in one round trip on PostgreSQL (the lock as
 * lockAccount takes it). The stream's transaction commits without waiting for the disk: a lease
 * lapses in 90 s anyway, so one lost in a crash of PostgreSQL costs a player one refused renewal.
 */
export async function lockForStreams(
  trx: Transaction<Database>,
  accountId: string,
  defaults: AccountLimits,
  now: number,
): Promise<number> {
  if (dialectOf(trx) !== 'postgres') {
    return (await accountLimits(trx, accountId, defaults, now)).maxStreams;
  }
  const { rows } = await sql<{ streams: number | null }>`/* prepared: stream_lock */
    select set_config('synchronous_commit', 'off', true) as quick,
      (select max(m.max_streams) from subscription s
        join monthly_service m on m.service_id = s.service_id
        where s.account_id = a.account_id and s.paid_until > ${now}) as streams
    from account a where a.account_id = ${accountId} for update of a`.execute(trx);
  return Math.max(defaults.maxStreams, Number(rows[0]?.streams ?? 0));
}
