// Checks the demo media made by scripts/make-demo-media (fixtures/media/). Reads files only:
// no ffmpeg is needed at test time.
import { describe, it, expect } from 'vitest';
import { createDecipheriv } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../../src/config.js';
import { PUBLIC_MEDIA_FOLDERS } from '../../src/modules/media/routes.js';
import { IMAGE_SIZES } from '../../src/modules/media/urls.js';
import { demoTitles } from '../../src/demo/catalogue.js';
import { demoChannels } from '../../src/demo/live.js';

const mediaRoot = new URL('fixtures/media/', pathToFileURL(`${repoRoot}/`));
const BUDGET_BYTES = 25 * 1000 * 1000;
const SEGMENT_SECONDS = 2;

interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  playlist: string;
  codecs?: string;
  averageBandwidth?: number;
}
interface SubtitleTrack {
  language: string;
  name: string;
  playlist: string;
}
interface Clip {
  id: string;
  durationSeconds: number;
  master: string;
  renditions: Rendition[];
  subtitles: SubtitleTrack[];
}
interface Ad {
  id: string;
  durationSeconds: number;
  master: string;
  mp4: string;
  width: number;
  height: number;
  bitrateKbps: number;
}
interface EncryptedClip extends Clip {
  source: string;
  method: string;
  keyUri: string;
  key: string;
}
interface Manifest {
  clips: Clip[];
  ads: Ad[];
  images: { posters: string[]; stills: string[]; channels: string[]; ogDefault: string };
  encryptedClips: EncryptedClip[];
}

const media = (rel: string): URL => {
  if (rel.startsWith('/') || rel.split('/').includes('..')) {
    throw new Error(`manifest path must stay inside fixtures/media: ${rel}`);
  }
  return new URL(rel, mediaRoot);
};

function loadManifest(): Manifest {
  const url = media('manifest.json');
  if (!existsSync(url)) {
    throw new Error('fixtures/media/manifest.json is missing: run scripts/make-demo-media');
  }
  return JSON.parse(readFileSync(url, 'utf8')) as Manifest;
}
const manifest = loadManifest();

// ---- playlist parsing ---------------------------------------------------------------------------

type Attrs = Record<string, string>;

function parseAttrs(list: string): Attrs {
  const attrs: Attrs = {};
  for (const m of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    const key = m[1] as string;
    expect(attrs, `duplicate attribute ${key}`).not.toHaveProperty(key);
    attrs[key] = m[2] as string;
  }
  return attrs;
}
const unquote = (v: string | undefined): string | undefined =>
  v !== undefined && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : undefined;

interface Master {
  lines: string[];
  media: Attrs[];
  variants: { attrs: Attrs; uri: string }[];
}
function parseMaster(url: URL): Master {
  const lines = readFileSync(url, 'utf8')
    .split('\n')
    .map((l) => l.trimEnd());
  const master: Master = { lines, media: [], variants: [] };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.startsWith('#EXT-X-MEDIA:'))
      master.media.push(parseAttrs(line.slice('#EXT-X-MEDIA:'.length)));
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const uri = lines[i + 1] ?? '';
      expect(uri, `URI line after ${line}`).toMatch(/^[^#\s]\S*$/);
      master.variants.push({ attrs: parseAttrs(line.slice('#EXT-X-STREAM-INF:'.length)), uri });
    }
  }
  return master;
}

