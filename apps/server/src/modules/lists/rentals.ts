import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TitleRow } from '../catalogue/present.js';
import { findTitles } from '../catalogue/queries.js';
import { isVisible } from '../catalogue/visibility.js';
import type { ListFilter } from './queries.js';
import { expiryText } from './texts.js';

export type RentalState = 'notStarted' | 'watching' | 'owned' | 'expired';

export interface RentalRow {
  title: TitleRow;
  kind: 'rent' | 'buy';
  state: RentalState;
  expiresAt: number | null;
  expiryText: string;
}

/**
 * The account's rentals and purchases (SPEC §4: a rental starts within 168 h and ends 48 h after
 * its first play; a purchase is kept). Newest first; expired rentals stay listed as expired.
 */
export async function rentalList(
  db: Kysely<Database>,
  accountId: string,
  filter: ListFilter,
  now: number,
): Promise<RentalRow[]> {
  const entitlements = await db
    .selectFrom('entitlement as e')
    .select([
      'e.content_id',
      'e.kind as entitlement_kind',
      'e.start_by',
      'e.first_played_at',
      'e.expires_at',
    ])
    .where('e.account_id', '=', accountId)
    .orderBy('e.granted_at', 'desc')
    .orderBy('e.entitlement_id')
    .execute();
  const titles = new Map(
    (await findTitles(db, [...new Set(entitlements.map((e) => e.content_id))])).map((t) => [
      t.content_id,
      t,
    ]),
  );
  // An account's entitlements are few: their titles are read by the catalogue and checked here.
  const rows = entitlements.flatMap(({ content_id, ...entitlement }) => {
    const title = titles.get(content_id);
    return title && isVisible(title, filter, now) ? [{ ...entitlement, title }] : [];
  });
  return rows.map(({ entitlement_kind, start_by, first_played_at, expires_at, title }) => {
    if (entitlement_kind !== 'rent') {
      return {
        title,
        kind: 'buy' as const,
        state: 'owned' as const,
        expiresAt: null,
        expiryText: '永久觀看',
      };
    }
    if (first_played_at === null) {
      const end = start_by ?? now;
      return {
        title,
        kind: 'rent' as const,
        state: end > now ? ('notStarted' as const) : ('expired' as const),
        expiresAt: end,
        expiryText: expiryText(end - now, 'start'),
      };
    }
    const end = expires_at ?? now;
    return {
      title,
      kind: 'rent' as const,
      state: end > now ? ('watching' as const) : ('expired' as const),
      expiresAt: end,
      expiryText: expiryText(end - now, 'finish'),
    };
  });
}
