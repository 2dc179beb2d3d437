import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESSIBLE_TYPES } from '../../src/http/compression.js';
import { useTestApp } from '../support/index.js';
import { fakeWebDist } from '../support/web-dist.js';

/** A built asset with the `.br` and `.gz` the web build writes beside it (apps/web/precompress.ts). */
function distWithCompressedAsset(): { dir: string; script: string } {
  const dir = fakeWebDist();
  const script = `export const words = ${JSON.stringify(Array(400).fill('直播節目表').join(','))};\n`;
  const file = path.join(dir, 'assets', 'index-abc123.js');
  fs.writeFileSync(file, script);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(script));
  return { dir, script };
}

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(body).toString()
    : encoding === 'gzip'
      ? zlib.gunzipSync(body).toString()
      : body.toString();

/** Issue 28 item 1: text goes compressed when the client accepts it; video and keys never. */
describe('compression', () => {
  const { dir, script } = distWithCompressedAsset();
  const ctx = useTestApp({ seed: true, env: { WEB_DIST_DIR: dir } });

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('built assets: the precompressed variant the request accepts, brotli first, Vary set', async () => {
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(expected);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(decode(expected, res.rawPayload)).toBe(script);
    }
    expect((await get('/assets/index-abc123.js', 'br')).rawPayload.length).toBeLessThan(
      script.length / 10,
    );
  });

  it('dynamic JSON above the threshold is compressed and reads the same; small replies are not', async () => {
    const url = '/ajax/ajaxFilterCategoryVideoListData.do?maxRecord=20';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1400);
    for (const encoding of ['br', 'gzip']) {
      const res = await get(url, encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(plain.json());
      expect(res.rawPayload.length).toBeLessThan(plain.body.length / 3);
    }
    const small = await get('/ajax/ajaxGetIsLogin.do', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('pages and the API document are compressed too', async () => {
    for (const url of ['/docs/openapi.json', '/details/M0003/M0003']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
    }
  });

  it('only text types: playlists, captions, XML and SVG, never video, images or keys', () => {
    for (const type of [
      'text/html; charset=utf-8',
      'application/json; charset=utf-8',
      'application/vnd.apple.mpegurl',
      'text/vtt; charset=utf-8',
      'application/xml',
      'text/xml; charset=utf-8',
      'image/svg+xml',
      'application/problem+json',
    ]) {
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(true);
    }
    for (const type of ['application/octet-stream', 'video/mp4', 'image/jpeg', 'image/png']) {
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(false);
    }
  });
});
