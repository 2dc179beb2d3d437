import type { Generated } from 'kysely';

/** Tables of the live module added by migration 0016 (docs/adr/0025). */
export interface LiveTables {
  channel_wording: ChannelWordingTable;
  live_bookmark: LiveBookmarkTable;
  programme_position: ProgrammePositionTable;
  channel_ad_plan: ChannelAdPlanTable;
  live_setting: LiveSettingTable;
}

/** An AVOD channel's ad breaks from `effective_from` on (migration 0035, docs/adr/0047). */
export interface ChannelAdPlanTable {
  channel_id: string;
  /** Unix seconds: programmes starting after it follow this plan. */
  effective_from: number;
  opening_break: number;
  /** Minutes between breaks inside a programme; null: no recurring break. */
  interval_minutes: number | null;
  break_seconds: number;
}

/** The live settings set in the console: 'default_channel_id', 'stream_host_rules' (migration 0035). */
export interface LiveSettingTable {
  name: string;
  value: string;
  updated_at: number;
}

/** A viewer's resume point in a catch-up programme (migration 0031, docs/adr/0043). */
export interface ProgrammePositionTable {
  sub_account_uid: string;
  account_id: string;
  channel_id: string;
  /** The programme's start, Unix seconds: with the channel, its name. */
  program_start: number;
  position_seconds: number;
  /** The play's heartbeat sequence: a lower one than stored is ignored. */
  client_seq: number;
  updated_at: number;
}

/** A channel's uiWordingList entry (SPEC §3): one of the four wording ids and its text. */
export interface ChannelWordingTable {
  channel_id: string;
  wording_id: string;
  wording: string;
}

/** A signed-in viewer's watching of a channel (SPEC §7 bookmarks); visitors leave no row. */
export interface LiveBookmarkTable {
  bookmark_id: string;
  channel_id: string;
  account_id: string;
  sub_account_uid: string;
  /**
   * The play it records (migration 0021): the id the page drew for this channel's play, '' when
   * the caller sent none. One row per (sub_account_uid, channel_id, play_id).
   */
  play_id: Generated<string>;
  created_at: number;
  last_seen_at: number;
  seconds_watched: number;
  /** 'first' | 'interval' | 'pause' | 'error' */
  last_reason: string;
}