interface MediaPlaylist {
  url: URL;
  lines: string[];
  targetDuration: number;
  map?: URL;
  segments: { duration: number; url: URL }[];
}
function parseMediaPlaylist(url: URL): MediaPlaylist {
  const lines = readFileSync(url, 'utf8')
    .split('\n')
    .map((l) => l.trimEnd());
  expect(lines[0]).toBe('#EXTM3U');
  const pl: MediaPlaylist = { url, lines, targetDuration: NaN, segments: [] };
  let pending: number | undefined;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-TARGETDURATION:')) pl.targetDuration = Number(line.split(':')[1]);
    else if (line.startsWith('#EXT-X-MAP:')) {
      const uri = unquote(parseAttrs(line.slice('#EXT-X-MAP:'.length)).URI);
      expect(uri, 'EXT-X-MAP URI').toBeDefined();
      pl.map = new URL(uri as string, url);
    } else if (line.startsWith('#EXTINF:')) {
      expect(pending, 'two #EXTINF without a segment URI').toBeUndefined();
      pending = Number(line.slice('#EXTINF:'.length).split(',')[0]);
      expect(pending).toBeGreaterThan(0);
    } else if (line !== '' && !line.startsWith('#')) {
      expect(pending, `segment ${line} has no #EXTINF`).toBeDefined();
      pl.segments.push({ duration: pending as number, url: new URL(line, url) });
      pending = undefined;
    }
  }
  expect(pending, 'dangling #EXTINF').toBeUndefined();
  expect(lines).toContain('#EXT-X-ENDLIST');
  expect(lines).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
  expect(Number.isInteger(pl.targetDuration), 'EXT-X-TARGETDURATION').toBe(true);
  expect(pl.segments.length).toBeGreaterThan(0);
  return pl;
}
const sumExtinf = (pl: MediaPlaylist): number =>
  pl.segments.reduce((s, seg) => s + seg.duration, 0);

// ---- binary helpers -----------------------------------------------------------------------------

function topLevelBoxes(buf: Buffer): string[] {
  const types: string[] = [];
  let i = 0;
  while (i < buf.length) {
    expect(i + 8, 'truncated MP4 box header').toBeLessThanOrEqual(buf.length);
    let size = buf.readUInt32BE(i);
    if (size === 1) size = Number(buf.readBigUInt64BE(i + 8));
    else if (size === 0) size = buf.length - i;
    expect(size, 'MP4 box size').toBeGreaterThanOrEqual(8);
    types.push(buf.toString('latin1', i + 4, i + 8));
    i += size;
  }
  expect(i, 'MP4 boxes overrun the file').toBe(buf.length);
  return types;
}

/** avc1.PPCCLL from the avcC box of an init segment. */
function avcCodecFromInit(buf: Buffer): string {
  const at = buf.indexOf('avcC', 0, 'latin1');
  expect(at, 'avcC box in init segment').toBeGreaterThan(0);
  return `avc1.${buf.subarray(at + 5, at + 8).toString('hex')}`;
}

function jpegSize(buf: Buffer): { width: number; height: number } {
  expect(buf.readUInt16BE(0), 'JPEG SOI marker').toBe(0xffd8);
  let i = 2;
  while (i + 9 < buf.length) {
    expect(buf[i], 'JPEG marker').toBe(0xff);
    const marker = buf[i + 1] as number;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    const isSof = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isSof) return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
    i += 2 + buf.readUInt16BE(i + 2);
  }
  throw new Error('no SOF marker in JPEG');
}

function folderBytes(dir: URL): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory())
      total += folderBytes(new URL(`${encodeURIComponent(entry.name)}/`, dir));
    else total += statSync(new URL(encodeURIComponent(entry.name), dir)).size;
  }
  return total;
}

const parseVttTime = (t: string): number => {
  const parts = t.split(':').map(Number);
  return parts.reduce((acc, p) => acc * 60 + p, 0);
};

// ---- shared checks ------------------------------------------------------------------------------

