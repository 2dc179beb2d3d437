import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../../db/connect.js';
import { STREAM_LEASE_SECONDS, type ActiveStream } from '@site/contract';
import type { Database } from '../../db/schema.js';
import type { StreamLeaseTable } from '../../db/schema-devices.js';
import { AppError, notFound } from '../../http/errors.js';
import { lockForStreams, type AccountLimits } from './limits.js';
import { RenewalWriter } from './renewal-writer.js';
import { keepPlays } from './viewing-plays.js';

/** What a stream plays: a title or a channel (the other devices are shown its name). */
export interface Playing {
  kind: 'title' | 'channel';
  id: string;
}

/** The one asking: its account, sub-account and device. */
export interface Streamer {
  accountId: string;
  subAccountUid: string;
  deviceId: string;
}

/** Ended and lapsed leases are kept a day, so a stopped player is told why rather than "not found". */
const KEEP_ENDED_SECONDS = 86_400;
/** The share of starts that also delete the account's day-old leases. */
const CLEAN_UP_SHARE = 1 / 16;
/** Renewal memo entries at most (a flood of made-up stream ids cannot grow it). */
const MEMO_LIMIT = 100_000;

const END_WORDS: Record<NonNullable<StreamLeaseTable['end_reason']>, string> = {
  stopped: '這部裝置的播放已由同帳號的另一部裝置停止。',
  replaced: '這部裝置已開始播放其他內容，這裡的播放已停止。',
  removed: '這部裝置已從帳號移除，請重新登入。',
};

/**
 * Concurrent streams (issue 23 item 4, docs/adr/0042). A stream is a lease taken when playback is
 * granted, renewed by the 30 s heartbeats and bookmarks, lapsing 90 s after the last renewal. An
 * account holds at most its limit at once, counting VOD and live, web and apps, all sub-accounts;
 * a device holds one (a new play on it replaces its last). Counting happens under the account's
 * lock in one transaction, so the limit holds however many devices start at once, on any number
 * of instances sharing the database.
 */
