import { sql, type Kysely } from 'kysely';
import { STREAM_LEASE_SECONDS } from '@site/contract';
import { dialectOf } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';

interface Pending {
  accountId: string;
  streamId: string;
  now: number;
  done: (renewed: boolean) => void;
  failed: (error: unknown) => void;
}

const keyOf = (accountId: string, streamId: string) => `${accountId} ${streamId}`;

/**
 * Group commit for stream renewals, as lists/heartbeat-writer.ts does for positions: renewals that
 * arrive while a write is in progress go out together in the next one, one statement on
 * PostgreSQL. Each caller learns whether its lease (of its own account, live, not ended) was
 * renewed; the rest go the slow way (stream-leases.ts: stopped, lapsed, someone else's).
 */
export class RenewalWriter {
  #queue: Pending[] = [];
  #writing = false;

  constructor(private readonly db: Kysely<Database>) {}

  renew(accountId: string, streamId: string, now: number): Promise<boolean> {
    return new Promise((done, failed) => {
      this.#queue.push({ accountId, streamId, now, done, failed });
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
        const renewed = await writeRenewals(this.db, batch);
        for (const p of batch) p.done(renewed.has(keyOf(p.accountId, p.streamId)));
      } catch (error) {
        for (const p of batch) p.failed(error);
      }
    }
    this.#writing = false;
  }
}

/** Renews the live leases named (each with its account); returns the keys renewed. */
async function writeRenewals(db: Kysely<Database>, batch: Pending[]): Promise<Set<string>> {
  const now = Math.max(...batch.map((p) => p.now));
  const expiresAt = now + STREAM_LEASE_SECONDS;
  const wanted = [...new Map(batch.map((p) => [keyOf(p.accountId, p.streamId), p])).values()];
  if (dialectOf(db) === 'postgres') {
    // A lease is worth less than a commit's wait for the disk: it lapses in 90 s anyway, so a
    // renewal lost in a crash of PostgreSQL costs nothing (synchronous_commit off for this one).
    // One text whatever the batch (arrays, not lists): prepared once per connection (db/prepared.ts).
    const { rows } = await sql<{
      stream_id: string;
      account_id: string;
    }>`/* prepared: stream_renewal */
      with quick as (select set_config('synchronous_commit', 'off', true))
      update stream_lease l set renewed_at = ${now}, expires_at = ${expiresAt}
      from unnest(${wanted.map((p) => p.streamId)}::text[], ${wanted.map((p) => p.accountId)}::text[])
        as r(stream_id, account_id), quick
      where l.stream_id = r.stream_id and l.account_id = r.account_id
        and l.ended_at is null and l.expires_at > ${now}
      returning l.stream_id, l.account_id`.execute(db);
    return new Set(rows.map((r) => keyOf(r.account_id, r.stream_id)));
  }
  return db.transaction().execute(async (trx) => {
    const renewed = new Set<string>();
    for (const p of wanted) {
      const row = await trx
        .updateTable('stream_lease')
        .set({ renewed_at: now, expires_at: expiresAt })
        .where('stream_id', '=', p.streamId)
        .where('account_id', '=', p.accountId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('stream_id')
        .executeTakeFirst();
      if (row) renewed.add(keyOf(p.accountId, p.streamId));
    }
    return renewed;
  });
}
