import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNginx } from '../../scripts/cluster/nginx.js';
import { renderEdgeConfig } from './render.js';
import { freePort, nginxMissing } from '../../scripts/cluster/tools.js';

interface Vector {
  path: string;
  expect: 'ok' | 'forbidden' | 'bad-url';
  why: string;
}
const file = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'signature-vectors.json'), 'utf8'),
) as { secret: string; vectors: Vector[] };

interface Seen {
  url: string;
  cookie: string | undefined;
  forwardedFor: string | undefined;
  connection: string | undefined;
}

/**
 * The edge's configuration and njs check on Debian's real nginx, in front of a stand-in origin
 * that records what reaches it and answers with the Cache-Control a test asks for (the whole
 * topology with real instances is cluster.test.ts). The vectors are the origin's own
 * (apps/server/test/integration/signature-vectors.test.ts).
 */
describe('the nginx edge', () => {
  const seen: Seen[] = [];
  /** Cache-Control the stand-in origin answers with, by path suffix. */
  const cacheControl = new Map<string, string>();
  /** What the stand-in origin adds to a body, by path suffix: a file's new bytes. */
  const revision = new Map<string, string>();
  let origin: http.Server;
  let nginx: ChildProcess | undefined;
  let dir = '';
  let edge = '';

  beforeAll(async () => {
    const missing = nginxMissing();
    if (missing) throw new Error(`The edge test needs ${missing}`);
    origin = http.createServer((req, res) => {
      seen.push({
        url: req.url ?? '',
        cookie: req.headers.cookie,
        forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
        connection: req.headers.connection,
      });
      const rule = [...cacheControl].find(([suffix]) => req.url?.endsWith(suffix));
      res.setHeader('cache-control', rule?.[1] ?? 'public, max-age=86400');
      res.setHeader('set-cookie', 'visitor=1; Path=/');
      const changed = [...revision].find(([suffix]) => req.url?.endsWith(suffix));
      res.end(`body of ${req.url}${changed?.[1] ?? ''}`);
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const originPort = (origin.address() as { port: number }).port;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-edge-'));
    const port = await freePort();
    edge = `http://127.0.0.1:${port}`;
    nginx = await startNginx({
      dir,
      secret: file.secret,
      port,
      options: { instances: [`127.0.0.1:${originPort}`] },
    });
  });

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGTERM');
      await gone;
    }
    await new Promise((resolve) => origin?.close(resolve));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A GET with the target exactly as written (no normalising), as the vectors need. */
  const get = (target: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const url = new URL(edge);
        const req = http.request(
          { host: url.hostname, port: url.port, path: target, headers, agent: false },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
  const reached = (text: string) => seen.filter((s) => s.url.includes(text)).length;

  it.each(file.vectors.map((v) => [v.why, v] as const))('%s', async (_why, vector) => {
    const before = seen.length;
    const reply = await get(vector.path);
    if (vector.expect === 'ok') {
      // Forwarded as written (each genuine vector names a file no other one does).
      expect(reply.status, reply.body).toBe(200);
      expect(reply.body).toBe(`body of ${vector.path}`);
      expect(seen.length).toBe(before + 1);
    } else {
      expect(reply.status).toBe(vector.expect === 'forbidden' ? 403 : 400);
      expect(JSON.parse(reply.body).status.code).toBe(
        vector.expect === 'forbidden' ? 'FORBIDDEN' : 'BAD_URL',
      );
      expect(seen.length, 'the origin never sees a refused path').toBe(before);
    }
  });

  it('refuses every signed path when nginx was started without the secret, forwarding none', async () => {
    const genuine = file.vectors.find((v) => v.expect === 'ok' && v.path.startsWith('/stream/'))!;
    const bareDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-edge-nosecret-'));
    const port = await freePort();
    const originPort = (origin.address() as { port: number }).port;
    const unkeyed = await startNginx({
      dir: bareDir,
      secret: '',
      port,
      options: { instances: [`127.0.0.1:${originPort}`] },
    });
    try {
      const before = seen.length;
      const reply = await fetch(`http://127.0.0.1:${port}${genuine.path}`);
      expect(reply.status).toBe(403);
      expect(seen.length).toBe(before);
    } finally {
      const gone = new Promise((resolve) => unkeyed.once('exit', resolve));
      unkeyed.kill('SIGTERM');
      await gone;
      fs.rmSync(bareDir, { recursive: true, force: true });
    }
  });

  it('answers every viewer of a segment from one copy, whatever their expiry and signature', async () => {
    const prefixes = file.vectors
      .filter((v) => v.expect === 'ok' && v.path.startsWith('/stream/clip-a/'))
      .map((v) => v.path.split('/').slice(0, 5).join('/'));
    const [first, second] = [...new Set(prefixes)];
    expect(first).not.toBe(second);
    const a = await get(`${first}/v9/seg_100.m4s`, { cookie: 'sid=secret' });
    const b = await get(`${second}/v9/seg_100.m4s`);
    expect(a.status).toBe(200);
    expect(b.body).toBe(a.body);
    expect([a.headers['x-edge-cache'], b.headers['x-edge-cache']]).toEqual(['MISS', 'HIT']);
    expect(reached('/v9/seg_100.m4s')).toBe(1);
    // Shared files go without the viewer's cookies, and nothing the origin sets is passed on.
    expect(seen.find((s) => s.url.endsWith('/v9/seg_100.m4s'))!.cookie).toBeUndefined();
    expect(a.headers['set-cookie']).toBeUndefined();
  });

  it('serves the bytes the cache fetched again, not the copy it kept open before', async () => {
    // Cached segments are read through nginx's open file cache (render.ts keptFiles): a copy
    // fetched again is a new file, and the next viewer must get it.
    const prefix = file.vectors
      .find((v) => v.expect === 'ok' && v.path.startsWith('/stream/clip-a/'))!
      .path.split('/')
      .slice(0, 5)
      .join('/');
    const segment = `${prefix}/v9/seg_200.m4s`;
    cacheControl.set('/v9/seg_200.m4s', 'public, max-age=1');
    revision.set('/v9/seg_200.m4s', ' (first)');
    const kept = [await get(segment), await get(segment)];
    expect(kept.map((r) => [r.headers['x-edge-cache'], r.body.endsWith(' (first)')])).toEqual([
      ['MISS', true],
      ['HIT', true],
    ]);
    // nginx keeps time in whole seconds: max-age=1 has surely passed after two.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    revision.set('/v9/seg_200.m4s', ' (second)');
    const fetchedAgain = [await get(segment), await get(segment)];
    expect(
      fetchedAgain.map((r) => [r.headers['x-edge-cache'], r.body.endsWith(' (second)')]),
    ).toEqual([
      ['EXPIRED', true],
      ['HIT', true],
    ]);
    expect(reached('/v9/seg_200.m4s')).toBe(2);
  });

  it('passes grant playlists and keys to the origin every time, with cookies, uncached', async () => {
    const grant = file.vectors.find((v) => v.path.includes('/grant/'))!.path;
    const key = grant.replace(/master\.m3u8$/, 'content.key');
    for (let i = 0; i < 2; i += 1) {
      const reply = await get(key, { cookie: 'sid=viewer' });
      expect(reply.status).toBe(200);
      expect(reply.headers['x-edge-cache']).toBeUndefined();
    }
    expect(seen.filter((s) => s.url === key).map((s) => s.cookie)).toEqual([
      'sid=viewer',
      'sid=viewer',
    ]);
  });

  it('keeps a live playlist for as long as the origin says, keyed without the signature', async () => {
    const live = file.vectors.find((v) => v.path.startsWith('/live/') && v.expect === 'ok')!.path;
    const kept = live.replace(/v0\.m3u8$/, 'v7.m3u8');
    const fresh = live.replace(/v0\.m3u8$/, 'v8.m3u8');
    cacheControl.set('/v7.m3u8', 'public, max-age=60');
    cacheControl.set('/v8.m3u8', 'public, max-age=0');
    for (let i = 0; i < 3; i += 1) {
      expect((await get(kept)).status).toBe(200);
      expect((await get(fresh)).status).toBe(200);
    }
    expect(reached('/v7.m3u8')).toBe(1);
    expect(reached('/v8.m3u8')).toBe(3);
  });

  it('ships the production configuration render.ts makes (edit render.ts, then render again)', () => {
    expect(fs.readFileSync(path.join(import.meta.dirname, 'nginx.conf'), 'utf8')).toBe(
      renderEdgeConfig(),
    );
  });

  it('tells the origin the client address itself, whatever the client claims, on every path', async () => {
    const paths = [
      '/ajax/ajaxGetIsLogin.do',
      ...file.vectors
        .filter((v) => v.expect === 'ok')
        .map((v, i) => v.path.replace(/[^/]+$/, `forwarded-${i}.m3u8`)),
      // A live segment (its own location) beside the live playlist.
      file.vectors
        .find((v) => v.expect === 'ok' && v.path.startsWith('/live/'))!
        .path.replace(/[^/]+$/, 'clip-b/1764201600/v0/forwarded.m4s'),
    ];
    const kinds = new Set(paths.map((p) => p.split('/')[1]));
    expect([...kinds].sort()).toEqual(['ajax', 'catchup', 'live', 'stream']);
    for (const target of paths) {
      const before = seen.length;
      await get(target, { 'x-forwarded-for': '203.0.113.9' });
      expect(seen.length, target).toBe(before + 1);
      // On a kept-alive connection to the instance, as the upstream block's keepalive asks.
      expect(seen.at(-1), target).toMatchObject({
        forwardedFor: '127.0.0.1',
        connection: undefined,
      });
    }
  });
});
