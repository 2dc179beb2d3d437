import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentKeyStore, writeContentKey } from '../../src/modules/media/content-keys.js';

describe('content keys written after start', () => {
  it('finds a key the ingest worker writes later, without a restart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-'));
    const store = new ContentKeyStore(dir, 0);
    expect(store.isEncrypted('up-new')).toBe(false);
    const key = crypto.randomBytes(16);
    writeContentKey(dir, 'up-new', key);
    expect(store.key('up-new')).toEqual(key);
    expect(store.isEncrypted('up-new')).toBe(true);
    fs.rmSync(dir, { recursive: true });
  });

  it('looks on disk again only after the recheck time, and never for an id that cannot be a file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keys-'));
    const store = new ContentKeyStore(dir, 60_000);
    expect(store.isEncrypted('later')).toBe(false);
    writeContentKey(dir, 'later', crypto.randomBytes(16));
    expect(store.isEncrypted('later')).toBe(false);
    expect(store.isEncrypted('../etc/passwd')).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });
});
