import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/connect.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import type { SessionKind } from './sessions.js';

function selectSessions(db: Kysely<Database>, kind: SessionKind) {
  return db
    .selectFrom('session as s')
    .leftJoin('sub_account as u', (join) =>
      join
        .onRef('u.sub_account_uid', '=', 's.sub_account_uid')
        .onRef('u.account_id', '=', 's.account_id'),
    )
    .select(['s.session_hash', 's.account_id', 's.last_seen_at', 's.expires_at', 's.device_id'])
    .select([
      'u.sub_account_uid',
      'u.slot',
      'u.nickname',
      'u.kidmode',
      'u.icon_idx',
      'u.is_primary',
      'u.filter_restrict',
      'u.created_at',
    ])
    .where('s.kind', '=', kind);
}

/** A session with its sub-account (null columns when the sub-account is gone). */
export type SessionViewerRow = Awaited<
  ReturnType<ReturnType<typeof selectSessions>['execute']>
>[number];

/** One text for any number of hashes (an array, not an `in (…)` list), so it can be prepared. */
async function selectSessionsByHashes(
  db: Kysely<Database>,
  kind: SessionKind,
  hashes: string[],
): Promise<SessionViewerRow[]> {
  const query = selectSessions(db, kind).where((eb) =>
    eb('s.session_hash', '=', eb.fn.any(sql<string[]>`${hashes}::text[]`)),
  );
  return (await db.executeQuery(prepared('session_lookup', query))).rows;
}

/** Hashes per query at most (PostgreSQL binds at most 65,535 parameters). */
const MOST_PER_QUERY = 500;

interface Waiting {
  kind: SessionKind;
  hash: string;
  found: (row: SessionViewerRow | undefined) => void;
  failed: (error: unknown) => void;
}

/**
 * On PostgreSQL each signed-in request's session lookup was a round trip that the server parsed
 * and planned anew: under 3,000 heartbeats a second that was most of the work of both processes.
 * Lookups asked during one turn of the event loop therefore go out together, one query per
 * session kind, and each caller gets only the row of its own hash. Nothing is cached: every
 * request still reads the session as it is now, so an ended session ends at once.
 */
class PostgresSessionLookup {
  #waiting: Waiting[] = [];

  constructor(private readonly db: Kysely<Database>) {}

  find(hash: string, kind: SessionKind): Promise<SessionViewerRow | undefined> {
    return new Promise((found, failed) => {
      if (this.#waiting.length === 0) setImmediate(() => void this.#flush());
      this.#waiting.push({ kind, hash, found, failed });
    });
  }

  async #flush(): Promise<void> {
    const waiting = this.#waiting;
    this.#waiting = [];
    const byKind = new Map<SessionKind, Waiting[]>();
    for (const w of waiting) {
      const group = byKind.get(w.kind);
      if (group) group.push(w);
      else byKind.set(w.kind, [w]);
    }
    const queries: Promise<void>[] = [];
    for (const [kind, group] of byKind) {
      for (let i = 0; i < group.length; i += MOST_PER_QUERY) {
        queries.push(this.#answer(kind, group.slice(i, i + MOST_PER_QUERY)));
      }
    }
    await Promise.all(queries);
  }

  async #answer(kind: SessionKind, group: Waiting[]): Promise<void> {
    try {
      const hashes = [...new Set(group.map((w) => w.hash))];
      const rows = await selectSessionsByHashes(this.db, kind, hashes);
      const byHash = new Map(rows.map((row) => [row.session_hash, row]));
      for (const w of group) w.found(byHash.get(w.hash));
    } catch (error) {
      for (const w of group) w.failed(error);
    }
  }
}

const postgresLookups = new WeakMap<Kysely<Database>, PostgresSessionLookup>();

/** The session of a token hash and kind, with its sub-account; undefined when there is none. */
export async function findSession(
  db: Kysely<Database>,
  hash: string,
  kind: SessionKind,
): Promise<SessionViewerRow | undefined> {
  // SQLite answers in-process from a cached statement: there is no round trip to save.
  if (dialectOf(db) === 'sqlite') {
    return selectSessions(db, kind).where('s.session_hash', '=', hash).executeTakeFirst();
  }
  let lookup = postgresLookups.get(db);
  if (!lookup) {
    lookup = new PostgresSessionLookup(db);
    postgresLookups.set(db, lookup);
  }
  return lookup.find(hash, kind);
}