export class StreamLeases {
  /** account and stream id → when this instance last wrote its renewal (seconds). */
  readonly #renewed = new Map<string, number>();
  readonly #writer: RenewalWriter;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly defaults: AccountLimits,
    /** A renewal this soon after this instance's last one is not written again (config). */
    private readonly renewEverySeconds = 15,
  ) {
    this.#writer = new RenewalWriter(db);
  }

  /** Takes a lease for a granted play, or refuses with STREAM_LIMIT and the streams playing now. */
  async start(
    streamer: Streamer,
    playing: Playing,
    now: number,
  ): Promise<{ streamId: string; expiresAt: number }> {
    const streamId = crypto.randomBytes(12).toString('base64url');
    const expiresAt = now + STREAM_LEASE_SECONDS;
    const refusedAt = await this.db.transaction().execute(async (trx) => {
      const maxStreams = await lockForStreams(trx, streamer.accountId, this.defaults, now);
      const lease = { streamId, expiresAt, streamer, playing, now };
      const { inserted, replaced } = await replaceAndInsert(trx, lease, maxStreams);
      for (const id of replaced) this.#forget(streamer.accountId, id);
      if (!inserted) return maxStreams;
      // Old rows go now and then, not on every start (a start is on the play right's path).
      if (Math.random() < CLEAN_UP_SHARE) {
        await keepPlays(trx, streamer.accountId, now - KEEP_ENDED_SECONDS, now);
        await trx
          .deleteFrom('stream_lease')
          .where('account_id', '=', streamer.accountId)
          .where('expires_at', '<', now - KEEP_ENDED_SECONDS)
          .execute();
      }
      return null;
    });
    if (refusedAt !== null) throw await this.#limitReached(streamer, refusedAt, now);
    this.#remember(`${streamer.accountId} ${streamId}`, now);
    return { streamId, expiresAt };
  }

  /**
   * Renews the account's own stream (a heartbeat, a bookmark, the apps' RenewStream). A stopped,
   * replaced or removed stream is refused with STREAM_STOPPED, which stops its player; a lapsed
   * one (a long pause) lives again if the account has room. Another account's stream id is
   * answered as a missing one, so nobody can keep or end a stream that is not theirs.
   */
  async renew(streamer: Streamer, streamId: string, now: number): Promise<{ expiresAt: number }> {
    const memoKey = `${streamer.accountId} ${streamId}`;
    const last = this.#renewed.get(memoKey);
    if (last !== undefined && now - last < this.renewEverySeconds) {
      return { expiresAt: last + STREAM_LEASE_SECONDS };
    }
    const renewed = await this.#writer.renew(streamer.accountId, streamId, now);
    if (!renewed) await this.#revive(streamer, streamId, now);
    this.#remember(memoKey, now);
    return { expiresAt: now + STREAM_LEASE_SECONDS };
  }

  /** 「停止該裝置播放」: ends one of the account's streams at once. */
  async stop(accountId: string, streamId: string, now: number): Promise<void> {
    this.#forget(accountId, streamId);
    const stopped = await this.db
      .updateTable('stream_lease')
      .set({ ended_at: now, end_reason: 'stopped' })
      .where('stream_id', '=', streamId)
      .where('account_id', '=', accountId)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    if (Number(stopped.numUpdatedRows) === 0) {
      const row = await this.#find(accountId, streamId);
      if (!row) throw noSuchStream();
      // Already ended: stopping it again changes nothing.
    }
  }

  /** The account's streams playing now, oldest first; `current` marks the asking device's. */
  async active(
    db: Kysely<Database>,
    accountId: string,
    currentDeviceId: string | null,
    now: number,
  ): Promise<ActiveStream[]> {
    const rows = await db
      .selectFrom('stream_lease as l')
      .leftJoin('registered_device as d', (join) =>
        join.onRef('d.account_id', '=', 'l.account_id').onRef('d.device_id', '=', 'l.device_id'),
      )
      .leftJoin('title as t', (join) =>
        join.onRef('t.content_id', '=', 'l.playing_id').on('l.playing_kind', '=', 'title'),
      )
      .leftJoin('channel as c', (join) =>
        join.onRef('c.channel_id', '=', 'l.playing_id').on('l.playing_kind', '=', 'channel'),
      )
      .select([
        'l.stream_id',
        'l.device_id',
        'l.started_at',
        'd.device_key',
        'd.custom_name',
        'd.agent_name',
        't.name as title_name',
        'c.name as channel_name',
      ])
      .where('l.account_id', '=', accountId)
      .where('l.ended_at', 'is', null)
      .where('l.expires_at', '>', now)
      .orderBy('l.started_at')
      .orderBy('l.stream_id')
      .execute();
    return rows.map((r) => ({
      streamId: r.stream_id,
      deviceKey: r.device_key ?? '',
      deviceName: r.custom_name ?? r.agent_name ?? '未登錄的裝置',
      playing: r.title_name ?? r.channel_name ?? '',
      startedAt: Number(r.started_at),
      current: r.device_id === currentDeviceId ? 'Y' : 'N',
    }));
  }

  async #revive(streamer: Streamer, streamId: string, now: number): Promise<void> {
    const row = await this.#find(streamer.accountId, streamId);
    if (!row) throw noSuchStream();
    if (row.ended_at !== null) {
      throw new AppError('STREAM_STOPPED', undefined, END_WORDS[row.end_reason ?? 'stopped']);
    }
    if (row.device_id !== streamer.deviceId) throw noSuchStream();
    const refusedAt = await this.db.transaction().execute(async (trx) => {
      const maxStreams = await lockForStreams(trx, streamer.accountId, this.defaults, now);
      const { n } = await trx
        .selectFrom('stream_lease')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('account_id', '=', streamer.accountId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .where('stream_id', '<>', streamId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= maxStreams) return maxStreams;
      const revived = await trx
        .updateTable('stream_lease')
        .set({ renewed_at: now, expires_at: now + STREAM_LEASE_SECONDS })
        .where('stream_id', '=', streamId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      if (Number(revived.numUpdatedRows) === 0) {
        throw new AppError('STREAM_STOPPED', undefined, END_WORDS.stopped);
      }
      return null;
    });
    if (refusedAt !== null) throw await this.#limitReached(streamer, refusedAt, now);
  }

  /** STREAM_LIMIT with the streams playing now, for the member to stop one. */
  async #limitReached(streamer: Streamer, maxStreams: number, now: number): Promise<AppError> {
    const streams = await this.active(this.db, streamer.accountId, streamer.deviceId, now);
    return new AppError('STREAM_LIMIT', undefined, undefined, undefined, { maxStreams, streams });
  }

  #find(accountId: string, streamId: string) {
    return this.db
      .selectFrom('stream_lease')
      .select(['device_id', 'ended_at', 'end_reason'])
      .where('stream_id', '=', streamId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  #remember(memoKey: string, now: number): void {
    if (this.#renewed.size >= MEMO_LIMIT) this.#renewed.clear();
    this.#renewed.set(memoKey, now);
  }

  #forget(accountId: string, streamId: string): void {
    this.#renewed.delete(`${accountId} ${streamId}`);
  }
}

