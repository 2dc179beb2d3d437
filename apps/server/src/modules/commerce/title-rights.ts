import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { TitleRow } from '../catalogue/present.js';
import { heldRight, startRental } from './entitlements.js';

/** Why a title may be played now (what the player and the rental list are told). */
export type TitleRight =
  | { kind: 'free' }
  | { kind: 'avod' }
  | { kind: 'buy' }
  /** expiresAt is null while the rental waits for its first play (until startBy). */
  | { kind: 'rent'; expiresAt: number | null; startBy: number }
  | { kind: 'service'; paidUntil: number };

/** What the viewer would need: the detail page's buttons follow it. */
const NEEDS: Record<string, string> = {
  RENT: '這部影片需要租借後才能觀看。',
  BUY: '這部影片需要購買後才能觀看。',
  MONTHLY: '這部影片需要訂閱月租服務後才能觀看，訂閱到期後需再次付款。',
};

/**
 * The commerce half of the play right (the title being visible is playback's other half):
 * free and AVOD titles play for anyone; otherwise the account needs a purchase, a running or
 * startable rental, or a paid service period covering the title or, for an episode, its series.
 * `start` is true only when playback is being granted: that is when a rental's 48-hour clock
 * starts, never when a page merely asks.
 */
export async function requireTitleRight(
  db: Kysely<Database>,
  input: { accountId: string | null; title: TitleRow; now: number; start: boolean },
): Promise<TitleRight> {
  const { title, now } = input;
  if (title.sell_type === 'FREE') return { kind: 'free' };
  if (title.sell_type === 'AVOD') return { kind: 'avod' };
  if (input.accountId === null) throw new AppError('NOT_LOGGED_IN');
  const ids = title.series_id ? [title.content_id, title.series_id] : [title.content_id];
  for (let attempt = 0; attempt < 2; attempt++) {
    const held = await heldRight(db, input.accountId, ids, now);
    if (held === null) break;
    if (held.kind === 'buy') return { kind: 'buy' };
    if (held.kind === 'service') return { kind: 'service', paidUntil: held.paidUntil };
    const { startBy } = held;
    if (held.expiresAt !== null) return { kind: 'rent', expiresAt: held.expiresAt, startBy };
    // A rental not yet started: asking about it does not start it.
    if (!input.start) return { kind: 'rent', expiresAt: null, startBy };
    const expiresAt = await startRental(db, held.entitlementId, now);
    if (expiresAt !== null) return { kind: 'rent', expiresAt, startBy };
    // Another play started it a moment ago: read it again.
  }
  throw new AppError('FORBIDDEN', undefined, NEEDS[title.sell_type] ?? NEEDS.BUY);
}
