import type { Kysely, Transaction } from 'kysely';
import type { TitleOffers } from '@site/contract/console';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The catalogue's sell type that offers each kind of title order. */
export const SELL_TYPE_OF: Record<'rent' | 'buy', string> = { rent: 'RENT', buy: 'BUY' };

/**
 * What a title is offered at, per way of selling it (issue 22 item 5): its own sell type at its
 * price (title.dtr_price), and the other way when the console priced it (title_offer). A price
 * of 0 or none: not offered that way.
 */
export async function titleOfferPrices(
  db: Db,
  title: { content_id: string; sell_type: string; dtr_price: number },
): Promise<TitleOffers> {
  const rows = await db
    .selectFrom('title_offer')
    .select(['kind', 'price'])
    .where('content_id', '=', title.content_id)
    .execute();
  const priced = (kind: 'rent' | 'buy') => {
    if (title.sell_type === SELL_TYPE_OF[kind]) return title.dtr_price > 0 ? title.dtr_price : null;
    const price = rows.find((r) => r.kind === kind)?.price ?? 0;
    return price > 0 ? price : null;
  };
  return { rentPrice: priced('rent'), buyPrice: priced('buy') };
}

/** Stores the console's prices: the other way's in title_offer (the own way's is the title's price). */
export async function storeTitleOffers(
  trx: Db,
  title: { content_id: string; sell_type: string },
  offers: TitleOffers,
): Promise<void> {
  await trx.deleteFrom('title_offer').where('content_id', '=', title.content_id).execute();
  const rows = (['rent', 'buy'] as const)
    .map((kind) => ({ kind, price: kind === 'rent' ? offers.rentPrice : offers.buyPrice }))
    .filter((o) => title.sell_type !== SELL_TYPE_OF[o.kind] && o.price !== null)
    .map((o) => ({ content_id: title.content_id, kind: o.kind, price: o.price! }));
  if (rows.length > 0) await trx.insertInto('title_offer').values(rows).execute();
}
