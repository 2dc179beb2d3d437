import { playRightReplySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/index.js';

describe('media: public pictures, signed streams', () => {
  const ctx = useTestApp({ seed: true });
  const signedMaster = async () =>
    playRightReplySchema.parse(
      (await ctx.app.inject('/ajax/ajaxFindVideoPlayRight.do?contentId=M0001')).json(),
    ).data.videoUrl;

  it('serves pictures and the ad publicly with their types', async () => {
    for (const [url, type] of [
      ['/media/images/posters/poster-01.jpg', 'image/jpeg'],
      ['/media/images/icons/icon-01.svg', 'image/svg+xml'],
      ['/media/ads/ad-15s/ad-15s.mp4', 'video/mp4'],
    ]) {
      const res = await ctx.app.inject(url!);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain(type!);
    }
  });

  it('streams a clip only under a signed URL, with HLS types and relative URIs that resolve', async () => {
    expect((await ctx.app.inject('/media/clips/clip-a/master.m3u8')).statusCode).toBe(404);
    const master = await signedMaster();
    const prefix = master.slice(0, master.lastIndexOf('/') + 1);
    const res = await ctx.app.inject(master);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toContain('private');
    const variant = res.body
      .split('\n')
      .find((line) => line.endsWith('index.m3u8') && !line.startsWith('#'))!;
    const playlist = await ctx.app.inject(prefix + variant);
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((line) => line.endsWith('.m4s'))!;
    const dir = (prefix + variant).slice(0, (prefix + variant).lastIndexOf('/') + 1);
    const seg = await ctx.app.inject(dir + segment);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/iso.segment');
    // The same path for every viewer, so shared caches may keep segments (docs/adr/0023).
    expect(seg.headers['cache-control']).toBe('public, max-age=86400');
    const subs = await ctx.app.inject(`${prefix}subs/zh/subtitles.vtt`);
    expect(subs.headers['content-type']).toBe('text/vtt; charset=utf-8');
    const range = await ctx.app.inject({ url: dir + segment, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
  });

  it('refuses a tampered, foreign-clip or expired signature, and never leaves the clip folder', async () => {
    const master = await signedMaster();
    const [, , clipId, expires, signature] = master.split('/');
    // The last character changed for certain (a fixed 'x' would be no change when it is 'x').
    const last = signature!.endsWith('x') ? 'y' : 'x';
    const tampered = `/stream/${clipId}/${expires}/${signature!.slice(0, -1)}${last}/master.m3u8`;
    expect((await ctx.app.inject(tampered)).statusCode).toBe(403);
    const otherClip = `/stream/${clipId === 'clip-a' ? 'clip-b' : 'clip-a'}/${expires}/${signature}/master.m3u8`;
    expect((await ctx.app.inject(otherClip)).statusCode).toBe(403);
    const longer = `/stream/${clipId}/${Number(expires) + 3600}/${signature}/master.m3u8`;
    expect((await ctx.app.inject(longer)).statusCode).toBe(403);
    for (const escape of [
      '../clip-b/master.m3u8',
      '..%2f..%2fimages/posters/poster-01.jpg',
      '.hidden',
    ]) {
      const res = await ctx.app.inject(`/stream/${clipId}/${expires}/${signature}/${escape}`);
      expect(res.statusCode, escape).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, escape).toBeLessThan(500);
    }
    ctx.now.value = Number(expires) + 1;
    expect((await ctx.app.inject(master)).statusCode).toBe(403);
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
