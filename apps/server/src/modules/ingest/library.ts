import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { outputFps } from './ffmpeg-args.js';
import type { TranscodeOptions, TranscodeResult } from './transcode.js';

/** A clear clip the ingest queue has finished: its renditions as the media folder holds them. */
export interface LibraryClip {
  clipId: string;
  renditions: {
    width: number;
    height: number;
    bandwidth: number;
    averageBandwidth: number;
    frameRate: number;
    codecs: string;
    /** From the media folder, e.g. `clips/up-…/v0/index.m3u8`. */
    playlist: string;
  }[];
}

/**
 * The finished, clear clip of the media library with this id, or undefined (not made by the
 * queue, not done, encrypted, or an ad creative). A console upload's clip is `up-{jobId}`
 * (jobs.ts), so it is found by its job's key.
 */
export async function libraryClip(
  db: Kysely<Database>,
  clipId: string,
): Promise<LibraryClip | undefined> {
  if (!clipId.startsWith('up-')) return undefined;
  const row = await db
    .selectFrom('ingest_job')
    .select(['options', 'result'])
    .where('job_id', '=', clipId.slice('up-'.length))
    .where('state', '=', 'done')
    .executeTakeFirst();
  if (!row?.result) return undefined;
  const options = JSON.parse(row.options) as Partial<TranscodeOptions>;
  const result = JSON.parse(row.result) as Partial<TranscodeResult>;
  if (result.clipId !== clipId || result.encrypted !== false || !result.renditions)
    return undefined;
  const fps = outputFps(Number(options.probe?.fps) || 30);
  return {
    clipId,
    renditions: result.renditions.map((r) => ({
      width: r.width,
      height: r.height,
      bandwidth: r.bandwidth,
      averageBandwidth: r.averageBandwidth,
      frameRate: fps,
      codecs: r.codecs,
      playlist: `clips/${clipId}/${r.playlist}`,
    })),
  };
}
