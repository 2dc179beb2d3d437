/**
 * Makes the AES-128 variants of demo clips that paid titles play (docs/adr/0023) from the clear
 * clips made by scripts/make-demo-media, without re-encoding:
 *
 *   clips/{id}/            copy of clips/{source}/ whose media segments are encrypted whole
 *                          (METHOD=AES-128: AES-128-CBC, PKCS#7 padding), one EXT-X-KEY per segment
 *                          with its own IV; the init segments (EXT-X-MAP, before the first key)
 *                          and the WebVTT subtitles stay clear; BANDWIDTH is measured again
 *   {keys}/{id}.key        the 16-byte content key, kept when it exists (so a re-run gives the same
 *                          bytes); never under a public media root
 *   manifest.json          "encryptedClips": the same fields as "clips" plus source, method, key
 *
 * The key URI in the playlists is `../content.key`, relative to the signed stream path; the
 * server serves the key there only to the session holding the play right, on the per-viewer path
 * the play right hands out (apps/server/src/modules/media/stream-routes.ts).
 *
 *   npx tsx scripts/encrypt-demo-clips.ts [mediaDir] [keysDir]
 *
 * Defaults: fixtures/media and fixtures/media/keys. make-demo-media runs it after the clear clips.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Clear clip → encrypted variant. Only clip B: it is the smallest, and fixtures are committed. */
const ENCRYPTED_CLIPS = [{ source: 'clip-b', id: 'clip-b-enc' }] as const;

/** Where the key sits relative to a variant playlist (v0/index.m3u8 → the clip's own path). */
const KEY_URI = '../content.key';

const KEY_BYTES = 16;

interface VariantStats {
  /** ceil of the highest segment bit rate, as make-demo-media computes BANDWIDTH. */
  peak: number;
  /** ceil of the whole playlist's bit rate (AVERAGE-BANDWIDTH). */
  average: number;
}

function readKey(file: string): Buffer {
  if (fs.existsSync(file)) {
    const key = fs.readFileSync(file);
    if (key.length !== KEY_BYTES) throw new Error(`${file} is not a ${KEY_BYTES}-byte key`);
    return key;
  }
  const key = crypto.randomBytes(KEY_BYTES);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** A fresh IV per segment, derived from the key, the playlist and the sequence number. */
function segmentIv(key: Buffer, playlist: string, sequence: number): Buffer {
  return crypto
    .createHmac('sha256', key)
    .update(`iv\n${playlist}\n${sequence}`)
    .digest()
    .subarray(0, 16);
}

function encrypt(key: Buffer, iv: Buffer, plain: Buffer): Buffer {
  const cipher = crypto.createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}

/** Bit rates over (duration, bytes) pairs, rounded up like make-demo-media's playlist_stats. */
function stats(segments: { duration: number; bytes: number }[]): VariantStats {
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

/**
 * Writes the encrypted copy of one variant playlist and its segments; returns the clear and the
 * encrypted bit rates, so the master's BANDWIDTH can move by the padding the cipher added.
 */
function encryptVariant(
  key: Buffer,
  sourceDir: string,
  targetDir: string,
  playlist: string,
): { clear: VariantStats; encrypted: VariantStats } {
  const lines = fs.readFileSync(path.join(sourceDir, playlist), 'utf8').split('\n');
  const dir = path.posix.dirname(playlist);
  fs.mkdirSync(path.join(targetDir, dir), { recursive: true });
  const out: string[] = [];
  const clear: { duration: number; bytes: number }[] = [];
  const encrypted: { duration: number; bytes: number }[] = [];
  let sequence = 0;
  let duration: number | undefined;
  let extinf: string | undefined;
  for (const line of lines) {
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) sequence = Number(line.split(':')[1]);
    if (line.startsWith('#EXT-X-KEY:')) throw new Error(`${playlist} is already encrypted`);
    if (line.startsWith('#EXT-X-MAP:')) {
      const init = /URI="([^"]+)"/.exec(line)?.[1];
      if (!init) throw new Error(`${playlist}: EXT-X-MAP without a URI`);
      // The init segment holds no samples; it stays clear (the map comes before any key).
      fs.copyFileSync(path.join(sourceDir, dir, init), path.join(targetDir, dir, init));
      out.push(line);
    } else if (line.startsWith('#EXTINF:')) {
      duration = Number(line.slice('#EXTINF:'.length).split(',')[0]);
      extinf = line;
    } else if (line !== '' && !line.startsWith('#')) {
      if (duration === undefined || extinf === undefined) throw new Error(`${line}: no #EXTINF`);
      const plain = fs.readFileSync(path.join(sourceDir, dir, line));
      const iv = segmentIv(key, playlist, sequence);
      const cipher = encrypt(key, iv, plain);
      fs.writeFileSync(path.join(targetDir, dir, line), cipher);
      out.push(`#EXT-X-KEY:METHOD=AES-128,URI="${KEY_URI}",IV=0x${iv.toString('hex')}`);
      out.push(extinf, line);
      clear.push({ duration, bytes: plain.length });
      encrypted.push({ duration, bytes: cipher.length });
      sequence += 1;
      duration = undefined;
      extinf = undefined;
    } else {
      out.push(line);
    }
  }
  fs.writeFileSync(path.join(targetDir, playlist), out.join('\n'));
  return { clear: stats(clear), encrypted: stats(encrypted) };
}

