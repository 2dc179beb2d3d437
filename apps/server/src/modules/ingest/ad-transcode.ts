import fs from 'node:fs/promises';
import path from 'node:path';
import { STREAM_ID } from '../media/stream-urls.js';
import { probeSource } from './probe.js';
import { runFfmpeg } from './run-ffmpeg.js';
import type { TranscodeEnv, TranscodeOptions } from './transcode.js';
import { workRoot } from './transcode.js';

/** The job kind of an ad creative (docs/adr/0050): one progressive MP4, not an HLS ladder. */
export const AD_JOB_KIND = 'ad';
/** An ad creative is no taller than this: it plays in the same player as the programme. */
const AD_MAX_HEIGHT = 720;

/** Where a creative's MP4 is published: the media folder's public ads/ root. */
export const adMediaPath = (clipId: string) => `ads/creatives/${clipId}/${clipId}.mp4`;

/** What an ad job made (its result JSON): what the VAST <MediaFile> and <Duration> say. */
export interface AdTranscodeResult {
  clipId: string;
  mediaPath: string;
  mediaType: 'video/mp4';
  width: number;
  height: number;
  bitrateKbps: number;
  /** Of the transcoded file, as ffprobe reads it (the VAST duration is taken from this). */
  durationSeconds: number;
}

/**
 * ffmpeg's arguments for a creative: H.264 main + AAC in an MP4 with its index at the front
 * (`+faststart`, so a player starts before the whole file has come), never upscaled, 720 high at
 * most. VAST players fetch a MediaFile with progressive delivery, which is why ads are not HLS.
 */
export function adArgs(source: string, out: string, preset: string, hasAudio: boolean): string[] {
  return [
    ...['-v', 'error', '-nostdin', '-y', '-i', source],
    ...['-map', '0:v:0', ...(hasAudio ? ['-map', '0:a:0'] : [])],
    ...['-vf', `scale=-2:'min(${AD_MAX_HEIGHT},ih)',setsar=1`],
    ...['-c:v', 'libx264', '-preset', preset, '-profile:v', 'main', '-pix_fmt', 'yuv420p'],
    ...['-b:v', '1500k', '-maxrate', '2000k', '-bufsize', '3000k'],
    ...(hasAudio ? ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'] : []),
    ...['-movflags', '+faststart', '-progress', 'pipe:1', out],
  ];
}

export interface AdMade {
  workDir: string;
  ad: AdTranscodeResult;
}

/** Makes the creative's MP4 in the attempt's work folder; `publishAd` moves it into place. */
export async function transcodeAd(
  workName: string,
  source: string,
  options: TranscodeOptions,
  env: TranscodeEnv & { ffprobe: string },
  run: { signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<AdMade> {
  if (!STREAM_ID.test(options.clipId)) throw new Error(`bad clip id ${options.clipId}`);
  const workDir = path.join(workRoot(env.mediaDir), workName);
  await fs.rm(workDir, { recursive: true, force: true });
  await fs.mkdir(workDir, { recursive: true });
  const out = path.join(workDir, `${options.clipId}.mp4`);
  await runFfmpeg(env.ffmpeg, adArgs(source, out, env.preset, options.probe.hasAudio), {
    durationSeconds: options.probe.durationSeconds,
    ...(run.onProgress ? { onProgress: run.onProgress } : {}),
    ...(run.signal ? { signal: run.signal } : {}),
  });
  const made = await probeSource(out, env.ffprobe);
  const { size } = await fs.stat(out);
  const ad: AdTranscodeResult = {
    clipId: options.clipId,
    mediaPath: adMediaPath(options.clipId),
    mediaType: 'video/mp4',
    width: made.width,
    height: made.height,
    bitrateKbps: Math.max(1, Math.round((size * 8) / made.durationSeconds / 1000)),
    durationSeconds: made.durationSeconds,
  };
  return { workDir, ad };
}

/** Moves the creative's MP4 to ads/creatives/{clipId}/ (a rename on the same file system). */
export async function publishAd({ workDir, ad }: AdMade, mediaDir: string) {
  const target = path.join(mediaDir, ad.mediaPath);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.rename(path.join(workDir, `${ad.clipId}.mp4`), target);
  await fs.rm(workDir, { recursive: true, force: true });
}
