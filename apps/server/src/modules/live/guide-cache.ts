import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Guides kept at once: a few ranges (`days` 1–9) of one or two Taipei days. */
const MAX_ENTRIES = 32;

/**
 * The XMLTV export, kept per (range, schedule): writing the whole guide with an XML library takes
 * a few hundred milliseconds, so each range is written once per schedule instead of per request
 * (a CDN keeps it for 5 minutes too). The schedule's signature is read on every request (two small
 * queries): the programme count and highest id, and each channel's name, picture and schedule
 * revision and console version, so an import, a seed or a channel edited in the console shows at
 * once. Programmes are changed only
 * by inserts and imports (which bump the revision), never edited in place.
 */
export class GuideCache {
  private readonly entries = new Map<string, string>();

  constructor(private readonly db: Kysely<Database>) {}

  private async signature(): Promise<string> {
    const [programmes, channels] = await Promise.all([
      sql<{ n: number | string; top: number | string | null }>`
        select count(*) as n, max(programme_id) as top from programme`.execute(this.db),
      this.db
        .selectFrom('channel')
        .select(['channel_id', 'name', 'pic_path', 'schedule_rev', 'version'])
        .orderBy('channel_id')
        .execute(),
    ]);
    const summary = programmes.rows[0];
    return JSON.stringify([Number(summary?.n ?? 0), Number(summary?.top ?? 0), channels]);
  }

  async get(range: string, render: () => Promise<string>): Promise<string> {
    const key = `${range}\n${await this.signature()}`;
    let body = this.entries.get(key);
    if (body === undefined) {
      body = await render();
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, body);
    }
    return body;
  }
}
