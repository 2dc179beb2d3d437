import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * A title's prices per way of selling it (issue 22 item 5, commerce): a row per rent or buy price
 * set in the console. The title's own sell type and price (title.sell_type, dtr_price) stay what
 * the listings show.
 */
export function titleOffers(ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('title_offer')
        .addColumn('content_id', ctx.text, (c) =>
          c.notNull().references('title.content_id').onDelete('cascade'),
        )
        /** 'rent' | 'buy' */
        .addColumn('kind', ctx.text, (c) => c.notNull())
        .addColumn('price', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('title_offer_pk', ['content_id', 'kind'])
        .execute();
    },
  };
}
