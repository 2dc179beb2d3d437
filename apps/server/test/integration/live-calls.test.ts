import {
  errorEnvelopeSchema,
  livePageReplySchema,
  switchChannelReplySchema,
  type ChannelV2,
  type SwitchChannelData,
} from '@site/contract';
import { describe, expect, it } from 'vitest';
import { channelProblems } from '../../src/modules/live/channel-rules.js';
import { checkedChannel, demoChannels } from '../../src/demo/live.js';
import { TestBrowser, newChannel, newMember, newProgramme, useTestApp } from '../support/index.js';

const HOUR = 3600;
/** TEST_NOW is 2026-11-22 (a Sunday) 12:00 Taipei; its Taipei midnight and the next one. */
const SUNDAY_MIDNIGHT = 1_795_276_800;
const MONDAY_MIDNIGHT = SUNDAY_MIDNIGHT + 24 * HOUR;

describe('live page calls', () => {
  const ctx = useTestApp({ seed: true });
  const db = () => ctx.database.db;

  async function switchTo(channelId: string, browser?: TestBrowser): Promise<SwitchChannelData> {
    const url = `/ajax/ajaxSwitchChannel.do?channelId=${channelId}`;
    const res = browser ? await browser.get(url) : await ctx.app.inject(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return switchChannelReplySchema.parse(res.json()).data;
  }
  const videoPath = (data: SwitchChannelData) => Buffer.from(data.videoUrl, 'base64').toString();

  describe('page data', () => {
    it('lists the channels on air with their programme, the default channel and who asks', async () => {
      const reply = livePageReplySchema.parse(
        (await ctx.app.inject('/ajax/ajaxGetLivePageData.do')).json(),
      );
      const content = reply.data.dataContent;
      expect(content.liveIsLogin).toBe('Y');
      expect(content.uid).toBe('');
      const list = content.mainWrapCustomizeData.liveChannelList;
      const ids = list.map((c) => c.channelId);
      // Not yet on air (ch09) and ended (ch10) are not live.
      expect(ids).not.toContain('ch09');
      expect(ids).not.toContain('ch10');
      expect(ids).toHaveLength(10);
      for (const item of list) {
        expect(item.program.programName, item.channelId).not.toBe('');
        expect(Date.parse(item.program.endsAt)).toBeGreaterThan(ctx.now.value * 1000);
      }
      expect(list.find((c) => c.channelId === 'ch05')?.openSimplePlayPage).toBe('Y');
      expect(content.mainWrapCustomizeData.defaultLiveChannelId).toBe('ch01');
    });

    it('opens on the asked channel when it exists, whatever its status', async () => {
      const data = async (query: string) =>
        (await ctx.app.inject(`/ajax/ajaxGetLivePageData.do${query}`)).json().data.dataContent
          .mainWrapCustomizeData.defaultLiveChannelId;
      expect(await data('?channelId=ch09')).toBe('ch09');
      expect(await data('?channelId=nope')).toBe('ch01');
      expect(
        (await ctx.app.inject('/ajax/ajaxGetLivePageData.do?channelId=%3Cx%3E')).statusCode,
      ).toBe(400);
    });

    it("gives a signed-in viewer's uid", async () => {
      const member = await newMember(ctx.app);
      const content = (await member.browser.get('/ajax/ajaxGetLivePageData.do')).json().data
        .dataContent;
      expect(content.uid).toBe(member.uid);
    });
  });

  describe('switch channel', () => {
    it('a free channel: a signed master playlist (base64), its week of programmes and its logo', async () => {
      const data = await switchTo('ch01');
      expect(videoPath(data)).toMatch(/^\/live\/ch01\/\d+\/[A-Za-z0-9_-]{32}\/master\.m3u8$/);
      expect(data).toMatchObject({
        maxBitrate: 8_000_000,
        preRoll: 'N',
        preVastUrl: '',
        vastSeqId: '',
        // The demo red envelopes of ch01 (engagement, docs/adr/0026; tested in draws.test.ts).
        drawActivity: { drawActivityList: expect.any(Array) as unknown },
        sponsorLogo: {
          showLogo: 'Y',
          logoUrl: '/media/images/sponsors/sponsor-01.svg',
          position: 'UR',
        },
      });
      expect(data.channelBean).toMatchObject({
        channelId: 'ch01',
        channelName: '星河新聞台',
        channelType: '0',
        channelStatus: '1',
        allowWeb: 'Y',
        isYoutube: 'N',
        youtubeId: '',
        contentId: 'LIVE-ch01',
        contentSourceId: 'ORIGIN',
        playRightType: 'FREE',
        uiWordingList: [],
      });
      // Today (Taipei) first, seven date tabs, each with its weekday.
      const days = Object.keys(data.programSchedule);
      expect(days).toEqual([
        '2026-11-22',
        '2026-11-23',
        '2026-11-24',
        '2026-11-25',
        '2026-11-26',
        '2026-11-27',
        '2026-11-28',
      ]);
      expect(data.programSchedule['2026-11-22']!.week).toBe('週日');
      expect(data.programSchedule['2026-11-23']!.week).toBe('週一');
      expect(data.programSchedule['2026-11-22']!.programList[0]!.startTime).toBe('00:00');
    });

    it('an AVOD channel plays a pre-roll from our ad server first', async () => {
      const data = await switchTo('ch02');
      expect(videoPath(data)).toMatch(/^\/live\/ch02\//);
      expect(data.preRoll).toBe('Y');
      expect(data.preVastUrl).toContain('channelId=ch02');
      expect(data.vastSeqId).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(data.channelBean.playRightType).toBe('AVOD');
    });

    it('no stream for allowWeb N, YouTube, Twitch, not yet on air and ended channels', async () => {
      const web = await switchTo('ch03');
      expect([web.videoUrl, web.channelBean.allowWeb]).toEqual(['', 'N']);
      const youtube = await switchTo('ch06');
      expect(youtube.videoUrl).toBe('');
      expect(youtube.channelBean).toMatchObject({
        isYoutube: 'Y',
        youtubeId: 'M7lc1UVf-VE',
        contentSourceId: 'YOUTUBE',
      });
      const twitch = await switchTo('ch04');
      expect([twitch.videoUrl, twitch.channelBean.contentSourceId]).toEqual(['', 'TWITCH']);
      const soon = await switchTo('ch09');
      expect(soon.videoUrl).toBe('');
      expect(soon.channelBean).toMatchObject({
        channelStatus: '0',
        channelStatusDesc: '目前本頻道尚未開播 敬請期待~',
      });
      const ended = await switchTo('ch10');
      expect(ended.videoUrl).toBe('');
      expect(ended.channelBean).toMatchObject({
        channelStatus: '9',
        channelStatusDesc: '目前頻道內容已結束 暫無內容~',
      });
      // An ended channel lists nothing after its end.
      expect(ended.programSchedule).toEqual({});
    });

    it('a subscription channel: the four wordings until the viewer subscribes', async () => {
      const anonymous = await switchTo('ch08');
      expect(anonymous.videoUrl).toBe('');
      expect(anonymous.channelBean.uiWordingList.map((w) => w.id)).toEqual([
        'CHANNEL_FOR_LUXURY_SERVICE',
        'CHANNEL_TO_SUBSCRIBE',
        'CANCEL_SUBSCRIBE',
        'SUBSCRIBE_URL',
      ]);
      expect(anonymous.channelBean.uiWordingList[3]!.wording).toBe(
        '/checkout?kind=subscribe&serviceId=SVC-MONTHLY',
      );
      const member = await newMember(ctx.app);
      expect((await switchTo('ch08', member.browser)).videoUrl).toBe('');
      await db()
        .insertInto('subscription')
        .values({
          account_id: member.accountId,
          service_id: 'SVC-MONTHLY',
          paid_until: ctx.now.value + 30 * 24 * HOUR,
          updated_at: ctx.now.value,
        })
        .execute();
      expect(videoPath(await switchTo('ch08', member.browser))).toMatch(/^\/live\/ch08\//);
    });

    it('caps the bitrate where the channel says', async () => {
      expect((await switchTo('ch11')).maxBitrate).toBe(1_000_000);
    });

    it('the status follows the air window as the clock moves', async () => {
      const start = ctx.now.value + HOUR;
      const channel = await newChannel(
        db(),
        { air_start_at: start, air_end_at: start + HOUR },
        'test-live',
      );
      const status = async () => (await switchTo(channel.channel_id)).channelBean.channelStatus;
      const saved = ctx.now.value;
      try {
        expect(await status()).toBe('0');
        ctx.now.value = start;
        expect(await status()).toBe('1');
        ctx.now.value = start + HOUR - 1;
        expect(await status()).toBe('1');
        ctx.now.value = start + HOUR;
        expect(await status()).toBe('9');
        const grid = (await ctx.app.inject('/ajax/ajaxFindChannelGroupList.do')).json().data
          .channelGroupList.channelGroup as { channelV2List: { channelV2: ChannelV2[] } }[];
        const tile = grid
          .flatMap((g) => g.channelV2List.channelV2)
          .find((c) => c.channelId === channel.channel_id);
        expect(tile?.channelStatus).toBe('9');
      } finally {
        ctx.now.value = saved;
      }
    });
  });

  describe('bad input', () => {
    it.each([
      ['missing', ''],
      ['empty', '?channelId='],
      ['markup', '?channelId=%3Cscript%3E'],
      ['a path', '?channelId=..%2Fch01'],
      ['too long', `?channelId=${'c'.repeat(41)}`],
      ['a quote', '?channelId=ch01%22'],
    ])('a %s channelId is 400 in the envelope', async (_case, query) => {
      const res = await ctx.app.inject(`/ajax/ajaxSwitchChannel.do${query}`);
      expect(res.statusCode).toBe(400);
      const body = errorEnvelopeSchema.parse(res.json());
      expect(body.status.code).toBe('BAD_INPUT');
      expect(res.body).not.toContain('<script>');
    });

    it('an unknown channel is 404 in the envelope, on every call that names one', async () => {
      for (const url of [
        '/ajax/ajaxSwitchChannel.do?channelId=ch99',
        '/ajax/ajaxFindTwitchContentData.do?channelId=ch99',
      ]) {
        const res = await ctx.app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(errorEnvelopeSchema.parse(res.json()).status).toEqual({
          code: 'NOT_FOUND',
          message: '找不到這個頻道。',
        });
      }
      const browser = new TestBrowser(ctx.app);
      const res = await browser.post('/ajax/ajaxGetLiveBookmark.do', { channelId: 'ch99' });
      expect(res.statusCode).toBe(404);
    });

    it('a channel with an empty schedule: no date tabs, no programme, and still a stream', async () => {
      const channel = await newChannel(db());
      const data = await switchTo(channel.channel_id);
      expect(data.programSchedule).toEqual({});
      expect(videoPath(data)).toMatch(/^\/live\//);
      const playlist = await ctx.app.inject(videoPath(data).replace('master.m3u8', 'v0.m3u8'));
      expect(playlist.statusCode).toBe(200);
      expect(playlist.body.match(/#EXTINF/g)).toHaveLength(6);
      const page = (await ctx.app.inject('/ajax/ajaxGetLivePageData.do')).json().data.dataContent
        .mainWrapCustomizeData.liveChannelList as { channelId: string; program: object }[];
      expect(page.find((c) => c.channelId === channel.channel_id)?.program).toEqual({
        programName: '',
        endsAt: '',
      });
    });

    it('date tabs are Taipei dates at midnight, whatever UTC says (stored in UTC)', async () => {
      const channel = await newChannel(db());
      // 23:30 Sunday → 00:30 Monday, then 00:30 → 01:00 Monday (Taipei); 15:30 and 16:30 UTC.
      await newProgramme(db(), {
        channel_id: channel.channel_id,
        start_at: MONDAY_MIDNIGHT - 1800,
        end_at: MONDAY_MIDNIGHT + 1800,
        name: '跨夜節目',
        description: '',
      });
      await newProgramme(db(), {
        channel_id: channel.channel_id,
        start_at: MONDAY_MIDNIGHT + 1800,
        end_at: MONDAY_MIDNIGHT + 3600,
        name: '凌晨節目',
        description: '',
      });
      const stored = await db()
        .selectFrom('programme')
        .select('start_at')
        .where('channel_id', '=', channel.channel_id)
        .orderBy('start_at')
        .execute();
      expect(new Date(Number(stored[0]!.start_at) * 1000).toISOString()).toBe(
        '2026-11-22T15:30:00.000Z',
      );
      const saved = ctx.now.value;
      try {
        ctx.now.value = MONDAY_MIDNIGHT - 1;
        const sunday = (await switchTo(channel.channel_id)).programSchedule;
        expect(sunday).toEqual({
          '2026-11-22': {
            week: '週日',
            programList: [{ startTime: '23:30', programName: '跨夜節目' }],
          },
          '2026-11-23': {
            week: '週一',
            programList: [{ startTime: '00:30', programName: '凌晨節目' }],
          },
        });
        ctx.now.value = MONDAY_MIDNIGHT;
        const monday = (await switchTo(channel.channel_id)).programSchedule;
        // Monday is today now: Sunday's tab is gone, even though its programme is still on air.
        expect(monday).toEqual({
          '2026-11-23': {
            week: '週一',
            programList: [{ startTime: '00:30', programName: '凌晨節目' }],
          },
        });
        const item = (await ctx.app.inject('/ajax/ajaxGetLivePageData.do')).json().data.dataContent
          .mainWrapCustomizeData.liveChannelList as { channelId: string; program: object }[];
        expect(item.find((c) => c.channelId === channel.channel_id)?.program).toEqual({
          programName: '跨夜節目',
          endsAt: '2026-11-22T16:30:00.000Z',
        });
        // Seven tabs from today: a week before Monday, Sunday is the last one.
        ctx.now.value = MONDAY_MIDNIGHT - 7 * 24 * HOUR;
        expect(Object.keys((await switchTo(channel.channel_id)).programSchedule)).toEqual([
          '2026-11-22',
        ]);
      } finally {
        ctx.now.value = saved;
      }
    });

    it('a YouTube id holding markup is refused by the channel check and never passed on', async () => {
      const markup = '"><script>alert(1)</script>';
      const demo = demoChannels(ctx.now.value).find((c) => c.channel_id === 'ch06')!;
      expect(channelProblems({ ...demo, youtube_id: markup }).join()).toMatch(/youtube_id/);
      expect(() => checkedChannel({ ...demo, youtube_id: markup })).toThrow(/ch06/);
      expect(channelProblems({ ...demo, youtube_id: 'M7lc1UVf-VE' })).toEqual([]);
      // A row written around the check still cannot reach a page.
      const channel = await newChannel(db(), {
        is_youtube: 'Y',
        youtube_id: markup,
        clip_id: null,
        name: '<b>頻道</b>',
      });
      const res = await ctx.app.inject(
        `/ajax/ajaxSwitchChannel.do?channelId=${channel.channel_id}`,
      );
      expect(res.body).not.toContain('<script>');
      const bean = switchChannelReplySchema.parse(res.json()).data.channelBean;
      expect(bean).toMatchObject({ isYoutube: 'N', youtubeId: '', contentSourceId: 'YOUTUBE' });
      const page = await ctx.app.inject(`/LiveChannel/${channel.channel_id}`);
      expect(page.body).not.toContain('<script>alert');
      expect(page.body).not.toContain('<b>頻道');
    });
  });

  describe('Twitch', () => {
    it('answers the embed of a Twitch channel and refuses the others', async () => {
      const twitch = (host: string) =>
        ctx.app.inject({
          url: '/ajax/ajaxFindTwitchContentData.do?channelId=ch04',
          headers: { host },
        });
      const res = await twitch('tv.example.test');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        channelId: 'ch04',
        twitchChannel: 'starvideo_esports',
        embedUrl:
          'https://player.twitch.tv/?channel=starvideo_esports&parent=tv.example.test&autoplay=true',
      });
      // Twitch plays only on the page's own host: a page reached by another name than
      // PUBLIC_URL's gets its own as parent (issue 20 item 14).
      expect((await twitch('127.0.0.1:3000')).json().data.embedUrl).toContain('&parent=127.0.0.1&');
      const other = await ctx.app.inject('/ajax/ajaxFindTwitchContentData.do?channelId=ch01');
      expect(other.statusCode).toBe(404);
    });
  });

  describe('wording, device type', () => {
    it('the anonymous watching limit is Live_Minutes_Wording, {minutes}$${message}', async () => {
      const res = await ctx.app.inject('/ajax/ajaxFindWording.do?code=Live_Minutes_Wording');
      expect(res.json().data.wording).toMatch(/^\d+\$\$.+/);
    });

    it('the device type call answers', async () => {
      const res = await ctx.app.inject({
        url: '/ajax/ajaxCheckDeviceType.do',
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('bookmarks', () => {
    it('a visitor gets a signed bookmark and may insert it; a forged one is 404', async () => {
      const browser = new TestBrowser(ctx.app);
      const got = await browser.post('/ajax/ajaxGetLiveBookmark.do', { channelId: 'ch01' });
      expect(got.statusCode).toBe(200);
      const id = got.json().data.bookmark_id as string;
      expect(got.json().status.code).toBe('0');
      expect(id).toMatch(/^v\./);
      for (const reason of ['interval', 'pause', 'error']) {
        const res = await browser.post('/ajax/ajaxInsertLiveBookmark.do', {
          channelId: 'ch01',
          bookmarkId: id,
          reason,
        });
        expect(res.json().status.code, reason).toBe('0');
      }
      const forged = await browser.post('/ajax/ajaxInsertLiveBookmark.do', {
        channelId: 'ch02',
        bookmarkId: id,
      });
      expect(forged.statusCode).toBe(404);
      expect(await db().selectFrom('live_bookmark').selectAll().execute()).toEqual([]);
    });

    it('state changes: GET is 405, no CSRF token is 403', async () => {
      expect((await ctx.app.inject('/ajax/ajaxGetLiveBookmark.do?channelId=ch01')).statusCode).toBe(
        405,
      );
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/ajax/ajaxGetLiveBookmark.do',
        payload: { channelId: 'ch01' },
      });
      expect(res.statusCode).toBe(403);
    });

    it("a member's bookmark counts the time watched; another member's id is 404", async () => {
      const member = await newMember(ctx.app);
      const other = await newMember(ctx.app);
      const got = await member.browser.post('/ajax/ajaxGetLiveBookmark.do', { channelId: 'ch07' });
      const bookmarkId = got.json().data.bookmark_id as string;
      const saved = ctx.now.value;
      try {
        ctx.now.value += 30;
        const beat = await member.browser.post('/ajax/ajaxInsertLiveBookmark.do', {
          channelId: 'ch07',
          bookmarkId,
        });
        expect(beat.json().status.code).toBe('0');
        ctx.now.value += 600; // a long pause counts as two intervals at most
        await member.browser.post('/ajax/ajaxInsertLiveBookmark.do', {
          channelId: 'ch07',
          bookmarkId,
          reason: 'pause',
        });
      } finally {
        ctx.now.value = saved;
      }
      const row = await db()
        .selectFrom('live_bookmark')
        .selectAll()
        .where('bookmark_id', '=', bookmarkId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        account_id: member.accountId,
        sub_account_uid: member.uid,
        channel_id: 'ch07',
        last_reason: 'pause',
      });
      expect(Number(row.seconds_watched)).toBe(90);
      const stolen = await other.browser.post('/ajax/ajaxInsertLiveBookmark.do', {
        channelId: 'ch07',
        bookmarkId,
      });
      expect(stolen.statusCode).toBe(404);
    });

    it('code 480 once the live event has ended, while watching and after', async () => {
      const end = ctx.now.value + 60;
      const channel = await newChannel(db(), { air_end_at: end });
      const member = await newMember(ctx.app);
      const visitor = new TestBrowser(ctx.app);
      const ids: [TestBrowser, string][] = [];
      for (const browser of [member.browser, visitor]) {
        const got = await browser.post('/ajax/ajaxGetLiveBookmark.do', {
          channelId: channel.channel_id,
        });
        ids.push([browser, got.json().data.bookmark_id as string]);
      }
      const saved = ctx.now.value;
      try {
        ctx.now.value = end;
        for (const [browser, bookmarkId] of ids) {
          const res = await browser.post('/ajax/ajaxInsertLiveBookmark.do', {
            channelId: channel.channel_id,
            bookmarkId,
          });
          expect(res.statusCode).toBe(410);
          expect(res.json().status).toEqual({
            code: '480',
            message: '本頻道的直播已經結束，感謝您的收看。',
          });
        }
        const late = await visitor.post('/ajax/ajaxGetLiveBookmark.do', {
          channelId: channel.channel_id,
        });
        expect(late.json().status.code).toBe('480');
      } finally {
        ctx.now.value = saved;
      }
      // The seeded ended channel too.
      const ended = await visitor.post('/ajax/ajaxGetLiveBookmark.do', { channelId: 'ch10' });
      expect(ended.json().status.code).toBe('480');
    });
  });
});

describe('live stream host rules', () => {
  const ctx = useTestApp({
    seed: true,
    env: {
      LIVE_STREAM_HOST_RULES: '體育|棒球|奧運=>sport-live.example.com;新聞=>news-live.example.com',
      TRUSTED_PROXIES: '127.0.0.1',
      LIVE_DEFAULT_CHANNEL_ID: 'ch07',
      LIVE_SIMPLE_PLAY_NEEDS_LOGIN: 'false',
    },
  });
  const url = async (channelId: string, proto: string) => {
    const res = await ctx.app.inject({
      url: `/ajax/ajaxSwitchChannel.do?channelId=${channelId}`,
      headers: { 'x-forwarded-proto': proto },
    });
    return Buffer.from(res.json().data.videoUrl as string, 'base64').toString();
  };

  it("rewrites the host by the channel's name and follows the page's protocol", async () => {
    expect(await url('ch12', 'https')).toMatch(/^https:\/\/sport-live\.example\.com\/live\/ch12\//);
    expect(await url('ch12', 'http')).toMatch(/^http:\/\/sport-live\.example\.com\/live\/ch12\//);
    expect(await url('ch01', 'https')).toMatch(/^https:\/\/news-live\.example\.com\/live\/ch01\//);
    // No rule for a film channel: the page's own origin.
    expect(await url('ch07', 'https')).toMatch(/^\/live\/ch07\//);
  });

  it('opens on the configured channel and says whether simple play needs login', async () => {
    const content = (await ctx.app.inject('/ajax/ajaxGetLivePageData.do')).json().data.dataContent;
    expect(content.mainWrapCustomizeData.defaultLiveChannelId).toBe('ch07');
    expect(content.liveIsLogin).toBe('N');
  });
});
