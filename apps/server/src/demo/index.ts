import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { systemClock } from '../time.js';
import { demoTitles, mainCategories, subcategories } from './catalogue.js';
import { reindexSearch } from '../modules/search/reindex.js';
import { seedDemoMembers } from './accounts.js';
import { seedDemoStaff } from './staff.js';
import {
  curatedGroupTitles,
  curatedGroups,
  hotKeywords,
  people,
  titlePeople,
  uxCategories,
  uxMenus,
  wordings,
} from './catalogue-extras.js';
import {
  channelGroupMembers,
  channelGroups,
  channelWordings,
  demoChannels,
  DEMO_KID_CHANNEL_IDS,
  demoProgrammes,
  DEMO_BLACKOUT,
  DEMO_CATCHUP_CHANNEL_IDS,
  DEMO_CATCHUP_HOURS,
} from './live.js';
import { demoVoucherChoices, demoVouchers, monthlyServices, serviceTitles } from './vouchers.js';
import { demoCreatives } from './ads.js';
import { seedEngagement } from './engagement.js';

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
  'channel_wording',
  'programme',
  'person',
  'title_person',
  'ux_category',
  'ux_menu',
  'curated_group',
  'curated_group_title',
  'wording',
  'hot_keyword',
  'account',
  'sub_account',
  'to_view_item',
  'favorite_item',
  'watch_position',
  'view_record',
  'entitlement',
  'monthly_service',
  'service_title',
  'voucher',
  'voucher_choice',
  'ad_creative',
  // Not seeded, but a reset must clear them before the accounts they point at.
  'live_bookmark',
  'programme_position',
  'session',
  'partner_binding',
  'rate_limit',
  'auth_throttle',
  'known_device',
  'icon_hint_seen',
  // Commerce rows members made (docs/adr/0020): before the accounts and services they name.
  'subscription',
  'subscription_period',
  'wallet_entry',
  'wallet',
  'purchase_order',
  'payment_callback',
  // Append-only ad events (docs/adr/0022): not seeded, cleared by a reset.
  'ad_event',
  // Engagement (docs/adr/0026): after the channels and accounts they name.
  'draw_activity',
  'draw_prize',
  'draw',
  'draw_account',
  'draw_winner',
  'inbox_message',
  'inbox_status',
  'announcement',
  'announcement_seen',
  'sas_log',
] as const satisfies readonly (keyof Database)[];

/**
 * The demo's kids' channels are kid-safe in a database seeded before migration 0022 too (its rows
 * are kept, so the insert alone would leave them at the column's default 0). Passes the count on.
 */
async function markKidChannels(db: Kysely<Database>, inserted: number): Promise<number> {
  await db
    .updateTable('channel')
    .set({ kid_safe: 1 })
    .where('channel_id', 'in', DEMO_KID_CHANNEL_IDS)
    .where('kid_safe', '=', 0)
    .execute();
  return inserted;
}

/**
 * The demo's catch-up windows and blackout in a database seeded before migration 0031 (its rows
 * are kept, so the insert alone would leave them at the columns' default 0). Passes the count on.
 */
async function markCatchup(db: Kysely<Database>, inserted: number): Promise<number> {
  await db
    .updateTable('channel')
    .set({ catchup_hours: DEMO_CATCHUP_HOURS })
    .where('channel_id', 'in', DEMO_CATCHUP_CHANNEL_IDS)
    .where('catchup_hours', '=', 0)
    .execute();
  await db
    .updateTable('programme')
    .set({ catchup_blackout: 1 })
    .where('channel_id', '=', DEMO_BLACKOUT.channelId)
    .where('name', '=', DEMO_BLACKOUT.name)
    .where('catchup_blackout', '=', 0)
    .execute();
  return inserted;
}

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
      channel: await markKidChannels(
        db,
        await insertMissing(db, 'channel', demoChannels(now), ['channel_id']),
      ),
      channel_group_member: await insertMissing(db, 'channel_group_member', channelGroupMembers, [
        'channel_group_id',
        'channel_id',
      ]),
      channel_wording: await insertMissing(db, 'channel_wording', channelWordings, [
        'channel_id',
        'wording_id',
      ]),
      programme: await markCatchup(
        db,
        await insertMissing(db, 'programme', demoProgrammes(now), ['channel_id', 'start_at']),
      ),
      person: await insertMissing(db, 'person', people, ['person_id']),
      title_person: await insertMissing(db, 'title_person', titlePeople(), [
        'content_id',
        'person_id',
        'role',
      ]),
      ux_category: await insertMissing(db, 'ux_category', uxCategories, ['ux_category_id']),
      ux_menu: await insertMissing(db, 'ux_menu', uxMenus, ['menu_id']),
      curated_group: await insertMissing(db, 'curated_group', curatedGroups, ['group_id']),
      curated_group_title: await insertMissing(db, 'curated_group_title', curatedGroupTitles(), [
        'group_id',
        'content_id',
      ]),
      wording: await insertMissing(db, 'wording', wordings, ['code']),
      hot_keyword: await insertMissing(db, 'hot_keyword', hotKeywords, ['keyword']),
      search_term: await reindexSearch(db),
      account: await seedDemoMembers(db, options.passwordCost ?? 2 ** 15, now),
      staff_member: await seedDemoStaff(db, options.passwordCost ?? 2 ** 15, now),
      monthly_service: await insertMissing(db, 'monthly_service', monthlyServices, ['service_id']),
      service_title: await insertMissing(db, 'service_title', serviceTitles(titles), [
        'service_id',
        'content_id',
      ]),
      voucher: await insertMissing(db, 'voucher', demoVouchers, ['serial']),
      voucher_choice: await insertMissing(db, 'voucher_choice', demoVoucherChoices, [
        'serial',
        'content_id',
      ]),
      ad_creative: await insertMissing(db, 'ad_creative', demoCreatives, ['creative_id']),
      engagement: await seedEngagement(db, now),
    };
  });
}
