import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { LiveSigner } from '../../src/modules/live/origin/live-signer.js';
import { newChannel, newProgramme, useTestApp } from '../support/index.js';

/** A parsed media playlist: its headers and each segment with its discontinuity count. */
interface Parsed {
  sequence: number;
  discontinuitySequence: number;
  segments: {
    sn: number;
    cc: number;
    uri: string;
    map: string;
    pdt: string | null;
    tagged: boolean;
  }[];
  dateranges: string[];
  ended: boolean;
}

function parse(text: string): Parsed {
  const lines = text.trim().split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  const header = (tag: string) => Number(lines.find((l) => l.startsWith(tag))!.slice(tag.length));
  const sequence = header('#EXT-X-MEDIA-SEQUENCE:');
  const discontinuitySequence = header('#EXT-X-DISCONTINUITY-SEQUENCE:');
  const segments: Parsed['segments'] = [];
  let cc = discontinuitySequence;
  let map = '';
  let pdt: string | null = null;
  let tagged = false;
  for (const line of lines) {
    if (line === '#EXT-X-DISCONTINUITY') {
      cc += 1;
      tagged = true;
    } else if (line.startsWith('#EXT-X-MAP:')) map = /URI="([^"]+)"/.exec(line)![1]!;
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdt = line.slice(25);
    else if (!line.startsWith('#')) {
      segments.push({ sn: sequence + segments.length, cc, uri: line, map, pdt, tagged });
      pdt = null;
      tagged = false;
    }
  }
  return {
    sequence,
    discontinuitySequence,
    segments,
    dateranges: lines.filter((l) => l.startsWith('#EXT-X-DATERANGE:')),
    ended: lines.includes('#EXT-X-ENDLIST'),
  };
}

