import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { KEY_BYTES, writeContentKey } from '../media/content-keys.js';
import { STREAM_ID } from '../media/stream-urls.js';
import { ladderArgs, outputFps, THUMBNAIL_EVERY_SECONDS } from './ffmpeg-args.js';
import { ladderFor } from './ladder.js';
import { packageClip, type RenditionMade, type SubtitleInput } from './package.js';
import type { SourceProbe } from './probe.js';
import { runFfmpeg } from './run-ffmpeg.js';

/** What a transcode job is asked to make (the job row's options JSON). */
export interface TranscodeOptions {
  /** The clip's id under clips/ and in stream URLs (STREAM_ID); server-made. */
  clipId: string;
  /** AES-128 with a new content key (paid titles, ADR 0023). */
  encrypt: boolean;
  subtitles: SubtitleInput[];
  probe: SourceProbe;
}

/** What was made (the job row's result JSON). Paths are relative to MEDIA_DIR. */
export interface TranscodeResult {
  clipId: string;
  master: string;
  durationSeconds: number;
  renditions: RenditionMade[];
  subtitles: string[];
  encrypted: boolean;
  poster: string;
  thumbnails: string[];
  thumbnailEverySeconds: number;
}

export interface TranscodeEnv {
  ffmpeg: string;
  preset: string;
  mediaDir: string;
  keysDir: string;
}

/**
 * Work happens in `{MEDIA_DIR}/.ingest-work/{jobId}`: on the media root's file system, so moving
 * the finished clip into clips/ is a rename, and under neither public root (/media serves
 * images/ and ads/, /stream clips/), so nothing half-made is ever reachable.
 */
export const workRoot = (mediaDir: string) => path.join(mediaDir, '.ingest-work');
export const clipPath = (mediaDir: string, clipId: string) => path.join(mediaDir, 'clips', clipId);
/** Posters and thumbnails are pictures: the public images root, one folder per clip. */
export const imagesPath = (mediaDir: string, clipId: string) =>
  path.join(mediaDir, 'images', 'ingest', clipId);

export interface Made {
  workDir: string;
  key: Buffer | null;
  result: TranscodeResult;
}

/**
 * Makes the whole clip in the work folder: one ffmpeg run for the ladder, poster and thumbnails
 * (the source is decoded once), then playlists, encryption and subtitles. Nothing outside the
 * work folder changes; `publish` moves it into place.
 */
export async function transcode(
  /** The attempt's work folder name, `{jobId}.{attempt}`: a worker that lost its lease and the
   * one that took the job over never write into one folder. */
  workName: string,
  source: string,
  options: TranscodeOptions,
  env: TranscodeEnv,
  run: { signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<Made> {
  if (!STREAM_ID.test(options.clipId)) throw new Error(`bad clip id ${options.clipId}`);
  const { probe } = options;
  const workDir = path.join(workRoot(env.mediaDir), workName);
  await fs.rm(workDir, { recursive: true, force: true });
  const clipDir = path.join(workDir, 'clip');
  const imagesDir = path.join(workDir, 'images');
  await fs.mkdir(path.join(imagesDir, 'thumbs'), { recursive: true });
  await fs.mkdir(clipDir, { recursive: true });
  const ladder = ladderFor(probe);
  const args = ladderArgs({
    source,
    clipDir,
    imagesDir,
    ladder,
    fps: probe.fps,
    durationSeconds: probe.durationSeconds,
    hasAudio: probe.hasAudio,
    preset: env.preset,
  });
  await runFfmpeg(env.ffmpeg, args, {
    durationSeconds: probe.durationSeconds,
    ...(run.onProgress ? { onProgress: run.onProgress } : {}),
    ...(run.signal ? { signal: run.signal } : {}),
  });
  const key = options.encrypt ? crypto.randomBytes(KEY_BYTES) : null;
  const packaged = await packageClip({
    clipDir,
    ladder,
    fps: outputFps(probe.fps),
    hasAudio: probe.hasAudio,
    durationSeconds: probe.durationSeconds,
    key,
    subtitles: options.subtitles,
  });
  const images = `images/ingest/${options.clipId}`;
  const thumbs = (await fs.readdir(path.join(imagesDir, 'thumbs'))).sort();
  return {
    workDir,
    key,
    result: {
      clipId: options.clipId,
      master: `clips/${options.clipId}/master.m3u8`,
      durationSeconds: probe.durationSeconds,
      renditions: packaged.renditions,
      subtitles: packaged.subtitles,
      encrypted: key !== null,
      poster: `${images}/poster.jpg`,
      thumbnails: thumbs.map((t) => `${images}/thumbs/${t}`),
      thumbnailEverySeconds: THUMBNAIL_EVERY_SECONDS,
    },
  };
}

/**
 * Moves a finished clip into place: pictures, then the key, then the clip folder last, so a clip
 * folder that exists is whole (and, when encrypted, has its key). A clip id belongs to one job,
 * so an existing folder is this job's own earlier, interrupted publish and is replaced.
 */
export async function publish(made: Made, env: TranscodeEnv): Promise<void> {
  const { clipId } = made.result;
  const images = imagesPath(env.mediaDir, clipId);
  await fs.mkdir(path.dirname(images), { recursive: true });
  await fs.rm(images, { recursive: true, force: true });
  await fs.rename(path.join(made.workDir, 'images'), images);
  if (made.key) writeContentKey(env.keysDir, clipId, made.key);
  const clip = clipPath(env.mediaDir, clipId);
  await fs.mkdir(path.dirname(clip), { recursive: true });
  await fs.rm(clip, { recursive: true, force: true });
  await fs.rename(path.join(made.workDir, 'clip'), clip);
  await fs.rm(made.workDir, { recursive: true, force: true });
}

/**
 * Removes a job's work folders (every attempt's: `{jobId}.{attempt}`), and with `published` the
 * clip, pictures and key it put in place (cancel after publish). Used on failure and cancel, so
 * nothing half-made stays behind.
 */
export async function removeOutput(
  jobId: string,
  clipId: string,
  env: TranscodeEnv,
  options: { published: boolean; workName?: string },
): Promise<void> {
  const root = workRoot(env.mediaDir);
  const names = options.workName
    ? [options.workName]
    : (await fs.readdir(root).catch(() => [] as string[])).filter((n) => n.startsWith(`${jobId}.`));
  for (const name of names) await fs.rm(path.join(root, name), { recursive: true, force: true });
  if (!options.published) return;
  await fs.rm(clipPath(env.mediaDir, clipId), { recursive: true, force: true });
  // An ad creative's MP4 (ad-transcode.ts); nothing there for a clip's job.
  await fs.rm(path.join(env.mediaDir, 'ads', 'creatives', clipId), {
    recursive: true,
    force: true,
  });
  await fs.rm(imagesPath(env.mediaDir, clipId), { recursive: true, force: true });
  await fs.rm(path.join(env.keysDir, `${clipId}.key`), { force: true });
}
