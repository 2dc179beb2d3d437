import type { Kysely, Transaction } from 'kysely';
import type { TitleOffers } from '@site/contract/console';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The catalogue's sell type that offers each kind of title order. */
export const SELL_TYPE_OF: Record<'rent' | 'buy', string> = { rent: 'RENT', buy: 'BUY' };

/**
 * What a title is offered at, per way of selling it (issue 22 item 5): its own sell type at its
 * price (title.dtr_price), the other way when the console priced it (title_offer), and the
 * monthly services that hold it (service_title). A price of 0 or none: not offered that way.
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
  const services = await db
    .selectFrom('service_title')
    .select('service_id')
    .where('content_id', '=', title.content_id)
    .orderBy('service_id')
    .execute();
  return {
    rentPrice: priced('rent'),
    buyPrice: priced('buy'),
    serviceIds: services.map((s) => s.service_id),
  };
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
  await trx.deleteFrom('service_title').where('content_id', '=', title.content_id).execute();
  const serviceIds = [...new Set(offers.serviceIds)].sort();
  if (serviceIds.length > 0) {
    await trx
      .insertInto('service_title')
      .values(serviceIds.map((service_id) => ({ service_id, content_id: title.content_id })))
      .execute();
  }
}

/** Every monthly service, cheapest first, for the console to choose from. */
export function allServices(db: Db) {
  return db
    .selectFrom('monthly_service')
    .select(['service_id as serviceId', 'name', 'price'])
    .orderBy('price')
    .orderBy('service_id')
    .execute();
}

/** The services named that do not exist (the console is told which). */
export async function unknownServices(db: Db, serviceIds: readonly string[]): Promise<string[]> {
  if (serviceIds.length === 0) return [];
  const known = await db
    .selectFrom('monthly_service')
    .select('service_id')
    .where('service_id', 'in', [...serviceIds])
    .execute();
  const found = new Set(known.map((k) => k.service_id));
  return serviceIds.filter((id) => !found.has(id));
}