describe('the live origin', () => {
  const ctx = useTestApp({ seed: true });

  async function masterOf(channelId: string, app: FastifyInstance = ctx.app): Promise<string> {
    const res = await app.inject(`/ajax/ajaxSwitchChannel.do?channelId=${channelId}`);
    const url = Buffer.from(res.json().data.videoUrl as string, 'base64').toString();
    expect(url, `${channelId} streams`).toMatch(/^\/live\//);
    return url;
  }
  async function media(channelId: string, variant = 0, app: FastifyInstance = ctx.app) {
    const url = (await masterOf(channelId, app)).replace('master.m3u8', `v${variant}.m3u8`);
    const res = await app.inject(url);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }
  async function at<T>(moment: number, run: () => Promise<T>): Promise<T> {
    const saved = ctx.now.value;
    ctx.now.value = moment;
    try {
      return await run();
    } finally {
      ctx.now.value = saved;
    }
  }

  it('answers master and media playlists, cacheable for a second or two', async () => {
    const master = await ctx.app.inject(await masterOf('ch01'));
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('public, max-age=2');
    expect(master.body).toContain('RESOLUTION=640x360');
    expect(master.body).toContain('v0.m3u8\n');
    expect(master.body).toContain('v1.m3u8\n');
    const res = await media('ch01');
    expect(res.headers['cache-control']).toBe('public, max-age=1');
    const playlist = parse(res.body);
    // The last whole segment before now, six of them.
    expect(playlist.segments.at(-1)!.sn).toBe(Math.floor(ctx.now.value / 2) - 1);
    expect(playlist.segments).toHaveLength(6);
    expect(playlist.segments[0]!.pdt).toBe(new Date(playlist.sequence * 2000).toISOString());
    expect(res.body).toContain('#EXT-X-TARGETDURATION:2\n');
    expect(playlist.ended).toBe(false);
  });

  it('serves segments beside the playlists, their decode times on the channel timeline', async () => {
    const url = (await masterOf('ch01')).replace('master.m3u8', 'v0.m3u8');
    const prefix = url.replace('v0.m3u8', '');
    const playlist = parse((await media('ch01')).body);
    for (const segment of playlist.segments) {
      // {clip}/{asset start, Unix seconds}/{dir}/{file}, relative to the media playlist.
      const [, clip, start, file] = /^(clip-b)\/(\d+)\/v0\/(seg_(\d{3})\.m4s)$/.exec(segment.uri)!;
      expect(Number(start) + 2 * Number(file!.slice(4, 7))).toBe(segment.sn * 2);
      const res = await ctx.app.inject(prefix + segment.uri);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('video/iso.segment');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      // The video track's tfdt (timescale 15360) is the segment's wall-clock start.
      const body = res.rawPayload;
      const tfdt = body.indexOf('tfdt');
      expect(body[tfdt + 4]).toBe(1);
      expect(Number(body.readBigUInt64BE(tfdt + 8)) / 15360).toBe(segment.sn * 2);
      expect(clip).toBe('clip-b');
    }
    expect((await ctx.app.inject(playlist.segments[0]!.map)).statusCode).toBe(200);

    const good = playlist.segments[0]!.uri;
    const [, start] = good.split('/');
    for (const [uri, status] of [
      [good.replace('clip-b/', 'clip-a/'), 404], // not one of the channel's clips
      [good.replace(`/${start}/`, `/${Number(start) + 1}/`), 404], // not on a segment boundary
      [good.replace(`/${start}/`, `/${Number(start) + 2}/`), 404], // the clip does not start there
      [good.replace(`/${start}/`, `/${Number(start) + 3600}/`), 404], // in the future
      [good.replace(`/${start}/`, `/0${start}/`), 404], // another spelling
      [good.replace(/seg_\d{3}/, 'seg_999'), 404], // not a file of the rendition
      [good.replace('/v0/', '/v2/'), 404],
    ] as const)
      expect((await ctx.app.inject(prefix + uri)).statusCode, uri).toBe(status);
    const forged = prefix.replace(/\/[A-Za-z0-9_-]{32}\/$/, `/${'A'.repeat(32)}/`);
    expect((await ctx.app.inject(forged + good)).statusCode).toBe(403);
    // ch11's cap leaves out the 720p variant: its segments are not served either.
    const capped = parse((await media('ch11')).body).segments[0]!.uri;
    const cappedPrefix = (await masterOf('ch11')).replace('master.m3u8', '');
    expect((await ctx.app.inject(cappedPrefix + capped)).statusCode).toBe(200);
    expect((await ctx.app.inject(cappedPrefix + capped.replace('/v0/', '/v1/'))).statusCode).toBe(
      404,
    );
  });

  it('a live address reaches back two minutes only, and never ahead of the air (docs/adr/0043)', async () => {
    // 11 s into an asset (the demo clip is 30 s), so the asset goes on after the playlist's end.
    const moment = ctx.now.value + 11;
    const prefix = (await masterOf('ch01')).replace('master.m3u8', '');
    const playlist = parse((await at(moment, () => media('ch01'))).body);
    const last = playlist.segments.at(-1)!;
    const segment = (uri: string, when: number) => at(when, () => ctx.app.inject(prefix + uri));
    // Still served to a slow player 100 s later; not 130 s later: older seconds are catch-up's.
    expect((await segment(last.uri, moment + 100)).statusCode).toBe(200);
    expect((await segment(last.uri, moment + 130)).statusCode).toBe(404);
    // The segment on air now is served; the one after it has not aired: refused, though its
    // asset has started and the file exists.
    const index = Number(/seg_(\d{3})\.m4s$/.exec(last.uri)![1]);
    const next = (n: number) => last.uri.replace(/seg_\d{3}/, `seg_${String(n).padStart(3, '0')}`);
    expect((await segment(next(index + 1), moment)).statusCode).toBe(200);
    expect((await segment(next(index + 2), moment)).statusCode).toBe(404);
    expect((await segment(next(index + 2), moment + 2)).statusCode).toBe(200);
  });

  it('two instances with the same clock answer byte-identical playlists', async () => {
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      clock: () => ctx.now.value,
    });
    await other.ready();
    try {
      for (const channelId of ['ch01', 'ch02', 'ch07', 'ch11', 'ch12']) {
        const master = await masterOf(channelId);
        expect(await masterOf(channelId, other)).toBe(master);
        expect((await other.inject(master)).body).toBe((await ctx.app.inject(master)).body);
        for (const variant of channelId === 'ch11' ? [0] : [0, 1]) {
          const mine = (await media(channelId, variant)).body;
          expect((await media(channelId, variant, other)).body, `${channelId} v${variant}`).toBe(
            mine,
          );
        }
      }
    } finally {
      await other.close();
    }
  });

  it('the media sequence grows by one every 2 s, and segments keep their URI and discontinuity count', async () => {
    const start = ctx.now.value;
    const seen = new Map<number, { uri: string; cc: number }>();
    let previous: Parsed | null = null;
    let discontinuities = 0;
    // Two minutes, one request a second: asset boundaries (every 30 s) and a loop come by.
    for (let t = start; t < start + 120; t += 1) {
      const playlist = await at(t, async () => parse((await media('ch07')).body));
      expect(playlist.sequence).toBe(Math.floor(t / 2) - 6);
      if (previous) expect(playlist.sequence - previous.sequence).toBe(t % 2 === 0 ? 1 : 0);
      for (const s of playlist.segments) {
        // Relative to the playlist: no signed prefix, so the same URI in every hour.
        const uri = s.uri;
        const before = seen.get(s.sn);
        if (before) expect({ uri, cc: s.cc }, `segment ${s.sn}`).toEqual(before);
        seen.set(s.sn, { uri, cc: s.cc });
        if (s.tagged) {
          discontinuities += 1;
          // An asset starts after a discontinuity: its first segment, its init, its time.
          expect(s.uri).toMatch(/seg_000\.m4s$/);
          expect(s.map).toMatch(/init_0\.mp4$/);
          expect(s.pdt).toBe(new Date(s.sn * 2000).toISOString());
        }
      }
      previous = playlist;
    }
    expect(discontinuities).toBeGreaterThan(0);
    // Between two tags the count is constant; across one it rises by exactly one.
    const sns = [...seen.keys()].sort((a, b) => a - b);
    for (let i = 1; i < sns.length; i += 1) {
      const step = seen.get(sns[i]!)!.cc - seen.get(sns[i - 1]!)!.cc;
      expect(step === 0 || step === 1, `cc step at ${sns[i]}`).toBe(true);
      expect(step === 1).toBe(/seg_000\.m4s$/.test(seen.get(sns[i]!)!.uri));
    }
    // ch07 plays clip-b and clip-c in turn: both appear.
    const clips = new Set([...seen.values()].map((s) => /^(clip-\w)\//.exec(s.uri)![1]));
    expect(clips).toEqual(new Set(['clip-b', 'clip-c']));
  });

  it('a programme starts an asset from its beginning, with its own date, mid-asset or not', async () => {
    const channel = await newChannel(ctx.database.db, { clip_id: 'clip-a' });
    // An odd second inside an asset: the programme begins on the next segment boundary.
    const begin = ctx.now.value + 3600 + 7;
    await newProgramme(ctx.database.db, {
      channel_id: channel.channel_id,
      start_at: begin,
      end_at: begin + 1800,
      name: '特別節目',
      description: '',
    });
    const playlist = await at(begin + 9, async () => parse((await media(channel.channel_id)).body));
    const first = playlist.segments.find((s) => s.sn === Math.ceil(begin / 2))!;
    expect(first.tagged).toBe(true);
    expect(first.uri).toBe(`clip-a/${first.sn * 2}/v0/seg_000.m4s`);
    expect(first.pdt).toBe(new Date(Math.ceil(begin / 2) * 2000).toISOString());
  });

  it('an AVOD channel marks its ad breaks with EXT-X-DATERANGE; a free one does not', async () => {
    const programme = await ctx.database.db
      .selectFrom('programme')
      .select(['start_at'])
      .where('channel_id', '=', 'ch02')
      .where('start_at', '>', ctx.now.value)
      .orderBy('start_at')
      .executeTakeFirstOrThrow();
    const start = Number(programme.start_at);
    const avod = await at(start + 4, async () => parse((await media('ch02')).body));
    expect(avod.dateranges).toHaveLength(1);
    expect(avod.dateranges[0]).toBe(
      `#EXT-X-DATERANGE:ID="ad-ch02-${start / 2}",CLASS="com.starvideo.ad-break",` +
        `START-DATE="${new Date(start * 1000).toISOString()}",PLANNED-DURATION=30.000,` +
        // Origin-relative: resolved against the playlist, whatever host it was reached by.
        'X-AD-TAG="/ads/vast?slot=midroll&channelId=ch02"',
    );
    const free = await at(start + 4, async () => parse((await media('ch01')).body));
    expect(free.dateranges).toEqual([]);
  });

  it('lists only the renditions within the channel bitrate cap', async () => {
    const master = (await ctx.app.inject(await masterOf('ch11'))).body;
    expect(master).toContain('v0.m3u8');
    expect(master).not.toContain('v1.m3u8');
    const capped = (await masterOf('ch11')).replace('master.m3u8', 'v1.m3u8');
    expect((await ctx.app.inject(capped)).statusCode).toBe(404);
  });

  it('ends the playlist when the channel ends, and refuses one not yet on air', async () => {
    const end = ctx.now.value + 41; // an odd second: the last whole segment ends before it
    const channel = await newChannel(ctx.database.db, { air_end_at: end });
    const url = (await masterOf(channel.channel_id)).replace('master.m3u8', 'v0.m3u8');
    const during = parse((await ctx.app.inject(url)).body);
    expect(during.ended).toBe(false);
    const after = await at(end + 100, async () => parse((await ctx.app.inject(url)).body));
    expect(after.ended).toBe(true);
    expect(after.segments.at(-1)!.sn).toBe(Math.floor(end / 2) - 1);
    const signer = new LiveSigner(ctx.config.STREAM_SIGNING_SECRET);
    const soon = signer.prefix('ch09', LiveSigner.expiresFor(ctx.now.value, 3600));
    const notYet = await ctx.app.inject(`${soon}v0.m3u8`);
    expect(notYet.statusCode).toBe(404);
    expect(notYet.json().status.message).toBe('本頻道目前沒有播出。');
  });

  it('refuses a forged, borrowed or expired playlist link (403) and odd names (404)', async () => {
    const master = await masterOf('ch01');
    const [, , , expires, signature] = master.split('/');
    const forged = master.replace(signature!, 'A'.repeat(32));
    expect((await ctx.app.inject(forged)).statusCode).toBe(403);
    expect((await ctx.app.inject(master.replace('/ch01/', '/ch07/'))).statusCode).toBe(403);
    expect(
      (await ctx.app.inject(master.replace(signature!, encodeURIComponent('é'.repeat(32)))))
        .statusCode,
    ).toBe(403);
    const expired = await at(Number(expires), () => ctx.app.inject(master));
    expect(expired.statusCode).toBe(403);
    expect(expired.json().status.code).toBe('FORBIDDEN');
    for (const name of ['v9.m3u8', 'index.m3u8', 'v0.ts', 'seg_000.m4s']) {
      expect((await ctx.app.inject(master.replace('master.m3u8', name))).statusCode, name).toBe(
        404,
      );
    }
  });
});
