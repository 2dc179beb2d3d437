import fs from 'node:fs';
import path from 'node:path';

const KEY_FILE = /^([A-Za-z0-9_-]{1,40})\.key$/;
const KEY_BYTES = 16;

/**
 * The AES-128 content keys of encrypted clips: `{dir}/{clipId}.key`, 16 raw bytes each, read
 * once at start (a new key needs a restart). A clip is encrypted exactly when it has a key here.
 * The folder is never under a public media root (CONTENT_KEYS_DIR; docs/adr/0023); a missing
 * folder means no clip is encrypted, and a key of the wrong size stops the server at start.
 */
export class ContentKeyStore {
  private readonly keys = new Map<string, Buffer>();

  constructor(dir: string | null) {
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
    return this.keys.has(clipId);
  }

  /** The clip's key, or undefined for a clip streamed in the clear. */
  key(clipId: string): Buffer | undefined {
    return this.keys.get(clipId);
  }
}
