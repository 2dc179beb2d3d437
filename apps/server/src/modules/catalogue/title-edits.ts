import crypto from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import type { z } from 'zod';
import type { ConsoleTitle, episodePlaceSchema, titleFieldsSchema } from '@site/contract/console';
import type { Database, TitleTable } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { staleEdit } from '../../lib/stale-edit.js';
import { recordChange, type Actor } from '../audit/trail.js';
import { consoleTitleOf, findConsoleTitleRow } from './console-titles.js';
import type { TitleRow } from './present.js';

/*
 * The console's changes to a title (issue 22, docs/adr/0038-console-catalogue.md): each made on
 * the version the editor saw (a stale one is refused with STALE_EDIT and the title as it now is),
 * bumping the version, recorded in the audit trail in the same transaction, and the title's
 * search rows brought in line in that transaction too (a renamed title is found by its new name
 * at once; a draft is found by no one). Who may see a title stays the visibility rule's: these
 * functions only edit the data it reads.
 */

/**
 * Where title changes are written: the database, and the search index's re-indexing of changed
 * titles (the search module's, handed in by the app: search reads the catalogue, not the reverse).
 */
export interface TitleStore {
  db: Kysely<Database>;
  reindex: (trx: Kysely<Database>, contentIds: readonly string[]) => Promise<unknown>;
  /** The search index's re-indexing of people (new names get their own rows). */
  reindexPeople: (trx: Kysely<Database>, personIds: readonly string[]) => Promise<unknown>;
}

export type TitleFields = z.infer<typeof titleFieldsSchema> & z.infer<typeof episodePlaceSchema>;
export type TitleEdit = Partial<TitleFields> & { version: number };

const ENTITY = 'title';

/** The title as the audit trail keeps it: every field an editor changes, and its state. */
function audited(title: ConsoleTitle): Record<string, unknown> {
  const { version: _version, updatedAt: _updatedAt, ...fields } = title;
  return fields;
}

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

function columnsOf(edit: Partial<TitleFields>): Updateable<TitleTable> {
  const columns: Updateable<TitleTable> = {
    name: edit.name,
    synopsis: edit.synopsis,
    year: edit.year,
    country: edit.country,
    main_category_id: edit.mainCategoryId,
    subcategory_id: edit.subcategoryId,
    grade: edit.grade,
    is_restricted: flag(edit.isRestricted),
    is_sexual: flag(edit.isSexual),
    kid_safe: flag(edit.kidSafe),
    sell_type: edit.sellType,
    dtr_price: edit.price,
    on_shelf_at: edit.onShelfAt,
    off_shelf_at: edit.offShelfAt,
    season_no: edit.seasonNo,
    episode_no: edit.episodeNo,
  };
  return Object.fromEntries(
    Object.entries(columns).filter(([, value]) => value !== undefined),
  ) as Updateable<TitleTable>;
}

/** Input that names what does not exist, or a window that ends before it starts: 400. */
async function checkEdit(
  db: Kysely<Database>,
  row: TitleRow,
  edit: Partial<TitleFields>,
): Promise<void> {
  const problems: { name: string; problem: string }[] = [];
  const mainCategoryId = edit.mainCategoryId ?? row.main_category_id;
  if (edit.mainCategoryId !== undefined) {
    const found = await db
      .selectFrom('main_category')
      .select('main_category_id')
      .where('main_category_id', '=', edit.mainCategoryId)
      .executeTakeFirst();
    if (!found) problems.push({ name: 'mainCategoryId', problem: '沒有這個主分類' });
  }
  // Every title has a sub-category (title.subcategory_id is required and references one): an
  // empty one is refused here rather than by the database's foreign key (a 500).
  if (edit.subcategoryId === '') {
    problems.push({ name: 'subcategoryId', problem: '請選擇子分類' });
  } else if (edit.subcategoryId !== undefined) {
    const found = await db
      .selectFrom('subcategory')
      .select('subcategory_id')
      .where('subcategory_id', '=', edit.subcategoryId)
      .where('main_category_id', '=', mainCategoryId)
      .executeTakeFirst();
    if (!found) problems.push({ name: 'subcategoryId', problem: '這個主分類下沒有這個子分類' });
  }
  const onShelfAt = edit.onShelfAt ?? Number(row.on_shelf_at);
  const offShelfAt =
    edit.offShelfAt === undefined
      ? row.off_shelf_at === null
        ? null
        : Number(row.off_shelf_at)
      : edit.offShelfAt;
  if (offShelfAt !== null && offShelfAt <= onShelfAt) {
    problems.push({ name: 'offShelfAt', problem: '下架時間必須晚於上架時間' });
  }
  await checkEpisodePlace(db, row, edit, problems);
  if (problems.length > 0) throw new AppError('BAD_INPUT', problems);
}

