import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server as TusServer } from '@tus/server';
import { FileStore } from '@tus/file-store';
import type { StaffRole } from '@site/contract/console';
import type { errorCatalogue } from '@site/contract';
import { AppError, errorEnvelope } from '../../http/errors.js';
import { requireStaff, type Staff } from '../staff/access.js';

/** Extensions of the video files staff may upload; the probe decides what the file really is. */
export const VIDEO_NAME = /\.(mp4|m4v|mov|mkv|webm|ts|mts|m2ts|avi|mxf|mpg|mpeg)$/i;

/** The refusal of a file whose name is not a video's. */
export function notVideo(): never {
  throw new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    undefined,
    '請上傳影片檔（mp4、mov、mkv、webm、ts 等）。',
  );
}

export interface ResumableUpload<M> {
  /** The console path the tus protocol is spoken on (its uploads under `{path}/:uploadId`). */
  path: string;
  roles: readonly StaffRole[];
  uploadDir: string;
  maxUploadBytes: number;
  /** The upload's metadata, read before a byte is taken; an AppError refuses the upload. */
  readMetadata(metadata: Record<string, string | null>): M | Promise<M>;
  /**
   * The last byte has arrived (at `sourcePath`): queue its work. Answers the reply's extra
   * headers and envelope data; an AppError refuses it, and the file is removed either way.
   */
  finish(upload: {
    staff: Staff;
    metadata: M;
    sourcePath: string;
  }): Promise<{ headers: Record<string, string>; data: unknown }>;
}

/**
 * A resumable upload (the tus protocol, @tus/server) for the console: a 2 GB file survives a
 * dropped connection and continues from the last byte the server holds. The console's own
 * session, CSRF proof and right guard every request, as for any console call; upload ids are
 * ours (random), never a name the client sent; refusals are our envelope with zh-TW words. Used
 * by the media library's sources (upload-routes.ts) and the ad creatives (ads, ADR 0050).
 */
export async function mountResumableUpload<M>(
  app: FastifyInstance,
  upload: ResumableUpload<M>,
): Promise<void> {
  const store = new FileStore({ directory: upload.uploadDir });
  /** The staff member of the request the tus server is handling, for the audit entry. */
  const uploader = new AsyncLocalStorage<Staff>();
  const metadataOf = (raw: Record<string, string | null> | undefined) =>
    upload.readMetadata(raw ?? {});
  const tus = new TusServer({
    path: upload.path,
    datastore: store,
    maxSize: upload.maxUploadBytes,
    respectForwardedHeaders: false,
    namingFunction: () => crypto.randomBytes(16).toString('hex'),
    onUploadCreate: async (_req, created) => {
      await refusingAppErrors(() => metadataOf(created.metadata));
      return {};
    },
    onUploadFinish: async (_req, finished) => {
      try {
        const { headers, data } = await refusingAppErrors(async () =>
          upload.finish({
            staff: uploader.getStore()!,
            metadata: await metadataOf(finished.metadata),
            sourcePath: path.join(upload.uploadDir, finished.id),
          }),
        );
        return {
          status_code: 200,
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify({ status: { code: '0', message: '' }, data }),
        };
      } catch (error) {
        await store.remove(finished.id).catch(() => undefined);
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
      const staff = requireStaff(request.staff, upload.roles);
      reply.hijack();
      await uploader.run(staff, () => tus.handle(request.raw, reply.raw));
    };
    for (const url of [upload.path, `${upload.path}/:uploadId`]) {
      scope.route({
        method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'],
        url,
        config: { staffAccess: { staff: upload.roles } },
        schema: { hide: true },
        preValidation: async (request) => {
          requireStaff(request.staff, upload.roles);
        },
        handler,
      });
    }
  });
}

/** Runs `work`, turning an AppError into the tus refusal that carries our envelope. */
async function refusingAppErrors<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw refusal(error.httpStatus, error.code, error.message);
    throw error;
  }
}

function refusal(status: number, code: keyof typeof errorCatalogue, message: string) {
  return { status_code: status, body: JSON.stringify(errorEnvelope(code, message)) };
}
