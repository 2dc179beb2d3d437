import type { Kysely, Selectable } from 'kysely';
import type { ChannelTable, Database, ProgrammeTable } from '../../db/schema.js';

export type ChannelRow = Selectable<ChannelTable>;
export type ProgrammeRow = Selectable<ProgrammeTable>;

export interface GroupWithChannels {
  channelGroupId: string;
  title: string;
  channels: ChannelRow[];
}

export async function channelGroups(db: Kysely<Database>): Promise<GroupWithChannels[]> {
  const [groups, members] = await Promise.all([
    db
      .selectFrom('channel_group')
      .selectAll()
      .orderBy('sort_order')
      .orderBy('channel_group_id')
      .execute(),
    db
      .selectFrom('channel_group_member as m')
      .innerJoin('channel as c', 'c.channel_id', 'm.channel_id')
      .selectAll('c')
      .select('m.channel_group_id')
      .orderBy('m.channel_group_id')
      .orderBy('m.sort_order')
      .orderBy('c.channel_id')
      .execute(),
  ]);
  return groups.map((group) => ({
    channelGroupId: group.channel_group_id,
    title: group.title,
    channels: members.filter((m) => m.channel_group_id === group.channel_group_id),
  }));
}

export async function listChannels(db: Kysely<Database>): Promise<ChannelRow[]> {
  return db.selectFrom('channel').selectAll().orderBy('sort_order').orderBy('channel_id').execute();
}

export async function findChannel(
  db: Kysely<Database>,
  channelId: string,
): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('channel')
    .selectAll()
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
}

/** Programmes overlapping [from, to), in channel and time order. */
export async function programmesBetween(
  db: Kysely<Database>,
  from: number,
  to: number,
  channelId?: string,
): Promise<ProgrammeRow[]> {
  let query = db
    .selectFrom('programme')
    .selectAll()
    .where('end_at', '>', from)
    .where('start_at', '<', to);
  if (channelId) query = query.where('channel_id', '=', channelId);
  return query.orderBy('channel_id').orderBy('start_at').execute();
}

/** The programme on air at `now` on each channel (at most one per channel). */
export async function programmesAt(db: Kysely<Database>, now: number): Promise<ProgrammeRow[]> {
  return db
    .selectFrom('programme')
    .selectAll()
    .where('start_at', '<=', now)
    .where('end_at', '>', now)
    .orderBy('channel_id')
    .orderBy('start_at')
    .execute();
}

/** A channel's programmes starting in [from, to), in time order. */
export async function programmesStarting(
  db: Kysely<Database>,
  channelId: string,
  from: number,
  to: number,
): Promise<Pick<ProgrammeRow, 'start_at' | 'end_at' | 'name'>[]> {
  return db
    .selectFrom('programme')
    .select(['start_at', 'end_at', 'name'])
    .where('channel_id', '=', channelId)
    .where('start_at', '>=', from)
    .where('start_at', '<', to)
    .orderBy('start_at')
    .execute();
}

/** Every programme of a channel: its slot and blackout flag (the origin's timeline and catch-up). */
export async function programmeTimes(
  db: Kysely<Database>,
  channelId: string,
): Promise<
  { start_at: number; end_at: number; catchup_blackout: number; clip_id: string | null }[]
> {
  return db
    .selectFrom('programme')
    .select(['start_at', 'end_at', 'catchup_blackout', 'clip_id'])
    .where('channel_id', '=', channelId)
    .orderBy('start_at')
    .execute();
}

export async function channelWordings(
  db: Kysely<Database>,
  channelId: string,
): Promise<{ wording_id: string; wording: string }[]> {
  return db
    .selectFrom('channel_wording')
    .select(['wording_id', 'wording'])
    .where('channel_id', '=', channelId)
    .orderBy('wording_id')
    .execute();
}

/** A channel's programmes starting in [from, to], with what the catch-up list shows. */
export async function programmesFrom(
  db: Kysely<Database>,
  channelId: string,
  from: number,
  to: number,
): Promise<ProgrammeRow[]> {
  return db
    .selectFrom('programme')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('start_at', '>=', from)
    .where('start_at', '<=', to)
    .orderBy('start_at')
    .execute();
}

/** The programme of a channel starting exactly at `start` (its name in catch-up). */
export async function programmeAt(
  db: Kysely<Database>,
  channelId: string,
  start: number,
): Promise<ProgrammeRow | undefined> {
  return db
    .selectFrom('programme')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('start_at', '=', start)
    .executeTakeFirst();
}
