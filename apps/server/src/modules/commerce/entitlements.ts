import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../accounts/tokens.js';
import type { TitleRow } from '../catalogue/present.js';

/** SPEC §4/§9: a rental must be started within 168 hours, then ends 48 hours after first play. */
export const RENTAL_START_HOURS = 168;
export const RENTAL_WATCH_HOURS = 48;
const HOUR = 3600;
const DAY = 86_400;

type Db = Kysely<Database> | Transaction<Database>;

export interface Grant {
  accountId: string;
  /** Where the right comes from: `order:{id}` or `voucher:{serial}`. One grant per source. */
  source: string;
  now: number;
}

/**
 * A rental or a purchase of a title (a movie, an episode, or a series: a series right covers its
 * episodes). Granting twice from one source grants once (unique source, migration 0012); the
 * answer says whether this call granted it.
 */
export async function grantTitle(
  db: Db,
  grant: Grant & { contentId: string; kind: 'rent' | 'buy' },
): Promise<boolean> {
  const rent = grant.kind === 'rent';
  const result = await db
    .insertInto('entitlement')
    .values({
      entitlement_id: newId('E'),
      account_id: grant.accountId,
      content_id: grant.contentId,
      kind: grant.kind,
      granted_at: grant.now,
      start_by: rent ? grant.now + RENTAL_START_HOURS * HOUR : null,
      watch_hours: rent ? RENTAL_WATCH_HOURS : null,
      first_played_at: null,
      expires_at: null,
      source: grant.source,
    })
    .onConflict((oc) => oc.column('source').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Extends the account's paid period of a service by its period (from now, or from the end of a
 * period still running). Once per source; concurrent extensions from different sources add up.
 */
export async function extendSubscription(
  db: Transaction<Database>,
  grant: Grant & { serviceId: string; days?: number },
): Promise<boolean> {
  const service = await db
    .selectFrom('monthly_service')
    .select('period_days')
    .where('service_id', '=', grant.serviceId)
    .executeTakeFirstOrThrow();
  const seconds = (grant.days ?? service.period_days) * DAY;
  const claimed = await db
    .insertInto('subscription_period')
    .values({
      source: grant.source,
      account_id: grant.accountId,
      service_id: grant.serviceId,
      starts_at: 0,
      ends_at: 0,
    })
    .onConflict((oc) => oc.column('source').doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  const row = await db
    .insertInto('subscription')
    .values({
      account_id: grant.accountId,
      service_id: grant.serviceId,
      paid_until: grant.now + seconds,
      updated_at: grant.now,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'service_id']).doUpdateSet({
        // Arithmetic on the stored row, so two extensions at once both count.
        paid_until: sql<number>`case when subscription.paid_until > ${grant.now} then subscription.paid_until else ${grant.now} end + ${seconds}`,
        updated_at: grant.now,
      }),
    )
    .returning('paid_until')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('subscription_period')
    .set({ starts_at: Number(row.paid_until) - seconds, ends_at: Number(row.paid_until) })
    .where('source', '=', grant.source)
    .execute();
  return true;
}

/** The ids whose rights cover a title: itself and, for an episode, its series. */
export function rightIds(title: Pick<TitleRow, 'content_id' | 'series_id'>): string[] {
  return title.series_id ? [title.content_id, title.series_id] : [title.content_id];
}

/**
 * Takes the account's turn at title rights until the transaction ends: every grant of a rental or
 * purchase (an order settling, a voucher redeemed) upserts this row first, which PostgreSQL locks
 * until commit, so "does the account hold it already?" and the grant after it never interleave
 * with another grant's for the same account (SQLite runs one writer at a time anyway).
 */
async function lockTitleRights(
  trx: Transaction<Database>,
  accountId: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('entitlement_lock')
    .values({ account_id: accountId, locked_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ locked_at: now }))
    .execute();
}

/**
 * The right the account already holds on a title, decided under the account's lock (so it stays
 * true until the caller's transaction ends); null when a new rental or purchase may be granted.
 */
export async function heldRightForGrant(
  trx: Transaction<Database>,
  accountId: string,
  title: Pick<TitleRow, 'content_id' | 'series_id'>,
  now: number,
): Promise<HeldRight | null> {
  await lockTitleRights(trx, accountId, now);
  return heldRight(trx, accountId, rightIds(title), now);
}

