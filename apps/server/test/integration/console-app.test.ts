import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConsoleBrowser, useTestApp } from '../support/index.js';

describe('the console app under /console (issue 22)', () => {
  const ctx = useTestApp();

  it('answers its index.html for /console and any address under it, with its own CSP', async () => {
    for (const url of ['/console', '/console/', '/console/staff', '/console/titles/M0001?page=2']) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('/console/assets/index-x.js');
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).toContain("frame-ancestors 'none'");
      // The customers' policy (YouTube and Twitch frames) is not the console's.
      expect(csp).not.toContain('youtube');
    }
  });

  it('hands the page a CSRF cookie under /console for its sign-in', async () => {
    const res = await ctx.app.inject('/console');
    const cookie = (res.cookies as { name: string; path?: string; httpOnly?: boolean }[]).find(
      (c) => c.name === 'console_csrf',
    );
    expect(cookie).toMatchObject({ path: '/console' });
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('serves its hashed files for a year, and never answers a call with the page', async () => {
    const asset = await ctx.app.inject('/console/assets/index-x.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);

    const missingAsset = await ctx.app.inject('/console/assets/nothing-x.js');
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.headers['content-type']).toMatch(/json/);

    const unknownCall = await ctx.app.inject('/console/api/nothing');
    expect(unknownCall.statusCode).toBe(404);
    expect(unknownCall.json().status.code).toBe('ROUTE_NOT_FOUND');

    const call = await new ConsoleBrowser(ctx.app).get('/console/api/session');
    expect(call.statusCode).toBe(401);
    expect(call.json().status.code).toBe('STAFF_NOT_SIGNED_IN');
  });

  it('leaves the customers’ pages their own policy and bundle', async () => {
    const home = await ctx.app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).not.toContain('/console');
    expect(String(home.headers['content-security-policy'])).toContain('youtube');
  });
});

describe('a server whose console is not built', () => {
  const ctx = useTestApp({
    env: { CONSOLE_DIST_DIR: path.join(os.tmpdir(), 'no-console-build-here') },
  });

  it('answers 503 at /console and still serves the customers’ pages', async () => {
    expect((await ctx.app.inject('/console/staff')).statusCode).toBe(503);
    expect((await ctx.app.inject('/')).statusCode).toBe(200);
    expect((await ctx.app.inject('/console/api/nothing')).statusCode).toBe(404);
  });
});