/** Checks a variant's media playlist and returns its measured peak and average segment bit rates. */
function checkVariantPlaylist(
  url: URL,
  durationSeconds: number,
): { peak: number; average: number; init: Buffer } {
  const pl = parseMediaPlaylist(url);
  expect(pl.targetDuration, `${url.pathname} target duration`).toBe(SEGMENT_SECONDS);
  expect(pl.lines).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
  expect(pl.map, `${url.pathname} needs #EXT-X-MAP (fMP4)`).toBeDefined();
  const mapUrl = pl.map as URL;
  expect(existsSync(mapUrl), `init segment ${mapUrl.pathname}`).toBe(true);
  const init = readFileSync(mapUrl);
  expect(topLevelBoxes(init).slice(0, 2)).toEqual(['ftyp', 'moov']);

  let bytes = 0;
  let peak = 0;
  for (const seg of pl.segments) {
    expect(existsSync(seg.url), `segment ${seg.url.pathname}`).toBe(true);
    expect(seg.duration).toBeLessThanOrEqual(pl.targetDuration);
    const buf = readFileSync(seg.url);
    const boxes = topLevelBoxes(buf);
    expect(boxes, `${seg.url.pathname} boxes`).toContain('moof');
    expect(boxes, `${seg.url.pathname} boxes`).toContain('mdat');
    bytes += buf.length;
    peak = Math.max(peak, (buf.length * 8) / seg.duration);
  }
  const total = sumExtinf(pl);
  expect(
    Math.abs(total - durationSeconds),
    `${url.pathname} EXTINF sum ${total}`,
  ).toBeLessThanOrEqual(0.5);
  return { peak, average: (bytes * 8) / total, init };
}

function checkVariantAttrs(
  attrs: Attrs,
  measured: { peak: number; average: number; init: Buffer },
  expected: { width: number; height: number; bandwidth?: number; codecs?: string },
): void {
  expect(attrs.RESOLUTION).toBe(`${expected.width}x${expected.height}`);
  expect(attrs['FRAME-RATE']).toMatch(/^\d+(\.\d+)?$/);
  const codecs = unquote(attrs.CODECS);
  expect(codecs).toMatch(/^avc1\.4d[0-9a-f]{4},mp4a\.40\.2$/);
  expect(codecs?.split(',')[0], 'CODECS must match the avcC of the init segment').toBe(
    avcCodecFromInit(measured.init),
  );
  if (expected.codecs !== undefined) expect(codecs).toBe(expected.codecs);

  const bandwidth = Number(attrs.BANDWIDTH);
  const average = Number(attrs['AVERAGE-BANDWIDTH']);
  expect(Number.isInteger(bandwidth) && bandwidth > 0, `BANDWIDTH=${attrs.BANDWIDTH}`).toBe(true);
  expect(
    Number.isInteger(average) && average > 0,
    `AVERAGE-BANDWIDTH=${attrs['AVERAGE-BANDWIDTH']}`,
  ).toBe(true);
  if (expected.bandwidth !== undefined) expect(bandwidth).toBe(expected.bandwidth);
  // BANDWIDTH is the peak segment bit rate: never below what was measured, and not padded.
  expect(bandwidth).toBeGreaterThanOrEqual(Math.floor(measured.peak));
  expect(bandwidth).toBeLessThanOrEqual(measured.peak * 1.05);
  expect(average).toBeGreaterThanOrEqual(Math.floor(measured.average));
  expect(average).toBeLessThanOrEqual(measured.average * 1.05);
  expect(average).toBeLessThanOrEqual(bandwidth);
}

function checkMasterHeader(master: Master): void {
  expect(master.lines[0]).toBe('#EXTM3U');
  expect(master.lines).toContain('#EXT-X-VERSION:7');
  expect(master.lines).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
  expect(master.variants).toHaveLength(2);
}

// ---- tests --------------------------------------------------------------------------------------