/**
 * An episode's season and number: only episodes have them, and no two episodes of a series share
 * one place (the site's next/previous episode follows this order).
 */
async function checkEpisodePlace(
  db: Kysely<Database>,
  row: TitleRow,
  edit: Partial<TitleFields>,
  problems: { name: string; problem: string }[],
): Promise<void> {
  if (edit.seasonNo === undefined && edit.episodeNo === undefined) return;
  if (row.kind !== 'episode') {
    for (const name of ['seasonNo', 'episodeNo'] as const) {
      if (edit[name] !== undefined) problems.push({ name, problem: '只有單集可以設定季數與集數' });
    }
    return;
  }
  if (!row.series_id) return;
  const seasonNo = edit.seasonNo ?? Number(row.season_no ?? 1);
  const episodeNo = edit.episodeNo ?? Number(row.episode_no);
  const taken = await db
    .selectFrom('title')
    .select(['content_id', 'name'])
    .where('series_id', '=', row.series_id)
    .where('kind', '=', 'episode')
    .where('season_no', '=', seasonNo)
    .where('episode_no', '=', episodeNo)
    .where('content_id', '!=', row.content_id)
    .executeTakeFirst();
  if (taken) {
    problems.push({
      name: 'episodeNo',
      problem: `第 ${seasonNo} 季第 ${episodeNo} 集已經是「${taken.name}」（${taken.content_id}），請改用其他集數`,
    });
  }
}

/**
 * Changes columns of a title on the version seen, in one transaction with its audit entry and
 * its search rows. `check` runs on the row as read inside the transaction.
 */
export async function changeOnVersion(
  store: TitleStore,
  actor: Actor,
  contentId: string,
  version: number,
  now: number,
  /** The columns to set; null: nothing to change (the version stays, nothing is recorded). */
  change: (row: TitleRow, trx: Kysely<Database>) => Promise<Updateable<TitleTable> | null>,
  /** More of the title the audit trail keeps before and after (its people, say). */
  alsoAudited?: (trx: Kysely<Database>) => Promise<Record<string, unknown>>,
): Promise<ConsoleTitle> {
  return store.db.transaction().execute(async (trx) => {
    const row = await findConsoleTitleRow(trx, contentId);
    if (!row) throw notFound('找不到這部影片。');
    const before = consoleTitleOf(row);
    const extraBefore = alsoAudited ? await alsoAudited(trx) : {};
    if (Number(row.version) !== version) throw staleEdit(audited(before), Number(row.version));
    const columns = await change(row, trx);
    if (columns === null) return before;
    const updated = await trx
      .updateTable('title')
      .set((eb) => ({ ...columns, version: eb('version', '+', 1), updated_at: now }))
      .where('content_id', '=', contentId)
      .where('version', '=', version)
      .executeTakeFirst();
    // Another edit committed between the read and this write (PostgreSQL's read committed).
    if (Number(updated.numUpdatedRows) !== 1) throw staleEdit(audited(before), version + 1);
    const after = consoleTitleOf((await findConsoleTitleRow(trx, contentId))!);
    await recordChange(
      trx,
      actor,
      {
        entity: ENTITY,
        entityId: contentId,
        before: { ...audited(before), ...extraBefore },
        after: { ...audited(after), ...(alsoAudited ? await alsoAudited(trx) : {}) },
      },
      now,
    );
    await store.reindex(trx, [contentId]);
    return after;
  });
}

export async function changeTitle(
  store: TitleStore,
  actor: Actor,
  contentId: string,
  edit: TitleEdit,
  now: number,
): Promise<ConsoleTitle> {
  const { version, ...fields } = edit;
  return changeOnVersion(store, actor, contentId, version, now, async (row, trx) => {
    await checkEdit(trx, row, fields);
    return columnsOf(fields);
  });
}

/** Publish ('published') or take back to draft ('draft'); audited like every change. */
export async function setTitleState(
  store: TitleStore,
  actor: Actor,
  contentId: string,
  state: 'draft' | 'published',
  version: number,
  now: number,
): Promise<ConsoleTitle> {
  return changeOnVersion(store, actor, contentId, version, now, async (row) => {
    if (row.state === state) return null;
    const missing = state === 'published' ? missingForPublish(row) : [];
    if (missing.length > 0) throw new AppError('BAD_INPUT', missing, '這部影片還不能發布。');
    return { state };
  });
}

