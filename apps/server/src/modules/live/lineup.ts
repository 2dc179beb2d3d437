import type { Kysely } from 'kysely';
import { uiWordingIds, type PlayRightType } from '@site/contract';
import { DEFAULT_AD_PLAN } from '@site/contract/console';
import type {
  AdPlan,
  ChannelGroup,
  ChannelSource,
  ConsoleChannel,
  Lineup,
} from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { mediaUrl } from '../media/urls.js';
import { contentSource, playoutClipIds } from './channel-rules.js';
import type { LineupSettingsStore } from './lineup-settings.js';
import { findChannel, listChannels, type ChannelRow } from './queries.js';

/*
 * The channel line-up as the console reads it (issue 25 item 1, docs/adr/0047): the channels
 * with their channelBean fields, the groups in order, the live settings. Writes are in
 * lineup-edits.ts and lineup-groups.ts.
 */

export const noChannel = () => notFound('找不到這個頻道。');

export function sourceOf(row: Pick<ChannelRow, 'is_youtube' | 'twitch_login'>): ChannelSource {
  const source = contentSource(row);
  return source === 'YOUTUBE' ? 'youtube' : source === 'TWITCH' ? 'twitch' : 'origin';
}

/** A channel's latest ad plan row (null: never set, the defaults apply to an AVOD channel). */
export async function latestAdPlan(db: Kysely<Database>, channelId: string) {
  return (
    (await db
      .selectFrom('channel_ad_plan')
      .selectAll()
      .where('channel_id', '=', channelId)
      .orderBy('effective_from', 'desc')
      .executeTakeFirst()) ?? null
  );
}

export function adPlanOfRow(row: {
  opening_break: number;
  interval_minutes: number | null;
  break_seconds: number;
}): AdPlan | null {
  const opening = Number(row.opening_break) === 1;
  const interval = row.interval_minutes === null ? null : Number(row.interval_minutes);
  // A row with neither an opening break nor an interval records "no ads" (a non-AVOD channel).
  if (!opening && interval === null) return null;
  return {
    openingBreak: opening,
    intervalMinutes: interval,
    breakSeconds: Number(row.break_seconds),
  };
}

export async function groupsOf(db: Kysely<Database>): Promise<ChannelGroup[]> {
  const [groups, members] = await Promise.all([
    db
      .selectFrom('channel_group')
      .selectAll()
      .orderBy('sort_order')
      .orderBy('channel_group_id')
      .execute(),
    db
      .selectFrom('channel_group_member')
      .selectAll()
      .orderBy('channel_group_id')
      .orderBy('sort_order')
      .orderBy('channel_id')
      .execute(),
  ]);
  return groups.map((g) => ({
    channelGroupId: g.channel_group_id,
    title: g.title,
    channelIds: members
      .filter((m) => m.channel_group_id === g.channel_group_id)
      .map((m) => m.channel_id),
  }));
}

export async function getLineup(
  db: Kysely<Database>,
  settings: LineupSettingsStore,
): Promise<Lineup> {
  const [channels, groups, current] = await Promise.all([
    listChannels(db),
    groupsOf(db),
    settings.current(),
  ]);
  return {
    channels: channels.map((c) => ({
      channelId: c.channel_id,
      name: c.name,
      playRightType: c.play_right_type as PlayRightType,
      source: sourceOf(c),
      allowWeb: c.allow_web === 'Y',
      picUrl: c.pic_path ? mediaUrl(c.pic_path) : '',
    })),
    groups,
    settings: {
      defaultChannelId: current.defaultChannelId,
      streamHostRules: current.streamHostRules,
    },
  };
}

export async function getConsoleChannel(
  db: Kysely<Database>,
  channelId: string,
): Promise<ConsoleChannel> {
  const [row, wordings, plan, groups] = await Promise.all([
    findChannel(db, channelId),
    db
      .selectFrom('channel_wording')
      .select(['wording_id', 'wording'])
      .where('channel_id', '=', channelId)
      .execute(),
    latestAdPlan(db, channelId),
    db
      .selectFrom('channel_group_member as m')
      .innerJoin('channel_group as g', 'g.channel_group_id', 'm.channel_group_id')
      .select('m.channel_group_id')
      .where('m.channel_id', '=', channelId)
      .orderBy('g.sort_order')
      .orderBy('g.channel_group_id')
      .execute(),
  ]);
  if (!row) throw noChannel();
  const avod = row.play_right_type === 'AVOD';
  const stored = plan ? adPlanOfRow(plan) : null;
  const defaults = DEFAULT_AD_PLAN;
  return {
    channelId: row.channel_id,
    name: row.name,
    description: row.description,
    channelType: row.channel_type === '1' ? '1' : '0',
    allowWeb: row.allow_web === 'Y',
    source: sourceOf(row),
    youtubeId: row.is_youtube === 'Y' ? (row.youtube_id ?? '') : null,
    twitchLogin: row.is_youtube !== 'Y' && row.twitch_login ? row.twitch_login : null,
    openSimplePlayPage: row.open_simple_play_page === 'Y',
    playRightType: row.play_right_type as PlayRightType,
    serviceId: row.service_id,
    playoutClipIds: playoutClipIds(row),
    kidSafe: Number(row.kid_safe) === 1,
    catchupHours: Number(row.catchup_hours),
    wordings: Object.fromEntries(
      uiWordingIds.map((id) => [id, wordings.find((w) => w.wording_id === id)?.wording ?? '']),
    ) as ConsoleChannel['wordings'],
    sponsorLogoPosition: row.sponsor_logo_position === 'L' ? 'L' : 'UR',
    sponsorLogoShown: Number(row.sponsor_logo_shown) === 1,
    adPlan: avod ? (plan ? (stored ?? defaults) : defaults) : null,
    adPlanFrom: avod && plan ? Number(plan.effective_from) : null,
    groupIds: groups.map((g) => g.channel_group_id),
    picUrl: row.pic_path ? mediaUrl(row.pic_path) : '',
    sponsorLogoUrl: row.sponsor_logo_path ? mediaUrl(row.sponsor_logo_path) : null,
    version: Number(row.version),
  };
}
