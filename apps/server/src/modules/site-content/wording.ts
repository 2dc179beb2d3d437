import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';

export interface WordingEntry {
  code: string;
  wording: string;
}

/**
 * Wording by code and by group, read from the table on every call (docs/adr/0051). Marketing
 * edits it in the console and the change must show on every instance at once: a per-process
 * cache would need a revision read per call to stay right, which costs the same one indexed
 * query as reading the entry itself, so there is none.
 */
export class WordingStore {
  constructor(private readonly db: Kysely<Database>) {}

  async find(code: string): Promise<WordingEntry | null> {
    const row = await this.db
      .selectFrom('wording')
      .select(['code', 'wording'])
      .where('code', '=', code)
      .executeTakeFirst();
    return row ?? null;
  }

  async require(code: string): Promise<WordingEntry> {
    const entry = await this.find(code);
    if (!entry) throw notFound('找不到這段文字。');
    return entry;
  }

  async group(groupCode: string): Promise<WordingEntry[]> {
    return this.db
      .selectFrom('wording')
      .select(['code', 'wording'])
      .where('group_code', '=', groupCode)
      .orderBy('sort_order')
      .orderBy('code')
      .execute();
  }
}

/** 'a$$b$$c' → ['a', 'b', 'c'] (SPEC §7 wording form '{minutes}$${message}'). */
export function wordingParts(wording: string): string[] {
  return wording.split('$$');
}
