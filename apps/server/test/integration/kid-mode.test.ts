import {
  channelGroupListReplySchema,
  engagementCalls,
  errorCatalogue,
  gatewayCalls,
  liveCalls,
  livePageReplySchema,
  mainCategoryMenuReplySchema,
  siteCalls,
  switchChannelReplySchema,
  videoListReplySchema,
} from '@site/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_KID_CHANNEL_IDS } from '../../src/demo/live.js';
import { TestBrowser, gatewayUrl, newMember, newTitle, useTestApp } from '../support/index.js';

const LIST = '/ajax/ajaxFilterCategoryVideoListData.do';

/** Kid mode and the restricted-content filter are decided from the session, whatever is asked. */
describe('kid mode and the restricted-content filter', () => {
  const ctx = useTestApp({ seed: true });

  async function kidBrowser(): Promise<TestBrowser> {
    const { browser } = await newMember(ctx.app);
    const res = await browser.post('/ajax/ajaxCreateSubAccount.do', {
      nickname: '小孩',
      kidmode: '1',
    });
    await browser.post('/ajax/ajaxChangeSubAccount.do', {
      newSubaccountID: res.json().data.subAccount.subAccountUid,
    });
    return browser;
  }
  const ids = async (browser: TestBrowser, query: string) =>
    videoListReplySchema.parse((await browser.get(`${LIST}?${query}`)).json()).data.videoList.video;

  it('a kid sees only the kid category, whatever category or filter is asked for', async () => {
    await newTitle(ctx.database.db, {
      content_id: 'KIDR18',
      main_category_id: 'kids',
      subcategory_id: 'kids-animation',
      kid_safe: 0,
      is_restricted: 1,
      sell_type: 'FREE',
    });
    const kid = await kidBrowser();
    for (const query of [
      'maxRecord=100',
      'mainCategoryId=movie&maxRecord=100',
      'maxRecord=100&kidMode=0&filterRestrict=N',
    ]) {
      const videos = await ids(kid, query);
      expect(videos.length, query).toBeGreaterThan(0);
      expect(
        videos.every((v) => v.mainCategoryId === 'kids'),
        query,
      ).toBe(true);
      expect(videos.map((v) => v.contentId)).not.toContain('KIDR18');
    }
    const adult = await ids(new TestBrowser(ctx.app), 'mainCategoryId=movie&maxRecord=100');
    expect(adult.every((v) => v.mainCategoryId === 'movie')).toBe(true);
  });

  // ADR 0016: a title a viewer may not see answers 404, as a missing one does (was 403).
  it('a kid gets 404 on a restricted title’s details and play right', async () => {
    const kid = await kidBrowser();
    const restricted = await ctx.database.db
      .selectFrom('title')
      .select('content_id')
      .where('is_restricted', '=', 1)
      .where('kind', '=', 'movie')
      .executeTakeFirstOrThrow();
    expect(
      (await kid.get(`/details/${restricted.content_id}/${restricted.content_id}`)).statusCode,
    ).toBe(404);
    expect(
      (await kid.get(`/ajax/ajaxFindVideoPlayRight.do?contentId=${restricted.content_id}`))
        .statusCode,
    ).toBe(404);
    const grown = await ctx.database.db
      .selectFrom('title')
      .select('content_id')
      .where('kid_safe', '=', 0)
      .where('is_restricted', '=', 0)
      .where('sell_type', '=', 'FREE')
      .where('kind', '=', 'movie')
      .executeTakeFirstOrThrow();
    const play = await kid.get(`/ajax/ajaxFindVideoPlayRight.do?contentId=${grown.content_id}`);
    expect(play.statusCode).toBe(404);
    expect(play.json().status.code).toBe('NOT_FOUND');
  });

  it('the filter hides restricted titles from a member until an adult switches it off', async () => {
    await newTitle(ctx.database.db, {
      content_id: 'R18FREE',
      is_restricted: 1,
      grade: '18+',
      main_category_id: 'adult',
      subcategory_id: 'adult-sub',
    });
    const { browser, uid, password } = await newMember(ctx.app);
    expect(await ids(browser, 'mainCategoryId=adult')).toEqual([]);
    expect(
      (await browser.get('/ajax/ajaxFindVideoPlayRight.do?contentId=R18FREE')).statusCode,
    ).toBe(404);
    // Anonymous viewers have the filter on as well (ADR 0016), and cannot ask it off.
    const anonymous = new TestBrowser(ctx.app);
    expect(await ids(anonymous, 'mainCategoryId=adult&filterRestrict=N')).toEqual([]);
    for (const url of [
      '/details/R18FREE/R18FREE',
      '/ajax/ajaxFindVideoDetail.do?contentId=R18FREE&otherId=R18FREE',
      '/ajax/ajaxFindVideoPlayRight.do?contentId=R18FREE',
    ]) {
      expect((await anonymous.get(url)).statusCode, url).toBe(404);
    }
    await browser.post('/ajax/ajaxUpdateSubAccount.do', {
      newSubaccountID: uid,
      filterRestrict: 'N',
      password,
    });
    expect((await ids(browser, 'mainCategoryId=adult')).map((v) => v.contentId)).toEqual([
      'R18FREE',
    ]);
    expect(
      (await browser.get('/ajax/ajaxFindVideoPlayRight.do?contentId=R18FREE')).statusCode,
    ).toBe(200);
  });

  // Issue 20 item 9 (docs/adr/0028): the category menu follows the one rule; on the live page a
  // kid sees kid channels only, no prize draw and no inbox.
  describe('kid mode on the menu and the live page', () => {
    const menuIds = async (browser: TestBrowser, query = '') =>
      mainCategoryMenuReplySchema
        .parse((await browser.get(`${siteCalls.findMainCategoryMenu3}${query}`)).json())
        .data.mainCategoryList.mainCategory.map((m) => m.mainCategoryId);

    it('the category menu answers a kid the kid category, whatever is asked', async () => {
      const kid = await kidBrowser();
      expect(await menuIds(kid, '?mainCategoryId=movie')).toEqual(['kids']);
      expect(await menuIds(kid, '?mainCategoryId=adult')).toEqual(['kids']);
      expect(await menuIds(kid)).toEqual(['kids']);
      const adult = new TestBrowser(ctx.app);
      expect(await menuIds(adult, '?mainCategoryId=movie')).toEqual(['movie']);
      expect((await menuIds(adult)).length).toBeGreaterThan(1);
      // The gateway face asks the same rule (kidMode=1 narrows a call without a kid session).
      const gateway = await ctx.app.inject(
        gatewayUrl(ctx, 'GET', gatewayCalls.findMainCategoryMenu3, {
          kidMode: '1',
          mainCategoryId: 'movie',
        }),
      );
      expect(
        mainCategoryMenuReplySchema
          .parse(gateway.json())
          .data.mainCategoryList.mainCategory.map((m) => m.mainCategoryId),
      ).toEqual(['kids']);
    });

    it('the live page lists, opens on and plays kid channels only; others are 404', async () => {
      const kid = await kidBrowser();
      const page = livePageReplySchema.parse(
        (await kid.get(`${liveCalls.getLivePageData}?channelId=ch01`)).json(),
      ).data.dataContent.mainWrapCustomizeData;
      const listed = page.liveChannelList.map((c) => c.channelId);
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((id) => DEMO_KID_CHANNEL_IDS.includes(id))).toBe(true);
      expect(DEMO_KID_CHANNEL_IDS).toContain(page.defaultLiveChannelId);
      const adultPage = livePageReplySchema.parse(
        (await new TestBrowser(ctx.app).get(`${liveCalls.getLivePageData}?channelId=ch01`)).json(),
      ).data.dataContent.mainWrapCustomizeData;
      expect(adultPage.defaultLiveChannelId).toBe('ch01');
      expect(adultPage.liveChannelList.map((c) => c.channelId)).toContain('ch01');

      // ch01 is news with a sponsor logo: to a kid it does not exist, on every live call.
      for (const [method, url, body] of [
        ['GET', `${liveCalls.switchChannel}?channelId=ch01`, undefined],
        ['GET', `${liveCalls.findTwitchContentData}?channelId=ch04`, undefined],
        ['POST', liveCalls.getLiveBookmark, { channelId: 'ch01' }],
        ['POST', liveCalls.insertLiveBookmark, { channelId: 'ch12', bookmarkId: 'LB-x' }],
      ] as const) {
        const res =
          method === 'GET' ? await kid.get(url) : await kid.post(url, body as unknown as object);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().status.message, url).toBe('找不到這個頻道。');
      }
      expect((await kid.get('/LiveChannel/ch01')).statusCode).toBe(404);
      expect((await kid.get('/LiveChannel/ch11')).statusCode).toBe(200);
      expect((await new TestBrowser(ctx.app).get('/LiveChannel/ch01')).statusCode).toBe(200);
      const cartoons = await kid.get(`${liveCalls.switchChannel}?channelId=ch11`);
      expect(cartoons.statusCode).toBe(200);
      expect(switchChannelReplySchema.parse(cartoons.json()).data.videoUrl).not.toBe('');

      const grid = channelGroupListReplySchema.parse(
        (await kid.get(siteCalls.findChannelGroupList)).json(),
      ).data.channelGroupList.channelGroup;
      const inGrid = grid.flatMap((g) => g.channelV2List.channelV2.map((c) => c.channelId));
      expect(inGrid.length).toBeGreaterThan(0);
      expect(inGrid.every((id) => DEMO_KID_CHANNEL_IDS.includes(id))).toBe(true);
      expect(grid.every((g) => g.channelV2List.channelV2.length > 0)).toBe(true);
    });

    it('a kid is told of no red envelope and a draw is refused in zh-TW', async () => {
      const activityId = `KID-${Date.now()}`;
      await ctx.database.db
        .insertInto('draw_activity')
        .values({
          activity_id: activityId,
          channel_id: 'ch11',
          start_at: ctx.now.value - 60,
          end_at: ctx.now.value + 600,
          odds_per_mille: 1000,
          created_at: ctx.now.value,
        })
        .execute();
      await ctx.database.db
        .insertInto('draw_prize')
        .values({
          prize_id: `${activityId}-0`,
          activity_id: activityId,
          name: '卡通貼紙',
          quantity: 3,
          remaining: 3,
          sort_order: 0,
        })
        .execute();
      const kid = await kidBrowser();
      const list = switchChannelReplySchema.parse(
        (await kid.get(`${liveCalls.switchChannel}?channelId=ch11`)).json(),
      ).data.drawActivity.drawActivityList;
      expect(list).toEqual([]);
      const adultList = switchChannelReplySchema.parse(
        (await new TestBrowser(ctx.app).get(`${liveCalls.switchChannel}?channelId=ch11`)).json(),
      ).data.drawActivity.drawActivityList;
      expect(adultList.map((a) => a.activityId)).toContain(activityId);

      const res = await kid.get(`${engagementCalls.drawActivity}?activityId=${activityId}`, {
        'x-csrf-token': kid.cookies.get('csrf')!,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().status).toEqual({
        code: 'FORBIDDEN',
        message: '兒童模式無法參加抽獎，請切換為一般使用者後再試。',
      });
      const draws = await ctx.database.db
        .selectFrom('draw_account')
        .selectAll()
        .where('activity_id', '=', activityId)
        .execute();
      expect(draws).toEqual([]);
    });

    it("a kid has no inbox: the parent's messages are not shown, the badge counts 0", async () => {
      const { browser } = await newMember(ctx.app);
      await ctx.database.db
        .insertInto('inbox_message')
        .values({
          msg_id: `MSG-KID-${Date.now()}`,
          account_id: null,
          title: '月租方案即將到期',
          content: '您的月租方案將於三天後到期。',
          sent_at: ctx.now.value - 10,
        })
        .execute();
      const parentList = await browser.get(engagementCalls.findInboxMessageList);
      expect(parentList.statusCode).toBe(200);
      const msgId = parentList.json().data.messageList[0].msgId as string;
      const created = await browser.post(siteCalls.createSubAccount, {
        nickname: '小孩',
        kidmode: '1',
      });
      await browser.post(siteCalls.changeSubAccount, {
        newSubaccountID: created.json().data.subAccount.subAccountUid,
      });
      const list = await browser.get(engagementCalls.findInboxMessageList);
      expect(list.statusCode).toBe(403);
      expect(list.json().status).toEqual({
        code: 'FORBIDDEN',
        message: '兒童模式沒有收件匣，請切換為一般使用者後查看訊息。',
      });
      expect(list.body).not.toContain('月租方案即將到期');
      const count = await browser.get(engagementCalls.findInboxUnreadCount);
      expect(count.json().data.unreadCount).toBe(0);
      const update = await browser.post(engagementCalls.updateMsg, {
        msgIds: msgId,
        status: 'deleted',
      });
      expect(update.statusCode).toBe(403);
      expect(errorCatalogue.FORBIDDEN.http).toBe(403);
    });
  });
});
