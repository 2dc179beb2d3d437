import { PostgresAdapter, sql, type Insertable, type Kysely } from 'kysely';
import { SEARCH_LOOKUP_INDEX, createSearchLookupIndex } from '../../db/indexes.js';
import type { Database, SearchTermTable } from '../../db/schema.js';
import { RANK, indexKeys, normalizeText } from './terms.js';
import { audienceOf } from '../catalogue/audience.js';
import { PUBLISHED } from '../catalogue/visibility.js';

type TermRow = Insertable<SearchTermTable> & { off_shelf_at: number | null };

/** Only movies and series are found by search; episodes are reached through their series. */
export const SEARCHABLE_KINDS = ['movie', 'series'] as const;
/** Owners read and compared per round trip. */
const CHUNK = 500;
/** Rows per INSERT on SQLite: eight parameters each, inside its 32,766. */
const SQLITE_BATCH = 2_000;
/** Rows per INSERT on PostgreSQL, sent as eight arrays (no parameter limit applies). */
const POSTGRES_BATCH = 20_000;

/**
 * When this many titles have no rows yet (a first build over a large catalogue), the lookup index
 * is dropped and built again after the rows are in: one sort instead of millions of random
 * insertions (2.4 million rows on SQLite: 36 s → 25 s). Searches wait for the build meanwhile.
 */
const BULK_TITLES = 20_000;

/**
 * Brings the index in line with every title and person: rows of names that are gone or changed
 * are removed, missing rows added. Idempotent; returns the number of rows inserted (0 when the
 * index was already up to date). Runs in the caller's transaction, or opens one.
 * `bulkTitles`: how many titles without rows make a first build (BULK_TITLES; tests lower it).
 */
export async function reindexSearch(
  db: Kysely<Database>,
  options: { bulkTitles?: number } = {},
): Promise<number> {
  return inTransaction(db, async (tx) => {
    // NOT EXISTS rather than NOT IN: an anti-join on both databases, whatever the table sizes.
    await tx
      .deleteFrom('search_term')
      .where('kind', 'in', ['title', 'cast'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('title')
              .select(sql.lit(1).as('one'))
              .whereRef('title.content_id', '=', 'search_term.owner_id')
              .where('title.kind', 'in', SEARCHABLE_KINDS)
              .where('title.state', '=', PUBLISHED),
          ),
        ),
      )
      .execute();
    await tx
      .deleteFrom('search_term')
      .where('kind', '=', 'person')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('person')
              .select(sql.lit(1).as('one'))
              .whereRef('person.person_id', '=', 'search_term.owner_id'),
          ),
        ),
      )
      .execute();

    const bulk = (await unindexedTitles(tx)) >= (options.bulkTitles ?? BULK_TITLES);
    if (bulk) await tx.schema.dropIndex(SEARCH_LOOKUP_INDEX).execute();
    let inserted = 0;
    for await (const ids of idChunks((after) => titleIds(tx, after))) {
      inserted += await syncTitles(tx, ids);
    }
    for await (const ids of idChunks((after) => personIds(tx, after))) {
      inserted += await syncPeople(tx, ids);
    }
    if (bulk) await createSearchLookupIndex(tx as unknown as Kysely<unknown>);
    return inserted;
  });
}

/**
 * Re-reads these titles after a catalogue write (name, cast, shelf dates, kid and restricted
 * flags, publish and unpublish): a renamed title is found by its new name, a deleted one, a
 * draft or an episode not at all.
 * Returns rows inserted.
 */
export async function reindexTitles(
  db: Kysely<Database>,
  contentIds: readonly string[],
): Promise<number> {
  return inTransaction(db, async (tx) => {
    let inserted = 0;
    for (let i = 0; i < contentIds.length; i += CHUNK) {
      inserted += await syncTitles(tx, [...new Set(contentIds.slice(i, i + CHUNK))]);
    }
    return inserted;
  });
}

