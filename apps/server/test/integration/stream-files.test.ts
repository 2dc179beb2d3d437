import fs from 'node:fs';
import path from 'node:path';
import { playRightReplySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { expectMediaFileHeaders, newMember, useTestApp } from '../support/index.js';

/**
 * The signed stream route's file replies as HTTP: what the route must keep while it is made
 * faster (docs/adr/0059): the bytes on disk, types, caching headers, validators, conditional
 * requests and ranges; and that a signed-in browser's segment requests cost no session lookup.
 */
describe('stream files: replies and the session they do not look up', () => {
  const ctx = useTestApp({ seed: true });
  const SEGMENT = 'v1/seg_003.m4s';
  const onDisk = () => fs.readFileSync(path.join(ctx.config.MEDIA_DIR, 'clips', 'clip-a', SEGMENT));

  /** The shared signed prefix of clip-a (M0001 is a free title). */
  async function prefix(): Promise<string> {
    const master = playRightReplySchema.parse(
      (await ctx.app.inject('/ajax/ajaxFindVideoPlayRight.do?contentId=M0001')).json(),
    ).data.videoUrl;
    expect(master).toMatch(/^\/stream\/clip-a\//);
    return master.slice(0, master.lastIndexOf('/') + 1);
  }

  it('sends a segment byte for byte with its type, caching headers and validators', async () => {
    const url = (await prefix()) + SEGMENT;
    const bytes = onDisk();
    const stat = fs.statSync(path.join(ctx.config.MEDIA_DIR, 'clips', 'clip-a', SEGMENT));
    const res = await ctx.app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['content-type']).toBe('video/iso.segment');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toBe(
      `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
    );
    expect(res.headers['last-modified']).toBe(stat.mtime.toUTCString());
    // Not compressed, whatever the browser accepts: segments are dense already.
    const accepting = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(accepting.headers['content-encoding']).toBeUndefined();
    expect(accepting.rawPayload.equals(bytes)).toBe(true);

    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(bytes.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it("carries a file's headers, not a page's, on segments and playlists; calls keep a page's", async () => {
    const at = await prefix();
    for (const file of [SEGMENT, 'v1/init_1.mp4', 'master.m3u8']) {
      const res = await ctx.app.inject(at + file);
      expect(res.statusCode, file).toBe(200);
      expectMediaFileHeaders(res.headers, file);
    }
    const call = await ctx.app.inject('/ajax/ajaxFindVideoPlayRight.do?contentId=M0001');
    expect(call.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(call.headers['x-frame-options']).toBe('DENY');
  });

  it('answers conditional requests and single ranges as before', async () => {
    const url = (await prefix()) + SEGMENT;
    const bytes = onDisk();
    const first = await ctx.app.inject(url);
    const etag = String(first.headers.etag);
    const modified = String(first.headers['last-modified']);

    const same = await ctx.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(same.statusCode).toBe(304);
    expect(same.rawPayload.length).toBe(0);
    expect(same.headers['cache-control']).toBe('public, max-age=86400');
    const since = await ctx.app.inject({ url, headers: { 'if-modified-since': modified } });
    expect(since.statusCode).toBe(304);
    const other = await ctx.app.inject({ url, headers: { 'if-none-match': '"other"' } });
    expect(other.statusCode).toBe(200);

    const middle = await ctx.app.inject({ url, headers: { range: 'bytes=1000-70999' } });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 1000-70999/${bytes.length}`);
    expect(middle.rawPayload.equals(bytes.subarray(1000, 71000))).toBe(true);
    const tail = await ctx.app.inject({ url, headers: { range: 'bytes=-100' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 100))).toBe(true);
    const fresh = await ctx.app.inject({ url, headers: { range: 'bytes=0-99', 'if-range': etag } });
    expect(fresh.statusCode).toBe(206);
    // A stale If-Range and several ranges get the whole file.
    const stale = await ctx.app.inject({
      url,
      headers: { range: 'bytes=0-99', 'if-range': '"older"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(bytes)).toBe(true);
    const several = await ctx.app.inject({ url, headers: { range: 'bytes=0-9,20-29' } });
    expect(several.statusCode).toBe(200);
    // Past the end: refused in the envelope, as the error handler words a 416.
    const beyond = await ctx.app.inject({ url, headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().status.code).toBe('BAD_INPUT');
  });

  it('compresses clear playlists for browsers that accept it, and 404s a missing file', async () => {
    const shared = await prefix();
    const playlist = await ctx.app.inject({
      url: `${shared}v1/index.m3u8`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('private, max-age=2');
    expect(playlist.headers['content-encoding']).toBe('gzip');
    expect(playlist.headers.vary).toContain('accept-encoding');
    const vtt = await ctx.app.inject(`${shared}subs/zh/subtitles.vtt`);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    const missing = await ctx.app.inject(`${shared}v1/seg_999.m4s`);
    expect(missing.statusCode).toBe(404);
  });

  it("leaves a signed-in viewer's session untouched by segments, unlike a call", async () => {
    const { browser, accountId } = await newMember(ctx.app);
    const db = ctx.database.db;
    const lastSeen = async () =>
      (
        await db
          .selectFrom('session')
          .select('last_seen_at')
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const url = (await prefix()) + SEGMENT;
    const before = await lastSeen();
    // Long enough that a session lookup would renew the session (accounts/sessions.ts).
    ctx.now.value += 600;
    try {
      const segment = await browser.get(url);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['set-cookie']).toBeUndefined();
      expect(await lastSeen()).toBe(before);
      // The same cookie on a call is looked up, and renews the session: the check above could fail.
      const call = await browser.get('/ajax/ajaxGetIsLogin.do');
      expect(call.statusCode).toBe(200);
      expect(await lastSeen()).toBe(ctx.now.value);
    } finally {
      ctx.now.value -= 600;
    }
  });
});
