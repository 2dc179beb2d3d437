import type { Generated } from 'kysely';

/** Tables of the telemetry module (migration 0015, docs/adr/0024-player.md). */
export interface TelemetryTables {
  app_log: AppLogTable;
}

/** One entry of the app log (SPEC §7 client app-log insert); rows are only ever inserted. */
export interface AppLogTable {
  log_id: Generated<number>;
  /** 'playbackError' (the only kind so far). */
  log_type: string;
  content_id: string;
  /** 'VOD' | 'LIVE' */
  play_type: string;
  player_error_code: number;
  video_position_ms: number;
  error_message: string;
  /** The signed-in sub-account that sent it; null for visitors. */
  sub_account_uid: string | null;
  /** The sender's User-Agent, cut to 300 characters. */
  user_agent: string;
  /** Unix seconds. */
  received_at: number;
}
