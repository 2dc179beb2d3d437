import type { Kysely } from 'kysely';
import { reusable, slot } from '../../db/reusable.js';
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

// Asked by every counts call (the my-list screen), so built and compiled once (db/reusable.ts).
const accountEntitlements = reusable((db, _shape: 'all') =>
  db
    .selectFrom('entitlement as e')
    .select([
      'e.content_id',
      'e.kind as entitlement_kind',
      'e.start_by',
      'e.first_played_at',
      'e.expires_at',
    ])
    .where('e.account_id', '=', slot<string>('accountId'))
    .orderBy('e.granted_at', 'desc')
    .orderBy('e.entitlement_id'),
);

/** Which of a title's rows the list shows: the right that plays it best. */
const RANK: Record<RentalState, number> = { owned: 0, watching: 1, notStarted: 2, expired: 3 };

/**
 * The account's rentals and purchases (SPEC §4: a rental starts within 168 h and ends 48 h after
 * its first play; a purchase is kept). Newest first; expired rentals stay listed as expired. One
 * row per title: a title rented again after its rental expired (or held twice by older data) is
 * listed once, with the right that plays it best.
 */
export async function rentalList(
  db: Kysely<Database>,
  accountId: string,
  filter: ListFilter,
  now: number,
): Promise<RentalRow[]> {
  const entitlements = await accountEntitlements(db, 'all', { accountId });
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
  const best = new Map<string, RentalRow>();
  for (const row of rows.map((r) => rentalRow(r, now))) {
    const kept = best.get(row.title.content_id);
    if (!kept || RANK[row.state] < RANK[kept.state]) best.set(row.title.content_id, row);
  }
  return [...best.values()];
}

function rentalRow(
  row: {
    entitlement_kind: string;
    start_by: number | null;
    first_played_at: number | null;
    expires_at: number | null;
    title: TitleRow;
  },
  now: number,
): RentalRow {
  const { entitlement_kind, start_by, first_played_at, expires_at, title } = row;
  if (entitlement_kind !== 'rent') {
    return { title, kind: 'buy', state: 'owned', expiresAt: null, expiryText: '永久觀看' };
  }
  if (first_played_at === null) {
    const end = start_by ?? now;
    return {
      title,
      kind: 'rent',
      state: end > now ? 'notStarted' : 'expired',
      expiresAt: end,
      expiryText: expiryText(end - now, 'start'),
    };
  }
  const end = expires_at ?? now;
  return {
    title,
    kind: 'rent',
    state: end > now ? 'watching' : 'expired',
    expiresAt: end,
    expiryText: expiryText(end - now, 'finish'),
  };
}
