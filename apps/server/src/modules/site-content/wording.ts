import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { ReadCache } from '../../lib/read-cache.js';

export interface WordingEntry {
  code: string;
  wording: string;
}

/** Wording by code and by group, read-mostly, so kept in memory for the cache's TTL. */
export class WordingStore {
  readonly #byCode: ReadCache<WordingEntry | null>;
  readonly #byGroup: ReadCache<WordingEntry[]>;

  constructor(
    private readonly db: Kysely<Database>,
    cacheSeconds: number,
    clock: () => number,
  ) {
    this.#byCode = new ReadCache(cacheSeconds, clock);
    this.#byGroup = new ReadCache(cacheSeconds, clock);
  }

  async find(code: string): Promise<WordingEntry | null> {
    return this.#byCode.get(code, async () => {
      const row = await this.db
        .selectFrom('wording')
        .select(['code', 'wording'])
        .where('code', '=', code)
        .executeTakeFirst();
      return row ?? null;
    });
  }

  async require(code: string): Promise<WordingEntry> {
    const entry = await this.find(code);
    if (!entry) throw notFound('找不到這段文字。');
    return entry;
  }

  async group(groupCode: string): Promise<WordingEntry[]> {
    return this.#byGroup.get(groupCode, () =>
      this.db
        .selectFrom('wording')
        .select(['code', 'wording'])
        .where('group_code', '=', groupCode)
        .orderBy('sort_order')
        .orderBy('code')
        .execute(),
    );
  }

  /** After a wording is edited (no editor yet; tests and future admin calls use it). */
  invalidate(): void {
    this.#byCode.clear();
    this.#byGroup.clear();
  }
}

/** 'a$$b$$c' → ['a', 'b', 'c'] (SPEC §7 wording form '{minutes}$${message}'). */
export function wordingParts(wording: string): string[] {
  return wording.split('$$');
}
