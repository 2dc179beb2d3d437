import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  TITLE_PICTURE_MAX_BYTES,
  consoleCatalogueCalls,
  consoleMediaCalls,
} from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { registerConsoleCall } from '../staff/console-calls.js';
import { listCategories } from './console-categories.js';
import { listOrder, setOrder } from './console-order.js';
import { getConsoleTitle, listConsoleTitles } from './console-titles.js';
import { PICTURE_COLUMNS, preparePicture, storePicture } from './pictures.js';
import { getJob } from '../ingest/jobs.js';
import { getTitlePeople, setTitlePeople } from './title-people.js';
import {
  changeTitle,
  createTitle,
  setTitleClip,
  setTitlePicture,
  setTitleState,
  type TitleStore,
} from './title-edits.js';

export interface CatalogueConsoleDeps {
  db: Kysely<Database>;
  clock: () => number;
  /** The media folder pictures are written under (MEDIA_DIR). */
  mediaDir: string;
  /** The search index's re-indexing of changed titles (search/reindex.ts). */
  reindex: TitleStore['reindex'];
  /** The search index's re-indexing of people (search/reindex.ts). */
  reindexPeople: TitleStore['reindexPeople'];
}

const fileProblem = (problem: string) =>
  new AppError('BAD_INPUT', [{ name: 'file', problem }], '上傳的圖片不符合規定。');

/** The upload's `version` field and its one file, read within the size limit. */
export async function readUpload(
  request: FastifyRequest,
): Promise<{ version: number; file: Buffer }> {
  if (!request.isMultipart()) throw fileProblem('請以 multipart/form-data 上傳圖片。');
  let version: number | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: TITLE_PICTURE_MAX_BYTES, files: 1, fields: 4, fieldSize: 100 },
    })) {
      if (part.type === 'field') {
        if (part.fieldname === 'version' && /^(0|[1-9]\d{0,9})$/.test(String(part.value))) {
          version = Number(part.value);
        }
        continue;
      }
      if (part.fieldname !== 'file') throw fileProblem('圖片的欄位名稱應為 file。');
      // The version comes first (FormData keeps the order fields were appended in).
      if (version === undefined) {
        throw new AppError('BAD_INPUT', [{ name: 'version', problem: '請在圖片之前送出版本' }]);
      }
      return { version, file: await part.toBuffer() };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fileProblem(`圖片檔案不能超過 ${TITLE_PICTURE_MAX_BYTES / 1024 / 1024} MB。`);
    }
    throw fileProblem('上傳的資料不完整，請再試一次。');
  }
  throw fileProblem('請選擇要上傳的圖片。');
}

/** The catalogue's console calls (issue 22): each hands its input to one function. */
export function registerCatalogueConsoleCalls(
  app: FastifyInstance,
  { db, clock, mediaDir, reindex, reindexPeople }: CatalogueConsoleDeps,
): void {
  const store: TitleStore = { db, reindex, reindexPeople };
  registerConsoleCall(app, consoleCatalogueCalls.createTitle, async (input, { actor }) => ({
    title: await createTitle(store, actor, input, clock()),
  }));

  registerConsoleCall(app, consoleCatalogueCalls.listTitles, async (input) => {
    const { titles, total } = await listConsoleTitles(db, input);
    return { titles, total, page: input.page, pageSize: input.pageSize };
  });

  registerConsoleCall(app, consoleCatalogueCalls.getTitle, async ({ contentId }) => ({
    title: await getConsoleTitle(db, contentId),
  }));

  registerConsoleCall(
    app,
    consoleCatalogueCalls.changeTitle,
    async ({ contentId, ...edit }, { actor }) => ({
      title: await changeTitle(store, actor, contentId, edit, clock()),
    }),
  );

  registerConsoleCall(app, consoleCatalogueCalls.getTitlePeople, async ({ contentId }) =>
    getTitlePeople(db, contentId),
  );

  registerConsoleCall(
    app,
    consoleCatalogueCalls.setTitlePeople,
    async ({ contentId, version, people }, { actor }) =>
      setTitlePeople(store, actor, contentId, people, version, clock()),
  );

  registerConsoleCall(
    app,
    consoleCatalogueCalls.publishTitle,
    async ({ contentId, version }, { actor }) => ({
      title: await setTitleState(store, actor, contentId, 'published', version, clock()),
    }),
  );

  registerConsoleCall(
    app,
    consoleCatalogueCalls.unpublishTitle,
    async ({ contentId, version }, { actor }) => ({
      title: await setTitleState(store, actor, contentId, 'draft', version, clock()),
    }),
  );

  registerConsoleCall(app, consoleCatalogueCalls.listCategories, async () => ({
    categories: await listCategories(db),
  }));

  registerConsoleCall(app, consoleCatalogueCalls.getOrder, async ({ list }) => ({
    items: await listOrder(db, list),
  }));

  registerConsoleCall(
    app,
    consoleCatalogueCalls.setOrder,
    async ({ list, ...input }, { actor }) => ({
      items: await setOrder(db, actor, list, input, clock()),
    }),
  );

  registerConsoleCall(
    app,
    consoleMediaCalls.attachClip,
    async ({ contentId, jobId, use, version }, { actor }) => {
      const job = await getJob(db, jobId);
      if (!job) throw new AppError('NOT_FOUND', undefined, '找不到這個轉檔工作。');
      if (job.state !== 'done' || !job.result) {
        throw new AppError('CONFLICT', undefined, '這個轉檔工作還沒完成，完成後才能掛上影片。');
      }
      const { clipId, durationSeconds } = job.result;
      const title = await setTitleClip(
        store,
        actor,
        contentId,
        { use, clipId, durationSeconds },
        version,
        clock(),
      );
      return { contentId, clipId, version: title.version };
    },
  );

  // Multipart is parsed only for this call (its own scope): every other route keeps answering a
  // multipart body 415 as before.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: TITLE_PICTURE_MAX_BYTES, files: 1 },
    });
    registerConsoleCall(
      scope,
      consoleCatalogueCalls.uploadTitlePicture,
      async ({ contentId, kind }, { actor, request }) => {
        const { version, file } = await readUpload(request);
        const picture = await preparePicture(kind, file);
        const stored = await storePicture(mediaDir, kind, picture);
        return {
          title: await setTitlePicture(
            store,
            actor,
            contentId,
            PICTURE_COLUMNS[kind],
            stored,
            version,
            clock(),
          ),
        };
      },
    );
  });
}
