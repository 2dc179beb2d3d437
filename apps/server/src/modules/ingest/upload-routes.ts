import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MEDIA_UPLOAD_PATH, uploadMetadataSchema } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { recordChange } from '../audit/trail.js';
import { enqueueTranscode } from './jobs.js';
import { mountResumableUpload, notVideo, VIDEO_NAME } from './resumable-upload.js';
import { subtitleInputs } from './subtitle-uploads.js';
import type { IngestSettings } from './settings.js';

export interface UploadRouteDeps {
  db: Kysely<Database>;
  settings: IngestSettings;
  uploadDir: string;
  maxUploadBytes: number;
  clock: () => number;
  /** A job was queued (the in-process worker is woken). */
  onQueued?: (() => void) | undefined;
}

/**
 * The resumable upload of a source video (issue 22), for content editors. Its subtitles are
 * checked before a byte is taken. When the last byte arrives the file is probed: a file that is
 * not video is refused with its reason and removed; a good one is queued for transcoding with
 * its audit entry, and the reply names the job (header Upload-Job-Id and a JSON envelope body).
 */
export async function registerUploadRoutes(app: FastifyInstance, deps: UploadRouteDeps) {
  const readMetadata = async (raw: Record<string, string | null>) => {
    const metadata = uploadMetadataSchema.safeParse(raw);
    const subtitleProblem = metadata.error?.issues.find((i) => i.path[0] === 'subtitles');
    if (subtitleProblem) {
      throw new AppError(
        'INGEST_BAD_SUBTITLES',
        undefined,
        `字幕設定不正確：${subtitleProblem.message}`,
      );
    }
    if (!metadata.success || !VIDEO_NAME.test(metadata.data.filename)) notVideo();
    // The subtitle files named must be uploaded already (checked again when the video is whole).
    const subtitleFiles = await subtitleInputs(deps.uploadDir, metadata.data.subtitles);
    return { ...metadata.data, subtitleFiles };
  };
  await mountResumableUpload(app, {
    path: MEDIA_UPLOAD_PATH,
    roles: ['content_editor'],
    uploadDir: deps.uploadDir,
    maxUploadBytes: deps.maxUploadBytes,
    readMetadata,
    async finish({ staff, metadata, sourcePath }) {
      const encrypt = metadata.encrypt === 'Y';
      const job = await deps.db.transaction().execute(async (trx) => {
        const made = await enqueueTranscode(trx, deps.settings, {
          sourcePath,
          sourceName: metadata.filename,
          createdBy: staff.email,
          encrypt,
          subtitles: metadata.subtitleFiles,
        });
        await recordChange(
          trx,
          {
            staffId: staff.staffId,
            email: staff.email,
            roles: staff.roles,
            call: `PATCH ${MEDIA_UPLOAD_PATH}/:uploadId`,
          },
          {
            entity: 'media_job',
            entityId: made.jobId,
            before: null,
            after: { sourceName: metadata.filename, encrypt, subtitles: metadata.subtitles },
          },
          deps.clock(),
        );
        return made;
      });
      deps.onQueued?.();
      return { headers: { 'Upload-Job-Id': job.jobId }, data: { jobId: job.jobId } };
    },
  });
}
