import type { Kysely } from 'kysely';
import type { ListItem } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { okJson, type SerializedEnvelope } from '../../http/envelope.js';
import { ReadCache } from '../../lib/read-cache.js';
import { toVideoListItem, type TitleRow } from '../catalogue/present.js';
import { findTitle, findTitles } from '../catalogue/queries.js';
import { isVisible } from '../catalogue/visibility.js';
import type { ListFilter } from './queries.js';

/** What a personal-list page answers (listDataReplySchema's data). */
export interface ListPage {
  isLogin: 'Y' | 'N';
  totalCount: number;
  recordCount: number;
  videoList: { video: ListItem[] };
}

/** Where a record stands for the sub-account, added to its title's list entry. */
export type RecordExtra = Pick<
  ListItem,
  'resumeContentId' | 'positionSeconds' | 'lastViewedAt' | 'addedAt'
>;

/**
 * The titles the lists show, cached as rows and as the JSON of their list entries. A list page is
 * 20 entries of a dozen fields each; writing them from cached JSON instead of building and
 * serialising 20 objects per call is most of what a list call costs above its session lookup
 * (issue 20 item 21, ADR 0013's 2026-11-26 amendment).
 */
export class ListTitles {
  readonly #rows: ReadCache<TitleRow | null>;
  /** The entry's JSON without its closing brace, so a record's fields can follow. */
  readonly #entryJson = new WeakMap<TitleRow, string>();

  constructor(
    private readonly db: Kysely<Database>,
    cacheSeconds: number,
    clock: () => number,
  ) {
    this.#rows = new ReadCache(cacheSeconds, clock);
  }

  /** Drops every cached title (the catalogue changed). */
  forget(): void {
    this.#rows.clear();
  }

  /** One title (or null), from the cache. */
  title(contentId: string): Promise<TitleRow | null> {
    return this.#rows.get(contentId, async () => (await findTitle(this.db, contentId)) ?? null);
  }

  /** Many titles by id, the missing ones read together. */
  titles(contentIds: string[]): Promise<Map<string, TitleRow | null>> {
    return this.#rows.getMany(
      contentIds,
      async (ids) => new Map((await findTitles(this.db, ids)).map((t) => [t.content_id, t])),
      null,
    );
  }

  /**
   * A page of list records as the envelope's JSON: each record's title, if the filter may see it
   * now (history keeps no shelf dates, so this is where they count), with the record's own fields.
   */
  async pageJson<R extends { title_id: string }>(
    { totalCount, records }: { totalCount: number; records: R[] },
    filter: ListFilter,
    now: number,
    extra: (record: R) => RecordExtra,
  ): Promise<SerializedEnvelope<ListPage>> {
    const byId = await this.titles(records.map((r) => r.title_id));
    const entries: string[] = [];
    for (const record of records) {
      const title = byId.get(record.title_id);
      if (title && isVisible(title, filter, now))
        entries.push(withFields(this.#entryOf(title), extra(record)));
    }
    return okJson(
      `{"isLogin":"Y","totalCount":${totalCount},"recordCount":${entries.length},` +
        `"videoList":{"video":[${entries.join(',')}]}}`,
    );
  }

  #entryOf(title: TitleRow): string {
    let json = this.#entryJson.get(title);
    if (json === undefined) {
      json = JSON.stringify(toVideoListItem(title)).slice(0, -1);
      this.#entryJson.set(title, json);
    }
    return json;
  }
}

/** An open entry closed with the record's fields (JSON drops the undefined ones, as before). */
function withFields(openEntry: string, fields: RecordExtra): string {
  const json = JSON.stringify(fields);
  return json === '{}' ? `${openEntry}}` : `${openEntry},${json.slice(1)}`;
}
