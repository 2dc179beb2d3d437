import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LiveSigner } from '../../src/modules/live/origin/live-signer.js';
import {
  expectMediaFileHeaders,
  newMember,
  useTestApp,
  type TestBrowser,
} from '../support/index.js';

/** Start over and catch-up (issue 24, docs/adr/0043): the calls and the origin's /catchup/ playlists. */

const HOUR = 3600;
const PLAY = '/ajax/ajaxGetProgramPlay.do';
const LIST = '/ajax/ajaxFindCatchupProgramList.do';
const SAVE = '/ajax/ajaxSaveProgramPosition.do';
const HISTORY = '/ajax/ajaxFindProgramHistoryList.do';

interface Segment {
  sn: number;
  cc: number;
  uri: string;
  map: string;
  pdt: string | null;
}

/** A media playlist's headers and segments, each with its discontinuity count. */
function parse(text: string) {
  const lines = text.trim().split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  const header = (tag: string) => lines.find((l) => l.startsWith(tag))?.slice(tag.length);
  const sequence = Number(header('#EXT-X-MEDIA-SEQUENCE:'));
  let cc = Number(header('#EXT-X-DISCONTINUITY-SEQUENCE:'));
  const segments: Segment[] = [];
  let map = '';
  let pdt: string | null = null;
  for (const line of lines) {
    if (line === '#EXT-X-DISCONTINUITY') cc += 1;
    else if (line.startsWith('#EXT-X-MAP:')) map = /URI="([^"]+)"/.exec(line)![1]!;
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) pdt = line.slice(25);
    else if (!line.startsWith('#')) {
      segments.push({ sn: sequence + segments.length, cc, uri: line, map, pdt });
      pdt = null;
    }
  }
  return {
    type: header('#EXT-X-PLAYLIST-TYPE:'),
    sequence,
    segments,
    dateranges: lines.filter((l) => l.startsWith('#EXT-X-DATERANGE:')),
    ended: lines.includes('#EXT-X-ENDLIST'),
  };
}

const iso = (unix: number) => new Date(unix * 1000).toISOString();
const decode = (videoUrl: string) => Buffer.from(videoUrl, 'base64').toString();

