import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/index.js';

describe('media route', () => {
  const ctx = useTestApp();

  it.each([
    ['/media/clips/clip-a/master.m3u8', 'application/vnd.apple.mpegurl'],
    ['/media/clips/clip-a/v0/init_0.mp4', 'video/mp4'],
    ['/media/clips/clip-a/v0/seg_000.m4s', 'video/iso.segment'],
    ['/media/clips/clip-a/subs/zh/subtitles.vtt', 'text/vtt; charset=utf-8'],
    ['/media/images/posters/poster-01.jpg', 'image/jpeg'],
  ])('%s is served as %s', async (url, type) => {
    const res = await ctx.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.rawPayload.length).toBeGreaterThan(0);
  });

  it('playlists revalidate quickly; segments cache for a day', async () => {
    expect(
      (await ctx.app.inject('/media/clips/clip-a/master.m3u8')).headers['cache-control'],
    ).toContain('max-age=2');
    expect(
      (await ctx.app.inject('/media/clips/clip-a/v1/seg_001.m4s')).headers['cache-control'],
    ).toBe('public, max-age=86400');
  });

  it('serves byte ranges', async () => {
    const res = await ctx.app.inject({
      url: '/media/clips/clip-a/v0/seg_000.m4s',
      headers: { range: 'bytes=0-99' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.rawPayload.length).toBe(100);
  });

  it('never leaves the media folder', async () => {
    for (const url of [
      '/media/../../package.json',
      '/media/%2e%2e/%2e%2e/package.json',
      '/media/..%2f..%2fpackage.json',
      '/media/.hidden',
    ]) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toContain('"workspaces"');
    }
  });
});
