import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SUBTITLE_MAX_BYTES,
  consoleMediaCalls,
  subtitleIdSchema,
  type UploadSubtitle,
} from '@site/contract/console';
import { AppError } from '../../http/errors.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import type { SubtitleInput } from './package.js';
import { SubtitleError, srtToVtt } from './subtitles.js';

/*
 * Subtitle files for a video upload (issue 22 item 5): an editor uploads each SRT first (checked
 * by converting it to WebVTT, kept under the upload folder with a server-made id), then names
 * them in the video's tus metadata; the job converts them into the clip's HLS subtitle
 * renditions, and they are removed with the source (jobs.ts removeSource).
 */

const FOLDER = 'subtitles';

export function subtitlePath(uploadDir: string, subtitleId: string): string {
  if (!subtitleIdSchema.safeParse(subtitleId).success) throw new Error('bad subtitle id');
  return path.join(uploadDir, FOLDER, `${subtitleId}.srt`);
}

const badSubtitles = (message: string) => new AppError('INGEST_BAD_SUBTITLES', undefined, message);

/** Checks an SRT file and keeps it: its new id. */
export async function storeSubtitle(uploadDir: string, file: Buffer): Promise<string> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
    srtToVtt(text);
  } catch (error) {
    if (error instanceof SubtitleError || error instanceof TypeError) {
      throw badSubtitles('字幕檔格式不正確，請上傳 UTF-8 編碼的 SRT 字幕檔。');
    }
    throw error;
  }
  const subtitleId = `sub-${crypto.randomBytes(8).toString('hex')}`;
  await fs.mkdir(path.join(uploadDir, FOLDER), { recursive: true });
  await fs.writeFile(subtitlePath(uploadDir, subtitleId), text, { flag: 'wx' });
  return subtitleId;
}

/** The files of an upload's subtitle entries; one not uploaded (or removed) is refused. */
export async function subtitleInputs(
  uploadDir: string,
  entries: readonly UploadSubtitle[],
): Promise<SubtitleInput[]> {
  const inputs: SubtitleInput[] = [];
  for (const { language, subtitleId, name } of entries) {
    const file = subtitlePath(uploadDir, subtitleId);
    const found = await fs.stat(file).catch(() => null);
    if (!found?.isFile()) {
      throw badSubtitles(`找不到字幕檔 ${subtitleId}，請重新上傳字幕。`);
    }
    inputs.push({ file, language, name });
  }
  return inputs;
}

/** The upload's one `file` part, read within the size limit. */
async function readSubtitleFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw badSubtitles('請以 multipart/form-data 上傳字幕檔。');
  try {
    for await (const part of request.parts({
      limits: { fileSize: SUBTITLE_MAX_BYTES, files: 1, fields: 2, fieldSize: 100 },
    })) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file') throw badSubtitles('字幕檔的欄位名稱應為 file。');
      if (!/\.srt$/i.test(part.filename)) throw badSubtitles('請上傳副檔名為 .srt 的字幕檔。');
      return await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badSubtitles(`字幕檔不能超過 ${SUBTITLE_MAX_BYTES / 1024 / 1024} MB。`);
    }
    throw badSubtitles('上傳的資料不完整，請再試一次。');
  }
  throw badSubtitles('請選擇要上傳的字幕檔。');
}

export function registerSubtitleUpload(app: FastifyInstance, uploadDir: string | null): void {
  // Multipart is parsed only for this call (its own scope), as for the title pictures.
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: SUBTITLE_MAX_BYTES, files: 1 } });
    registerConsoleCall(scope, consoleMediaCalls.uploadSubtitles, async (_input, { request }) => {
      if (!uploadDir) throw new AppError('CONFLICT', undefined, '這台伺服器沒有設定上傳資料夾。');
      const file = await readSubtitleFile(request);
      return { subtitleId: await storeSubtitle(uploadDir, file) };
    });
  });
}
