import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { consoleMediaCalls, type MediaJob } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { recordChange } from '../audit/trail.js';
import { mediaUrl } from '../media/urls.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import { AD_JOB_KIND, type AdTranscodeResult } from './ad-transcode.js';
import { cancelJob, getJob, listJobs, type IngestJob } from './jobs.js';
import type { IngestSettings } from './settings.js';
import { registerSubtitleUpload } from './subtitle-uploads.js';

/** A job as the console shows it (times in Unix seconds, pictures as site paths). */
export function mediaJobOf(job: IngestJob): MediaJob {
  return {
    jobId: job.jobId,
    state: job.state,
    lane: job.lane,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    progress: job.progress,
    sourceName: job.sourceName,
    encrypt: job.options.encrypt,
    createdBy: job.createdBy,
    createdAt: Math.floor(job.createdMs / 1000),
    updatedAt: Math.floor(job.updatedMs / 1000),
    error: job.error,
    result:
      job.kind === AD_JOB_KIND
        ? adResultOf(job)
        : job.result && {
            clipId: job.result.clipId,
            durationSeconds: job.result.durationSeconds,
            renditions: job.result.renditions.map(({ width, height, bandwidth }) => ({
              width,
              height,
              bandwidth,
            })),
            poster: mediaUrl(job.result.poster),
            encrypted: job.result.encrypted,
          },
  };
}

/** An ad creative's job (ADR 0050) as the media list shows it: one rendition, no poster. */
function adResultOf(job: IngestJob): MediaJob['result'] {
  const ad = job.result as unknown as AdTranscodeResult | null;
  if (!ad) return null;
  return {
    clipId: ad.clipId,
    durationSeconds: ad.durationSeconds,
    renditions: [{ width: ad.width, height: ad.height, bandwidth: ad.bitrateKbps * 1000 }],
    poster: '',
    encrypted: false,
  };
}

/** The ingest jobs in the console: list, one with its log, cancel (issue 22). */
export function registerIngestConsoleRoutes(
  app: FastifyInstance,
  deps: { db: Kysely<Database>; settings: IngestSettings; clock: () => number },
): void {
  const { db, settings } = deps;
  registerSubtitleUpload(app, settings.uploadDir);

  registerConsoleCall(app, consoleMediaCalls.listJobs, async ({ state, page, pageSize }) => {
    const { jobs, total } = await listJobs(db, { state }, page, pageSize);
    return { jobs: jobs.map(mediaJobOf), total, page };
  });

  registerConsoleCall(app, consoleMediaCalls.getJob, async ({ jobId }) => {
    const job = await getJob(db, jobId);
    if (!job) throw new AppError('NOT_FOUND');
    return { job: mediaJobOf(job), log: job.log };
  });

  registerConsoleCall(app, consoleMediaCalls.cancelJob, async ({ jobId }, { actor }) => {
    const before = await getJob(db, jobId);
    if (!before) throw new AppError('NOT_FOUND');
    const after = await db.transaction().execute(async (trx) => {
      if (!(await cancelJob(trx, settings, jobId))) {
        throw new AppError('CONFLICT', undefined, '這個工作已經結束，無法取消。');
      }
      const cancelled = (await getJob(trx, jobId))!;
      await recordChange(
        trx,
        actor,
        {
          entity: 'media_job',
          entityId: jobId,
          before: { state: before.state },
          after: { state: cancelled.state },
        },
        deps.clock(),
      );
      return cancelled;
    });
    return { job: mediaJobOf(after) };
  });
}