describe('media fixtures manifest', () => {
  it('lists the expected assets', () => {
    expect(manifest.clips.map((c) => c.id)).toEqual(['clip-a', 'clip-b', 'clip-c']);
    expect(manifest.ads.map((a) => a.id)).toEqual(['ad-15s']);
    // one each per movie and series (issue 20 item 19)
    expect(manifest.images.posters).toHaveLength(60);
    expect(manifest.images.stills).toHaveLength(60);
    expect(manifest.images.channels).toHaveLength(12);
    for (const clip of manifest.clips) {
      expect(clip.durationSeconds).toBeGreaterThanOrEqual(29);
      expect(clip.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
        ['360p', 640, 360],
        ['720p', 1280, 720],
      ]);
      expect(clip.subtitles.map((s) => [s.language, s.name])).toEqual([
        ['zh-Hant', '中文'],
        ['en', 'English'],
      ]);
    }
    const ad = manifest.ads[0] as Ad;
    expect([ad.durationSeconds, ad.width, ad.height]).toEqual([15, 640, 360]);
    expect(ad.bitrateKbps).toBeGreaterThan(0);
  });

  it('every listed path exists and is not empty', () => {
    const paths = [
      ...manifest.clips.flatMap((c) => [
        c.master,
        ...c.renditions.map((r) => r.playlist),
        ...c.subtitles.map((s) => s.playlist),
      ]),
      ...manifest.ads.flatMap((a) => [a.master, a.mp4]),
      ...manifest.images.posters,
      ...manifest.images.stills,
      ...manifest.images.channels,
      manifest.images.ogDefault,
    ];
    expect(new Set(paths).size, 'paths are unique').toBe(paths.length);
    for (const p of paths) {
      expect(existsSync(media(p)), p).toBe(true);
      expect(statSync(media(p)).size, p).toBeGreaterThan(0);
    }
  });

  it('fixtures/media stays under 25 MB', () => {
    expect(folderBytes(mediaRoot)).toBeLessThan(BUDGET_BYTES);
  });
});

describe.each(manifest.clips)('clip $id', (clip) => {
  const masterUrl = media(clip.master);

  it('master lists two variants with RESOLUTION, CODECS, SUBTITLES and both subtitle tracks', () => {
    const master = parseMaster(masterUrl);
    checkMasterHeader(master);

    expect(master.media).toHaveLength(2);
    clip.subtitles.forEach((track, i) => {
      const m = master.media[i] as Attrs;
      expect(m.TYPE).toBe('SUBTITLES');
      expect(unquote(m['GROUP-ID'])).toBe('subs');
      expect(unquote(m.NAME)).toBe(track.name);
      expect(unquote(m.LANGUAGE)).toBe(track.language);
      expect(m.DEFAULT).toBe(i === 0 ? 'YES' : 'NO');
      expect(m.AUTOSELECT).toBe('YES');
      const uri = unquote(m.URI);
      expect(uri).toBeDefined();
      expect(new URL(uri as string, masterUrl).href).toBe(media(track.playlist).href);
    });

    clip.renditions.forEach((rendition, i) => {
      const variant = master.variants[i] as Master['variants'][number];
      expect(new URL(variant.uri, masterUrl).href).toBe(media(rendition.playlist).href);
      expect(unquote(variant.attrs.SUBTITLES)).toBe('subs');
      const measured = checkVariantPlaylist(media(rendition.playlist), clip.durationSeconds);
      checkVariantAttrs(variant.attrs, measured, rendition);
    });
  });

  it('subtitle playlists point at WebVTT files covering the clip', () => {
    for (const track of clip.subtitles) {
      const pl = parseMediaPlaylist(media(track.playlist));
      expect(pl.segments).toHaveLength(1);
      const seg = pl.segments[0] as MediaPlaylist['segments'][number];
      expect(Math.abs(seg.duration - clip.durationSeconds)).toBeLessThanOrEqual(0.5);
      expect(Math.round(seg.duration)).toBeLessThanOrEqual(pl.targetDuration);
      expect(existsSync(seg.url), seg.url.pathname).toBe(true);

      const vtt = readFileSync(seg.url, 'utf8');
      expect(vtt.startsWith('WEBVTT')).toBe(true);
      expect(vtt.charCodeAt(0), 'no BOM').not.toBe(0xfeff);
      const cues = [...vtt.matchAll(/^([\d:.]+) --> ([\d:.]+)\n(.+)$/gm)];
      expect(cues.length).toBeGreaterThanOrEqual(Math.floor(clip.durationSeconds / 10));
      let last = -1;
      for (const [, start, end, text] of cues) {
        const s = parseVttTime(start as string);
        const e = parseVttTime(end as string);
        expect(s).toBeGreaterThanOrEqual(last);
        expect(e).toBeGreaterThan(s);
        expect(e).toBeLessThanOrEqual(clip.durationSeconds + 0.5);
        if (track.language === 'zh-Hant') expect(text).toMatch(/\p{Script=Han}/u);
        last = e;
      }
    }
  });
});

