import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DrawActivityTable } from '../../db/schema-engagement.js';
import { servicePaidPast } from '../commerce/segments.js';

export type DrawActivityRow = Selectable<DrawActivityTable>;

/** How far ahead the live page is told of activities (it sets a timer for each). */
export const DRAW_LOOKAHEAD_SECONDS = 6 * 3600;
/** At most this many activities per channel in one switch-channel reply. */
export const DRAW_LIST_MAX = 30;

export async function findActivity(
  db: Kysely<Database>,
  activityId: string,
): Promise<DrawActivityRow | undefined> {
  return db
    .selectFrom('draw_activity')
    .selectAll()
    .where('activity_id', '=', activityId)
    .executeTakeFirst();
}

/** A channel's activities not yet over and starting within the look-ahead, soonest first. */
export async function upcomingActivities(
  db: Kysely<Database>,
  channelId: string,
  now: number,
): Promise<DrawActivityRow[]> {
  return db
    .selectFrom('draw_activity')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('end_at', '>', now)
    .where('start_at', '<', now + DRAW_LOOKAHEAD_SECONDS)
    .orderBy('start_at')
    .orderBy('activity_id')
    .limit(DRAW_LIST_MAX)
    .execute();
}

/**
 * Which of these activities the member account has drawn in, from any of its sub-accounts (those
 * deleted since included): a draw is one per account (docs/adr/0026, 2026-11-26).
 */
export async function drawnActivityIds(
  db: Kysely<Database>,
  accountId: string,
  activityIds: string[],
): Promise<Set<string>> {
  if (activityIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('draw_account')
    .select('activity_id')
    .where('account_id', '=', accountId)
    .where('activity_id', 'in', activityIds)
    .execute();
  return new Set(rows.map((r) => r.activity_id));
}

/** Prizes of an activity that still have some left, in pool order. */
export async function prizesLeft(db: Kysely<Database>, activityId: string) {
  return db
    .selectFrom('draw_prize')
    .select(['prize_id', 'name'])
    .where('activity_id', '=', activityId)
    .where('remaining', '>', 0)
    .orderBy('sort_order')
    .orderBy('prize_id')
    .execute();
}

/**
 * Whether the account may draw in activities for members with a monthly service (docs/adr/0049):
 * its service is paid past `now` (commerce's segment rule, as messages to that segment use).
 */
export async function hasService(
  db: Kysely<Database>,
  accountId: string,
  now: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('account')
    .select(servicePaidPast(accountId, sql<number>`${now}`).as('ok'))
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return Boolean(Number(row?.ok ?? 0)) || row?.ok === true;
}
