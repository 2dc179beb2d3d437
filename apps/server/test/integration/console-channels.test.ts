import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { ConsoleChannel, Lineup, StaffRole } from '@site/contract/console';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { newMember, signedInStaff, useTestApp } from '../support/index.js';
import type { ConsoleBrowser } from '../support/console.js';

const CHANNELS = '/console/api/channels';
const GROUPS = '/console/api/channel-groups';
const SETTINGS = '/console/api/channel-lineup/settings';
const fixtures = path.resolve(import.meta.dirname, '../../../../fixtures/media');

// The fixtures' clips, with a media folder of its own for the uploaded logos.
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-channels-'));
for (const entry of fs.readdirSync(fixtures)) {
  if (entry !== 'images') fs.symlinkSync(path.join(fixtures, entry), path.join(mediaDir, entry));
}
fs.mkdirSync(path.join(mediaDir, 'images'));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

const decode = (videoUrl: string) => Buffer.from(videoUrl, 'base64').toString();

/**
 * Issue 25 items 1 and 4 (docs/adr/0047): the channel line-up edited in the console by the
 * channel scheduler, shown at once on the live page of every instance; AVOD ad breaks per channel,
 * applied from the next programme on, on both databases.
 */
describe('the channel line-up in the console', () => {
  const ctx = useTestApp({ seed: true, env: { MEDIA_DIR: mediaDir } });
  const db = () => ctx.database.db;
  const scheduler = async () => (await signedInStaff(ctx, ['channel_scheduler'])).browser;
  const auditOf = (entityId: string) =>
    db()
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity_id', '=', entityId)
      .orderBy('audit_id')
      .execute();
  const fields = (extra: object = {}) => ({
    name: '新聞快報台',
    description: '全天候新聞。',
    channelType: '1',
    allowWeb: true,
    source: 'origin',
    youtubeId: null,
    twitchLogin: null,
    openSimplePlayPage: false,
    playRightType: 'FREE',
    serviceId: null,
    playoutClipIds: ['clip-a'],
    kidSafe: false,
    catchupHours: 0,
    wordings: {
      CHANNEL_FOR_LUXURY_SERVICE: '',
      CHANNEL_TO_SUBSCRIBE: '',
      CANCEL_SUBSCRIBE: '',
      SUBSCRIBE_URL: '',
    },
    sponsorLogoPosition: 'UR',
    sponsorLogoShown: true,
    adPlan: null,
    groupIds: ['news'],
    ...extra,
  });
  async function create(browser: ConsoleBrowser, body: object): Promise<ConsoleChannel> {
    const res = await browser.post(CHANNELS, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.channel as ConsoleChannel;
  }
  async function withSecond<T>(run: (other: FastifyInstance) => Promise<T>): Promise<T> {
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      clock: () => ctx.now.value,
    });
    await other.ready();
    try {
      return await run(other);
    } finally {
      await other.close();
    }
  }
  const grid = async (app: FastifyInstance) =>
    (await app.inject('/ajax/ajaxFindChannelGroupList.do')).json().data.channelGroupList
      .channelGroup as {
      channelGroupId: string;
      channelV2List: { channelV2: { channelId: string; channelName: string }[] };
    }[];
  const pageData = async (app: FastifyInstance) =>
    (await app.inject('/ajax/ajaxGetLivePageData.do')).json().data.dataContent;
  const switchTo = async (app: FastifyInstance, channelId: string) =>
    (await app.inject(`/ajax/ajaxSwitchChannel.do?channelId=${channelId}`)).json().data;

  it('adds and edits a channel: audited, and a second instance shows it on the live page at once', async () => {
    const browser = await scheduler();
    await withSecond(async (other) => {
      // The second instance has answered before the change (anything it keeps would be stale).
      expect((await grid(other)).find((g) => g.channelGroupId === 'news')).toBeDefined();
      const made = await create(browser, { channelId: 'flash', ...fields() });
      expect(made).toMatchObject({ channelId: 'flash', version: 0, groupIds: ['news'] });
      const news = (await grid(other)).find((g) => g.channelGroupId === 'news')!;
      expect(news.channelV2List.channelV2.at(-1)).toMatchObject({
        channelId: 'flash',
        channelName: '新聞快報台',
      });
      const live = await pageData(other);
      expect(
        live.mainWrapCustomizeData.liveChannelList.map((c: { channelId: string }) => c.channelId),
      ).toContain('flash');

      const res = await browser.call('PUT', `${CHANNELS}/flash`, {
        ...fields({ name: '新聞快報二台', allowWeb: false, groupIds: ['news', 'movies'] }),
        version: 0,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.channel).toMatchObject({ version: 1, groupIds: ['news', 'movies'] });
      const bean = (await switchTo(other, 'flash')).channelBean;
      expect(bean).toMatchObject({ channelName: '新聞快報二台', allowWeb: 'N' });
      const movies = (await grid(other)).find((g) => g.channelGroupId === 'movies')!;
      expect(movies.channelV2List.channelV2.map((c) => c.channelId)).toContain('flash');
    });
    const stale = await browser.call('PUT', `${CHANNELS}/flash`, { ...fields(), version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.code).toBe('STALE_EDIT');
    const trail = await auditOf('flash');
    expect(trail.map((e) => e.entity)).toEqual(['channel', 'channel']);
    expect(JSON.parse(trail[1]!.after_json!)).toMatchObject({ name: '新聞快報二台' });
  });

  it('an SVOD channel carries its four wordings to the live page; a YouTube one its id', async () => {
    const browser = await scheduler();
    const wordings = {
      CHANNEL_FOR_LUXURY_SERVICE: '本頻道為訂戶專屬頻道。',
      CHANNEL_TO_SUBSCRIBE: '立即訂閱',
      CANCEL_SUBSCRIBE: '取消',
      SUBSCRIBE_URL: '/checkout?kind=subscribe',
    };
    const service = await db()
      .selectFrom('monthly_service')
      .select('service_id')
      .executeTakeFirstOrThrow();
    await create(browser, {
      channelId: 'premium',
      ...fields({ playRightType: 'SVOD', serviceId: service.service_id, wordings }),
    });
    const bean = (await switchTo(ctx.app, 'premium')).channelBean;
    expect(bean.playRightType).toBe('SVOD');
    expect(bean.uiWordingList).toEqual(
      Object.entries(wordings).map(([id, wording]) => ({ id, wording })),
    );
    await create(browser, {
      channelId: 'tube',
      ...fields({ source: 'youtube', youtubeId: 'dQw4w9WgXcQ', playoutClipIds: [] }),
    });
    expect((await switchTo(ctx.app, 'tube')).channelBean).toMatchObject({
      isYoutube: 'Y',
      youtubeId: 'dQw4w9WgXcQ',
    });
  });

  it('refuses bad input in zh-TW and saves nothing of it', async () => {
    const browser = await scheduler();
    const channelsBefore = await db().selectFrom('channel').select('channel_id').execute();
    const membersBefore = await db().selectFrom('channel_group_member').selectAll().execute();
    const refused = async (body: object, name: string, problem: RegExp) => {
      const res = await browser.post(CHANNELS, body);
      expect(res.statusCode, res.body).toBe(400);
      const status = res.json().status;
      expect(status.code).toBe('BAD_INPUT');
      const field = (res.json().data.fields as { name: string; problem: string }[]).find((f) =>
        f.name.startsWith(name),
      );
      expect(field?.problem, res.body).toMatch(problem);
    };
    await refused(
      { channelId: 'yt', ...fields({ source: 'youtube', playoutClipIds: [] }) },
      'youtubeId',
      /YouTube 影片代碼/,
    );
    const plan = { openingBreak: true, intervalMinutes: 15, breakSeconds: 30 };
    await refused(
      { channelId: 'svodads', ...fields({ playRightType: 'SVOD', serviceId: 'x', adPlan: plan }) },
      'adPlan',
      /只有廣告頻道/,
    );
    await refused(
      {
        channelId: 'avod',
        ...fields({ playRightType: 'AVOD', adPlan: { ...plan, breakSeconds: 600 } }),
      },
      'adPlan',
      /最多 180 秒/,
    );
    await refused(
      { channelId: 'nogroup', ...fields({ groupIds: ['nowhere'] }) },
      'groupIds',
      /找不到頻道群組/,
    );
    await refused({ channelId: 'ch01', ...fields() }, 'channelId', /已有頻道使用/);
    await refused(
      {
        channelId: 'nosvc',
        ...fields({
          playRightType: 'SVOD',
          serviceId: 'none',
          wordings: {
            CHANNEL_FOR_LUXURY_SERVICE: 'a',
            CHANNEL_TO_SUBSCRIBE: 'b',
            CANCEL_SUBSCRIBE: 'c',
            SUBSCRIBE_URL: '/s',
          },
        }),
      },
      'serviceId',
      /找不到這個月租服務/,
    );
    // An edit refused by the database leaves the channel as it was, its groups too.
    const edit = await browser.call('PUT', `${CHANNELS}/ch01`, {
      ...fields({ groupIds: ['news', 'nowhere'] }),
      version: 0,
    });
    expect(edit.statusCode).toBe(400);
    // Reordering a group with another group's channels.
    const lineup = (await browser.get(CHANNELS)).json().data as Lineup;
    const news = lineup.groups.find((g) => g.channelGroupId === 'news')!;
    const movies = lineup.groups.find((g) => g.channelGroupId === 'movies')!;
    const mixed = await browser.call('PUT', `${GROUPS}/news/order`, {
      seen: news.channelIds,
      order: [...news.channelIds.slice(1), movies.channelIds[0]],
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().data.fields[0].problem).toBe('新的順序必須恰好包含目前清單中的每一項');
    const rules = await browser.call('PUT', SETTINGS, {
      defaultChannelId: '',
      streamHostRules: '體育=>http://x',
    });
    expect(rules.statusCode).toBe(400);
    expect(rules.json().data.fields[0].problem).toMatch(/^串流主機規則有誤/);
    expect(await db().selectFrom('channel').select('channel_id').execute()).toEqual(channelsBefore);
    expect(await db().selectFrom('channel_group_member').selectAll().execute()).toEqual(
      membersBefore,
    );
    expect(await db().selectFrom('live_setting').selectAll().execute()).toEqual([]);
    expect(await auditOf('ch01')).toEqual([]);
  });

  it('reorders groups and a group, sets the default channel and host rules: every instance follows at once', async () => {
    const browser = await scheduler();
    await withSecond(async (other) => {
      const lineup = (await browser.get(CHANNELS)).json().data as Lineup;
      const tabs = lineup.groups.map((g) => g.channelGroupId);
      const reversed = [...tabs].reverse();
      const res = await browser.call('PUT', `${GROUPS}/order`, { seen: tabs, order: reversed });
      expect(res.statusCode, res.body).toBe(200);
      expect((await grid(other)).map((g) => g.channelGroupId)).toEqual(reversed);
      const again = await browser.call('PUT', `${GROUPS}/order`, { seen: tabs, order: tabs });
      expect(again.json().status.code).toBe('STALE_EDIT');

      const news = lineup.groups.find((g) => g.channelGroupId === 'news')!.channelIds;
      const moved = [news[1]!, news[0]!, ...news.slice(2)];
      const inGroup = await browser.call('PUT', `${GROUPS}/news/order`, {
        seen: news,
        order: moved,
      });
      expect(inGroup.statusCode, inGroup.body).toBe(200);
      const shown = (await grid(other)).find((g) => g.channelGroupId === 'news')!;
      expect(shown.channelV2List.channelV2.map((c) => c.channelId)).toEqual(moved);

      const set = await browser.call('PUT', SETTINGS, {
        defaultChannelId: 'ch07',
        streamHostRules: `${(await switchTo(other, 'ch01')).channelBean.channelName}=>cdn.example.com`,
      });
      expect(set.statusCode, set.body).toBe(200);
      expect((await pageData(other)).mainWrapCustomizeData.defaultLiveChannelId).toBe('ch07');
      expect(decode((await switchTo(other, 'ch01')).videoUrl)).toMatch(
        /^http:\/\/cdn\.example\.com\/live\//,
      );
    });
    const trail = await db()
      .selectFrom('audit_entry')
      .select('entity')
      .where('entity', 'in', ['channel_group', 'live_setting'])
      .execute();
    expect(trail.length).toBeGreaterThanOrEqual(3);
  });

  it('uploads a sponsor logo and turns it off: the live page follows', async () => {
    const browser = await scheduler();
    const logo = await sharp({
      create: {
        width: 200,
        height: 80,
        channels: 4,
        background: { r: 200, g: 0, b: 0, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer();
    const boundary = '----lineup';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="version"\r\n\r\n0\r\n`),
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="logo.png"\r\n` +
          'content-type: image/png\r\n\r\n',
      ),
      logo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await browser.call('POST', `${CHANNELS}/ch03/pictures/sponsor`, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const channel = res.json().data.channel as ConsoleChannel;
    expect(channel.sponsorLogoUrl).toMatch(/images\/sponsors\/uploaded\/[0-9a-f]{32}\.png$/);
    expect((await switchTo(ctx.app, 'ch03')).sponsorLogo).toEqual({
      showLogo: 'Y',
      logoUrl: channel.sponsorLogoUrl,
      position: 'UR',
    });
    const { picUrl: _p, sponsorLogoUrl: _s, adPlanFrom: _a, channelId: _c, ...edit } = channel;
    const off = await browser.call('PUT', `${CHANNELS}/ch03`, {
      ...edit,
      sponsorLogoShown: false,
      sponsorLogoPosition: 'L',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await switchTo(ctx.app, 'ch03')).sponsorLogo).toMatchObject({ showLogo: 'N' });
  });

  it('AVOD ad breaks: a change applies from the next programme on; what aired, live and catch-up, stays byte for byte', async () => {
    const browser = await scheduler();
    const rows = await db()
      .selectFrom('programme')
      .select(['start_at', 'end_at'])
      .where('channel_id', '=', 'ch02')
      .where('end_at', '>', ctx.now.value)
      .orderBy('start_at')
      .limit(2)
      .execute();
    const [onAir, next] = rows.map((r) => ({ start: Number(r.start_at), end: Number(r.end_at) }));
    expect(onAir!.start).toBeLessThanOrEqual(ctx.now.value);
    expect(next!.end - next!.start).toBeGreaterThan(11 * 60);
    const iso = (t: number) => new Date(Math.ceil(t / 2) * 2000).toISOString();
    const at = async <T>(moment: number, run: () => Promise<T>): Promise<T> => {
      const saved = ctx.now.value;
      ctx.now.value = moment;
      try {
        return await run();
      } finally {
        ctx.now.value = saved;
      }
    };
    const livePlaylist = (app: FastifyInstance, moment: number) =>
      at(moment, async () => {
        const url = decode((await switchTo(app, 'ch02')).videoUrl).replace(
          'master.m3u8',
          'v0.m3u8',
        );
        return (await app.inject(url)).body;
      });
    const catchup = (app: FastifyInstance, moment: number) =>
      at(moment, async () => {
        const res = await app.inject(
          `/ajax/ajaxGetProgramPlay.do?channelId=ch02&programStart=${onAir!.start}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const url = decode(res.json().data.videoUrl).replace('master.m3u8', 'v0.m3u8');
        return (await app.inject(url)).body;
      });
    const marks = (body: string) =>
      body.split('\n').filter((l) => l.startsWith('#EXT-X-DATERANGE:'));
    const opening = await livePlaylist(ctx.app, onAir!.start + 4);
    expect(marks(opening)[0]).toContain(
      `START-DATE="${iso(onAir!.start)}",PLANNED-DURATION=30.000`,
    );
    const replayBefore = await catchup(ctx.app, next!.start + 700);

    const channel = (await browser.get(`${CHANNELS}/ch02`)).json().data.channel as ConsoleChannel;
    expect(channel.adPlan).toEqual({ openingBreak: true, intervalMinutes: 15, breakSeconds: 30 });
    const { picUrl: _p, sponsorLogoUrl: _s, adPlanFrom: _a, channelId: _c, ...edit } = channel;
    const res = await browser.call('PUT', `${CHANNELS}/ch02`, {
      ...edit,
      adPlan: { openingBreak: false, intervalMinutes: 10, breakSeconds: 60 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.channel.adPlanFrom).toBe(ctx.now.value);

    // The programme on air keeps its breaks, live and in catch-up.
    expect(await livePlaylist(ctx.app, onAir!.start + 4)).toBe(opening);
    expect(await catchup(ctx.app, next!.start + 700)).toBe(replayBefore);
    // The next one opens without a break and has a 60 s one ten minutes in.
    expect(marks(await livePlaylist(ctx.app, next!.start + 4))).toEqual([]);
    const tenIn = await livePlaylist(ctx.app, next!.start + 604);
    expect(marks(tenIn)).toHaveLength(1);
    expect(marks(tenIn)[0]).toContain(
      `START-DATE="${iso(next!.start + 600)}",PLANNED-DURATION=60.000`,
    );
    // Another instance answers the very same bytes.
    await withSecond(async (other) => {
      expect(await livePlaylist(other, next!.start + 604)).toBe(tenIn);
      expect(await catchup(other, next!.start + 700)).toBe(replayBefore);
    });
    const plans = await db()
      .selectFrom('channel_ad_plan')
      .selectAll()
      .where('channel_id', '=', 'ch02')
      .execute();
    expect(plans).toHaveLength(1);
    const refused = await browser.call('PUT', `${CHANNELS}/ch02`, {
      ...edit,
      version: edit.version + 1,
      adPlan: { openingBreak: false, intervalMinutes: null, breakSeconds: 30 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fields[0].problem).toBe('廣告頻道至少要有開場廣告或固定間隔廣告');
  });

  it('is refused to marketing, content editors, customer care, customers and nobody; the auditor reads', async () => {
    const roles: StaffRole[] = ['marketing', 'content_editor', 'customer_care', 'auditor'];
    const before = await db().selectFrom('audit_entry').select('audit_id').execute();
    for (const role of roles) {
      const staff = (await signedInStaff(ctx, [role])).browser;
      const changes = [
        () => staff.post(CHANNELS, { channelId: 'nope', ...fields() }),
        () => staff.call('PUT', `${CHANNELS}/ch01`, { ...fields(), version: 0 }),
        () => staff.post(GROUPS, { channelGroupId: 'g', title: 'g' }),
        () => staff.call('PUT', `${GROUPS}/order`, { seen: [], order: [] }),
        () => staff.call('PUT', `${GROUPS}/news/order`, { seen: [], order: [] }),
        () => staff.call('PUT', SETTINGS, { defaultChannelId: '', streamHostRules: '' }),
        () => staff.post(`${CHANNELS}/ch01/pictures/sponsor`, {}),
      ];
      for (const change of changes) {
        const res = await change();
        expect(res.statusCode, role).toBe(403);
        expect(res.json().status.code).toBe('STAFF_FORBIDDEN');
      }
      for (const url of [CHANNELS, `${CHANNELS}/ch01`]) {
        expect((await staff.get(url)).statusCode, role).toBe(role === 'auditor' ? 200 : 403);
      }
    }
    const member = await newMember(ctx.app);
    for (const url of [CHANNELS, `${CHANNELS}/ch01`]) {
      expect((await member.browser.get(url)).statusCode).toBe(401);
      expect((await ctx.app.inject(url)).statusCode).toBe(401);
    }
    const put = await ctx.app.inject({ method: 'PUT', url: SETTINGS, payload: {} });
    expect([401, 403]).toContain(put.statusCode);
    expect(await db().selectFrom('audit_entry').select('audit_id').execute()).toEqual(before);
    const admin = (await signedInStaff(ctx, ['admin'])).browser;
    expect((await admin.post(GROUPS, { channelGroupId: 'extra', title: '特別' })).statusCode).toBe(
      200,
    );
  });
});
