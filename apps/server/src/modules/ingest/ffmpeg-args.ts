import type { Rung } from './ladder.js';

/** Segment length and keyframe interval of every clip the site plays (ADR 0004, 0033). */
export const SEGMENT_SECONDS = 2;
/** One scrubbing thumbnail every this many seconds. */
export const THUMBNAIL_EVERY_SECONDS = 10;
/** Frame rates above this are halved (a 120 fps source gains nothing on the site's ladder). */
const MAX_FPS = 60;

export interface LadderArgsInput {
  source: string;
  /** Where `v{n}/index.m3u8`, `v{n}/init_{n}.mp4`, `v{n}/seg_NNN.m4s` go. */
  clipDir: string;
  /** Where `poster.jpg` and `thumbs/thumb_NNN.jpg` go; null for none (the benchmark's bare run). */
  imagesDir: string | null;
  ladder: Rung[];
  fps: number;
  durationSeconds: number;
  hasAudio: boolean;
  preset: string;
}

/** The output frame rate: the source's, halved while above 60. */
export function outputFps(fps: number): number {
  let out = fps;
  while (out > MAX_FPS) out /= 2;
  return out;
}

/**
 * ffmpeg's arguments for the whole job in one run: the source decoded once, split into every
 * rung (and the poster and thumbnail branches), each rung H.264 + AAC in fMP4 HLS with 2 s
 * segments. Every value is a number, a fixed word or a server-made path, and the arguments go to
 * spawn as an array (no shell), so nothing a user typed reaches ffmpeg.
 *
 * Keyframes every 2 s exactly: `-force_key_frames` on time (right for 29.97 fps too), `-g` and
 * `-keyint_min` the same length in frames, no scene-cut keyframes, so every segment starts with
 * one and the renditions' segments line up (a player switches between them at any boundary).
 */
export function ladderArgs(input: LadderArgsInput): string[] {
  const { ladder, clipDir, imagesDir } = input;
  const fps = outputFps(input.fps);
  const gop = String(Math.max(1, Math.round(fps * SEGMENT_SECONDS)));
  const branches = ladder.length + (imagesDir ? 2 : 0);
  const head = fps === input.fps ? '[0:v]' : `[0:v]fps=${fps.toFixed(3)},`;
  const graph = [
    `${head}split=${branches}${Array.from({ length: branches }, (_, i) => `[s${i}]`).join('')}`,
  ];
  ladder.forEach((r, i) => graph.push(`[s${i}]scale=${r.width}:${r.height},setsar=1[v${i}]`));
  if (imagesDir) {
    const t = ladder.length;
    // The poster: a frame a tenth of the way in (past a black opening), 720 high at most.
    // One frame (start_frame to end_frame): trim then ends its branch, so the frames after it
    // are not scaled for nothing while the ladder goes on.
    const posterFrame = Math.floor(Math.min(input.durationSeconds * 0.1, 30) * fps);
    // The first frame, then one every THUMBNAIL_EVERY_SECONDS (the fps filter gives none for a
    // source shorter than its period).
    graph.push(
      `[s${t}]select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,${THUMBNAIL_EVERY_SECONDS})',` +
        `scale=320:-2,setsar=1[thumbs]`,
    );
    graph.push(
      `[s${t + 1}]trim=start_frame=${posterFrame}:end_frame=${posterFrame + 1},setpts=PTS-STARTPTS,scale=-2:'min(720,ih)',setsar=1[poster]`,
    );
  }
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    '-y',
    '-i',
    input.source,
    '-filter_complex',
    graph.join(';'),
  ];
  ladder.forEach((_, i) => args.push('-map', `[v${i}]`));
  if (input.hasAudio) ladder.forEach(() => args.push('-map', '0:a:0'));
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    input.preset,
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
  );
  ladder.forEach((r, i) =>
    args.push(
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.1)}k`,
      `-bufsize:v:${i}`,
      `${r.videoKbps * 2}k`,
    ),
  );
  if (input.hasAudio) {
    args.push('-c:a', 'aac', '-b:a', `${ladder[0]!.audioKbps}k`, '-ac', '2', '-ar', '48000');
  }
  const streamMap = ladder.map((_, i) => (input.hasAudio ? `v:${i},a:${i}` : `v:${i}`)).join(' ');
  args.push(
    '-map_metadata',
    '-1',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    `${clipDir}/v%v/seg_%03d.m4s`,
    '-var_stream_map',
    streamMap,
    `${clipDir}/v%v/index.m3u8`,
  );
  if (imagesDir) {
    args.push(
      '-map',
      '[thumbs]',
      '-fps_mode:v',
      'vfr',
      '-q:v',
      '5',
      '-f',
      'image2',
      `${imagesDir}/thumbs/thumb_%03d.jpg`,
    );
    args.push('-map', '[poster]', '-frames:v', '1', '-q:v', '3', '-f', 'image2', '-update', '1');
    args.push(`${imagesDir}/poster.jpg`);
  }
  return args;
}
