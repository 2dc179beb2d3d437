import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseHostRules, type HostRule } from './stream-hosts.js';

/** The live settings the console sets (docs/adr/0047); a missing row falls back to the environment. */
export interface LineupSettingsValues {
  defaultChannelId: string;
  /** `pattern=>host;…`, as LIVE_STREAM_HOST_RULES. */
  streamHostRules: string;
  hostRules: readonly HostRule[];
}

export const SETTING_NAMES = {
  defaultChannelId: 'default_channel_id',
  streamHostRules: 'stream_host_rules',
} as const;

/**
 * Reads the default channel and the stream-host rules from live_setting on every call (one small
 * query by primary key), so a change made in the console on one instance is what every instance
 * answers with on the next request: no cache to invalidate, no restart. The rules' parse is
 * remembered per text (they are checked when saved, so a stored text always parses).
 */
export class LineupSettingsStore {
  private parsed: { text: string; rules: readonly HostRule[] } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly fallback: { defaultChannelId: string; streamHostRules: string },
  ) {}

  async current(): Promise<LineupSettingsValues> {
    const rows = await this.db
      .selectFrom('live_setting')
      .select(['name', 'value'])
      .where('name', 'in', Object.values(SETTING_NAMES))
      .execute();
    const stored = new Map(rows.map((r) => [r.name, r.value]));
    const defaultChannelId =
      stored.get(SETTING_NAMES.defaultChannelId) ?? this.fallback.defaultChannelId;
    const streamHostRules =
      stored.get(SETTING_NAMES.streamHostRules) ?? this.fallback.streamHostRules;
    return { defaultChannelId, streamHostRules, hostRules: this.rulesOf(streamHostRules) };
  }

  private rulesOf(text: string): readonly HostRule[] {
    if (this.parsed?.text !== text) this.parsed = { text, rules: parseHostRules(text) };
    return this.parsed.rules;
  }
}
