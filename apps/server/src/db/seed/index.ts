import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../connect.js';
import type { Database } from '../schema.js';
import { systemClock } from '../../time.js';
import { demoTitles, mainCategories, subcategories } from './catalogue.js';
import { seedDemoMembers } from './accounts.js';
import { channelGroupMembers, channelGroups, channels, demoProgrammes } from './live.js';

export interface SeedOptions {
  /** scrypt cost for the demo members' passwords (the config's PASSWORD_SCRYPT_COST). */
  passwordCost?: number;
  /** Delete every seeded table's rows first (`npm run seed -- --reset`). */
  reset?: boolean;
  now?: number;
}

/** Tables in the order rows may be inserted; a reset deletes them in the reverse order. */
const tables = [
  'main_category',
  'subcategory',
  'title',
  'channel_group',
  'channel',
  'channel_group_member',
  'programme',
  'account',
  'sub_account',
  // Not seeded, but a reset must clear them before the accounts they point at.
  'session',
  'partner_binding',
  'rate_limit',
] as const satisfies readonly (keyof Database)[];

/** Inserts rows a batch at a time, keeping what is there (the seed is idempotent). */
async function insertMissing<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: readonly object[],
  conflictColumns: string[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 200) {
    const batch = rows.slice(i, i + 200);
    const result = await db
      .insertInto(table)
      .values(batch as never)
      .onConflict((oc) => oc.columns(conflictColumns as never).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

/** The demo data of README "Demo data"; safe to run at every start. Returns rows inserted per table. */
export async function seed(
  handle: DatabaseHandle,
  options: SeedOptions = {},
): Promise<Record<string, number>> {
  const now = options.now ?? systemClock();
  return handle.db.transaction().execute(async (db) => {
    if (options.reset) {
      for (const table of [...tables].reverse()) await db.deleteFrom(table).execute();
    }
    const titles = demoTitles();
    // Series before their episodes: episodes reference them.
    titles.sort((a, b) => Number(a.kind === 'episode') - Number(b.kind === 'episode'));
    return {
      main_category: await insertMissing(db, 'main_category', mainCategories, ['main_category_id']),
      subcategory: await insertMissing(db, 'subcategory', subcategories, ['subcategory_id']),
      title: await insertMissing(db, 'title', titles, ['content_id']),
      channel_group: await insertMissing(db, 'channel_group', channelGroups, ['channel_group_id']),
      channel: await insertMissing(db, 'channel', channels, ['channel_id']),
      channel_group_member: await insertMissing(db, 'channel_group_member', channelGroupMembers, [
        'channel_group_id',
        'channel_id',
      ]),
      programme: await insertMissing(db, 'programme', demoProgrammes(now), [
        'channel_id',
        'start_at',
      ]),
      account: await seedDemoMembers(db, options.passwordCost ?? 2 ** 15, now),
    };
  });
}
