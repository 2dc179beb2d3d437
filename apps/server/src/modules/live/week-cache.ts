import { sql, type Kysely } from 'kysely';
import type { ScheduleWeek } from '@site/contract/console';
import type { Database } from '../../db/schema.js';

/** Weeks kept at once: the grid's current, previous and next weeks for a few channel sets. */
const MAX_ENTRIES = 16;

/**
 * The console's week grid, kept per (week, channels, schedule) like the XMLTV export's GuideCache:
 * 12 channels' week is some 4,000 programmes, read and shaped once per schedule instead of per
 * request (bench schedule-week). The schedule's signature is read on every request (two small
 * queries): the programme count and highest id, and each channel's name, order and schedule
 * revision. Every console edit, copy and import bumps the revision (an edit in place changes
 * neither count nor id), so a change on any instance shows at once on every other.
 */
export class WeekCache {
  private readonly entries = new Map<string, Omit<ScheduleWeek, 'now'>>();

  constructor(private readonly db: Kysely<Database>) {}

  private async signature(): Promise<string> {
    const [programmes, channels] = await Promise.all([
      sql<{ n: number | string; top: number | string | null }>`
        select count(*) as n, max(programme_id) as top from programme`.execute(this.db),
      this.db
        .selectFrom('channel')
        .select(['channel_id', 'name', 'sort_order', 'schedule_rev'])
        .orderBy('channel_id')
        .execute(),
    ]);
    const summary = programmes.rows[0];
    return JSON.stringify([Number(summary?.n ?? 0), Number(summary?.top ?? 0), channels]);
  }

  async get(
    key: string,
    read: () => Promise<Omit<ScheduleWeek, 'now'>>,
  ): Promise<Omit<ScheduleWeek, 'now'>> {
    const full = `${key}\n${await this.signature()}`;
    let week = this.entries.get(full);
    if (week === undefined) {
      week = await read();
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(full, week);
    }
    return week;
  }
}