/** Re-reads these people, and the cast rows of every title they are in (a renamed person). */
export async function reindexPeople(
  db: Kysely<Database>,
  personIdList: readonly string[],
): Promise<number> {
  return inTransaction(db, async (tx) => {
    let inserted = 0;
    for (let i = 0; i < personIdList.length; i += CHUNK) {
      const ids = [...new Set(personIdList.slice(i, i + CHUNK))];
      inserted += await syncPeople(tx, ids);
      const titles = await tx
        .selectFrom('title_person')
        .select('content_id')
        .distinct()
        .where('person_id', 'in', ids)
        .execute();
      const contentIds = titles.map((t) => t.content_id);
      for (let j = 0; j < contentIds.length; j += CHUNK) {
        inserted += await syncTitles(tx, contentIds.slice(j, j + CHUNK));
      }
    }
    return inserted;
  });
}

async function inTransaction<T>(
  db: Kysely<Database>,
  work: (tx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

async function unindexedTitles(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('title')
    .where('kind', 'in', SEARCHABLE_KINDS)
    .where('state', '=', PUBLISHED)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('search_term')
            .select(sql.lit(1).as('one'))
            .where('search_term.kind', '=', 'title')
            .whereRef('search_term.owner_id', '=', 'title.content_id'),
        ),
      ),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ids in order, a chunk at a time (keyset paging: no offset rescans). */
async function* idChunks(
  page: (after: string | undefined) => Promise<string[]>,
): AsyncGenerator<string[]> {
  let after: string | undefined;
  for (;;) {
    const ids = await page(after);
    if (ids.length === 0) return;
    yield ids;
    after = ids[ids.length - 1];
  }
}

async function titleIds(db: Kysely<Database>, after: string | undefined): Promise<string[]> {
  let query = db
    .selectFrom('title')
    .select('content_id')
    .where('kind', 'in', SEARCHABLE_KINDS)
    .orderBy('content_id')
    .limit(CHUNK);
  if (after !== undefined) query = query.where('content_id', '>', after);
  return (await query.execute()).map((r) => r.content_id);
}

async function personIds(db: Kysely<Database>, after: string | undefined): Promise<string[]> {
  let query = db.selectFrom('person').select('person_id').orderBy('person_id').limit(CHUNK);
  if (after !== undefined) query = query.where('person_id', '>', after);
  return (await query.execute()).map((r) => r.person_id);
}

/** The rows the index should hold for these titles: keys of the name and of the cast's names. */
async function wantedTitleRows(db: Kysely<Database>, contentIds: string[]): Promise<TermRow[]> {
  const titles = await db
    .selectFrom('title')
    .select([
      'content_id',
      'name',
      'kid_safe',
      'is_restricted',
      'is_sexual',
      'on_shelf_at',
      'off_shelf_at',
    ])
    .where('content_id', 'in', contentIds)
    .where('kind', 'in', SEARCHABLE_KINDS)
    // A draft has no rows: customers never find it (reindexTitles on publish and unpublish).
    .where('state', '=', PUBLISHED)
    .execute();
  const cast = await db
    .selectFrom('title_person')
    .innerJoin('person', 'person.person_id', 'title_person.person_id')
    .select(['title_person.content_id', 'person.name'])
    .where('title_person.content_id', 'in', contentIds)
    .execute();
  const castNames = new Map<string, string[]>();
  for (const { content_id, name } of cast) {
    const names = castNames.get(content_id) ?? [];
    names.push(name);
    castNames.set(content_id, names);
  }
  const rows: TermRow[] = [];
  for (const title of titles) {
    const common = {
      owner_id: title.content_id,
      name: title.name,
      audience: audienceOf(title),
      on_shelf_at: Number(title.on_shelf_at),
      off_shelf_at: title.off_shelf_at === null ? null : Number(title.off_shelf_at),
    };
    const own = new Set<string>();
    for (const { term, rank } of indexKeys(normalizeText(title.name))) {
      own.add(term);
      rows.push({ ...common, kind: 'title', term, rank });
    }
    const castTerms = new Set<string>();
    for (const person of castNames.get(title.content_id) ?? []) {
      for (const { term } of indexKeys(normalizeText(person))) castTerms.add(term);
    }
    for (const term of castTerms) {
      const rank = own.has(term) ? RANK.castInName : RANK.cast;
      rows.push({ ...common, kind: 'cast', term, rank });
    }
  }
  return rows;
}

async function syncTitles(db: Kysely<Database>, contentIds: string[]): Promise<number> {
  if (contentIds.length === 0) return 0;
  return sync(db, ['title', 'cast'], contentIds, await wantedTitleRows(db, contentIds));
}

async function syncPeople(db: Kysely<Database>, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const people = await db
    .selectFrom('person')
    .select(['person_id', 'name'])
    .where('person_id', 'in', ids)
    .execute();
  const rows: TermRow[] = [];
  for (const person of people) {
    for (const { term, rank } of indexKeys(normalizeText(person.name))) {
      rows.push({
        kind: 'person',
        owner_id: person.person_id,
        term,
        rank: rank + RANK.personExact,
        name: person.name,
        audience: 0,
        on_shelf_at: 0,
        off_shelf_at: null,
      });
    }
  }
  return sync(db, ['person'], ids, rows);
}

const rowKey = (row: { kind: string; owner_id: string; term: string }) =>
  `${row.kind}\u0000${row.owner_id}\u0000${row.term}`;

const sameRow = (a: TermRow, b: TermRow) =>
  a.rank === b.rank &&
  a.name === b.name &&
  a.audience === b.audience &&
  Number(a.on_shelf_at) === Number(b.on_shelf_at) &&
  (a.off_shelf_at === null ? null : Number(a.off_shelf_at)) ===
    (b.off_shelf_at === null ? null : Number(b.off_shelf_at));

/**
 * Makes the stored rows of these owners equal `wanted`: deletes rows that are not wanted or
 * differ, inserts the missing ones. Returns rows inserted.
 */
async function sync(
  db: Kysely<Database>,
  kinds: string[],
  ownerIds: string[],
  wanted: TermRow[],
): Promise<number> {
  const stored = await db
    .selectFrom('search_term')
    .selectAll()
    .where('kind', 'in', kinds)
    .where('owner_id', 'in', ownerIds)
    .execute();
  if (stored.length === 0) return insertRows(db, wanted);
  const storedByKey = new Map(stored.map((row) => [rowKey(row), row]));
  const missing: TermRow[] = [];
  for (const row of wanted) {
    const key = rowKey(row);
    const have = storedByKey.get(key);
    if (have && sameRow(have, row)) storedByKey.delete(key);
    else missing.push(row);
  }
  // What is left is stored but not wanted as it is: gone, or changed (re-inserted below).
  const stale = new Map<string, { kind: string; ownerId: string; terms: string[] }>();
  for (const row of storedByKey.values()) {
    const owner = `${row.kind}\u0000${row.owner_id}`;
    const entry = stale.get(owner) ?? { kind: row.kind, ownerId: row.owner_id, terms: [] };
    entry.terms.push(row.term);
    stale.set(owner, entry);
  }
  for (const { kind, ownerId, terms } of stale.values()) {
    for (let i = 0; i < terms.length; i += SQLITE_BATCH) {
      await db
        .deleteFrom('search_term')
        .where('kind', '=', kind)
        .where('owner_id', '=', ownerId)
        .where('term', 'in', terms.slice(i, i + SQLITE_BATCH))
        .execute();
    }
  }
  return insertRows(db, missing);
}

/** Inserts rows in large batches; a row already there (a concurrent reindex) is skipped. */
async function insertRows(db: Kysely<Database>, rows: TermRow[]): Promise<number> {
  let inserted = 0;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (let i = 0; i < rows.length; i += POSTGRES_BATCH) {
      const batch = rows.slice(i, i + POSTGRES_BATCH);
      const column = <K extends keyof TermRow>(key: K) => batch.map((row) => row[key]);
      // Eight array parameters instead of eight per row: one short statement for many rows.
      const result = await sql`
        insert into search_term
          (kind, owner_id, term, rank, name, audience, on_shelf_at, off_shelf_at)
        select * from unnest(
          ${column('kind')}::text[], ${column('owner_id')}::text[], ${column('term')}::text[],
          ${column('rank')}::integer[], ${column('name')}::text[], ${column('audience')}::integer[],
          ${column('on_shelf_at')}::bigint[], ${column('off_shelf_at')}::bigint[]
        )
        on conflict do nothing`.execute(db);
      inserted += Number(result.numAffectedRows ?? 0);
    }
    return inserted;
  }
  for (let i = 0; i < rows.length; i += SQLITE_BATCH) {
    const result = await db
      .insertInto('search_term')
      .values(rows.slice(i, i + SQLITE_BATCH))
      .onConflict((oc) => oc.columns(['kind', 'owner_id', 'term']).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}
