import fs from 'node:fs';
import path from 'node:path';
import { LIVE_SEGMENT_SECONDS } from '@site/contract';

/** One rendition of a clip as the live origin plays it out. */
export interface Rendition {
  bandwidth: number;
  averageBandwidth: number;
  width: number;
  height: number;
  frameRate: number;
  codecs: string;
  /** Its folder inside the clip, e.g. 'v0'. */
  dir: string;
  /** The init segment's file name inside `dir` (EXT-X-MAP). */
  init: string;
  /** Segment file names inside `dir`, each LIVE_SEGMENT_SECONDS long. */
  segments: string[];
}

/** A clip the origin can play: every rendition has the same number of 2 s segments. */
export interface Asset {
  clipId: string;
  renditions: Rendition[];
  segmentCount: number;
}

/** A rendition as a manifest or an ingest job describes it; `playlist` from the media folder. */
export interface ClipRendition {
  width: number;
  height: number;
  bandwidth: number;
  averageBandwidth: number;
  frameRate: number;
  codecs: string;
  playlist: string;
}

interface ManifestClip {
  id: string;
  renditions: ClipRendition[];
}

/** The init file and segments of a VOD media playlist; throws when a segment is not 2 s. */
function readRendition(file: string): { init: string; segments: string[] } {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  let init = '';
  const segments: string[] = [];
  let duration: number | null = null;
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-MAP:')) init = /URI="([^"]+)"/.exec(line)?.[1] ?? '';
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith('#EXT-X-KEY:') && !line.includes('METHOD=NONE'))
      throw new Error(`${file} is encrypted`);
    else if (line !== '' && !line.startsWith('#')) {
      if (duration === null || Math.abs(duration - LIVE_SEGMENT_SECONDS) > 0.001)
        throw new Error(`${file}: ${line} is ${duration} s, not ${LIVE_SEGMENT_SECONDS} s`);
      if (!/^[A-Za-z0-9_.-]+$/.test(line)) throw new Error(`${file}: segment URI ${line}`);
      segments.push(line);
      duration = null;
    }
  }
  if (!/^[A-Za-z0-9_.-]+$/.test(init)) throw new Error(`${file}: no plain EXT-X-MAP`);
  if (segments.length === 0) throw new Error(`${file}: no segments`);
  return { init, segments };
}

/**
 * The clear demo clips of fixtures/media/manifest.json (encrypted clips and ads are not played
 * out live), read once at start. A clip that does not fit the origin (segments other than 2 s,
 * renditions of different lengths) is left out and named in `problems`.
 */
export function loadAssets(mediaDir: string): { assets: Map<string, Asset>; problems: string[] } {
  const assets = new Map<string, Asset>();
  const problems: string[] = [];
  let clips: ManifestClip[];
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(mediaDir, 'manifest.json'), 'utf8')) as {
      clips?: ManifestClip[];
    };
    clips = manifest.clips ?? [];
  } catch (error) {
    return { assets, problems: [`manifest.json: ${(error as Error).message}`] };
  }
  for (const clip of clips) {
    try {
      assets.set(clip.id, clipAsset(mediaDir, clip.id, clip.renditions));
    } catch (error) {
      problems.push(`${clip.id}: ${(error as Error).message}`);
    }
  }
  return { assets, problems };
}

/**
 * A clip as the origin plays it out, from its renditions' VOD playlists under `mediaDir`;
 * throws when it does not fit (segments other than 2 s, renditions of different lengths,
 * encrypted, a playlist outside the clip's folder).
 */
export function clipAsset(
  mediaDir: string,
  clipId: string,
  clipRenditions: readonly ClipRendition[],
): Asset {
  const clipDir = `clips/${clipId}/`;
  const renditions = clipRenditions.map((r): Rendition => {
    if (!r.playlist.startsWith(clipDir)) throw new Error(`${r.playlist} is outside ${clipDir}`);
    const { init, segments } = readRendition(path.join(mediaDir, r.playlist));
    return {
      bandwidth: r.bandwidth,
      averageBandwidth: r.averageBandwidth,
      width: r.width,
      height: r.height,
      frameRate: r.frameRate,
      codecs: r.codecs,
      dir: path.posix.dirname(r.playlist.slice(clipDir.length)),
      init,
      segments,
    };
  });
  const counts = new Set(renditions.map((r) => r.segments.length));
  if (renditions.length === 0 || counts.size !== 1) throw new Error('renditions differ in length');
  return { clipId, renditions, segmentCount: [...counts][0]! };
}
