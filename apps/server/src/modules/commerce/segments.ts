import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/*
 * Member segments a message may be sent to (issue 25 item 8; docs/adr/0046), as conditions on one
 * account at a given time. Commerce owns subscriptions and rentals, so the rules are written
 * here; the engagement module puts them in its inbox query, evaluated per member when they read.
 * Each looks up the account's own rows by their primary key or account index.
 */

/** The account has a monthly service paid past `at` (the message's send time). */
export function servicePaidPast(accountId: string, at: Expression<number>): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from subscription seg_s
    where seg_s.account_id = ${accountId} and seg_s.paid_until > ${at})`;
}

/**
 * The account has a rental that ends after `from` and no later than `to`: a started rental ends
 * at its expiry, one not yet started at the last moment it may be started.
 */
export function rentalEndingBetween(
  accountId: string,
  from: Expression<number>,
  to: Expression<number>,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from entitlement seg_e
    where seg_e.account_id = ${accountId} and seg_e.kind = 'rent'
      and coalesce(seg_e.expires_at, seg_e.start_by) > ${from}
      and coalesce(seg_e.expires_at, seg_e.start_by) <= ${to})`;
}
