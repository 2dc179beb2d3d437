import type { Generated } from 'kysely';

/** Tables of the ingest module added by migration 0025 (docs/adr/0037). */
export interface MediaTables {
  ingest_job: IngestJobTable;
}

/** 'queued' | 'running' | 'done' | 'failed' | 'cancelled' */
export type IngestJobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/**
 * One unit of media work (today only kind 'transcode'). The row is the queue: a worker claims it
 * with a conditional UPDATE (and, on PostgreSQL, FOR UPDATE SKIP LOCKED), keeps `lease_until_ms`
 * moving while it works, and a row still 'running' after its lease ran out belonged to a worker
 * that died, so any worker takes it again. Times are Unix milliseconds: leases are seconds long.
 */
export interface IngestJobTable {
  job_id: string;
  kind: string;
  state: IngestJobState;
  /** 'short' | 'long' by the source's length, so a film never holds every slot (jobs.ts). */
  lane: string;
  attempts: Generated<number>;
  max_attempts: number;
  /** A server-made path (an upload's id under the upload folder), never a name a user typed. */
  source_path: string;
  /** The file's name as the uploader had it (shown in the console only). */
  source_name: Generated<string>;
  /** The staff member who uploaded it (e-mail), '' for jobs queued by code. */
  created_by: Generated<string>;
  /** JSON: what to make (jobs.ts `TranscodeOptions`) and the source's probe. */
  options: string;
  /** Fraction 0..1 of the current attempt. */
  progress: Generated<number>;
  /** The last lines of the job's steps and ffmpeg's messages (bounded, jobs.ts LOG_LIMIT). */
  log: Generated<string>;
  /** JSON of what was made (jobs.ts `TranscodeResult`), when done. */
  result: string | null;
  /** Why the last attempt failed, in one line. */
  error: string | null;
  locked_by: string | null;
  lease_until_ms: number | null;
  /** A job retried after a failure waits until then (backoff). */
  run_after_ms: number;
  created_ms: number;
  updated_ms: number;
}