function copyTree(from: string, to: string): void {
  fs.cpSync(from, to, { recursive: true });
}

interface ManifestClip {
  id: string;
  durationSeconds: number;
  master: string;
  renditions: { playlist: string; bandwidth: number; averageBandwidth: number }[];
  subtitles: { playlist: string; vtt: string }[];
}

/** Replaces every `clips/{source}/` prefix in a manifest entry by `clips/{id}/`. */
function moved<T>(value: T, source: string, id: string): T {
  return JSON.parse(JSON.stringify(value).replaceAll(`clips/${source}/`, `clips/${id}/`)) as T;
}

/** Sets the top-level "encryptedClips" of manifest.json, keeping the rest of the file's text. */
function writeManifest(mediaDir: string, entries: unknown[]): void {
  const file = path.join(mediaDir, 'manifest.json');
  let text = fs.readFileSync(file, 'utf8').trimEnd();
  const marker = ',\n  "encryptedClips":';
  const at = text.indexOf(marker);
  text = at >= 0 ? text.slice(0, at) : text.replace(/\n}$/, '');
  const block = JSON.stringify(entries, null, 2).replaceAll('\n', '\n  ');
  const next = `${text}${marker} ${block}\n}\n`;
  JSON.parse(next);
  fs.writeFileSync(file, next);
}

function encryptDemoClips(mediaDir: string, keysDir: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(mediaDir, 'manifest.json'), 'utf8')) as {
    clips: ManifestClip[];
  };
  const entries: unknown[] = [];
  for (const { source, id } of ENCRYPTED_CLIPS) {
    const clip = manifest.clips.find((c) => c.id === source);
    if (!clip) throw new Error(`manifest.json has no clip ${source}`);
    const keyFile = path.join(keysDir, `${id}.key`);
    const key = readKey(keyFile);
    const sourceDir = path.join(mediaDir, 'clips', source);
    const targetDir = path.join(mediaDir, 'clips', id);
    fs.rmSync(targetDir, { recursive: true, force: true });
    fs.mkdirSync(targetDir, { recursive: true });
    copyTree(path.join(sourceDir, 'subs'), path.join(targetDir, 'subs'));

    const entry = moved(clip, source, id);
    let master = fs.readFileSync(path.join(sourceDir, 'master.m3u8'), 'utf8');
    for (const rendition of entry.renditions) {
      const playlist = path.posix.relative(`clips/${id}`, rendition.playlist);
      const { clear, encrypted } = encryptVariant(key, sourceDir, targetDir, playlist);
      // BANDWIDTH = peak + the subtitle allowance make-demo-media added: keep the allowance.
      const bandwidth = rendition.bandwidth - clear.peak + encrypted.peak;
      const average = rendition.averageBandwidth - clear.average + encrypted.average;
      const before = `BANDWIDTH=${rendition.bandwidth},AVERAGE-BANDWIDTH=${rendition.averageBandwidth},`;
      const at = master.indexOf(before);
      if (at < 0 || !master.slice(at).split('\n')[1]?.startsWith(playlist))
        throw new Error(`${source}/master.m3u8 does not list ${playlist} as the manifest says`);
      master = `${master.slice(0, at)}BANDWIDTH=${bandwidth},AVERAGE-BANDWIDTH=${average},${master.slice(at + before.length)}`;
      rendition.bandwidth = bandwidth;
      rendition.averageBandwidth = average;
    }
    fs.writeFileSync(path.join(targetDir, 'master.m3u8'), master);
    entries.push({
      ...entry,
      id,
      source,
      method: 'AES-128',
      keyUri: KEY_URI,
      key: path.relative(mediaDir, keyFile).split(path.sep).join('/'),
    });
    console.log(
      `encrypted clips/${source} → clips/${id} (key ${path.relative(repoRoot, keyFile)})`,
    );
  }
  writeManifest(mediaDir, entries);
}

const [mediaArg, keysArg] = process.argv.slice(2);
const mediaDir = path.resolve(mediaArg ?? path.join(repoRoot, 'fixtures/media'));
encryptDemoClips(mediaDir, path.resolve(keysArg ?? path.join(mediaDir, 'keys')));
