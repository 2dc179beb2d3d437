import { errorEnvelopeSchema, playRightReplySchema } from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayUrl, TestBrowser, useTestApp } from '../support/index.js';
import { listenOnLoopback, rawRequest } from '../support/raw-http.js';

/**
 * Issue 10, items 1 and 2, over real HTTP with request targets sent as written: no spelling of a
 * path reaches a clip except the signed /stream route, and no spelling of /ajax or /gw skips the
 * CSRF check or the gateway signature (ADR 0018).
 */
describe('request paths: one spelling per route', () => {
  const ctx = useTestApp({ seed: true });
  let port = 0;
  beforeAll(async () => {
    port = await listenOnLoopback(ctx.app);
  });

  const clip = 'clip-a/master.m3u8';
  const clipSpellings = [
    `/media/clips/${clip}`,
    `/media//clips/${clip}`,
    `/media/./clips/${clip}`,
    `/media/%2e/clips/${clip}`,
    `/media/%2E/clips/${clip}`,
    `/media/images/../clips/${clip}`,
    `/media/images/%2e%2e/clips/${clip}`,
    `/media/images/..%2fclips/${clip}`,
    `/media/images/..%2Fclips/${clip}`,
    `/media/%252e/clips/${clip}`,
    `/media/images/%252e%252e/clips/${clip}`,
    `/media/images/..%252fclips/${clip}`,
    `/media/images\\..\\clips/${clip}`,
    `/media/images%5c..%5cclips/${clip}`,
    `/media\\clips\\${clip.replace('/', '\\')}`,
    `/media/%63lips/${clip}`,
    `/media/clips%2f${clip}`,
    `/media/ads/../clips/${clip}`,
    `/media/images/.%2e/clips/${clip}`,
    `//media/clips/${clip}`,
    `/x/../media/clips/${clip}`,
    `/media/clips/${clip}/`,
    `/media/clips/clip-a/./master.m3u8`,
  ];

  it.each(clipSpellings)('%s does not serve a clip', async (target) => {
    const res = await rawRequest(port, target);
    expect(res.status, res.body).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).not.toContain('#EXTM3U');
  });

  it('an absolute-form target does not serve a clip either', async () => {
    const res = await rawRequest(port, `http://127.0.0.1:${port}/media/clips/${clip}`);
    expect(res.status).toBe(400);
    expect(res.body).not.toContain('#EXTM3U');
  });

  it('still serves public pictures and a signed stream', async () => {
    expect((await rawRequest(port, '/media/images/posters/poster-01.jpg')).status).toBe(200);
    expect((await rawRequest(port, '/media/ads/ad-15s/ad-15s.mp4')).status).toBe(200);
    const play = await rawRequest(port, '/ajax/ajaxFindVideoPlayRight.do?contentId=M0001');
    const master = playRightReplySchema.parse(JSON.parse(play.body)).data.videoUrl;
    const res = await rawRequest(port, master);
    expect(res.status).toBe(200);
    expect(res.body).toContain('#EXTM3U');
  });

  it('a page path with escaped Chinese is still canonical', async () => {
    const res = await rawRequest(port, `/search?q=${encodeURIComponent('星際')}`);
    expect(res.status).toBe(200);
  });

  /** Every /ajax POST and every /gw call, read off the API document (it lists every call route). */
  async function callRoutes() {
    const doc = JSON.parse((await rawRequest(port, '/docs/openapi.json')).body) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes: { method: string; path: string }[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        if ((path.startsWith('/ajax/') && method === 'post') || path.startsWith('/gw/'))
          routes.push({ method: method.toUpperCase(), path });
      }
    }
    return routes;
  }

  /** Other spellings of a path: each must be refused, or reach the same checks as the original. */
  function variants(path: string): string[] {
    const [, prefix = '', rest = ''] = /^\/(ajax|gw)\/(.+)$/.exec(path)!;
    const first = prefix.charCodeAt(0).toString(16);
    return [
      `/%${first}${prefix.slice(1)}/${rest}`,
      `/%${first.toUpperCase()}${prefix.slice(1)}/${rest}`,
      `/${prefix}/%${rest.charCodeAt(0).toString(16)}${rest.slice(1)}`,
      `/${prefix}%2f${rest}`,
      `/${prefix}//${rest}`,
      `//${prefix}/${rest}`,
      `/${prefix}/./${rest}`,
      `/x/../${prefix}/${rest}`,
      `/${prefix}/${rest}/`,
      `/${prefix.toUpperCase()}/${rest}`,
      `http://127.0.0.1:${port}${path}`,
      `http://tv.example.test${path}`,
    ];
  }

  const refusals = new Set(['BAD_URL', 'CSRF_REJECTED', 'CLIENT_REJECTED', 'ROUTE_NOT_FOUND']);

  it('no spelling of an /ajax POST skips the CSRF check', async () => {
    const routes = (await callRoutes()).filter((r) => r.path.startsWith('/ajax/'));
    expect(routes.map((r) => r.path)).toContain('/ajax/ajaxLogin.do');
    for (const { path } of routes) {
      for (const target of [path, ...variants(path)]) {
        const res = await rawRequest(port, target, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'loginId=demo%40example.com&password=demo1234',
        });
        expect(res.status, `${target} ${res.body}`).toBeGreaterThanOrEqual(400);
        const code = errorEnvelopeSchema.parse(JSON.parse(res.body)).status.code;
        expect(refusals.has(code), `${target} → ${code}`).toBe(true);
        expect(res.headers['set-cookie'] ?? []).not.toContainEqual(expect.stringMatching(/^sid=/));
      }
    }
  });

  it('no spelling of a /gw call skips the signature', async () => {
    const routes = (await callRoutes()).filter((r) => r.path.startsWith('/gw/'));
    expect(routes.map((r) => r.path)).toContain('/gw/FindVideoList.json');
    const forged = `?chl=demo-app&ts=${ctx.now.value}&chk=${'a'.repeat(64)}&maxRecord=5`;
    for (const { method, path } of routes) {
      for (const target of [path, ...variants(path)]) {
        const res = await rawRequest(port, target + forged, { method });
        expect(res.status, `${method} ${target} ${res.body}`).toBeGreaterThanOrEqual(400);
        const code = errorEnvelopeSchema.parse(JSON.parse(res.body)).status.code;
        expect(refusals.has(code), `${target} → ${code}`).toBe(true);
      }
    }
  });

  it('the canonical spellings still work for a real client', async () => {
    const res = await rawRequest(port, gatewayUrl(ctx, 'GET', '/gw/FindVideoList.json'));
    expect(res.status).toBe(200);
    const browser = new TestBrowser(ctx.app);
    const login = await browser.post('/ajax/ajaxLogin.do', {
      loginId: 'demo@example.com',
      password: 'demo1234',
    });
    expect(login.statusCode).toBe(200);
  });
});
