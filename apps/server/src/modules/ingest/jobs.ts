import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { IngestJobState } from '../../db/schema-media.js';
import { AppError } from '../../http/errors.js';
import { STREAM_ID } from '../media/stream-urls.js';
import type { SubtitleInput } from './package.js';
import { probeSource } from './probe.js';
import type { JobRow } from './queue.js';
import type { IngestSettings } from './settings.js';
import { SubtitleError, srtToVtt } from './subtitles.js';
import { removeOutput, type TranscodeOptions, type TranscodeResult } from './transcode.js';

/**
 * The ingest module's functions for callers (the console's upload route, later): queue a
 * transcode, read a job, cancel one. The worker (worker.ts) does the work; queue.ts holds the
 * moves a worker makes on the table.
 */
export interface IngestJob {
  jobId: string;
  kind: string;
  state: IngestJobState;
  lane: string;
  attempts: number;
  maxAttempts: number;
  progress: number;
  sourceName: string;
  createdBy: string;
  options: TranscodeOptions;
  result: TranscodeResult | null;
  error: string | null;
  log: string;
  createdMs: number;
  updatedMs: number;
}

export function toJob(row: JobRow): IngestJob {
  return {
    jobId: row.job_id,
    kind: row.kind,
    state: row.state,
    lane: row.lane,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    progress: row.progress,
    sourceName: row.source_name,
    createdBy: row.created_by,
    options: JSON.parse(row.options) as TranscodeOptions,
    result: row.result === null ? null : (JSON.parse(row.result) as TranscodeResult),
    error: row.error,
    log: row.log,
    createdMs: row.created_ms,
    updatedMs: row.updated_ms,
  };
}

export interface EnqueueInput {
  /** A server-made path (the upload's id under the upload folder). */
  sourcePath: string;
  /** The uploader's file name, shown in the console. */
  sourceName?: string;
  /** Who queued it (a staff e-mail). */
  createdBy?: string;
  encrypt?: boolean;
  subtitles?: SubtitleInput[];
  /** Defaults to one made from the job id. */
  clipId?: string;
  maxAttempts?: number;
  /** 'transcode' (a clip's HLS ladder, the default) or 'ad' (one MP4 for VAST, ADR 0050). */
  kind?: 'transcode' | 'ad';
}

/**
 * Queues a transcode after looking at the source, so a file that cannot become a film is refused
 * at upload with its reason (probe.ts) instead of failing in the queue, and so the job's lane is
 * known: a source up to INGEST_SHORT_SECONDS long is a short job (ADR 0037).
 */
export async function enqueueTranscode(
  db: Kysely<Database>,
  settings: IngestSettings,
  input: EnqueueInput,
  now = Date.now(),
): Promise<IngestJob> {
  const probe = await probeSource(input.sourcePath, settings.ffprobe);
  const subtitles = input.subtitles ?? [];
  for (const sub of subtitles) {
    try {
      srtToVtt(await fs.readFile(sub.file, 'utf8'));
    } catch (error) {
      if (error instanceof SubtitleError) throw new AppError('INGEST_BAD_SUBTITLES');
      throw error;
    }
  }
  const jobId = crypto.randomBytes(9).toString('base64url');
  const clipId = input.clipId ?? `up-${jobId}`;
  if (!STREAM_ID.test(clipId)) throw new Error(`bad clip id ${clipId}`);
  const options: TranscodeOptions = { clipId, encrypt: input.encrypt ?? false, subtitles, probe };
  const row = await db
    .insertInto('ingest_job')
    .values({
      job_id: jobId,
      kind: input.kind ?? 'transcode',
      state: 'queued',
      lane: probe.durationSeconds <= settings.shortSeconds ? 'short' : 'long',
      max_attempts: input.maxAttempts ?? settings.maxAttempts,
      source_path: input.sourcePath,
      source_name: input.sourceName ?? '',
      created_by: input.createdBy ?? '',
      options: JSON.stringify(options),
      run_after_ms: now,
      created_ms: now,
      updated_ms: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toJob(row);
}

export async function getJob(db: Kysely<Database>, jobId: string): Promise<IngestJob | undefined> {
  const row = await db
    .selectFrom('ingest_job')
    .selectAll()
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  return row && toJob(row);
}

/**
 * Cancels a queued or running job; false when it had already ended. A running job's worker sees
 * the change at its next lease renewal (about a second), kills ffmpeg and removes what it made.
 * A job whose worker is gone (lease run out) has nobody to clean up, so this removes its output.
 */
export async function cancelJob(
  db: Kysely<Database>,
  settings: IngestSettings,
  jobId: string,
  now = Date.now(),
): Promise<boolean> {
  const row = await db
    .selectFrom('ingest_job')
    .selectAll()
    .where('job_id', '=', jobId)
    .executeTakeFirst();
  if (!row || (row.state !== 'queued' && row.state !== 'running')) return false;
  const r = await db
    .updateTable('ingest_job')
    .set({ state: 'cancelled', lease_until_ms: null, updated_ms: now })
    .where('job_id', '=', jobId)
    .where('state', '=', row.state)
    .where('updated_ms', '=', row.updated_ms)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return cancelJob(db, settings, jobId, now);
  await removeSource(
    settings,
    row.source_path,
    (JSON.parse(row.options) as TranscodeOptions).subtitles,
  );
  const orphaned = row.state === 'running' && (row.lease_until_ms ?? 0) < now;
  if (orphaned) {
    const { clipId } = JSON.parse(row.options) as TranscodeOptions;
    await removeOutput(jobId, clipId, settings, { published: true });
  }
  return true;
}

/** A page of jobs, newest first, perhaps of one state. */
export async function listJobs(
  db: Kysely<Database>,
  filter: { state?: IngestJobState | undefined },
  page: number,
  pageSize: number,
): Promise<{ jobs: IngestJob[]; total: number }> {
  let query = db.selectFrom('ingest_job');
  if (filter.state) query = query.where('state', '=', filter.state);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_ms', 'desc')
      .orderBy('job_id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { jobs: rows.map(toJob), total: Number(count.total) };
}

/**
 * Removes an uploaded source (and the upload's record beside it) once its job needs it no more:
 * done or cancelled. Only files under the upload folder: a job queued by code from elsewhere
 * keeps its source. A failed job keeps it, for whoever looks into why.
 */
export async function removeSource(
  settings: IngestSettings,
  sourcePath: string,
  /** The job's subtitle files (uploaded with it, under the upload folder too). */
  subtitles: readonly { file: string }[] = [],
): Promise<void> {
  if (!settings.uploadDir) return;
  const uploadDir = settings.uploadDir;
  const inside = (file: string) => {
    const relative = path.relative(uploadDir, file);
    return !(relative.startsWith('..') || path.isAbsolute(relative) || relative === '');
  };
  for (const { file } of subtitles) {
    if (inside(file)) await fs.rm(file, { force: true });
  }
  if (!inside(sourcePath)) return;
  await fs.rm(sourcePath, { force: true });
  await fs.rm(`${sourcePath}.json`, { force: true });
}