/** What lets an account play a title now, if anything but the title's own free/AVOD terms. */
export type HeldRight =
  | { kind: 'buy'; entitlementId: string }
  | { kind: 'rent'; entitlementId: string; startBy: number; expiresAt: number | null }
  | { kind: 'service'; serviceId: string; paidUntil: number };

/**
 * The rights an account holds on a title (its own id and, for an episode, its series), best
 * first: a purchase, a rental still running, a rental not yet started but still startable, a
 * paid service period. Expired ones are not returned.
 */
export async function heldRight(
  db: Db,
  accountId: string,
  contentIds: string[],
  now: number,
): Promise<HeldRight | null> {
  const entitlements = await db
    .selectFrom('entitlement')
    .select(['entitlement_id', 'kind', 'start_by', 'first_played_at', 'expires_at'])
    .where('account_id', '=', accountId)
    .where('content_id', 'in', contentIds)
    .orderBy('granted_at')
    .orderBy('entitlement_id')
    .execute();
  const bought = entitlements.find((e) => e.kind === 'buy');
  if (bought) return { kind: 'buy', entitlementId: bought.entitlement_id };
  const running = entitlements.find(
    (e) => e.kind === 'rent' && e.expires_at !== null && Number(e.expires_at) > now,
  );
  if (running) {
    return {
      kind: 'rent',
      entitlementId: running.entitlement_id,
      startBy: Number(running.start_by),
      expiresAt: Number(running.expires_at),
    };
  }
  const startable = entitlements.find(
    (e) => e.kind === 'rent' && e.first_played_at === null && Number(e.start_by) > now,
  );
  if (startable) {
    return {
      kind: 'rent',
      entitlementId: startable.entitlement_id,
      startBy: Number(startable.start_by),
      expiresAt: null,
    };
  }
  const service = await db
    .selectFrom('service_title as st')
    .innerJoin('subscription as s', 's.service_id', 'st.service_id')
    .select(['s.service_id', 's.paid_until'])
    .where('st.content_id', 'in', contentIds)
    .where('s.account_id', '=', accountId)
    .where('s.paid_until', '>', now)
    .orderBy('s.paid_until', 'desc')
    .executeTakeFirst();
  return service
    ? { kind: 'service', serviceId: service.service_id, paidUntil: Number(service.paid_until) }
    : null;
}

/**
 * Starts a rental's 48-hour clock at its first granted play. Conditional, so two first plays at
 * once start it once, and a rental past its start-by moment cannot start. Returns the end of the
 * watching window, or null when the rental could not start (another play started it first: the
 * caller reads it again).
 */
export async function startRental(
  db: Db,
  entitlementId: string,
  now: number,
): Promise<number | null> {
  const expiresAt = now + RENTAL_WATCH_HOURS * HOUR;
  const row = await db
    .updateTable('entitlement')
    .set({ first_played_at: now, expires_at: expiresAt })
    .where('entitlement_id', '=', entitlementId)
    .where('kind', '=', 'rent')
    .where('first_played_at', 'is', null)
    .where('start_by', '>', now)
    .returning('expires_at')
    .executeTakeFirst();
  return row ? Number(row.expires_at) : null;
}

/** The monthly services that include a title (for the subscribe button). */
export async function servicesOfTitle(db: Db, contentIds: string[]) {
  return db
    .selectFrom('service_title as st')
    .innerJoin('monthly_service as m', 'm.service_id', 'st.service_id')
    .select(['m.service_id', 'm.name', 'm.price', 'm.period_days'])
    .where('st.content_id', 'in', contentIds)
    .orderBy('m.price')
    .orderBy('m.service_id')
    .distinct()
    .execute();
}

/**
 * When the account's paid period of a monthly service ends, if one is running now; null if not
 * (the live module's subscription channels ask this: docs/adr/0025).
 */
export async function servicePaidUntil(
  db: Db,
  accountId: string,
  serviceId: string,
  now: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('subscription')
    .select('paid_until')
    .where('account_id', '=', accountId)
    .where('service_id', '=', serviceId)
    .where('paid_until', '>', now)
    .executeTakeFirst();
  return row ? Number(row.paid_until) : null;
}
