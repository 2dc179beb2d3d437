import {
  sql,
  type Kysely,
  type OnConflictBuilder,
  type QueryCreator,
  type RawBuilder,
} from 'kysely';
import { dialectOf } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import { FINISHED_SHARE, type Heartbeat } from './positions.js';

interface Pending {
  beat: Heartbeat;
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * Group commit for resume heartbeats. Beats that arrive while a write is in progress wait for the
 * next one, which stores all of them in one transaction of two multi-row upserts; each request
 * still answers only after its beat is committed. At low load a beat is written on the next tick,
 * alone; at 3,000 beats a second the database sees a few dozen transactions instead.
 */
export class HeartbeatWriter {
  #queue: Pending[] = [];
  #writing = false;

  constructor(private readonly db: Kysely<Database>) {}

  save(beat: Heartbeat): Promise<void> {
    return new Promise((done, failed) => {
      this.#queue.push({ beat, done, failed });
      if (!this.#writing) {
        this.#writing = true;
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue;
      this.#queue = [];
      try {
        await writeBatch(
          this.db,
          batch.map((p) => p.beat),
        );
        for (const p of batch) p.done();
      } catch (error) {
        for (const p of batch) p.failed(error);
      }
    }
    this.#writing = false;
  }
}

/**
 * Newest beat per key (one statement may touch a row only once, PostgreSQL insists), in key
 * order, so that batches written at once (by several instances on one PostgreSQL) lock the rows
 * they share in the same order and never wait on each other in a cycle.
 */
function newestBy(
  beats: Heartbeat[],
  key: (b: Heartbeat) => string,
  newer: (a: Heartbeat, b: Heartbeat) => boolean,
): Heartbeat[] {
  const byKey = new Map<string, Heartbeat>();
  for (const beat of beats) {
    const seen = byKey.get(key(beat));
    if (!seen || newer(beat, seen)) byKey.set(key(beat), beat);
  }
  return [...byKey.keys()].sort().map((k) => byKey.get(k)!);
}

/**
 * Stores a batch of beats: on PostgreSQL one statement (writeBatchPostgres), so a batch costs one
 * round trip and is atomic by itself; on SQLite, where a statement costs no round trip, a
 * transaction around the two upserts.
 */
export async function writeBatch(db: Kysely<Database>, beats: Heartbeat[]): Promise<void> {
  const positions = newestBy(
    beats,
    (b) => `${b.subAccountUid}\u0000${b.contentId}`,
    (a, b) => a.seq > b.seq,
  );
  const records = newestBy(
    beats,
    (b) => `${b.subAccountUid}\u0000${b.titleId}`,
    (a, b) => a.now >= b.now,
  );
  if (dialectOf(db) === 'postgres') return writeBatchPostgres(db, positions, records);
  const inTransaction = async (work: (trx: Kysely<Database>) => Promise<void>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  await inTransaction(async (trx) => {
    await upsertPositions(trx, positions).execute();
    await trx
      .insertInto('view_record')
      .values(recordValues(records))
      .onConflict(recordConflict)
      .execute();
    // The records' continue-watching flag from the positions as they now stand (migration
    // 0023): a beat may finish a title, bring a removed one back, or move a series to another
    // episode. Only records whose flag changes are written.
    await trx
      .updateTable('view_record')
      .set({ continue_watching: continueWatchingNow })
      .where(
        sql`(sub_account_uid, title_id)`,
        'in',
        sql`(values ${sql.join(records.map((b) => sql`(${b.subAccountUid}, ${b.titleId})`))})`,
      )
      .where('continue_watching', '<>', continueWatchingNow)
      .execute();
  });
}

/**
 * 1 when the position of a view_record's last watched movie or episode is neither finished nor
 * removed, else 0: the value of view_record.continue_watching (migration 0023), for an UPDATE of
 * view_record.
 */
export const continueWatchingNow = sql<number>`case when exists (
  select 1 from watch_position as cw
  where cw.sub_account_uid = view_record.sub_account_uid
    and cw.content_id = view_record.last_content_id
    and cw.finished = 0 and cw.hidden = 0) then 1 else 0 end`;

function upsertPositions(qc: QueryCreator<Database>, positions: Heartbeat[]) {
  return qc
    .insertInto('watch_position')
    .values(
      positions.map((b) => ({
        sub_account_uid: b.subAccountUid,
        content_id: b.contentId,
        title_id: b.titleId,
        position_seconds: b.positionSeconds,
        duration_seconds: b.durationSeconds,
        client_seq: b.seq,
        finished: finishedFlag(b),
        hidden: 0,
        updated_at: b.now,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['sub_account_uid', 'content_id'])
        .doUpdateSet((eb) => ({
          position_seconds: eb.ref('excluded.position_seconds'),
          duration_seconds: eb.ref('excluded.duration_seconds'),
          client_seq: eb.ref('excluded.client_seq'),
          finished: eb.ref('excluded.finished'),
          hidden: sql<number>`0`,
          updated_at: eb.ref('excluded.updated_at'),
        }))
        // An older or repeated heartbeat never moves the resume point back.
        .whereRef('watch_position.client_seq', '<', 'excluded.client_seq'),
    );
}

function recordValues(records: Heartbeat[]) {
  return records.map((b) => ({
    sub_account_uid: b.subAccountUid,
    title_id: b.titleId,
    last_content_id: b.contentId,
    last_viewed_at: b.now,
    audience: b.audience,
  }));
}

function recordConflict(oc: OnConflictBuilder<Database, 'view_record'>) {
  return oc
    .columns(['sub_account_uid', 'title_id'])
    .doUpdateSet((eb) => ({
      last_content_id: eb.ref('excluded.last_content_id'),
      last_viewed_at: eb.ref('excluded.last_viewed_at'),
      audience: eb.ref('excluded.audience'),
    }))
    .whereRef('view_record.last_viewed_at', '<=', 'excluded.last_viewed_at');
}

/**
 * The PostgreSQL batch: the positions' upsert as a writable CTE before the history upsert, each
 * reading its rows from arrays (one parameter per column) rather than a VALUES list (one per
 * value). Its text is the same for every batch size, so neither process builds or parses a
 * statement of hundreds of parameters for each batch, and PostgreSQL prepares it once per
 * connection (db/prepared.ts). The conflict rules are upsertPositions' and recordConflict's,
 * which SQLite uses, and each record's continue-watching flag ends as SQLite's third statement
 * leaves it; the tests run both databases against them.
 */
async function writeBatchPostgres(
  db: Kysely<Database>,
  positions: Heartbeat[],
  records: Heartbeat[],
): Promise<void> {
  await sql`/* prepared: heartbeat_batch */
    with positions as (
      insert into watch_position as w (sub_account_uid, content_id, title_id, position_seconds,
        duration_seconds, client_seq, finished, hidden, updated_at)
      select uid, content_id, title_id, position_seconds, duration_seconds, client_seq, finished,
        0, updated_at
      from unnest(
        ${positions.map((b) => b.subAccountUid)}::text[],
        ${positions.map((b) => b.contentId)}::text[],
        ${positions.map((b) => b.titleId)}::text[],
        ${positions.map((b) => b.positionSeconds)}::integer[],
        ${positions.map((b) => b.durationSeconds)}::integer[],
        ${positions.map((b) => b.seq)}::bigint[],
        ${positions.map(finishedFlag)}::integer[],
        ${positions.map((b) => b.now)}::bigint[]
      ) as beat(uid, content_id, title_id, position_seconds, duration_seconds, client_seq,
        finished, updated_at)
      on conflict (sub_account_uid, content_id) do update set
        position_seconds = excluded.position_seconds,
        duration_seconds = excluded.duration_seconds,
        client_seq = excluded.client_seq,
        finished = excluded.finished,
        hidden = 0,
        updated_at = excluded.updated_at
      where w.client_seq < excluded.client_seq
      returning w.sub_account_uid, w.content_id, w.finished
    ),
    beat as (
      select * from unnest(
        ${records.map((b) => b.subAccountUid)}::text[],
        ${records.map((b) => b.titleId)}::text[],
        ${records.map((b) => b.contentId)}::text[],
        ${records.map((b) => b.now)}::bigint[],
        ${records.map((b) => b.audience)}::integer[]
      ) as beat(uid, title_id, content_id, now, audience)
    )
    insert into view_record as r (sub_account_uid, title_id, last_content_id, last_viewed_at,
      audience, continue_watching)
    select uid, title_id, content_id, now, audience,
      case when ${watching(sql`beat.uid`, sql`beat.content_id`)} then 1 else 0 end
    from beat
    on conflict (sub_account_uid, title_id) do update set
      last_content_id = case when r.last_viewed_at <= excluded.last_viewed_at
        then excluded.last_content_id else r.last_content_id end,
      last_viewed_at = greatest(r.last_viewed_at, excluded.last_viewed_at),
      audience = case when r.last_viewed_at <= excluded.last_viewed_at
        then excluded.audience else r.audience end,
      continue_watching = case when r.last_viewed_at <= excluded.last_viewed_at
        then excluded.continue_watching
        else case when ${watching(sql`r.sub_account_uid`, sql`r.last_content_id`)} then 1 else 0 end
      end
    -- An older beat leaves the record as it is, unless it changed the position the record
    -- resumes (its flag then follows that position).
    where r.last_viewed_at <= excluded.last_viewed_at
      or r.continue_watching <>
        case when ${watching(sql`r.sub_account_uid`, sql`r.last_content_id`)} then 1 else 0 end
  `.execute(db);
}

/**
 * Whether a sub-account's position of a movie or episode is in continue watching, inside the
 * PostgreSQL batch: every part of one statement sees the tables as they were before it, so a
 * position this batch wrote is read from the positions CTE's returned rows, any other from the
 * table.
 */
function watching(uid: RawBuilder<unknown>, contentId: RawBuilder<unknown>) {
  return sql`coalesce(
    (select p.finished = 0 from positions as p
      where p.sub_account_uid = ${uid} and p.content_id = ${contentId}),
    (select cw.finished = 0 and cw.hidden = 0 from watch_position as cw
      where cw.sub_account_uid = ${uid} and cw.content_id = ${contentId}),
    false)`;
}

function finishedFlag(b: Heartbeat): number {
  return b.positionSeconds >= b.durationSeconds * FINISHED_SHARE ? 1 : 0;
}
