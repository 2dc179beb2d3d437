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
/** An uploaded subtitle file's id (server-made, see uploadSubtitles). */
export const subtitleIdSchema = z.string().regex(/^sub-[0-9a-f]{16}$/, '字幕檔編號格式不正確');
/** The largest SRT file taken (bytes). */
export const SUBTITLE_MAX_BYTES = 2 * 1024 * 1024;
/** The most subtitle tracks one upload names. */
export const SUBTITLES_MAX = 10;
/** One subtitle track of an upload: its language (BCP 47, e.g. zh-TW), file and shown name. */
export const uploadSubtitleSchema = z.object({
  language: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/, '字幕語言代碼格式不正確（例如 zh-TW）'),
  subtitleId: subtitleIdSchema,
  name: z.string().trim().min(1, '請輸入字幕名稱').max(20, '字幕名稱最多 20 個字'),
});
export type UploadSubtitle = z.infer<typeof uploadSubtitleSchema>;

/** `language:subtitleId:name` entries, comma-separated (the tus metadata's `subtitles`). */
export function subtitlesMetadata(subtitles: readonly UploadSubtitle[]): string {
  return subtitles.map((s) => `${s.language}:${s.subtitleId}:${s.name}`).join(',');
}

/** The tus upload's metadata keys the server reads. */
export const uploadMetadataSchema = z.object({
  filename: z.string().trim().min(1).max(200),
  /** 'Y': AES-128 with a new content key (paid titles). */
  encrypt: z.enum(['Y', 'N']).default('N'),
  /** Subtitle tracks (uploaded first): see subtitlesMetadata. */
  subtitles: z
    .string()
    .max(2000)
    .default('')
    .transform((text) =>
      text === ''
        ? []
        : text.split(',').map((entry) => {
            const [language = '', subtitleId = '', ...name] = entry.split(':');
            return { language, subtitleId, name: name.join(':') };
          }),
    )
    .pipe(z.array(uploadSubtitleSchema).max(SUBTITLES_MAX)),
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
  /**
   * multipart/form-data: one `file` field, an SRT file of at most SUBTITLE_MAX_BYTES (UTF-8). It
   * is checked by converting it to WebVTT (a file that is not SRT: INGEST_BAD_SUBTITLES) and kept
   * under a server-made id, which a video upload's `subtitles` metadata then names; it is removed
   * with that upload's source when the job is done or cancelled.
   */
  uploadSubtitles: describeConsoleCall({
    method: 'POST',
    path: '/console/api/media/subtitles',
    summary: 'Upload an SRT subtitle file (multipart) for a video upload to name',
    tags: ['console: media'],
    reply: envelopeOf(z.object({ subtitleId: subtitleIdSchema })),
    access: { staff: EDITORS },
  }),
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
