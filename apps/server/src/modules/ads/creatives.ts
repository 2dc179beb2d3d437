import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  AD_CREATIVE_MAX_SECONDS,
  type AdCreative,
  type AdUploadMetadata,
} from '@site/contract/console';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/errors.js';
import { recordChange, type Actor } from '../audit/trail.js';
import type { AdTranscodeResult } from '../ingest/ad-transcode.js';
import { enqueueTranscode, getJob } from '../ingest/jobs.js';
import type { IngestSettings } from '../ingest/settings.js';
import { mediaUrl } from '../media/urls.js';
import type { CreativeRow } from './queries.js';

/** A creative made in the console: `AC` and 8 random characters (its ingest clip id is `ad-…`). */
const newCreativeId = () =>
  `AC${crypto.randomBytes(6).toString('base64url').replace(/[-_]/g, 'X').slice(0, 8).toUpperCase()}`;

export function creativeOf(row: CreativeRow, error: string | null = null): AdCreative {
  const ready = row.state === 'ready';
  return {
    creativeId: row.creative_id,
    adTitle: row.ad_title,
    advertiser: row.advertiser,
    state: row.state,
    durationSeconds: ready ? row.duration_seconds : 0,
    width: row.width,
    height: row.height,
    mediaUrl: ready ? mediaUrl(row.media_path) : null,
    clickThrough: row.click_through ?? '',
    sourceName: row.source_name,
    jobId: row.job_id,
    error,
    createdAt: row.created_at === null ? null : Number(row.created_at),
    createdBy: row.created_by,
    seeded: row.target_kind !== 'campaign',
  };
}

/**
 * An uploaded file becomes a creative: probed and queued as an ad job (ingest refuses a file
 * that is not video with its zh-TW reason), and the creative stored as 'processing', audited,
 * all in the caller's transaction, so a refusal leaves neither job nor creative behind.
 */
export async function createUploadedCreative(
  trx: Kysely<Database>,
  settings: IngestSettings,
  actor: Actor,
  input: { sourcePath: string; metadata: AdUploadMetadata },
  now: number,
): Promise<{ creativeId: string; jobId: string }> {
  const creativeId = newCreativeId();
  const clipId = `ad-${creativeId}`;
  const job = await enqueueTranscode(trx, settings, {
    sourcePath: input.sourcePath,
    sourceName: input.metadata.filename,
    createdBy: actor.email,
    clipId,
    kind: 'ad',
  });
  if (job.options.probe.durationSeconds > AD_CREATIVE_MAX_SECONDS + 0.5) {
    throw new AppError(
      'BAD_INPUT',
      [{ name: 'file', problem: `廣告素材最長 ${AD_CREATIVE_MAX_SECONDS} 秒。` }],
      `廣告素材最長 ${AD_CREATIVE_MAX_SECONDS} 秒，這支影片太長了。`,
    );
  }
  const { metadata } = input;
  await trx
    .insertInto('ad_creative')
    .values({
      creative_id: creativeId,
      ad_title: metadata.adTitle,
      advertiser: metadata.advertiser,
      // Campaign creatives are served through their campaigns only (the seed's rules skip them).
      slot: 'preroll',
      target_kind: 'campaign',
      target_id: null,
      media_path: `ads/creatives/${clipId}/${clipId}.mp4`,
      media_type: 'video/mp4',
      width: 0,
      height: 0,
      bitrate_kbps: 0,
      duration_seconds: 0,
      click_through: metadata.clickThrough || null,
      label: null,
      cap_per_hour: 0,
      priority: 0,
      active: 1,
      state: 'processing',
      job_id: job.jobId,
      source_name: metadata.filename,
      created_at: Math.floor(now),
      created_by: actor.email,
    })
    .execute();
  await recordChange(
    trx,
    actor,
    {
      entity: 'ad_creative',
      entityId: creativeId,
      before: null,
      after: {
        adTitle: metadata.adTitle,
        advertiser: metadata.advertiser,
        clickThrough: metadata.clickThrough,
        sourceName: metadata.filename,
        jobId: job.jobId,
      },
    },
    now,
  );
  return { creativeId, jobId: job.jobId };
}

