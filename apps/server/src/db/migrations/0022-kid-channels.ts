import type { Kysely } from 'kysely';
import type { ForwardMigration, MigrationContext } from './context.js';

/**
 * Kid channels (issue 20 item 9; docs/adr/0028), owned by the live module: `channel.kid_safe`
 * (1: suitable for a kid sub-account) says which channels a kid sees on the live page, as a
 * title's `kid_safe` does in the catalogue. Every existing channel starts at 0: a channel is shown
 * to kids only once someone decided it is for them (the demo seed marks its kids' channels).
 */
export function kidChannels(_ctx: MigrationContext): ForwardMigration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('channel')
        .addColumn('kid_safe', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
