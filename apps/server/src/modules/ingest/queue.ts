import {
  sql,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type UpdateObject,
} from 'kysely';
import { dialectOf } from '../../db/connect.js';
import type { Database } from '../../db/schema.js';
import type { IngestJobTable } from '../../db/schema-media.js';

/**
 * The queue's moves on `ingest_job` (docs/adr/0037). Every move is one conditional UPDATE, so
 * two workers (in one process or on several machines) never both hold a job:
 *
 * - claim: the oldest runnable job of the lanes asked for, where runnable is queued and due, or
 *   running with a lease that ran out (its worker died). The UPDATE repeats that condition, so
 *   on SQLite (one writer at a time) the loser of a race updates nothing; on PostgreSQL the
 *   pick is `FOR UPDATE SKIP LOCKED`, so concurrent claimers take different rows instead of
 *   queueing on one.
 * - renew / complete / fail / release: only while the row is still `running` and locked by this
 *   worker; zero rows changed means the job was cancelled or taken over, and the worker stops.
 */
export type JobRow = Selectable<IngestJobTable>;

/** How much log text a job keeps: the end of it (where a failure's reason is). */
export const LOG_LIMIT = 8000;
export const boundLog = (log: string) => (log.length > LOG_LIMIT ? log.slice(-LOG_LIMIT) : log);

const runnable = (now: number) => (eb: ExpressionBuilder<Database, 'ingest_job'>) =>
  eb.or([
    eb.and([eb('state', '=', 'queued'), eb('run_after_ms', '<=', now)]),
    eb.and([eb('state', '=', 'running'), eb('lease_until_ms', '<', now)]),
  ]);

const ours = (jobId: string, workerId: string) => (eb: ExpressionBuilder<Database, 'ingest_job'>) =>
  eb.and([eb('job_id', '=', jobId), eb('locked_by', '=', workerId), eb('state', '=', 'running')]);

/**
 * Ends this worker's hold on a running job with the given changes (the lock and lease dropped);
 * false when the hold was already gone (cancelled, or taken by another worker after a stall).
 */
async function endHold(
  db: Kysely<Database>,
  jobId: string,
  workerId: string,
  changes: UpdateObject<Database, 'ingest_job'>,
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('ingest_job')
    .set({ ...changes, locked_by: null, lease_until_ms: null, updated_ms: now })
    .where(ours(jobId, workerId))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function claimJob(
  db: Kysely<Database>,
  workerId: string,
  lanes: string[],
  leaseMs: number,
  now = Date.now(),
): Promise<JobRow | undefined> {
  let pick = db
    .selectFrom('ingest_job')
    .select('job_id')
    .where(runnable(now))
    .where('lane', 'in', lanes)
    .orderBy('created_ms')
    .orderBy('job_id')
    .limit(1);
  if (dialectOf(db) === 'postgres') pick = pick.forUpdate().skipLocked();
  return db
    .updateTable('ingest_job')
    .set({
      state: 'running',
      locked_by: workerId,
      lease_until_ms: now + leaseMs,
      attempts: sql<number>`attempts + 1`,
      progress: 0,
      updated_ms: now,
    })
    .where('job_id', '=', pick)
    .where(runnable(now))
    .returningAll()
    .executeTakeFirst();
}

/** Moves the lease on and records progress; false when the job is no longer this worker's. */
export async function renewLease(
  db: Kysely<Database>,
  jobId: string,
  workerId: string,
  leaseMs: number,
  progress: number,
  log: string,
  now = Date.now(),
): Promise<boolean> {
  const r = await db
    .updateTable('ingest_job')
    .set({ lease_until_ms: now + leaseMs, progress, log: boundLog(log), updated_ms: now })
    .where(ours(jobId, workerId))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function completeJob(
  db: Kysely<Database>,
  jobId: string,
  workerId: string,
  result: unknown,
  log: string,
  now = Date.now(),
): Promise<boolean> {
  return endHold(
    db,
    jobId,
    workerId,
    { state: 'done', result: JSON.stringify(result), progress: 1, log: boundLog(log), error: null },
    now,
  );
}

/**
 * A failed attempt: queued again after a wait that grows with the attempts, or failed for good
 * once it has had max_attempts.
 */
export async function failAttempt(
  db: Kysely<Database>,
  job: JobRow,
  workerId: string,
  error: string,
  log: string,
  retryMs: number,
  now = Date.now(),
): Promise<'queued' | 'failed' | 'lost'> {
  const last = job.attempts >= job.max_attempts;
  const held = await endHold(
    db,
    job.job_id,
    workerId,
    {
      state: last ? 'failed' : 'queued',
      error: error.slice(0, 500),
      log: boundLog(log),
      run_after_ms: now + retryMs * job.attempts,
    },
    now,
  );
  if (!held) return 'lost';
  return last ? 'failed' : 'queued';
}

/**
 * Gives a job back on a graceful stop: queued at once for another worker, and the attempt is
 * not counted (stopping a worker is not the job's fault).
 */
export async function releaseJob(
  db: Kysely<Database>,
  jobId: string,
  workerId: string,
  log: string,
  now = Date.now(),
): Promise<boolean> {
  return endHold(
    db,
    jobId,
    workerId,
    {
      state: 'queued',
      attempts: sql<number>`attempts - 1`,
      progress: 0,
      log: boundLog(log),
      run_after_ms: now,
    },
    now,
  );
}

/** A job whose workers died more often than it may be tried: failed, not run again. */
export async function giveUp(
  db: Kysely<Database>,
  job: JobRow,
  workerId: string,
  now = Date.now(),
) {
  await endHold(
    db,
    job.job_id,
    workerId,
    { state: 'failed', error: 'worker stopped during every attempt' },
    now,
  );
}
