import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleCatalogueCalls, type TitleOffers } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { changeOnVersion, type TitleStore } from '../catalogue/title-edits.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import {
  SELL_TYPE_OF,
  allServices,
  storeTitleOffers,
  titleOfferPrices,
  unknownServices,
} from './title-offers.js';

/**
 * The console's price calls (issue 22 item 5): commerce owns title_offer, so it registers them.
 * A change is made on the title's version seen, in the catalogue's transaction for title edits
 * (changeOnVersion: stale edits refused, the version up, before and after audited).
 */
export function registerCommerceConsoleCalls(
  app: FastifyInstance,
  deps: { store: TitleStore; clock: () => number },
): void {
  const { store, clock } = deps;
  const titleOf = (contentId: string, db: Kysely<Database> = store.db) =>
    db
      .selectFrom('title')
      .select(['content_id', 'sell_type', 'dtr_price', 'version'])
      .where('content_id', '=', contentId)
      .executeTakeFirst();

  registerConsoleCall(app, consoleCatalogueCalls.getTitleOffers, async ({ contentId }) => {
    const title = await titleOf(contentId);
    if (!title) throw notFound('找不到這部影片。');
    return {
      ...(await titleOfferPrices(store.db, title)),
      version: Number(title.version),
      services: await allServices(store.db),
    };
  });

  registerConsoleCall(
    app,
    consoleCatalogueCalls.setTitleOffers,
    async ({ contentId, version, rentPrice, buyPrice, serviceIds }, { actor }) => {
      const offers: TitleOffers = {
        rentPrice,
        buyPrice,
        serviceIds: [...new Set(serviceIds)].sort(),
      };
      const unknown = await unknownServices(store.db, offers.serviceIds);
      if (unknown.length > 0) {
        throw new AppError('BAD_INPUT', [
          { name: 'serviceIds', problem: `沒有這個月租服務：${unknown.join('、')}` },
        ]);
      }
      const saved = await changeOnVersion(
        store,
        actor,
        contentId,
        version,
        clock(),
        async (row, trx) => {
          // The title's own way of selling keeps a price: it is changed with the sell type.
          const own = (['rent', 'buy'] as const).find((k) => row.sell_type === SELL_TYPE_OF[k]);
          const ownPrice = own === 'rent' ? rentPrice : own === 'buy' ? buyPrice : null;
          if (own && ownPrice === null) {
            const name = own === 'rent' ? 'rentPrice' : 'buyPrice';
            throw new AppError('BAD_INPUT', [{ name, problem: '這部影片的銷售方式需要價格' }]);
          }
          const current = await titleOfferPrices(trx, row);
          if (
            current.rentPrice === rentPrice &&
            current.buyPrice === buyPrice &&
            current.serviceIds.join() === offers.serviceIds.join()
          ) {
            return null;
          }
          await storeTitleOffers(trx, row, offers);
          return ownPrice !== null && ownPrice !== row.dtr_price ? { dtr_price: ownPrice } : {};
        },
        async (trx) => ({ offers: await titleOfferPrices(trx, (await titleOf(contentId, trx))!) }),
      );
      const title = (await titleOf(contentId))!;
      return {
        ...(await titleOfferPrices(store.db, title)),
        version: saved.version,
        services: await allServices(store.db),
      };
    },
  );
}
