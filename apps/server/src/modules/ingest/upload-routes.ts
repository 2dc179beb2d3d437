import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Server as TusServer } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { MEDIA_UPLOAD_PATH, uploadMetadataSchema } from '@site/contract/console';
import type { errorCatalogue } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError, errorEnvelope } from '../../http/errors.js';
import { recordChange } from '../audit/trail.js';
import { requireStaff, type Staff } from '../staff/access.js';
import { enqueueTranscode } from './jobs.js';
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

/** Extensions of the video files an editor may upload; the probe decides what the file really is. */
const VIDEO_NAME = /\.(mp4|m4v|mov|mkv|webm|ts|mts|m2ts|avi|mxf|mpg|mpeg)$/i;

/**
 * The resumable upload of a source video (issue 22): the tus protocol (@tus/server), so a 2 GB
 * file survives a dropped connection and continues from the last byte the server holds. The
 * console's own session, CSRF proof and right (content editors) guard every request, as for any
 * console call. When the last byte arrives the file is probed: a file that is not video is
 * refused with its reason and removed; a good one is queued for transcoding, and the reply
 * names the job (header Upload-Job-Id and a JSON envelope body).
 */
export async function registerUploadRoutes(app: FastifyInstance, deps: UploadRouteDeps) {
  const store = new FileStore({ directory: deps.uploadDir });
  /** The staff member of the request the tus server is handling, for the audit entry. */
  const uploader = new AsyncLocalStorage<Staff>();
  const tus = new TusServer({
    path: MEDIA_UPLOAD_PATH,
    datastore: store,
    maxSize: deps.maxUploadBytes,
    respectForwardedHeaders: false,
    // Upload ids are ours: random, never a name the client sent.
    namingFunction: () => crypto.randomBytes(16).toString('hex'),
    onUploadCreate: async (_req, upload) => {
      const metadata = uploadMetadataSchema.safeParse(upload.metadata ?? {});
      const subtitleProblem = metadata.error?.issues.find((i) => i.path[0] === 'subtitles');
      if (subtitleProblem) {
        throw refusal(400, 'INGEST_BAD_SUBTITLES', `字幕設定不正確：${subtitleProblem.message}`);
      }
      if (!metadata.success || !VIDEO_NAME.test(metadata.data.filename)) {
        throw refusal(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          '請上傳影片檔（mp4、mov、mkv、webm、ts 等）。',
        );
      }
      try {
        await subtitleInputs(deps.uploadDir, metadata.data.subtitles);
      } catch (error) {
        if (error instanceof AppError) throw refusal(error.httpStatus, error.code, error.message);
        throw error;
      }
      return {};
    },
    onUploadFinish: async (req, upload) => {
      const staff = uploader.getStore();
      const metadata = uploadMetadataSchema.parse(upload.metadata ?? {});
      const sourcePath = path.join(deps.uploadDir, upload.id);
      try {
        const subtitles = await subtitleInputs(deps.uploadDir, metadata.subtitles);
        const job = await deps.db.transaction().execute(async (trx) => {
          const made = await enqueueTranscode(trx, deps.settings, {
            sourcePath,
            sourceName: metadata.filename,
            createdBy: staff?.email ?? '',
            encrypt: metadata.encrypt === 'Y',
            subtitles,
          });
          if (staff) {
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
                after: {
                  sourceName: metadata.filename,
                  encrypt: metadata.encrypt === 'Y',
                  subtitles: metadata.subtitles,
                },
              },
              deps.clock(),
            );
          }
          return made;
        });
        deps.onQueued?.();
        return {
          status_code: 200,
          headers: { 'Upload-Job-Id': job.jobId, 'Content-Type': 'application/json' },
          body: JSON.stringify({ status: { code: '0', message: '' }, data: { jobId: job.jobId } }),
        };
      } catch (error) {
        await store.remove(upload.id).catch(() => undefined);
        if (error instanceof AppError) throw refusal(error.httpStatus, error.code, error.message);
        throw error;
      }
    },
  });

  await app.register(async (scope) => {
    // tus sends raw bytes; the tus server reads the request stream itself.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const staff = requireStaff(request.staff, ['content_editor']);
      reply.hijack();
      await uploader.run(staff, () => tus.handle(request.raw, reply.raw));
    };
    for (const url of [MEDIA_UPLOAD_PATH, `${MEDIA_UPLOAD_PATH}/:uploadId`]) {
      scope.route({
        method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'],
        url,
        config: { staffAccess: { staff: ['content_editor'] } },
        schema: { hide: true },
        preValidation: async (request) => {
          requireStaff(request.staff, ['content_editor']);
        },
        handler,
      });
    }
  });
}

/** A tus refusal whose body is our envelope, with the zh-TW words. */
function refusal(status: number, code: keyof typeof errorCatalogue, message: string) {
  return { status_code: status, body: JSON.stringify(errorEnvelope(code, message)) };
}