/**
 * Brings creatives still 'processing' up to date with their ingest jobs: a done job gives the
 * creative its file, size and duration (from the transcoded MP4: the VAST <Duration>), a failed
 * or cancelled one marks it failed. Called whenever the console reads or uses creatives; the ad
 * server serves only 'ready' ones, and a campaign takes only ready ones, so nothing waits on it.
 */
export async function settleCreatives(db: Kysely<Database>): Promise<Map<string, string>> {
  const errors = new Map<string, string>();
  const pending = await db
    .selectFrom('ad_creative')
    .select(['creative_id', 'job_id', 'state'])
    .where('state', '!=', 'ready')
    .where('job_id', 'is not', null)
    .execute();
  for (const row of pending) {
    const job = await getJob(db, row.job_id!);
    if (!job) continue;
    if (job.state === 'done' && row.state === 'processing') {
      const ad = job.result as unknown as AdTranscodeResult;
      await db
        .updateTable('ad_creative')
        .set({
          state: 'ready',
          media_path: ad.mediaPath,
          media_type: ad.mediaType,
          width: ad.width,
          height: ad.height,
          bitrate_kbps: ad.bitrateKbps,
          duration_seconds: Math.max(1, Math.round(ad.durationSeconds)),
        })
        .where('creative_id', '=', row.creative_id)
        .where('state', '=', 'processing')
        .execute();
    } else if (job.state === 'failed' || job.state === 'cancelled') {
      errors.set(row.creative_id, job.error ?? (job.state === 'cancelled' ? '轉檔已取消。' : ''));
      if (row.state === 'processing') {
        await db
          .updateTable('ad_creative')
          .set({ state: 'failed' })
          .where('creative_id', '=', row.creative_id)
          .where('state', '=', 'processing')
          .execute();
      }
    }
  }
  return errors;
}

export async function listCreatives(db: Kysely<Database>): Promise<AdCreative[]> {
  const errors = await settleCreatives(db);
  const rows = await db
    .selectFrom('ad_creative')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('creative_id')
    .execute();
  return rows.map((r) => creativeOf(r, errors.get(r.creative_id) ?? null));
}

export async function findCreative(
  db: Kysely<Database>,
  creativeId: string,
): Promise<AdCreative | undefined> {
  const errors = await settleCreatives(db);
  const row = await db
    .selectFrom('ad_creative')
    .selectAll()
    .where('creative_id', '=', creativeId)
    .executeTakeFirst();
  return row && creativeOf(row, errors.get(creativeId) ?? null);
}

/** Name, advertiser and click-through of a console creative, audited. */
export async function updateCreative(
  db: Kysely<Database>,
  actor: Actor,
  creativeId: string,
  input: { adTitle: string; advertiser: string; clickThrough: string },
  now: number,
): Promise<AdCreative> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('ad_creative')
      .selectAll()
      .where('creative_id', '=', creativeId)
      .executeTakeFirst();
    if (!row) throw notFound('找不到這支廣告素材。');
    if (row.target_kind !== 'campaign') {
      throw new AppError('CONFLICT', undefined, '示範用的預設素材不能在後台修改。');
    }
    await trx
      .updateTable('ad_creative')
      .set({
        ad_title: input.adTitle,
        advertiser: input.advertiser,
        click_through: input.clickThrough || null,
      })
      .where('creative_id', '=', creativeId)
      .execute();
    await recordChange(
      trx,
      actor,
      {
        entity: 'ad_creative',
        entityId: creativeId,
        before: {
          adTitle: row.ad_title,
          advertiser: row.advertiser,
          clickThrough: row.click_through ?? '',
        },
        after: { ...input },
      },
      now,
    );
    return creativeOf({
      ...row,
      ad_title: input.adTitle,
      advertiser: input.advertiser,
      click_through: input.clickThrough || null,
    });
  });
}
