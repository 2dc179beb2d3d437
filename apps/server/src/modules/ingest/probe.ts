import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { AppError } from '../../http/errors.js';

/** What the ladder and the transcode need to know about a source. */
export interface SourceProbe {
  durationSeconds: number;
  width: number;
  height: number;
  fps: number;
  hasAudio: boolean;
  /** Container and codec names as ffprobe gives them (for the job's log). */
  format: string;
  videoCodec: string;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  /** A phone's portrait video is stored landscape with a display matrix saying to turn it. */
  side_data_list?: { rotation?: number }[];
  tags?: { rotate?: string };
}
interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string };
}

/**
 * Containers ffprobe "recognises" that are not films: any text file opens as `tty` (ANSI art),
 * and single pictures open through the image demuxers. Refusing them here gives the uploader a
 * reason instead of a failed job later.
 */
const NOT_FILM_FORMATS = /^(tty|image2|[a-z0-9]+_pipe|gif|apng|webp_pipe)(,|$)/;
const PROBE_TIMEOUT_MS = 30_000;
const OUTPUT_LIMIT = 1 << 20;

/** "30000/1001" → 29.97; 0 for "0/0" or nonsense. */
export function frameRate(text: string | undefined): number {
  const [num, den] = (text ?? '').split('/').map(Number);
  if (!num || !den || !Number.isFinite(num / den)) return 0;
  return num / den;
}

/** Degrees the picture is turned when shown (display matrix, or the older `rotate` tag). */
export function rotationOf(stream: FfprobeStream): number {
  const matrix = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const degrees = matrix ?? Number(stream.tags?.rotate ?? 0);
  return Number.isFinite(degrees) ? ((Math.round(degrees) % 360) + 360) % 360 : 0;
}

/** Runs ffprobe (no shell: the path is one argument) and returns its JSON, or null if it failed. */
function runFfprobe(ffprobe: string, file: string): Promise<FfprobeOutput | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffprobe,
      ['-v', 'error', '-of', 'json', '-show_format', '-show_streams', '-i', file],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= OUTPUT_LIMIT) chunks.push(chunk);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run ${ffprobe}: ${error.message}`, { cause: error }));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0 || size > OUTPUT_LIMIT) return resolve(null);
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as FfprobeOutput);
      } catch {
        resolve(null);
      }
    });
  });
}

/**
 * Looks at an uploaded file before any work is queued for it, and refuses, with a zh-TW reason
 * the uploader can act on, an empty file, a file that is not audio or video, and one with no
 * moving picture (audio only, or a cover picture only). A missing ffprobe is a server fault
 * (thrown as is), not the file's.
 */
export async function probeSource(file: string, ffprobe = 'ffprobe'): Promise<SourceProbe> {
  const stat = await fs.stat(file);
  if (stat.size === 0) throw new AppError('INGEST_EMPTY_FILE');
  const out = await runFfprobe(ffprobe, file);
  const formatName = out?.format?.format_name ?? '';
  const streams = out?.streams ?? [];
  if (!out || streams.length === 0 || NOT_FILM_FORMATS.test(formatName)) {
    throw new AppError('INGEST_NOT_MEDIA');
  }
  const video = streams.find(
    (s) =>
      s.codec_type === 'video' &&
      s.disposition?.attached_pic !== 1 &&
      (s.width ?? 0) > 0 &&
      (s.height ?? 0) > 0,
  );
  if (!video) throw new AppError('INGEST_NO_VIDEO');
  const durationSeconds = Number(out.format?.duration ?? video.duration ?? NaN);
  const fps = frameRate(video.avg_frame_rate) || frameRate(video.r_frame_rate);
  if (!(durationSeconds > 0) || !(fps > 0)) throw new AppError('INGEST_NOT_MEDIA');
  // ffmpeg turns such a picture upright as it decodes, so the ladder is made for the upright
  // size: a portrait phone video stays portrait rather than being squeezed into landscape.
  const quarterTurn = rotationOf(video) % 180 === 90;
  return {
    durationSeconds,
    width: quarterTurn ? video.height! : video.width!,
    height: quarterTurn ? video.width! : video.height!,
    fps,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    format: formatName,
    videoCodec: video.codec_name ?? '',
  };
}
