import { z } from 'zod';
import { envelopeOf } from '../envelope.js';
import { describeConsoleCall } from './call.js';
import { consoleContentIdSchema } from './catalogue.js';

/**
 * Media ingest in the console (issue 22): a source video is uploaded with the tus protocol to
 * `MEDIA_UPLOAD_PATH` (resumable), probed, and transcoded by the job queue; the console follows
 * each job's progress and log, cancels it, and attaches its clip to a title or episode.
 */
export const MEDIA_UPLOAD_PATH = '/console/api/media/uploads';
/** The tus upload's metadata keys the server reads. */
export const uploadMetadataSchema = z.object({
  filename: z.string().trim().min(1).max(200),
  /** 'Y': AES-128 with a new content key (paid titles). */
  encrypt: z.enum(['Y', 'N']).default('N'),
});

export const mediaJobStateSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export const mediaJobIdSchema = z.string().regex(/^[\w-]{6,40}$/, '工作編號格式不正確');

export const mediaJobSchema = z.object({
  jobId: z.string(),
  state: mediaJobStateSchema,
  /** 'short' | 'long': short sources keep a slot of their own. */
  lane: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** 0..1 of the current attempt, from ffmpeg's -progress output. */
  progress: z.number(),
  sourceName: z.string(),
  encrypt: z.boolean(),
  createdBy: z.string(),
  /** Unix seconds. */
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  error: z.string().nullable(),
  result: z
    .object({
      clipId: z.string(),
      durationSeconds: z.number(),
      renditions: z.array(
        z.object({
          width: z.number().int(),
          height: z.number().int(),
          bandwidth: z.number().int(),
        }),
      ),
      poster: z.string(),
      encrypted: z.boolean(),
    })
    .nullable(),
});
export type MediaJob = z.infer<typeof mediaJobSchema>;

const jobParams = z.object({ jobId: mediaJobIdSchema });
const jobReply = envelopeOf(z.object({ job: mediaJobSchema }));
const EDITORS = ['content_editor'] as const;

export const consoleMediaCalls = {
  listJobs: describeConsoleCall({
    method: 'GET',
    path: '/console/api/media/jobs',
    summary: 'Ingest jobs, newest first',
    tags: ['console: media'],
    input: z.object({
      state: mediaJobStateSchema.optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(25),
    }),
    reply: envelopeOf(
      z.object({ jobs: z.array(mediaJobSchema), total: z.number().int(), page: z.number().int() }),
    ),
    access: { staff: [...EDITORS, 'auditor'] },
  }),
  getJob: describeConsoleCall({
    method: 'GET',
    path: '/console/api/media/jobs/:jobId',
    summary: "One ingest job with its log (ffmpeg's last lines)",
    tags: ['console: media'],
    params: jobParams,
    reply: envelopeOf(z.object({ job: mediaJobSchema, log: z.string() })),
    access: { staff: [...EDITORS, 'auditor'] },
  }),
  cancelJob: describeConsoleCall({
    method: 'POST',
    path: '/console/api/media/jobs/:jobId/cancel',
    summary: 'Cancel a queued or running job (what it made so far is removed)',
    tags: ['console: media'],
    params: jobParams,
    reply: jobReply,
    access: { staff: EDITORS },
  }),
  attachClip: describeConsoleCall({
    method: 'POST',
    path: '/console/api/titles/:contentId/clip',
    summary: "Attach a finished job's clip to a title or episode, as its video or its trailer",
    tags: ['console: media'],
    params: z.object({ contentId: consoleContentIdSchema }),
    input: z.object({
      jobId: mediaJobIdSchema,
      use: z.enum(['main', 'trailer']),
      version: z.number().int().min(0),
    }),
    reply: envelopeOf(
      z.object({ contentId: z.string(), clipId: z.string(), version: z.number().int() }),
    ),
    access: { staff: EDITORS },
  }),
} as const;
