import {
  channelGroupListReplySchema,
  mainCategoryMenuReplySchema,
  playRightReplySchema,
  videoListReplySchema,
} from '@site/contract';
import { describe, expect, it } from 'vitest';
import { seed } from '../../src/demo/index.js';
import { demoMembers } from '../../src/demo/accounts.js';
import { TestBrowser, newMember, useTestApp } from '../support/index.js';

/** Every seeded row is read back through a public call, so no demo data sits unused. */
describe('demo data', () => {
  const ctx = useTestApp({ seed: true });

  /** A member who switched the restricted-content filter off: sees every title on the shelf. */
  const unfiltered = async (): Promise<TestBrowser> => {
    const { browser, uid, password } = await newMember(ctx.app);
    const off = await browser.post('/ajax/ajaxUpdateSubAccount.do', {
      newSubaccountID: uid,
      filterRestrict: 'N',
      password,
    });
    expect(off.statusCode, off.body).toBe(200);
    return browser;
  };
  /** Movies and series in the demo data, and which of them the restricted filter hides. */
  const listedTitles = () =>
    ctx.database.db
      .selectFrom('title')
      .select(['content_id', 'is_restricted', 'is_sexual'])
      .where('kind', '<>', 'episode')
      .where('on_shelf_at', '<=', ctx.now.value)
      .where((eb) =>
        eb.or([eb('off_shelf_at', 'is', null), eb('off_shelf_at', '>', ctx.now.value)]),
      )
      .execute();
  const hiddenByFilter = (t: { is_restricted: number; is_sexual: number }) =>
    t.is_restricted === 1 || t.is_sexual === 1;

  it('is idempotent: a second run inserts nothing, --reset restores the same rows', async () => {
    const again = await seed(ctx.database, { now: ctx.now.value, passwordCost: 1024 });
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
    const count = async () =>
      Number(
        (
          await ctx.database.db
            .selectFrom('title')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await ctx.database.db.deleteFrom('programme').where('channel_id', '=', 'ch01').execute();
    const reset = await seed(ctx.database, { now: ctx.now.value, reset: true, passwordCost: 1024 });
    expect(reset.title).toBe(before);
    expect(await count()).toBe(before);
  });

  it('has at least 60 titles, series with seasons and episodes, across sell types', async () => {
    const browse = '/ajax/ajaxFilterCategoryVideoListData.do?maxRecord=100';
    const res = videoListReplySchema.parse((await (await unfiltered()).get(browse)).json());
    expect(res.data.totalCount).toBeGreaterThanOrEqual(60);
    const sellTypes = new Set(res.data.videoList.video.map((v) => v.sellType));
    expect([...sellTypes].sort()).toEqual(['AVOD', 'BUY', 'FREE', 'MONTHLY', 'RENT']);
    expect(res.data.videoList.video.some((v) => v.isSeries === 'Y')).toBe(true);
    // Anonymous viewers have the restricted-content filter on (ADR 0016): every title but the
    // restricted and sexual ones, which the demo data has, so the filter is seen to work.
    const listed = await listedTitles();
    const shown = listed.filter((t) => !hiddenByFilter(t)).map((t) => t.content_id);
    expect(res.data.totalCount).toBe(listed.length);
    expect(shown.length).toBeLessThan(listed.length);
    const anonymous = videoListReplySchema.parse((await ctx.app.inject(browse)).json()).data;
    expect(anonymous.totalCount).toBe(shown.length);
    expect(anonymous.videoList.video.map((v) => v.contentId).sort()).toEqual(shown.sort());
  });

  it('every title and episode answers its detail page with its own head', async () => {
    const titles = await ctx.database.db
      .selectFrom('title')
      .select(['content_id', 'series_id', 'name', 'is_restricted', 'is_sexual'])
      .execute();
    const member = await unfiltered();
    const listed = videoListReplySchema.parse(
      (await member.get('/ajax/ajaxFilterCategoryVideoListData.do?maxRecord=100')).json(),
    );
    const listedIds = new Set(listed.data.videoList.video.map((v) => v.contentId));
    const generic = (await ctx.app.inject('/details/NONE/NONE')).body;
    expect(titles.some(hiddenByFilter)).toBe(true);
    for (const title of titles) {
      const path = `/details/${title.content_id}/${title.series_id ?? title.content_id}`;
      const head = `<meta property="og:title" content="${title.name}｜星河影音">`;
      const res = await member.get(path);
      expect(res.statusCode, title.content_id).toBe(200);
      expect(res.body).toContain(head);
      if (!title.series_id) expect(listedIds.has(title.content_id), title.content_id).toBe(true);
      // Anonymous: the restricted-content filter is on (ADR 0016), so a restricted or sexual
      // title gets the head of a page that does not exist.
      const anonymous = await ctx.app.inject(path);
      if (hiddenByFilter(title)) {
        expect(anonymous.statusCode, title.content_id).toBe(404);
        expect(anonymous.body).not.toContain(title.name);
        expect(anonymous.body.replaceAll(path, '/details/NONE/NONE')).toBe(generic);
      } else {
        expect(anonymous.statusCode, title.content_id).toBe(200);
        expect(anonymous.body).toContain(head);
      }
    }
  });

  it('free titles play the clip they were seeded with', async () => {
    const free = await ctx.database.db
      .selectFrom('title')
      .select(['content_id', 'clip_id'])
      .where('sell_type', '=', 'FREE')
      .where('kind', '=', 'movie')
      .where('is_restricted', '=', 0)
      .execute();
    expect(free.length).toBeGreaterThan(0);
    for (const title of free) {
      const reply = playRightReplySchema.parse(
        (
          await ctx.app.inject(`/ajax/ajaxFindVideoPlayRight.do?contentId=${title.content_id}`)
        ).json(),
      );
      expect(reply.data.videoUrl).toMatch(
        new RegExp(`^/stream/${title.clip_id}/\\d+/[\\w-]{32}/master\\.m3u8$`),
      );
    }
  });

  it('every category and subcategory is in the menu', async () => {
    const menu = mainCategoryMenuReplySchema.parse(
      (await ctx.app.inject('/ajax/ajaxFindMainCategoryMenu3.do')).json(),
    );
    const subs = menu.data.mainCategoryList.mainCategory.flatMap(
      (m) => m.subcategoryList.subcategory,
    );
    const stored = await ctx.database.db
      .selectFrom('subcategory')
      .select('subcategory_id')
      .execute();
    expect(subs.map((s) => s.subcategoryId).sort()).toEqual(
      stored.map((s) => s.subcategory_id).sort(),
    );
  });

  it('has 12 channels in 4 groups with NEWS, each status, allowWeb N, YouTube and simple-play cases', async () => {
    const reply = channelGroupListReplySchema.parse(
      (await ctx.app.inject('/ajax/ajaxFindChannelGroupList.do')).json(),
    );
    const groups = reply.data.channelGroupList.channelGroup;
    expect(groups.map((g) => g.channelGroupTitle)).toContain('NEWS');
    expect(groups.length).toBeGreaterThanOrEqual(4);
    const channels = new Map(
      groups.flatMap((g) => g.channelV2List.channelV2).map((c) => [c.channelId, c]),
    );
    expect(channels.size).toBeGreaterThanOrEqual(12);
    expect(new Set([...channels.values()].map((c) => c.channelStatus))).toEqual(
      new Set(['0', '1', '9']),
    );
    expect([...channels.values()].some((c) => c.openSimplePlayPage === 'Y')).toBe(true);
    const stored = await ctx.database.db.selectFrom('channel').selectAll().execute();
    expect(stored.map((c) => c.channel_id).sort()).toEqual([...channels.keys()].sort());
    expect(stored.some((c) => c.allow_web === 'N')).toBe(true);
    expect(stored.some((c) => c.is_youtube === 'Y' && c.youtube_id)).toBe(true);
    expect(stored.some((c) => c.play_right_type === 'AVOD')).toBe(true);
  });

  it('every channel has seven days of schedule ahead in the programme guide', async () => {
    const xml = (await ctx.app.inject('/epg/xmltv.xml')).body;
    const stored = await ctx.database.db
      .selectFrom('programme')
      .select(['channel_id', 'start_at', 'end_at'])
      .execute();
    const guideCount = (xml.match(/<programme /g) ?? []).length;
    expect(guideCount).toBe(stored.length);
    const weekAhead = ctx.now.value + 7 * 86_400;
    for (const id of new Set(stored.map((p) => p.channel_id))) {
      const last = Math.max(...stored.filter((p) => p.channel_id === id).map((p) => p.end_at));
      expect(last, id).toBeGreaterThanOrEqual(weekAhead);
    }
  });

  it('every demo member logs in and lists the seeded sub-accounts; the kid PIN works', async () => {
    for (const member of demoMembers) {
      const browser = new TestBrowser(ctx.app);
      const login = await browser.post('/ajax/ajaxLogin.do', {
        loginId: member.loginId,
        password: member.password,
      });
      expect(login.statusCode, member.loginId).toBe(200);
      const list = (await browser.get('/ajax/ajaxGetSubaccountInfo.do')).json().data.subAccountList
        .subAccount as {
        nickname: string;
        kidmode: string;
        subAccountUid: string;
        isPrimary: string;
      }[];
      expect(list.map((s) => [s.nickname, s.kidmode])).toEqual(
        member.subAccounts.map((s) => [s.nickname, s.kidmode]),
      );
      const kid = list.find((s) => s.kidmode === '1');
      if (member.kidPin && kid) {
        await browser.post('/ajax/ajaxChangeSubAccount.do', { newSubaccountID: kid.subAccountUid });
        const primary = list.find((s) => s.isPrimary === 'Y')!;
        const back = await browser.post('/ajax/ajaxChangeSubAccount.do', {
          newSubaccountID: primary.subAccountUid,
          ownerPin: member.kidPin,
        });
        expect(back.statusCode).toBe(200);
      }
    }
  });

  it("the demo member's lists and rentals read back through the list calls", async () => {
    const browser = new TestBrowser(ctx.app);
    await browser.post('/ajax/ajaxLogin.do', { loginId: 'demo@example.com', password: 'demo1234' });
    const menu = async (menuType: string) =>
      (
        (await browser.get(`/ajax/ajaxFindVideoListData.do?menuType=${menuType}`)).json().data
          .videoList.video as { contentId: string }[]
      ).map((v) => v.contentId);
    expect((await menu('ToViewList')).sort()).toEqual(['M0002', 'S0002']);
    expect((await menu('MyFavorite')).sort()).toEqual(['M0001', 'M0006']);
    expect(await menu('KeepWatch')).toEqual(['M0003', 'S0001', 'M0011']);
    expect((await menu('ViewRecord')).sort()).toEqual(['M0003', 'M0011', 'S0001']);
    const rentals = (await browser.get('/ajax/ajaxFindRentalVideoList2.do')).json().data.videoList
      .video as { contentId: string; rentalState: string }[];
    expect(rentals.map((r) => [r.contentId, r.rentalState])).toEqual([
      ['M0008', 'notStarted'],
      ['M0003', 'watching'],
      ['M0004', 'owned'],
    ]);
    const subs = (await browser.get('/ajax/ajaxGetSubaccountInfo.do')).json().data.subAccountList
      .subAccount as { nickname: string; subAccountUid: string }[];
    await browser.post('/ajax/ajaxChangeSubAccount.do', {
      newSubaccountID: subs.find((s) => s.nickname === '小寶')!.subAccountUid,
    });
    expect(await menu('MyFavorite')).toEqual(['S0007']);
  });
});
