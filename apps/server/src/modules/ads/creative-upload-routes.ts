import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { AD_UPLOAD_PATH, adUploadMetadataSchema } from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { mountResumableUpload, notVideo, VIDEO_NAME } from '../ingest/resumable-upload.js';
import type { IngestSettings } from '../ingest/settings.js';
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

/**
 * The resumable upload of an ad creative (docs/adr/0050): the same protocol and checks as the
 * media library's sources (ingest/resumable-upload.ts), for marketing, with the creative's name,
 * advertiser and click-through in the metadata, checked before a byte is taken. When the last
 * byte arrives the file is probed (not video: refused in zh-TW and removed), queued as an ad job
 * and stored as a 'processing' creative with its audit entry, in one transaction.
 */
export async function registerCreativeUploadRoutes(app: FastifyInstance, deps: CreativeUploadDeps) {
  await mountResumableUpload(app, {
    path: AD_UPLOAD_PATH,
    roles: ['marketing'],
    uploadDir: deps.uploadDir,
    maxUploadBytes: deps.maxUploadBytes,
    readMetadata(raw) {
      const metadata = adUploadMetadataSchema.safeParse(raw);
      const problem = metadata.error?.issues.find((i) => i.path[0] !== 'filename');
      if (problem) throw new AppError('BAD_INPUT', undefined, problem.message);
      if (!metadata.success || !VIDEO_NAME.test(metadata.data.filename)) notVideo();
      return metadata.data;
    },
    async finish({ staff, metadata, sourcePath }) {
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
        headers: { 'Upload-Job-Id': made.jobId, 'Upload-Creative-Id': made.creativeId },
        data: made,
      };
    },
  });
}
