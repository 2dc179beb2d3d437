import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/*
 * Plays outlive their leases (issue 26 item 5, docs/adr/0054): a lease is deleted a day after it
 * ended, so the same statement's transaction first copies it into viewing_play, which the reports
 * read together with the leases not yet deleted. A lease is in one table or the other, never both.
 */

/**
 * Seconds a lease was held: from its start to its end, its last renewal (a lapsed play stopped
 * being watched then) or its expiry, whichever came first; never below zero. Kept as SQL so the
 * copy and the report's read of live leases count alike.
 */
export function heldSeconds(alias: string): RawBuilder<number> {
  const col = (name: string) => sql.ref(`${alias}.${name}`);
  const last = sql`coalesce(${col('ended_at')}, ${col('renewed_at')})`;
  const until = sql`case when ${last} < ${col('expires_at')} then ${last} else ${col('expires_at')} end`;
  return sql<number>`case when ${until} > ${col('started_at')} then ${until} - ${col('started_at')} else 0 end`;
}

/**
 * Copies the account's leases that expired before `before` into viewing_play (once each), kept
 * at `now`: the viewing report's rollup takes plays by when they were kept, since started_at is
 * a day or more in the past by then (reports/viewing-rollup.ts).
 */
export async function keepPlays(
  trx: Transaction<Database>,
  accountId: string,
  before: number,
  now: number,
): Promise<void> {
  await trx
    .insertInto('viewing_play')
    .columns([
      'stream_id',
      'account_id',
      'sub_account_uid',
      'playing_kind',
      'playing_id',
      'started_at',
      'seconds',
      'kept_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('stream_lease as l')
        .select([
          'l.stream_id',
          'l.account_id',
          'l.sub_account_uid',
          'l.playing_kind',
          'l.playing_id',
          'l.started_at',
          heldSeconds('l').as('seconds'),
          // Cast: PostgreSQL types a bare parameter in a select list as text.
          sql<number>`cast(${now} as bigint)`.as('kept_at'),
        ])
        .where('l.account_id', '=', accountId)
        .where('l.expires_at', '<', before),
    )
    .onConflict((oc) => oc.column('stream_id').doNothing())
    .execute();
}