// ---- encrypted clips (docs/adr/0023) --------------------------------------------------------------

function filesUnder(dir: URL): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(new URL(`${encodeURIComponent(entry.name)}/`, dir)).map(
          (f) => `${entry.name}/${f}`,
        )
      : [entry.name],
  );
}

/** The IV of the EXT-X-KEY tag that applies to each media segment, in order (null: clear). */
function segmentKeys(pl: MediaPlaylist): ({ attrs: Attrs; iv: Buffer } | null)[] {
  const keys: ({ attrs: Attrs; iv: Buffer } | null)[] = [];
  let current: { attrs: Attrs; iv: Buffer } | null = null;
  let mapSeen = false;
  for (const line of pl.lines) {
    if (line.startsWith('#EXT-X-MAP:')) {
      // The init segment stays clear: its map comes before any key.
      expect(current, 'EXT-X-MAP after an EXT-X-KEY (the init would be encrypted)').toBeNull();
      mapSeen = true;
    } else if (line.startsWith('#EXT-X-KEY:')) {
      const attrs = parseAttrs(line.slice('#EXT-X-KEY:'.length));
      expect(attrs.IV, 'explicit IV').toMatch(/^0x[0-9a-f]{32}$/);
      current = { attrs, iv: Buffer.from((attrs.IV as string).slice(2), 'hex') };
    } else if (line !== '' && !line.startsWith('#')) {
      keys.push(current);
    }
  }
  expect(mapSeen).toBe(true);
  return keys;
}

