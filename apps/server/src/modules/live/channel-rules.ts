import {
  TWITCH_LOGIN,
  YOUTUBE_ID,
  channelIdSchema,
  playRightTypes,
  uiWordingIds,
  type ChannelStatus,
  type ContentSource,
} from '@site/contract';
import type { Insertable } from 'kysely';
import type { ChannelTable } from '../../db/schema.js';
import type { ChannelRow } from './queries.js';

type Window = Pick<ChannelRow, 'air_start_at' | 'air_end_at'>;

/**
 * Who may see a channel (docs/adr/0028): a kid sub-account sees only channels marked kid-safe, as
 * the catalogue shows a kid only kid-safe titles (ADR 0016); everyone else sees every channel.
 * A channel a viewer may not see is answered exactly as one that does not exist (404), on every
 * live call, the page head and the group grid. The one place this is written.
 */
export function channelVisibleTo(
  channel: Pick<ChannelRow, 'kid_safe'>,
  viewer: { kidMode: boolean } | null,
): boolean {
  return !viewer?.kidMode || Number(channel.kid_safe) === 1;
}

/**
 * A channel's status follows its air window and the clock (SPEC §4), never a stored flag:
 * '0' before the start, '9' from the end on, '1' in between (an open end never ends).
 */
export function channelStatus(channel: Window, now: number): ChannelStatus {
  if (channel.air_start_at !== null && now < Number(channel.air_start_at)) return '0';
  if (channel.air_end_at !== null && now >= Number(channel.air_end_at)) return '9';
  return '1';
}

/** Channel type '0' needs status '1' to play (SPEC §4); an event channel ('1') plays at any time. */
export function playsNow(channel: Window & Pick<ChannelRow, 'channel_type'>, now: number): boolean {
  return channel.channel_type !== '0' || channelStatus(channel, now) === '1';
}

/** The YouTube id when it is one; anything else (markup, a URL) is never passed on. */
export function safeYoutubeId(channel: Pick<ChannelRow, 'is_youtube' | 'youtube_id'>): string {
  return channel.is_youtube === 'Y' && channel.youtube_id && YOUTUBE_ID.test(channel.youtube_id)
    ? channel.youtube_id
    : '';
}

export function safeTwitchLogin(channel: Pick<ChannelRow, 'twitch_login'>): string {
  return channel.twitch_login && TWITCH_LOGIN.test(channel.twitch_login)
    ? channel.twitch_login
    : '';
}

export function contentSource(
  channel: Pick<ChannelRow, 'is_youtube' | 'twitch_login'>,
): ContentSource {
  if (channel.is_youtube === 'Y') return 'YOUTUBE';
  if (channel.twitch_login) return 'TWITCH';
  return 'ORIGIN';
}

/** The clips the origin plays out in turn ('' → the channel's clip alone; none for externals). */
export function playoutClipIds(
  channel: Pick<ChannelRow, 'playout_clip_ids' | 'clip_id' | 'is_youtube' | 'twitch_login'>,
): string[] {
  if (contentSource(channel) !== 'ORIGIN') return [];
  const listed = channel.playout_clip_ids
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (listed.length > 0) return listed;
  return channel.clip_id ? [channel.clip_id] : [];
}

export function channelContentId(channel: Pick<ChannelRow, 'content_id' | 'channel_id'>): string {
  return channel.content_id || channel.channel_id;
}

const CLIP_ID = /^[A-Za-z0-9_-]{1,40}$/;
const YN = new Set(['Y', 'N']);

/**
 * What a channel row must be before it is stored (the seed checks every demo channel with it;
 * an operator screen will too). Returns the problems, empty when the row is fine. Values read
 * back are checked again where they are used (safeYoutubeId), so a row written around this
 * check still cannot put markup on a page.
 */
export function channelProblems(row: Insertable<ChannelTable>): string[] {
  const problems: string[] = [];
  const id = row.channel_id;
  if (!channelIdSchema.safeParse(id).success) problems.push(`channel id ${JSON.stringify(id)}`);
  if (!row.name.trim() || row.name.length > 60) problems.push('name must be 1–60 characters');
  if (!['0', '1'].includes(row.channel_type)) problems.push('channel_type must be 0 or 1');
  for (const flag of ['allow_web', 'is_youtube', 'open_simple_play_page'] as const) {
    if (!YN.has(row[flag])) problems.push(`${flag} must be Y or N`);
  }
  if (!(playRightTypes as readonly string[]).includes(row.play_right_type))
    problems.push(`play_right_type must be one of ${playRightTypes.join(', ')}`);
  if (row.is_youtube === 'Y' && !YOUTUBE_ID.test(row.youtube_id ?? ''))
    problems.push(`youtube_id ${JSON.stringify(row.youtube_id)} is not a YouTube video id`);
  if (row.is_youtube !== 'Y' && row.youtube_id) problems.push('youtube_id without is_youtube Y');
  if (typeof row.twitch_login === 'string' && !TWITCH_LOGIN.test(row.twitch_login))
    problems.push(`twitch_login ${JSON.stringify(row.twitch_login)} is not a Twitch login`);
  if (row.is_youtube === 'Y' && row.twitch_login) problems.push('both YouTube and Twitch');
  if (row.play_right_type === 'SVOD' && !row.service_id)
    problems.push('an SVOD channel needs service_id');
  const clips = [row.clip_id, ...(row.playout_clip_ids ?? '').split(',')].filter(
    (c): c is string => !!c && c.trim() !== '',
  );
  for (const clip of clips) if (!CLIP_ID.test(clip.trim())) problems.push(`clip id ${clip}`);
  if (
    typeof row.air_start_at === 'number' &&
    typeof row.air_end_at === 'number' &&
    Number(row.air_end_at) <= Number(row.air_start_at)
  )
    problems.push('air_end_at must be after air_start_at');
  if (row.max_bitrate !== undefined && !(Number(row.max_bitrate) > 0))
    problems.push('max_bitrate must be positive');
  if (row.sponsor_logo_position !== undefined && !['UR', 'L'].includes(row.sponsor_logo_position))
    problems.push('sponsor_logo_position must be UR or L');
  return problems;
}

export function isUiWordingId(id: string): boolean {
  return (uiWordingIds as readonly string[]).includes(id);
}