describe('start over and catch-up', () => {
  const ctx = useTestApp({ seed: true });
  const db = () => ctx.database.db;
  const signer = () => new LiveSigner(ctx.config.STREAM_SIGNING_SECRET);

  const schedule = async (channelId: string) =>
    (
      await db()
        .selectFrom('programme')
        .select(['start_at', 'end_at', 'name', 'catchup_blackout'])
        .where('channel_id', '=', channelId)
        .orderBy('start_at')
        .execute()
    ).map((p) => ({
      start: Number(p.start_at),
      end: Number(p.end_at),
      name: p.name,
      blackout: Number(p.catchup_blackout) === 1,
    }));
  const onAir = async (channelId: string) =>
    (await schedule(channelId)).find((p) => p.start <= ctx.now.value && ctx.now.value < p.end)!;
  /** The last programme that ended before now (not blacked out). */
  const ended = async (channelId: string, back = 0) =>
    (await schedule(channelId)).filter((p) => p.end <= ctx.now.value && !p.blackout).at(-1 - back)!;

  async function at<T>(moment: number, run: () => Promise<T>): Promise<T> {
    const saved = ctx.now.value;
    ctx.now.value = moment;
    try {
      return await run();
    } finally {
      ctx.now.value = saved;
    }
  }
  const get = (url: string, browser?: TestBrowser, headers: Record<string, string> = {}) =>
    browser ? browser.get(url, headers) : ctx.app.inject({ url, headers });
  const play = (channelId: string, programStart: number | string, browser?: TestBrowser) =>
    get(`${PLAY}?channelId=${channelId}&programStart=${programStart}`, browser);
  async function masterOf(channelId: string, programStart: number, browser?: TestBrowser) {
    const res = await play(channelId, programStart, browser);
    expect(res.statusCode, res.body).toBe(200);
    const url = decode(res.json().data.videoUrl as string);
    expect(url).toMatch(
      new RegExp(`^/catchup/${channelId}/${programStart}/\\d+/[\\w-]{32}/master\\.m3u8$`),
    );
    return url;
  }
  async function mediaOf(url: string, app: FastifyInstance = ctx.app) {
    const res = await app.inject(url.replace('master.m3u8', 'v0.m3u8'));
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }
  async function livePlaylist(channelId: string) {
    const res = await ctx.app.inject(`/ajax/ajaxSwitchChannel.do?channelId=${channelId}`);
    const url = decode(res.json().data.videoUrl as string).replace('master.m3u8', 'v0.m3u8');
    const playlist = await ctx.app.inject(url);
    expectMediaFileHeaders(playlist.headers, 'live playlist');
    return Object.assign(parse(playlist.body), { prefix: url.replace('v0.m3u8', '') });
  }
  const refusalOf = (res: { statusCode: number; json: () => unknown }) => ({
    status: res.statusCode,
    message: (res.json() as { status: { message: string } }).status.message,
  });

  describe('the catch-up list', () => {
    it('lists the programmes started inside the window, oldest first, up to the one on air', async () => {
      const res = await get(`${LIST}?channelId=ch01`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.catchupHours).toBe(72);
      const all = await schedule('ch01');
      const expected = all.filter(
        (p) => p.start <= ctx.now.value && p.start >= ctx.now.value - 72 * HOUR,
      );
      expect(data.programList.map((p: { programStart: string }) => Number(p.programStart))).toEqual(
        expected.map((p) => p.start),
      );
      expect(data.programList.at(-1)).toMatchObject({ onAir: 'Y', catchup: 'Y', catchupDesc: '' });
      expect(data.programList[0]).toMatchObject({ onAir: 'N', catchup: 'Y' });
    });

    it('says why not: no window (ch05), a blackout (ch12 baseball)', async () => {
      const none = (await get(`${LIST}?channelId=ch05`)).json().data;
      expect(none.catchupHours).toBe(0);
      expect(none.programList).toHaveLength(1);
      expect(none.programList[0]).toMatchObject({
        onAir: 'Y',
        catchup: 'N',
        catchupDesc: '本頻道不提供從頭看與回看。',
      });
      const sports = (await get(`${LIST}?channelId=ch12`)).json().data.programList as {
        programName: string;
        catchup: string;
        catchupDesc: string;
      }[];
      const baseball = sports.filter((p) => p.programName === '棒球直播');
      expect(baseball.length).toBeGreaterThan(0);
      for (const p of baseball)
        expect(p).toMatchObject({ catchup: 'N', catchupDesc: '本節目不提供從頭看與回看。' });
      expect(sports.some((p) => p.catchup === 'Y')).toBe(true);
    });
  });

  describe('the origin', () => {
    it('start over: an EVENT playlist from the programme’s first segment to the live edge, the same segments as live', async () => {
      const programme = await onAir('ch01');
      const url = await masterOf('ch01', programme.start);
      const reply = (await play('ch01', programme.start)).json().data;
      expect(reply.mode).toBe('startover');
      expect(reply.program).toMatchObject({ onAir: 'Y', programName: programme.name });
      const master = await ctx.app.inject(url);
      expect(master.statusCode).toBe(200);
      expect(master.headers['cache-control']).toBe('public, max-age=2');
      expect(master.body).toContain('v0.m3u8\n');
      const res = await mediaOf(url);
      expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(res.headers['cache-control']).toBe('public, max-age=1');
      const event = parse(res.body);
      expect(event.type).toBe('EVENT');
      expect(event.ended).toBe(false);
      expect(event.sequence).toBe(programme.start / 2);
      // The first segment's wall-clock time is the programme's start.
      expect(event.segments[0]!.pdt).toBe(iso(programme.start));
      expect(event.segments.at(-1)!.sn).toBe(Math.floor(ctx.now.value / 2) - 1);
      expect(event.segments).toHaveLength(Math.floor(ctx.now.value / 2) - programme.start / 2);
      // Live's window is the EVENT playlist's tail: same numbers, same URIs, same init segments.
      const live = await livePlaylist('ch01');
      const tail = event.segments.slice(-live.segments.length);
      expect(tail.map((s) => [s.sn, s.cc, s.uri, s.map])).toEqual(
        live.segments.map((s) => [s.sn, s.cc, s.uri, s.map]),
      );
      // Growing: a minute later the playlist (appended to the one in memory) is the one written
      // whole for another address of the programme, but for the init segments' signed prefixes.
      const grown = (await at(ctx.now.value + 60, () => mediaOf(url))).body;
      const [, , , , expires] = url.split('/');
      const other = `${signer().programmePrefix('ch01', programme.start, Number(expires) + 3600)}v0.m3u8`;
      const whole = (await at(ctx.now.value + 60, () => ctx.app.inject(other))).body;
      const unsigned = (text: string) =>
        text.replace(/\/stream\/([\w-]+)\/\d+\/[\w-]+\//g, '/stream/$1/');
      expect(unsigned(grown)).toBe(unsigned(whole));
      expect(parse(grown).segments).toHaveLength(event.segments.length + 30);
      // A wall-clock time at every discontinuity, as live.
      expect(
        res.body
          .split('#EXT-X-DISCONTINUITY\n')
          .slice(1)
          .every((part) => part.includes('#EXT-X-PROGRAM-DATE-TIME:')),
      ).toBe(true);
    });

    it('once the programme has ended: a VOD playlist with EXT-X-ENDLIST, cacheable a long time', async () => {
      const programme = await onAir('ch01');
      const url = await masterOf('ch01', programme.start);
      const later = programme.end + 60;
      const res = await at(later, () => mediaOf(url));
      const vod = parse(res.body);
      expect(vod.type).toBe('VOD');
      expect(vod.ended).toBe(true);
      expect(vod.segments).toHaveLength((programme.end - programme.start) / 2);
      expect(vod.segments[0]!.pdt).toBe(iso(programme.start));
      expect(vod.segments.at(-1)!.sn).toBe(programme.end / 2 - 1);
      const cache = String(res.headers['cache-control']);
      expect(cache).toMatch(/^public, max-age=\d+, immutable$/);
      expect(Number(/max-age=(\d+)/.exec(cache)![1])).toBeGreaterThan(HOUR);
      // It never changes: asked again later, the same bytes (from memory).
      const again = await at(later + 600, () => mediaOf(url));
      expect(again.body).toBe(res.body);
      // The live playlist of that moment carries the same numbers for the same seconds.
      const live = await at(programme.end, () => livePlaylist('ch01'));
      const bySn = new Map(vod.segments.map((s) => [s.sn, s]));
      for (const s of live.segments.filter((x) => x.sn < programme.end / 2))
        expect([bySn.get(s.sn)!.uri, bySn.get(s.sn)!.cc]).toEqual([s.uri, s.cc]);
      // Compressed once, from memory: the same playlist in br and gzip.
      const br = await at(later, () =>
        ctx.app.inject({
          url: url.replace('master.m3u8', 'v0.m3u8'),
          headers: { 'accept-encoding': 'br' },
        }),
      );
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toBe('accept-encoding');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(res.body);
      const gz = await at(later, () =>
        ctx.app.inject({
          url: url.replace('master.m3u8', 'v0.m3u8'),
          headers: { 'accept-encoding': 'gzip' },
        }),
      );
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(res.body);
    });

    it('catch-up of an ended programme; its segments beside the playlist, none outside it', async () => {
      const programme = await ended('ch01');
      const url = await masterOf('ch01', programme.start);
      expect((await play('ch01', programme.start)).json().data.mode).toBe('catchup');
      const vod = parse((await mediaOf(url)).body);
      expect(vod.type).toBe('VOD');
      const prefix = url.replace('master.m3u8', '');
      const first = await ctx.app.inject(prefix + vod.segments[0]!.uri);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('video/iso.segment');
      expectMediaFileHeaders(first.headers, 'catch-up segment');
      expectMediaFileHeaders((await mediaOf(url)).headers, 'catch-up playlist');
      const tfdt = first.rawPayload.indexOf('tfdt');
      expect(Number(first.rawPayload.readBigUInt64BE(tfdt + 8)) / 15360).toBe(programme.start);
      expect((await ctx.app.inject(prefix + vod.segments.at(-1)!.uri)).statusCode).toBe(200);
      // The live playlist's newest segment is not part of this programme.
      const live = await livePlaylist('ch01');
      expect((await ctx.app.inject(prefix + live.segments.at(-1)!.uri)).statusCode).toBe(404);
      const onAir = await ctx.app.inject(live.prefix + live.segments.at(-1)!.uri);
      expect(onAir.statusCode).toBe(200);
      expectMediaFileHeaders(onAir.headers, 'live segment');
    });

    it('ad breaks: the programme carries the same DATERANGE marks as live (AVOD ch02)', async () =>
      // Twenty minutes into ch02's programme (at the test's moment one just begins).
      at(ctx.now.value + 20 * 60, async () => {
        const programme = await onAir('ch02');
        const reply = (await play('ch02', programme.start)).json().data;
        expect(reply).toMatchObject({ preRoll: 'Y' });
        expect(reply.preVastUrl).not.toBe('');
        const event = parse((await mediaOf(decode(reply.videoUrl as string))).body);
        expect(event.dateranges[0]).toContain(`START-DATE="${iso(programme.start)}"`);
        const live = await livePlaylist('ch02');
        for (const mark of live.dateranges) expect(event.dateranges).toContain(mark);
        const free = (await play('ch01', (await onAir('ch01')).start)).json().data;
        expect(free).toMatchObject({ preRoll: 'N', preVastUrl: '', vastSeqId: '' });
      }));
  });

  describe('refusals', () => {
    it('a blacked-out programme, a channel without a window, one outside the window, one not yet begun', async () => {
      const baseball = (await schedule('ch12')).find(
        (p) => p.blackout && p.start <= ctx.now.value,
      )!;
      expect(refusalOf(await play('ch12', baseball.start))).toEqual({
        status: 403,
        message: '本節目不提供從頭看與回看。',
      });
      expect(refusalOf(await play('ch05', (await onAir('ch05')).start))).toEqual({
        status: 403,
        message: '本頻道不提供從頭看與回看。',
      });
      // ch07 keeps two hours from now on: a programme that started three hours ago is out.
      await db()
        .updateTable('channel')
        .set({ catchup_hours: 2 })
        .where('channel_id', '=', 'ch07')
        .execute();
      const old = (await schedule('ch07')).find(
        (p) => p.start <= ctx.now.value - 3 * HOUR && p.start > ctx.now.value - 6 * HOUR,
      )!;
      expect(refusalOf(await play('ch07', old.start))).toEqual({
        status: 403,
        message: '本節目已超過回看期限。',
      });
      const future = (await schedule('ch01')).find((p) => p.start > ctx.now.value)!;
      expect(refusalOf(await play('ch01', future.start))).toEqual({
        status: 403,
        message: '節目尚未播出，無法從頭觀看。',
      });
      // The origin refuses them too, even behind a genuine signature.
      const expires = LiveSigner.expiresFor(ctx.now.value, 3600);
      const signed = (channelId: string, start: number) =>
        `${signer().programmePrefix(channelId, start, expires)}v0.m3u8`;
      for (const [url, status] of [
        [signed('ch12', baseball.start), 403],
        [signed('ch07', old.start), 403],
        [signed('ch01', future.start), 403],
        [signed('ch05', (await onAir('ch05')).start), 403],
        [signed('ch01', future.start + 1), 404],
      ] as const) {
        const res = await ctx.app.inject(url);
        expect(res.statusCode, url).toBe(status);
        expect(res.json().status.message).toMatch(/[\u4e00-\u9fff]/);
      }
      // A programme leaving the window while its URL is still valid is refused from then on.
      const recent = (await schedule('ch07')).find(
        (p) => p.start > ctx.now.value - 2 * HOUR && p.start <= ctx.now.value,
      )!;
      const url = await masterOf('ch07', recent.start);
      expect((await ctx.app.inject(url)).statusCode).toBe(200);
      const outOfWindow = await at(recent.start + 2 * HOUR + 1, () => ctx.app.inject(url));
      expect(refusalOf(outOfWindow)).toEqual({ status: 403, message: '本節目已超過回看期限。' });
    });

    it('the live right: subscribers only (SVOD ch08), allowWeb N (ch03), a kid', async () => {
      const svod = (await onAir('ch08')).start;
      expect(refusalOf(await play('ch08', svod))).toEqual({
        status: 401,
        message: '本頻道為訂戶專屬頻道，請先登入會員。',
      });
      const member = await newMember(ctx.app);
      expect(refusalOf(await play('ch08', svod, member.browser))).toEqual({
        status: 403,
        message: '本頻道為訂戶專屬頻道，訂閱後即可收看。',
      });
      await db()
        .insertInto('subscription')
        .values({
          account_id: member.accountId,
          service_id: 'SVC-MONTHLY',
          paid_until: ctx.now.value + 30 * 24 * HOUR,
          updated_at: ctx.now.value,
        })
        .execute();
      expect((await play('ch08', svod, member.browser)).statusCode).toBe(200);
      expect(refusalOf(await play('ch03', (await onAir('ch03')).start))).toEqual({
        status: 403,
        message: '本頻道僅限行動裝置觀看，網站不提供從頭看與回看。',
      });
      const kid = await newMember(ctx.app);
      const sub = await kid.browser.post('/ajax/ajaxCreateSubAccount.do', {
        nickname: '小孩',
        kidmode: '1',
      });
      await kid.browser.post('/ajax/ajaxChangeSubAccount.do', {
        newSubaccountID: sub.json().data.subAccount.subAccountUid,
      });
      expect((await play('ch01', (await onAir('ch01')).start, kid.browser)).statusCode).toBe(404);
      expect((await get(`${LIST}?channelId=ch01`, kid.browser)).statusCode).toBe(404);
      expect((await play('ch11', (await onAir('ch11')).start, kid.browser)).statusCode).toBe(200);
    });

    it('bad input: unknown programme, another channel’s, far future, odd spellings', async () => {
      const programme = await ended('ch01');
      const ch02Starts = new Set((await schedule('ch02')).map((p) => p.start));
      const foreign = (await schedule('ch01')).find(
        (p) => !ch02Starts.has(p.start) && p.end <= ctx.now.value,
      )!;
      expect(refusalOf(await play('ch02', foreign.start))).toEqual({
        status: 404,
        message: '找不到這個節目。',
      });
      expect((await play('ch01', programme.start + 60)).statusCode).toBe(404);
      expect((await play('ch01', 99_999_999_999)).statusCode).toBe(404);
      expect((await play('nope', programme.start)).statusCode).toBe(404);
      for (const odd of [
        `0${programme.start}`,
        `+${programme.start}`,
        `${programme.start}.0`,
        '1e9',
        '',
        '-1',
        '999999999999',
      ])
        expect((await play('ch01', encodeURIComponent(odd))).statusCode, odd).toBe(400);
    });

    it('the signed prefix: forged, of another programme, expired, odd spellings', async () => {
      const programme = await ended('ch01');
      const url = await masterOf('ch01', programme.start);
      const [, , channelId, start, expires, signature] = url.split('/') as string[];
      const media = (parts: string[]) => `/${parts.join('/')}/v0.m3u8`;
      expect(
        (await ctx.app.inject(media(['catchup', channelId!, start!, expires!, signature!])))
          .statusCode,
      ).toBe(200);
      const other = await ended('ch01', 1);
      for (const [parts, status] of [
        [['catchup', channelId!, start!, expires!, 'A'.repeat(32)], 403],
        [['catchup', channelId!, String(other.start), expires!, signature!], 403],
        [['catchup', 'ch02', start!, expires!, signature!], 403],
        [['catchup', channelId!, start!, String(Number(expires) + 3600), signature!], 403],
        [['catchup', channelId!, `0${start}`, expires!, signature!], 400],
        [['catchup', channelId!, start!, `0${expires}`, signature!], 400],
        [['catchup', channelId!, start!, `${expires}.0`, signature!], 400],
        [['live', channelId!, expires!, signature!], 403],
      ] as const) {
        const res = await ctx.app.inject(media([...parts]));
        expect(res.statusCode, parts.join('/')).toBe(status);
        expect(res.json().status.message).toMatch(/[\u4e00-\u9fff]/);
      }
      const expired = await at(Number(expires) + 1, () =>
        ctx.app.inject(media(['catchup', channelId!, start!, expires!, signature!])),
      );
      expect(refusalOf(expired)).toEqual({
        status: 403,
        message: '播放連結已失效，請重新整理頁面後再試。',
      });
    });
  });

  describe('resume points, play history and stream leases', () => {
    it('keeps the newest position per viewer, resumes there and lists it newest first', async () => {
      const member = await newMember(ctx.app);
      const first = await ended('ch01');
      const second = await ended('ch07');
      const reply = (await play('ch01', first.start, member.browser)).json().data;
      expect(reply.resumeSeconds).toBe(0);
      const streamId = reply.streamId as string;
      expect(streamId).toMatch(/^[\w-]+$/);
      const lease = await db()
        .selectFrom('stream_lease')
        .selectAll()
        .where('stream_id', '=', streamId)
        .executeTakeFirstOrThrow();
      expect(lease).toMatchObject({
        account_id: member.accountId,
        playing_kind: 'channel',
        playing_id: 'ch01',
      });
      const save = (body: object) => member.browser.post(SAVE, body);
      const beat = { channelId: 'ch01', programStart: String(first.start), streamId };
      expect((await save({ ...beat, positionSeconds: 120, seq: 2 })).statusCode).toBe(200);
      expect((await save({ ...beat, positionSeconds: 60, seq: 1 })).statusCode).toBe(200);
      ctx.now.value += 30;
      try {
        // Renewed: the lease's expiry moved with the beat.
        expect((await save({ ...beat, positionSeconds: 150, seq: 3 })).statusCode).toBe(200);
        const renewed = await db()
          .selectFrom('stream_lease')
          .select('expires_at')
          .where('stream_id', '=', streamId)
          .executeTakeFirstOrThrow();
        expect(Number(renewed.expires_at)).toBeGreaterThanOrEqual(Number(lease.expires_at));
        expect((await play('ch01', first.start, member.browser)).json().data.resumeSeconds).toBe(
          150,
        );
        ctx.now.value += 30;
        const next = (await play('ch07', second.start, member.browser)).json().data;
        await member.browser.post(SAVE, {
          channelId: 'ch07',
          programStart: String(second.start),
          positionSeconds: 30,
          seq: 1,
          streamId: next.streamId,
        });
        const history = (await member.browser.get(HISTORY)).json().data;
        expect(history.isLogin).toBe('Y');
        expect(
          history.programList.map(
            (p: { channelId: string; programStart: string; positionSeconds: number }) => [
              p.channelId,
              Number(p.programStart),
              p.positionSeconds,
            ],
          ),
        ).toEqual([
          ['ch07', second.start, 30],
          ['ch01', first.start, 150],
        ]);
        expect(history.programList[0]).toMatchObject({
          channelName: '星河電影台',
          programName: second.name,
        });
      } finally {
        ctx.now.value -= 60;
      }
      // A position past the programme's end is kept at its end (the play's lease was replaced
      // on this device by the later plays, so this beat carries none).
      const { streamId: _replaced, ...bare } = beat;
      expect((await save({ ...bare, positionSeconds: 99_999, seq: 9 })).statusCode).toBe(200);
      expect((await play('ch01', first.start, member.browser)).json().data.resumeSeconds).toBe(
        first.end - first.start,
      );
    });

    it('a visitor has no history and cannot save; a stopped stream is told so, a foreign one refused', async () => {
      expect((await get(HISTORY)).json().data).toEqual({ isLogin: 'N', programList: [] });
      const programme = await ended('ch01');
      const member = await newMember(ctx.app);
      const stranger = await newMember(ctx.app);
      const streamId = (await play('ch01', programme.start, member.browser)).json().data
        .streamId as string;
      const beat = (streamIdOf: string, seq: number) => ({
        channelId: 'ch01',
        programStart: String(programme.start),
        positionSeconds: 40,
        seq,
        streamId: streamIdOf,
      });
      expect((await stranger.browser.post(SAVE, beat(streamId, 1))).statusCode).toBe(404);
      expect((await member.browser.post(SAVE, beat('not a stream id', 1))).statusCode).toBe(400);
      expect(
        (await member.browser.post(SAVE, { ...beat(streamId, 1), programStart: '01' })).statusCode,
      ).toBe(400);
      expect((await member.browser.post('/ajax/ajaxStopStream.do', { streamId })).statusCode).toBe(
        200,
      );
      const stopped = await member.browser.post(SAVE, beat(streamId, 2));
      expect(stopped.statusCode).toBe(409);
      expect(stopped.json().status.code).toBe('STREAM_STOPPED');
      // The position is kept all the same.
      const history = (await member.browser.get(HISTORY)).json().data.programList;
      expect(history[0]).toMatchObject({ channelId: 'ch01', positionSeconds: 40 });
    });
  });

  describe('the share page', () => {
    const meta = (html: string, attr: 'property' | 'name', key: string) =>
      new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html)?.[1];

    it('/LiveChannel/{channelId}?program={start} names the programme and the channel', async () => {
      const programme = await ended('ch01');
      const res = await ctx.app.inject(`/LiveChannel/ch01?program=${programme.start}`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(meta(html, 'property', 'og:title')).toBe(`${programme.name}｜星河新聞台｜星河影音`);
      expect(meta(html, 'name', 'twitter:title')).toBe(`${programme.name}｜星河新聞台｜星河影音`);
      expect(meta(html, 'property', 'og:description')).toContain('星河新聞台');
      expect(meta(html, 'name', 'twitter:description')).toContain(programme.name);
      expect(meta(html, 'property', 'og:url')).toBe(
        `https://tv.example.test/LiveChannel/ch01?program=${programme.start}`,
      );
    });

    it('an unknown programme, another spelling or another channel’s: the channel’s own card', async () => {
      const programme = await ended('ch01');
      for (const query of [
        `program=${programme.start + 60}`,
        `program=0${programme.start}`,
        'program=x',
        '',
      ]) {
        const html = (await ctx.app.inject(`/LiveChannel/ch01?${query}`)).body;
        expect(meta(html, 'property', 'og:title'), query).toBe('星河新聞台｜直播頻道｜星河影音');
        expect(meta(html, 'property', 'og:url')).toBe('https://tv.example.test/LiveChannel/ch01');
      }
    });
  });
});