/** A picture of a title replaced (pictures.ts writes the files first). */
export async function setTitlePicture(
  store: TitleStore,
  actor: Actor,
  contentId: string,
  column: 'poster_path' | 'still_path' | 'banner_path',
  path: string,
  version: number,
  now: number,
): Promise<ConsoleTitle> {
  return changeOnVersion(store, actor, contentId, version, now, async () => ({ [column]: path }));
}

/**
 * A finished ingest job's clip attached to a title or episode: as its video (the clip and its
 * length) or as its trailer. Who may then play it stays the play right's rule.
 */
export async function setTitleClip(
  store: TitleStore,
  actor: Actor,
  contentId: string,
  clip: { use: 'main' | 'trailer'; clipId: string; durationSeconds: number },
  version: number,
  now: number,
): Promise<ConsoleTitle> {
  return changeOnVersion(store, actor, contentId, version, now, async () =>
    clip.use === 'main'
      ? { clip_id: clip.clipId, duration_seconds: Math.round(clip.durationSeconds) }
      : { trailer_clip_id: clip.clipId },
  );
}

export interface NewTitle {
  kind: 'movie' | 'series' | 'episode';
  name: string;
  mainCategoryId: string;
  subcategoryId: string;
  year: number;
  seriesId?: string | undefined;
  seasonNo?: number | undefined;
  episodeNo?: number | undefined;
}

/** A new content id: a letter for the kind and random characters (never a guessable sequence). */
function newContentId(kind: NewTitle['kind']): string {
  const prefix = kind === 'movie' ? 'M' : kind === 'series' ? 'S' : 'E';
  return `${prefix}${crypto.randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').toUpperCase()}`;
}

/**
 * Adds a title as a draft, audited: customers see nothing of it until it is published, so its
 * pictures and video may follow. An episode names its series (it takes the series' category).
 */
export async function createTitle(
  store: TitleStore,
  actor: Actor,
  input: NewTitle,
  now: number,
): Promise<ConsoleTitle> {
  return store.db.transaction().execute(async (trx) => {
    const problems: { name: string; problem: string }[] = [];
    if (input.kind === 'episode') {
      const series = input.seriesId
        ? await trx
            .selectFrom('title')
            .select('content_id')
            .where('content_id', '=', input.seriesId)
            .where('kind', '=', 'series')
            .executeTakeFirst()
        : undefined;
      if (!series) problems.push({ name: 'seriesId', problem: '請選擇這一集所屬的影集' });
      if (!input.episodeNo) problems.push({ name: 'episodeNo', problem: '請輸入集數' });
    }
    if (problems.length > 0) throw new AppError('BAD_INPUT', problems);
    const contentId = newContentId(input.kind);
    const draft = {
      content_id: contentId,
      kind: input.kind,
      series_id: input.kind === 'episode' ? input.seriesId! : null,
      season_no: input.kind === 'episode' ? (input.seasonNo ?? 1) : null,
      episode_no: input.kind === 'episode' ? input.episodeNo! : null,
      name: input.name,
      synopsis: '',
      year: input.year,
      country: '',
      main_category_id: input.mainCategoryId,
      subcategory_id: input.subcategoryId,
      sell_type: 'FREE',
      dtr_price: 0,
      grade: '0+',
      is_sexual: 0,
      is_restricted: 0,
      kid_safe: 0,
      poster_path: '',
      still_path: '',
      clip_id: '',
      trailer_clip_id: null,
      duration_seconds: 0,
      on_shelf_at: now,
      off_shelf_at: null,
      state: 'draft',
      updated_at: now,
    };
    await checkEdit(trx, draft as unknown as TitleRow, {
      mainCategoryId: input.mainCategoryId,
      subcategoryId: input.subcategoryId,
    });
    await trx.insertInto('title').values(draft).execute();
    const created = consoleTitleOf((await findConsoleTitleRow(trx, contentId))!);
    await recordChange(
      trx,
      actor,
      { entity: ENTITY, entityId: contentId, before: null, after: audited(created) },
      now,
    );
    return created;
  });
}

/**
 * What a title needs before customers may see it: its pictures, and for a movie or an episode
 * its video. Publishing without them would put a blank card or a title that cannot play on the
 * site.
 */
function missingForPublish(row: TitleRow): { name: string; problem: string }[] {
  const missing: { name: string; problem: string }[] = [];
  if (!row.poster_path) missing.push({ name: 'posterPath', problem: '請先上傳海報' });
  if (!row.still_path) missing.push({ name: 'stillPath', problem: '請先上傳劇照' });
  if (row.kind !== 'series' && !row.clip_id)
    missing.push({ name: 'clipId', problem: '請先掛上影片檔' });
  return missing;
}
