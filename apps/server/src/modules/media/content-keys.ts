import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY_FILE = /^([A-Za-z0-9_-]{1,40})\.key$/;
export const KEY_BYTES = 16;
/** Where a clip's key sits relative to a variant playlist: the clip's own (signed) path. */
export const CONTENT_KEY_URI = '../content.key';

/**
 * The AES-128 content keys of encrypted clips: `{dir}/{clipId}.key`, 16 raw bytes each. All are
 * read at start; a clip not known then is looked for again on disk (at most every few seconds per
 * clip), so a clip the ingest worker has just encrypted, on this instance or another one sharing
 * the folder, plays without a restart. A clip is encrypted exactly when it has a key here. The
 * folder is never under a public media root (CONTENT_KEYS_DIR; docs/adr/0023); a missing folder
 * means no clip is encrypted yet, and a key of the wrong size stops the server at start.
 */
export class ContentKeyStore {
  private readonly keys = new Map<string, Buffer>();
  /** When each clip without a key was last looked for (ms). */
  private readonly misses = new Map<string, number>();

  constructor(
    private readonly dir: string | null,
    private readonly recheckMs = 5000,
  ) {
    if (dir === null || !fs.existsSync(dir)) return;
    for (const name of fs.readdirSync(dir)) {
      const clipId = KEY_FILE.exec(name)?.[1];
      if (!clipId) continue;
      const key = fs.readFileSync(path.join(dir, name));
      if (key.length !== KEY_BYTES) {
        throw new Error(
          `${path.join(dir, name)} is ${key.length} bytes, not a ${KEY_BYTES}-byte key`,
        );
      }
      this.keys.set(clipId, key);
    }
  }

  isEncrypted(clipId: string): boolean {
    return this.key(clipId) !== undefined;
  }

  /** The clip's key, or undefined for a clip streamed in the clear. */
  key(clipId: string): Buffer | undefined {
    const known = this.keys.get(clipId);
    if (known || this.dir === null || !KEY_FILE.test(`${clipId}.key`)) return known;
    const now = Date.now();
    const lookedAt = this.misses.get(clipId);
    if (lookedAt !== undefined && now - lookedAt < this.recheckMs) return undefined;
    try {
      const key = fs.readFileSync(path.join(this.dir, `${clipId}.key`));
      if (key.length === KEY_BYTES) {
        this.keys.set(clipId, key);
        this.misses.delete(clipId);
        return key;
      }
    } catch {
      // No key: a clip in the clear.
    }
    // Bounded: a flood of made-up clip ids cannot grow the map without end.
    if (this.misses.size > 10_000) this.misses.clear();
    this.misses.set(clipId, now);
    return undefined;
  }
}

/**
 * Writes a new clip's key as `{dir}/{clipId}.key` the way the demo's encrypted clip has it
 * (scripts/encrypt-demo-clips.ts): 16 raw bytes, owner-only, written whole (temporary file,
 * then rename) so a server starting meanwhile never reads half a key.
 */
export function writeContentKey(dir: string, clipId: string, key: Buffer): string {
  if (!KEY_FILE.test(`${clipId}.key`) || key.length !== KEY_BYTES)
    throw new Error(`refusing key for ${clipId}`);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${clipId}.key`);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, key, { mode: 0o600 });
  fs.renameSync(temporary, file);
  return file;
}

/**
 * The IV of one media segment: an HMAC of the key, the playlist and the sequence number, so no
 * two segments of a clip (renditions share a key and sequence numbers) share an IV. The same
 * derivation as the demo's encrypted clip (ADR 0023).
 */
export function segmentIv(key: Buffer, playlist: string, sequence: number): Buffer {
  return crypto
    .createHmac('sha256', key)
    .update(`iv\n${playlist}\n${sequence}`)
    .digest()
    .subarray(0, 16);
}

/** HLS METHOD=AES-128: the whole segment in AES-128-CBC with PKCS#7 padding. */
export function encryptSegment(key: Buffer, iv: Buffer, plain: Buffer): Buffer {
  const cipher = crypto.createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(plain), cipher.final()]);
}
