import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hourOf } from './days.js';

/*
 * wallet_entry by UTC hour (docs/adr/0054). The ledger is append-only and each row carries the
 * time of the transaction that wrote it, so an hour that closed a while ago never changes: its
 * sums are kept in report_wallet_hour and a report reads them instead of the hour's rows. It is
 * filled on read, for every hour that closed at least SETTLED_HOURS ago and is not in it yet (one
 * statement; two readers at once write the same rows, the second's are skipped). Hours after
 * that are read from wallet_entry itself.
 */

/** An hour is rolled up once it ended this many hours ago (a transaction is far shorter). */
export const SETTLED_HOURS = 1;
const NAME = 'wallet_hour';

export interface WalletHourRow {
  hour: number | string;
  purse: string;
  reason: string;
  n: number | string;
  amount: number | string;
  sources: number | string;
}

/** Rolls up what has settled and answers the first hour not rolled up. */
export async function settleWalletHours(db: Kysely<Database>, now: number): Promise<number> {
  const settled = Math.floor(now / 3600) - SETTLED_HOURS;
  const state = await db
    .selectFrom('report_rollup')
    .select('through_hour')
    .where('name', '=', NAME)
    .executeTakeFirst();
  const through = state ? Number(state.through_hour) : 0;
  if (through >= settled) return through;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('report_wallet_hour')
      .columns(['hour', 'purse', 'reason', 'entries', 'amount', 'sources'])
      .expression((eb) =>
        eb
          .selectFrom('wallet_entry')
          .select((s) => [
            hourOf('created_at').as('hour'),
            'purse',
            'reason',
            s.fn.countAll<number>().as('entries'),
            s.fn.sum<number>('amount').as('amount'),
            s.fn.count<number>('source').distinct().as('sources'),
          ])
          .where('created_at', '>=', through * 3600)
          .where('created_at', '<', settled * 3600)
          .groupBy([hourOf('created_at'), 'purse', 'reason']),
      )
      .onConflict((oc) => oc.columns(['hour', 'purse', 'reason']).doNothing())
      .execute();
    await trx
      .insertInto('report_rollup')
      .values({ name: NAME, through_hour: settled })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ through_hour: settled })
          .where('report_rollup.through_hour', '<', settled),
      )
      .execute();
  });
  return settled;
}

/** The wallet's sums by hour, purse and reason over [start, end): rolled-up hours, then rows. */
export async function walletByHour(
  db: Kysely<Database>,
  start: number,
  end: number,
  now: number,
): Promise<WalletHourRow[]> {
  const through = (await settleWalletHours(db, now)) * 3600;
  const [kept, recent] = await Promise.all([
    start < through
      ? db
          .selectFrom('report_wallet_hour')
          .select(['hour', 'purse', 'reason', 'entries as n', 'amount', 'sources'])
          .where('hour', '>=', Math.ceil(start / 3600))
          .where('hour', '<', Math.floor(Math.min(end, through) / 3600))
          .execute()
      : [],
    end > through
      ? db
          .selectFrom('wallet_entry')
          .select(['purse', 'reason'])
          .select(hourOf('created_at').as('hour'))
          .select((eb) => [
            eb.fn.countAll<number>().as('n'),
            eb.fn.sum<number>('amount').as('amount'),
            eb.fn.count<number>('source').distinct().as('sources'),
          ])
          .where('created_at', '>=', Math.max(start, through))
          .where('created_at', '<', end)
          .groupBy(['hour', 'purse', 'reason'])
          .execute()
      : [],
  ]);
  return [...kept, ...recent];
}