const noSuchStream = () => notFound('找不到這個播放，可能已經結束。');

interface NewLease {
  streamId: string;
  expiresAt: number;
  streamer: Streamer;
  playing: Playing;
  now: number;
}

/**
 * Ends the device's live lease (a new play on a device replaces its last) and inserts the new one
 * while the account has room; the count and the insert are one statement. Runs after the
 * account's lock, so its snapshot sees every lease committed before (on PostgreSQL a statement
 * that waited for the lock itself would count from before the wait). One round trip on
 * PostgreSQL, two on SQLite (in-process).
 */
async function replaceAndInsert(
  trx: Transaction<Database>,
  lease: NewLease,
  maxStreams: number,
): Promise<{ inserted: boolean; replaced: string[] }> {
  const { streamId, expiresAt, streamer, playing, now } = lease;
  const values = sql`${streamId}, ${streamer.accountId}, ${streamer.deviceId}, ${streamer.subAccountUid},
    ${playing.kind}, ${playing.id}, ${now}, ${now}, ${expiresAt}`;
  const columns = sql`(stream_id, account_id, device_id, sub_account_uid, playing_kind, playing_id,
    started_at, renewed_at, expires_at)`;
  if (dialectOf(trx) === 'postgres') {
    const { rows } = await sql<{
      stream_id: string;
      replaced: string[] | null;
    }>`/* prepared: stream_start */
      with replaced as (
        update stream_lease set ended_at = ${now}, end_reason = 'replaced', expires_at = ${now}
        where account_id = ${streamer.accountId} and device_id = ${streamer.deviceId}
          and ended_at is null and expires_at > ${now}
        returning stream_id),
      inserted as (
        insert into stream_lease ${columns}
        select ${values}
        where (select count(*) from stream_lease where account_id = ${streamer.accountId}
          and ended_at is null and expires_at > ${now}
          and stream_id not in (select stream_id from replaced)) < ${maxStreams}
        returning stream_id)
      select (select stream_id from inserted) as stream_id,
        (select array_agg(stream_id) from replaced) as replaced`.execute(trx);
    const row = rows[0];
    return { inserted: Boolean(row?.stream_id), replaced: row?.replaced ?? [] };
  }
  const replaced = await trx
    .updateTable('stream_lease')
    .set({ ended_at: now, end_reason: 'replaced', expires_at: now })
    .where('account_id', '=', streamer.accountId)
    .where('device_id', '=', streamer.deviceId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('stream_id')
    .execute();
  const { rows } = await sql<{ stream_id: string }>`
    insert into stream_lease ${columns}
    select ${values}
    where (select count(*) from stream_lease where account_id = ${streamer.accountId}
      and ended_at is null and expires_at > ${now}) < ${maxStreams}
    returning stream_id`.execute(trx);
  return { inserted: rows.length > 0, replaced: replaced.map((r) => r.stream_id) };
}
