import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Server as TusServer } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { AD_UPLOAD_PATH, adUploadMetadataSchema } from '@site/contract/console';
import type { errorCatalogue } from '@site/contract';
import type { Database } from '../../db/schema.js';
import { AppError, errorEnvelope } from '../../http/errors.js';
import type { IngestSettings } from '../ingest/settings.js';
import { requireStaff, type Staff } from '../staff/access.js';
import { createUploadedCreative } from './creatives.js';

export interface CreativeUploadDeps {
  db: Kysely<Database>;
  settings: IngestSettings;
  uploadDir: string;
  maxUploadBytes: number;
  clock: () => number;
  /** A job was queued (the in-process worker is woken). */
  onQueued?: (() => void) | undefined;
}

const ROLES = ['marketing'] as const;
const VIDEO_NAME = /\.(mp4|m4v|mov|mkv|webm|ts|mts|avi|mxf|mpg|mpeg)$/i;

/**
 * The resumable upload of an ad creative (docs/adr/0050): the same tus protocol and checks as the
 * media library's sources (ingest/upload-routes.ts), for marketing, with the creative's name,
 * advertiser and click-through in the metadata, checked before a byte is taken. When the last
 * byte arrives the file is probed (not video: refused in zh-TW and removed), queued as an ad job
 * and stored as a 'processing' creative with its audit entry, in one transaction.
 */
export async function registerCreativeUploadRoutes(app: FastifyInstance, deps: CreativeUploadDeps) {
  const store = new FileStore({ directory: deps.uploadDir });
  const uploader = new AsyncLocalStorage<Staff>();
  const tus = new TusServer({
    path: AD_UPLOAD_PATH,
    datastore: store,
    maxSize: deps.maxUploadBytes,
    respectForwardedHeaders: false,
    namingFunction: () => crypto.randomBytes(16).toString('hex'),
    onUploadCreate: async (_req, upload) => {
      const metadata = adUploadMetadataSchema.safeParse(upload.metadata ?? {});
      const problem = metadata.error?.issues.find((i) => i.path[0] !== 'filename');
      if (problem) throw refusal(400, 'BAD_INPUT', problem.message);
      if (!metadata.success || !VIDEO_NAME.test(metadata.data.filename)) {
        throw refusal(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          '請上傳影片檔（mp4、mov、mkv、webm、ts 等）。',
        );
      }
      return {};
    },
    onUploadFinish: async (_req, upload) => {
      const staff = uploader.getStore()!;
      const metadata = adUploadMetadataSchema.parse(upload.metadata ?? {});
      const sourcePath = path.join(deps.uploadDir, upload.id);
      try {
        const made = await deps.db.transaction().execute((trx) =>
          createUploadedCreative(
            trx,
            deps.settings,
            {
              staffId: staff.staffId,
              email: staff.email,
              roles: staff.roles,
              call: `PATCH ${AD_UPLOAD_PATH}/:uploadId`,
            },
            { sourcePath, metadata },
            deps.clock(),
          ),
        );
        deps.onQueued?.();
        return {
          status_code: 200,
          headers: {
            'Upload-Job-Id': made.jobId,
            'Upload-Creative-Id': made.creativeId,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ status: { code: '0', message: '' }, data: made }),
        };
      } catch (error) {
        await store.remove(upload.id).catch(() => undefined);
        if (error instanceof AppError) throw refusal(error.httpStatus, error.code, error.message);
        throw error;
      }
    },
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const staff = requireStaff(request.staff, ROLES);
      reply.hijack();
      await uploader.run(staff, () => tus.handle(request.raw, reply.raw));
    };
    for (const url of [AD_UPLOAD_PATH, `${AD_UPLOAD_PATH}/:uploadId`]) {
      scope.route({
        method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'],
        url,
        config: { staffAccess: { staff: ROLES } },
        schema: { hide: true },
        preValidation: async (request) => {
          requireStaff(request.staff, ROLES);
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
