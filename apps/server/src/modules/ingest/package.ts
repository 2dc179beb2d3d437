import fs from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_KEY_URI, encryptSegment, segmentIv } from '../media/content-keys.js';
import type { Rung } from './ladder.js';
import { srtToVtt } from './subtitles.js';

/**
 * Turns ffmpeg's per-rung playlists into a clip in the site's layout (fixtures/media/clips/*):
 * optional AES-128 of every media segment (as the demo's encrypted clip, ADR 0023), subtitle
 * playlists, and a master playlist written here rather than by ffmpeg, so CODECS, RESOLUTION,
 * BANDWIDTH and FRAME-RATE are exact (notes/MEDIA.md).
 */

export interface SubtitleInput {
  /** A server-made path to the uploaded .srt. */
  file: string;
  /** BCP 47, e.g. zh-Hant, en. */
  language: string;
  /** Shown in the player's menu, e.g. 中文. */
  name: string;
}

export interface RenditionMade {
  name: string;
  playlist: string;
  width: number;
  height: number;
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
}

/** `avc1.PPCCLL` from the avcC box of an init segment (profile, constraints, level). */
export function avcCodec(init: Buffer): string {
  const at = init.indexOf('avcC');
  if (at < 0 || at + 8 > init.length) throw new Error('no avcC box in the init segment');
  return `avc1.${init.subarray(at + 5, at + 8).toString('hex')}`;
}

interface Segment {
  duration: number;
  bytes: number;
}

function bitRates(segments: Segment[]): { peak: number; average: number } {
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  for (const s of segments) {
    peak = Math.max(peak, (s.bytes * 8) / s.duration);
    bytes += s.bytes;
    seconds += s.duration;
  }
  return { peak: Math.ceil(peak), average: Math.ceil((bytes * 8) / seconds) };
}

/** Reads (and with a key, encrypts in place) one variant's segments; returns their sizes. */
async function finishVariant(
  clipDir: string,
  playlist: string,
  key: Buffer | null,
): Promise<{ peak: number; average: number; init: string }> {
  const file = path.join(clipDir, playlist);
  const dir = path.dirname(file);
  const lines = (await fs.readFile(file, 'utf8')).split('\n');
  const out: string[] = [];
  const segments: Segment[] = [];
  let sequence = 0;
  let extinf: string | undefined;
  // ffmpeg names the init segment init.mp4 for one rendition, init_{n}.mp4 for several.
  let init: string | undefined;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) sequence = Number(line.split(':')[1]);
    if (line.startsWith('#EXT-X-MAP:')) init = /URI="([^"/]+)"/.exec(line)?.[1];
    if (line.startsWith('#EXTINF:')) {
      extinf = line;
      continue;
    }
    if (line === '' || line.startsWith('#')) {
      out.push(line);
      continue;
    }
    if (!extinf || !/^seg_\d{3,}\.m4s$/.test(line))
      throw new Error(`${playlist}: odd line ${line}`);
    const duration = Number(extinf.slice('#EXTINF:'.length).split(',')[0]);
    let bytes = (await fs.stat(path.join(dir, line))).size;
    if (key) {
      // The init segment (EXT-X-MAP, before the first key) stays clear: it holds no samples.
      const iv = segmentIv(key, playlist, sequence);
      const cipher = encryptSegment(key, iv, await fs.readFile(path.join(dir, line)));
      await fs.writeFile(path.join(dir, line), cipher);
      bytes = cipher.length;
      out.push(`#EXT-X-KEY:METHOD=AES-128,URI="${CONTENT_KEY_URI}",IV=0x${iv.toString('hex')}`);
    }
    out.push(extinf, line);
    segments.push({ duration, bytes });
    sequence += 1;
    extinf = undefined;
  }
  if (segments.length === 0 || !init) throw new Error(`${playlist} has no segments or init`);
  if (key) await fs.writeFile(file, out.join('\n'));
  return { ...bitRates(segments), init: path.posix.join(path.posix.dirname(playlist), init) };
}

/** Subtitle folder names: the language's first subtag (zh, en), made unique. */
function subtitleDirs(subtitles: SubtitleInput[]): string[] {
  const used = new Set<string>();
  return subtitles.map((s, i) => {
    let dir = /^[a-z]{2,3}/.exec(s.language.toLowerCase())?.[0] ?? `s${i}`;
    if (used.has(dir)) dir = `${dir}${i}`;
    used.add(dir);
    return dir;
  });
}

/** A quoted-string attribute value: no quotes or line breaks (RFC 8216 §4.2). */
const attribute = (text: string) => text.replace(/["\r\n]/g, '').slice(0, 60);

export async function packageClip(input: {
  clipDir: string;
  ladder: Rung[];
  fps: number;
  hasAudio: boolean;
  durationSeconds: number;
  key: Buffer | null;
  subtitles: SubtitleInput[];
}): Promise<{ renditions: RenditionMade[]; subtitles: string[] }> {
  const { clipDir, ladder, key } = input;
  const renditions: RenditionMade[] = [];
  for (const [i, rung] of ladder.entries()) {
    const playlist = `v${i}/index.m3u8`;
    const rates = await finishVariant(clipDir, playlist, key);
    const init = await fs.readFile(path.join(clipDir, rates.init));
    const codecs = [avcCodec(init), ...(input.hasAudio ? ['mp4a.40.2'] : [])].join(',');
    renditions.push({
      name: rung.name,
      playlist,
      width: rung.width,
      height: rung.height,
      bandwidth: rates.peak,
      averageBandwidth: rates.average,
      codecs,
    });
  }

  const dirs = subtitleDirs(input.subtitles);
  const media: string[] = [];
  for (const [i, sub] of input.subtitles.entries()) {
    const dir = path.join(clipDir, 'subs', dirs[i]!);
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(
      path.join(dir, 'subtitles.vtt'),
      srtToVtt(await fs.readFile(sub.file, 'utf8')),
    );
    const seconds = input.durationSeconds.toFixed(6);
    await fs.writeFile(
      path.join(dir, 'index.m3u8'),
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        `#EXT-X-TARGETDURATION:${Math.ceil(input.durationSeconds)}`,
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        `#EXTINF:${seconds},`,
        'subtitles.vtt',
        '#EXT-X-ENDLIST',
        '',
      ].join('\n'),
    );
    media.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${attribute(sub.name)}",` +
        `LANGUAGE="${attribute(sub.language)}",DEFAULT=${i === 0 ? 'YES' : 'NO'},AUTOSELECT=YES,` +
        `URI="subs/${dirs[i]}/index.m3u8"`,
    );
  }

  const subs = media.length > 0 ? ',SUBTITLES="subs"' : '';
  const master = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS', ''];
  if (media.length > 0) master.push(...media, '');
  for (const r of renditions) {
    master.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},AVERAGE-BANDWIDTH=${r.averageBandwidth},` +
        `RESOLUTION=${r.width}x${r.height},FRAME-RATE=${input.fps.toFixed(3)},` +
        `CODECS="${r.codecs}"${subs}`,
      r.playlist,
    );
  }
  await fs.writeFile(path.join(clipDir, 'master.m3u8'), `${master.join('\n')}\n`);
  return { renditions, subtitles: dirs.map((d) => `subs/${d}/index.m3u8`) };
}
