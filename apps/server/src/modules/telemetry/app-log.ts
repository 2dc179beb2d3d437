import type { Insertable, Kysely } from 'kysely';
import type { AppLogBody, PlaybackErrorLog } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { AppLogTable } from '../../db/schema-telemetry.js';

const USER_AGENT_MAX = 300;

export type AppLogRow = Insertable<AppLogTable>;

export interface SenderContext {
  subAccountUid: string | null;
  userAgent: string | undefined;
  now: number;
}

/** The row an app-log entry (already validated by the contract) is stored as. */
export function appLogRow(body: AppLogBody, sender: SenderContext): AppLogRow {
  const entry: PlaybackErrorLog = body;
  return {
    log_type: entry.type,
    content_id: entry.contentID,
    play_type: entry.playType ?? 'VOD',
    player_error_code: entry.playerErrorCode,
    video_position_ms: Math.round(entry.videoPosition * 1000),
    error_message: entry.errorMessage,
    sub_account_uid: sender.subAccountUid,
    user_agent: (sender.userAgent ?? '').slice(0, USER_AGENT_MAX),
    received_at: sender.now,
  };
}

/** Appends a batch of rows in one statement (the only write the app log knows). */
export async function insertAppLogRows(db: Kysely<Database>, rows: AppLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('app_log').values(rows).execute();
}