function decrypt(key: Buffer, iv: Buffer, data: Buffer): Buffer {
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** The first MP4 box type of a buffer, '' when the bytes do not start with a box. */
function firstBox(buf: Buffer): string {
  const type = buf.toString('latin1', 4, 8);
  return buf.length >= 8 && buf.readUInt32BE(0) >= 8 && /^[a-z]{4}$/.test(type) ? type : '';
}

describe('encrypted clips', () => {
  it('lists an encrypted copy of clip B, with its key outside every public root', () => {
    expect(manifest.encryptedClips.map((c) => [c.id, c.source, c.method])).toEqual([
      ['clip-b-enc', 'clip-b', 'AES-128'],
    ]);
    for (const clip of manifest.encryptedClips) {
      expect(clip.key).toBe(`keys/${clip.id}.key`);
      const top = clip.key.split('/')[0] as string;
      expect([...PUBLIC_MEDIA_FOLDERS, 'clips']).not.toContain(top);
      expect(statSync(media(clip.key)).size).toBe(16);
      // No key (nor anything but HLS files) inside the clip folder the stream route serves.
      for (const file of filesUnder(media(`clips/${clip.id}/`)))
        expect(file, `clips/${clip.id}/${file}`).toMatch(/\.(m3u8|m4s|mp4|vtt)$/);
    }
    for (const file of filesUnder(media('keys/'))) expect(file).toMatch(/^[A-Za-z0-9_-]+\.key$/);
  });
});

describe.each(manifest.encryptedClips)('encrypted clip $id', (clip) => {
  const masterUrl = media(clip.master);
  const key = readFileSync(media(clip.key));
  const source = manifest.clips.find((c) => c.id === clip.source) as Clip;

  it('has the master of its source, with BANDWIDTH measured on the encrypted segments', () => {
    const master = parseMaster(masterUrl);
    checkMasterHeader(master);
    const sourceMaster = parseMaster(media(source.master));
    const withoutRates = (m: Master) =>
      m.lines.map((l) => l.replace(/BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+/, 'BANDWIDTH'));
    expect(withoutRates(master)).toEqual(withoutRates(sourceMaster));
    clip.renditions.forEach((rendition, i) => {
      const variant = master.variants[i] as Master['variants'][number];
      expect(new URL(variant.uri, masterUrl).href).toBe(media(rendition.playlist).href);
      const pl = parseMediaPlaylist(media(rendition.playlist));
      expect(pl.targetDuration).toBe(SEGMENT_SECONDS);
      let bytes = 0;
      let peak = 0;
      for (const seg of pl.segments) {
        const size = statSync(seg.url).size;
        bytes += size;
        peak = Math.max(peak, (size * 8) / seg.duration);
      }
      const init = readFileSync(pl.map as URL);
      checkVariantAttrs(
        variant.attrs,
        { peak, average: (bytes * 8) / sumExtinf(pl), init },
        rendition,
      );
    });
  });

  it('encrypts every media segment whole (AES-128, its own IV), keeping init and subtitles clear', () => {
    const ivs = new Set<string>();
    clip.renditions.forEach((rendition, i) => {
      const pl = parseMediaPlaylist(media(rendition.playlist));
      const clear = parseMediaPlaylist(media(source.renditions[i]!.playlist));
      expect(pl.segments.map((s) => s.duration)).toEqual(clear.segments.map((s) => s.duration));
      expect(readFileSync(pl.map as URL).equals(readFileSync(clear.map as URL))).toBe(true);
      expect(topLevelBoxes(readFileSync(pl.map as URL)).slice(0, 2)).toEqual(['ftyp', 'moov']);
      const keys = segmentKeys(pl);
      pl.segments.forEach((seg, n) => {
        const tag = keys[n];
        expect(tag, `${seg.url.pathname} has a key`).not.toBeNull();
        expect(tag!.attrs.METHOD).toBe('AES-128');
        // A relative URI under the signed stream path; the server serves the key there only to
        // a session holding the play right (and points viewers at their own key URL).
        expect(unquote(tag!.attrs.URI)).toBe(clip.keyUri);
        expect(new URL(clip.keyUri, media(rendition.playlist)).href).toBe(
          media(`clips/${clip.id}/content.key`).href,
        );
        expect(ivs.has(tag!.attrs.IV as string), 'IVs are not reused').toBe(false);
        ivs.add(tag!.attrs.IV as string);

        const data = readFileSync(seg.url);
        expect(firstBox(data), `${seg.url.pathname} is not plain MP4`).toBe('');
        expect(data.length % 16).toBe(0);
        const plain = decrypt(key, tag!.iv, data);
        expect(topLevelBoxes(plain)).toContain('moof');
        expect(plain.equals(readFileSync(clear.segments[n]!.url))).toBe(true);
      });
    });
    for (const track of clip.subtitles) {
      const pl = parseMediaPlaylist(media(track.playlist));
      expect(pl.lines.some((l) => l.startsWith('#EXT-X-KEY:'))).toBe(false);
      expect(readFileSync(pl.segments[0]!.url, 'utf8').startsWith('WEBVTT')).toBe(true);
    }
  });
});

describe.each(manifest.ads)('ad $id', (ad) => {
  const masterUrl = media(ad.master);

  it('master lists two variants with RESOLUTION and CODECS, without subtitles', () => {
    const master = parseMaster(masterUrl);
    checkMasterHeader(master);
    expect(master.media).toHaveLength(0);
    const sizes = [
      [640, 360],
      [1280, 720],
    ] as const;
    master.variants.forEach((variant, i) => {
      const [width, height] = sizes[i] as readonly [number, number];
      expect(variant.attrs.SUBTITLES).toBeUndefined();
      const measured = checkVariantPlaylist(new URL(variant.uri, masterUrl), ad.durationSeconds);
      checkVariantAttrs(variant.attrs, measured, { width, height });
    });
  });

  it('progressive MP4 is faststart and near its declared bit rate', () => {
    const buf = readFileSync(media(ad.mp4));
    const boxes = topLevelBoxes(buf);
    expect(boxes[0]).toBe('ftyp');
    expect(boxes.indexOf('moov'), 'moov before mdat (+faststart)').toBeLessThan(
      boxes.indexOf('mdat'),
    );
    expect(boxes).toContain('mdat');
    const kbps = (buf.length * 8) / ad.durationSeconds / 1000;
    expect(Math.abs(kbps - ad.bitrateKbps) / ad.bitrateKbps).toBeLessThan(0.1);
  });
});

describe('images', () => {
  const groups: [string, string[], number, number, number][] = [
    ['posters', manifest.images.posters, 320, 480, 40_000],
    ['stills', manifest.images.stills, 960, 540, 80_000],
    ['channels', manifest.images.channels, 480, 270, 40_000],
    ['og', [manifest.images.ogDefault], 1200, 630, 200_000],
  ];
  it.each(groups)(
    '%s are JPEGs of the right size and weight',
    (_name, paths, width, height, maxBytes) => {
      const seen = new Set<string>();
      for (const p of paths) {
        const buf = readFileSync(media(p));
        expect(jpegSize(buf), p).toEqual({ width, height });
        expect(buf.length, p).toBeLessThanOrEqual(maxBytes);
        const hash = buf.toString('base64');
        expect(seen.has(hash), `${p} duplicates another image`).toBe(false);
        seen.add(hash);
      }
    },
  );
});

// Issue 20 item 19: the demo looked like a test build, every title wearing one of twelve numbered
// posters. scripts/demo-art.ts now draws each title's own pictures, with its name, from the seed.
describe('demo art', () => {
  const titles = demoTitles();
  const shown = titles.filter((t) => t.kind !== 'episode');

  it('every movie and series has a poster and a still of its own, listed in the manifest', () => {
    const posters = shown.map((t) => t.poster_path);
    const stills = shown.map((t) => t.still_path);
    expect(new Set(posters).size, 'no two titles share a poster').toBe(shown.length);
    expect(new Set(stills).size, 'no two titles share a still').toBe(shown.length);
    expect([...posters].sort()).toEqual([...manifest.images.posters].sort());
    expect([...stills].sort()).toEqual([...manifest.images.stills].sort());
  });

  it('episodes wear their series pictures', () => {
    const series = new Map(shown.map((t) => [t.content_id, t]));
    for (const e of titles.filter((t) => t.kind === 'episode')) {
      const own = series.get(e.series_id ?? '');
      expect([e.poster_path, e.still_path], e.content_id).toEqual([
        own?.poster_path,
        own?.still_path,
      ]);
    }
  });

  it('every channel picture the seed names is in the manifest', () => {
    const pictures = demoChannels(0).map((c) => c.pic_path);
    expect([...pictures].sort()).toEqual([...manifest.images.channels].sort());
  });
});

// Share cards declare these sizes (og:image:width/height, issue 28 item 10): the files must match.
describe('picture sizes', () => {
  const folder = (name: string) =>
    readdirSync(new URL(`images/${name}/`, mediaRoot)).filter((f) => f.endsWith('.jpg'));
  it.each([
    ['stills', IMAGE_SIZES.still],
    ['channels', IMAGE_SIZES.channel],
    ['posters', IMAGE_SIZES.poster],
  ] as const)('every picture in images/%s is %o', (name, size) => {
    const files = folder(name);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(jpegSize(readFileSync(new URL(`images/${name}/${file}`, mediaRoot))), file).toEqual(
        size,
      );
    }
  });
  it('the site share image is 1200×630', () => {
    expect(jpegSize(readFileSync(new URL('images/site/og-default.jpg', mediaRoot)))).toEqual(
      IMAGE_SIZES.share,
    );
  });
});
