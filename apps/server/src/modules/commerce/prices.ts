import type { Kysely, Transaction } from 'kysely';
import type { OrderKind, PurchaseOffer } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import type { TitleRow } from '../catalogue/present.js';
import { requireVisibleTitle, type VisibilityScope } from '../catalogue/visibility.js';
import { rightIds, servicesOfTitle } from './entitlements.js';
import { titleOfferPrices } from './title-offers.js';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * Prices come from the server's catalogue only (issue 11; ADR 0021): a title's sell_type and
 * dtr_price (NT$) and the other way's price the console set (title-offers.ts), a monthly
 * service's price. Nothing the client sends is read as an amount.
 */

/** What an order buys, priced: the title or the service, its name and the amount. */
export interface PricedItem {
  kind: OrderKind;
  contentId: string | null;
  serviceId: string | null;
  name: string;
  amount: number;
  /** The title row when a title is bought (its series, for an episode, shares its rights). */
  title: TitleRow | null;
}

const NOT_OFFERED: Record<'rent' | 'buy', string> = {
  rent: '這部影片沒有提供租借。',
  buy: '這部影片沒有提供購買。',
};

export type ItemRequest =
  { kind: 'rent' | 'buy'; contentId: string } | { kind: 'subscribe'; serviceId: string };

/** A title's own offers (rent and buy, each when priced) and the monthly services that hold it. */
export async function offersForTitle(db: Db, title: TitleRow): Promise<PurchaseOffer[]> {
  const offers: PurchaseOffer[] = [];
  const prices = await titleOfferPrices(db, title);
  for (const kind of ['rent', 'buy'] as const) {
    const price = kind === 'rent' ? prices.rentPrice : prices.buyPrice;
    if (price !== null) offers.push({ kind, contentId: title.content_id, name: title.name, price });
  }
  for (const service of await servicesOfTitle(db, rightIds(title))) {
    if (service.price > 0) offers.push(serviceOffer(service));
  }
  return offers;
}

interface ServiceRow {
  service_id: string;
  name: string;
  price: number;
  period_days: number;
}

function serviceOffer(service: ServiceRow): PurchaseOffer {
  return {
    kind: 'subscribe',
    serviceId: service.service_id,
    name: service.name,
    price: service.price,
    periodDays: service.period_days,
  };
}

export async function findService(db: Db, serviceId: string): Promise<ServiceRow | undefined> {
  return db
    .selectFrom('monthly_service')
    .select(['service_id', 'name', 'price', 'period_days'])
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
}

/** The offer of one monthly service, or 404. */
export async function offerForService(db: Db, serviceId: string): Promise<PurchaseOffer> {
  const service = await findService(db, serviceId);
  if (!service) throw notFound('找不到這個月租服務。');
  return serviceOffer(service);
}

/**
 * Prices an order from the catalogue. A title the viewer may not see is 404, as if it did not
 * exist (catalogue/visibility.ts); a kind the title is not sold as is NOT_FOR_SALE.
 */
export async function priceItem(
  db: Kysely<Database>,
  request: ItemRequest,
  scope: VisibilityScope,
  now: number,
): Promise<PricedItem> {
  if (request.kind === 'subscribe') {
    const service = await findService(db, request.serviceId);
    if (!service) throw notFound('找不到這個月租服務。');
    if (service.price <= 0) throw new AppError('NOT_FOR_SALE');
    return {
      kind: 'subscribe',
      contentId: null,
      serviceId: service.service_id,
      name: service.name,
      amount: service.price,
      title: null,
    };
  }
  const title = await requireVisibleTitle(db, scope, request.contentId, now);
  const prices = await titleOfferPrices(db, title);
  const amount = request.kind === 'rent' ? prices.rentPrice : prices.buyPrice;
  if (amount === null) throw new AppError('NOT_FOR_SALE', undefined, NOT_OFFERED[request.kind]);
  return {
    kind: request.kind,
    contentId: title.content_id,
    serviceId: null,
    name: title.name,
    amount,
    title,
  };
}
