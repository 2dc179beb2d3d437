import { listCountReplySchema, listDataReplySchema, rentalListReplySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import {
  TestBrowser,
  gatewayUrl,
  newEntitlement,
  newMember,
  newTitle,
  useTestApp,
} from '../support/index.js';

const DATA = '/ajax/ajaxFindVideoListData.do';

describe('the personal video area', () => {
  const ctx = useTestApp({ seed: true });
  const list = async (browser: TestBrowser, query: string) =>
    listDataReplySchema.parse((await browser.get(`${DATA}?${query}`)).json()).data;
  const ids = async (browser: TestBrowser, query: string) =>
    (await list(browser, query)).videoList.video.map((v) => v.contentId);
  const beat = (
    browser: TestBrowser,
    contentId: string,
    positionSeconds: number,
    seq: number,
    durationSeconds = 1000,
  ) =>
    browser.post('/ajax/ajaxSaveWatchPosition.do', {
      contentId,
      positionSeconds,
      durationSeconds,
      seq,
    });

  it('toggles the to-view list with the spec semantics, once per title', async () => {
    const { browser } = await newMember(ctx.app);
    const add = await browser.post('/ajax/ajaxUpdateToViewList.do', {
      contentId: 'M0001',
      actionType: '1',
      isSeries: 'N',
    });
    expect(add.json()).toMatchObject({ status: { code: '0' }, data: { inToViewList: 'Y' } });
    await browser.post('/ajax/ajaxUpdateToViewList.do', {
      contentId: 'M0001',
      actionType: 1,
      isSeries: 'N',
    });
    ctx.now.value += 1;
    await browser.post('/ajax/ajaxUpdateToViewList.do', {
      contentId: 'S0001',
      actionType: '1',
      isSeries: 'Y',
    });
    expect(await ids(browser, 'menuType=ToViewList')).toEqual(['S0001', 'M0001']);
    const remove = await browser.post('/ajax/ajaxUpdateToViewList.do', {
      contentId: 'M0001',
      actionType: '2',
      isSeries: 'N',
    });
    expect(remove.json().data.inToViewList).toBe('N');
    expect(await ids(browser, 'menuType=ToViewList')).toEqual(['S0001']);
    expect(
      (
        await browser.post('/ajax/ajaxUpdateToViewList.do', {
          contentId: 'S0001',
          actionType: '1',
          isSeries: 'N',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('the apps toggle through the signed gateway call', async () => {
    const { loginId, password, browser } = await newMember(ctx.app);
    const sso = (
      await ctx.app.inject({
        method: 'POST',
        url: gatewayUrl(ctx, 'POST', '/gw/Login.json'),
        payload: { loginId, password },
      })
    ).json().data.ssoSession;
    const res = await ctx.app.inject({
      method: 'POST',
      url: gatewayUrl(ctx, 'POST', '/gw/UpdateToViewList.json', {
        contentId: 'M0003',
        actionType: '1',
        isSeries: 'N',
        ssoSession: sso,
      }),
    });
    expect(res.json()).toMatchObject({ status: { code: '0' }, data: { inToViewList: 'Y' } });
    expect(await ids(browser, 'menuType=ToViewList')).toEqual(['M0003']);
  });

  it('favorites toggle the same way and recommend titles like them', async () => {
    const { browser } = await newMember(ctx.app);
    await browser.post('/ajax/ajaxUpdateFavorite.do', { contentId: 'M0001', actionType: '1' });
    expect(await ids(browser, 'menuType=MyFavorite')).toEqual(['M0001']);
    const recommended = await list(browser, 'menuType=FavoriteRecommend&maxRecord=100');
    expect(recommended.totalCount).toBeGreaterThan(0);
    expect(recommended.videoList.video.map((v) => v.contentId)).not.toContain('M0001');
    expect(recommended.videoList.video.every((v) => v.subcategoryId === 'movie-action')).toBe(true);
  });

  it('continue watching resumes, never moves back on a stale heartbeat, and leaves at the end', async () => {
    const { browser } = await newMember(ctx.app);
    await beat(browser, 'M0002', 300, 2);
    await beat(browser, 'M0002', 100, 1);
    await beat(browser, 'M0002', 300, 2);
    const keep = await list(browser, 'menuType=KeepWatch');
    expect(keep.videoList.video).toMatchObject([
      { contentId: 'M0002', resumeContentId: 'M0002', positionSeconds: 300 },
    ]);
    await beat(browser, 'M0002', 960, 3);
    expect(await ids(browser, 'menuType=KeepWatch')).toEqual([]);
    expect(await ids(browser, 'menuType=ViewRecord')).toEqual(['M0002']);
  });

  it('heartbeats fired at once in any order leave the newest position, once', async () => {
    const { browser } = await newMember(ctx.app);
    const seqs = Array.from({ length: 40 }, (_, i) => i + 1).sort(() => Math.random() - 0.5);
    const replies = await Promise.all(seqs.map((seq) => beat(browser, 'M0005', seq * 10, seq)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const keep = await list(browser, 'menuType=KeepWatch');
    expect(keep.videoList.video).toMatchObject([{ contentId: 'M0005', positionSeconds: 400 }]);
    const rows = await ctx.database.db
      .selectFrom('watch_position')
      .selectAll()
      .where('content_id', '=', 'M0005')
      .execute();
    expect(rows.filter((r) => r.client_seq === 40)).toHaveLength(1);
  });

  it('a series resumes its last watched episode; removing it keeps the history', async () => {
    const { browser } = await newMember(ctx.app);
    await beat(browser, 'S0001-S1E01', 200, 1);
    ctx.now.value += 10;
    await beat(browser, 'S0001-S1E02', 50, 2);
    const keep = await list(browser, 'menuType=KeepWatch');
    expect(keep.videoList.video).toMatchObject([
      { contentId: 'S0001', resumeContentId: 'S0001-S1E02', positionSeconds: 50 },
    ]);
    const resume = (await browser.get('/ajax/ajaxGetWatchPosition.do?contentId=S0001')).json().data;
    expect(resume).toMatchObject({ resumeContentId: 'S0001-S1E02', positionSeconds: 50 });
    await browser.post('/ajax/ajaxRemoveKeepWatch.do', { contentId: 'S0001', isSeries: 'Y' });
    expect(await ids(browser, 'menuType=KeepWatch')).toEqual([]);
    expect(await ids(browser, 'menuType=ViewRecord')).toEqual(['S0001']);
    await browser.post('/ajax/ajaxFindViewRecord.do', { deleteContentId: 'S0001', isSeries: 'Y' });
    expect(await ids(browser, 'menuType=ViewRecord')).toEqual([]);
  });

  it('filters history by month (Taipei time) and counts every list', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    await beat(browser, 'M0004', 10, 1);
    const thisMonth = new Date((ctx.now.value + 8 * 3600) * 1000)
      .toISOString()
      .slice(0, 7)
      .replace('-', '');
    expect(
      await ids(
        browser,
        `menuType=ViewRecord&periodStartMonth=${thisMonth}&periodEndMonth=${thisMonth}`,
      ),
    ).toEqual(['M0004']);
    expect(await ids(browser, 'menuType=ViewRecord&periodStartMonth=203001')).toEqual([]);
    expect(
      (await browser.get(`${DATA}?menuType=ViewRecord&periodStartMonth=202613`)).statusCode,
    ).toBe(400);
    await browser.post('/ajax/ajaxUpdateFavorite.do', { contentId: 'M0005', actionType: '1' });
    await newEntitlement(ctx.database.db, {
      accountId,
      contentId: 'M0003',
      kind: 'rent',
      grantedAt: ctx.now.value,
    });
    const counts = listCountReplySchema.parse(
      (await browser.get('/ajax/ajaxFindVideoListCount.do')).json(),
    ).data;
    expect(counts).toEqual({
      isLogin: 'Y',
      keepWatchCount: 1,
      toViewListCount: 0,
      rentalListCount: 1,
      myFavoriteCount: 1,
    });
  });

  it('the rental list gives each entitlement its state and expiry text', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    const now = ctx.now.value;
    await newEntitlement(ctx.database.db, {
      accountId,
      contentId: 'M0003',
      kind: 'rent',
      grantedAt: now - 3600,
    });
    await newEntitlement(ctx.database.db, {
      accountId,
      contentId: 'M0008',
      kind: 'rent',
      grantedAt: now - 7200,
      firstPlayedAt: now - (48 * 3600 - 1800),
    });
    await newEntitlement(ctx.database.db, {
      accountId,
      contentId: 'M0009',
      kind: 'rent',
      grantedAt: now - 200 * 3600,
    });
    await newEntitlement(ctx.database.db, {
      accountId,
      contentId: 'M0004',
      kind: 'buy',
      grantedAt: now - 10,
    });
    const rentals = rentalListReplySchema.parse(
      (await browser.get('/ajax/ajaxFindRentalVideoList2.do?devType=PC&apiVersion=2')).json(),
    ).data.videoList.video;
    const byId = Object.fromEntries(rentals.map((r) => [r.contentId, r]));
    expect(byId.M0003).toMatchObject({
      rentalState: 'notStarted',
      expiryText: '請於 167 小時內開始觀看',
    });
    expect(byId.M0008).toMatchObject({ rentalState: 'watching', expiryText: '剩餘 30 分鐘' });
    expect(byId.M0009).toMatchObject({ rentalState: 'expired', expiryText: '已到期' });
    expect(byId.M0004).toMatchObject({
      rentalState: 'owned',
      expiresAt: null,
      durationText: '1 分鐘',
    });
    expect(rentals.map((r) => r.contentId)).toEqual(['M0004', 'M0003', 'M0008', 'M0009']);
  });

  it('logged out, lists report isLogin N instead of failing; changes need a member', async () => {
    const anon = new TestBrowser(ctx.app);
    expect((await list(anon, 'menuType=KeepWatch')).isLogin).toBe('N');
    expect((await anon.get('/ajax/ajaxFindVideoListCount.do')).json().data.isLogin).toBe('N');
    expect(
      (await anon.post('/ajax/ajaxUpdateToViewList.do', { contentId: 'M0001', actionType: '1' }))
        .statusCode,
    ).toBe(401);
  });

  it('lists belong to the sub-account; foreign ids and other profiles see nothing', async () => {
    const a = await newMember(ctx.app);
    const b = await newMember(ctx.app);
    await a.browser.post('/ajax/ajaxUpdateFavorite.do', { contentId: 'M0006', actionType: '1' });
    await beat(a.browser, 'M0006', 100, 1);
    expect(await ids(b.browser, 'menuType=MyFavorite')).toEqual([]);
    expect(await ids(b.browser, 'menuType=KeepWatch')).toEqual([]);
    await b.browser.post('/ajax/ajaxFindViewRecord.do', { deleteContentId: 'M0006' });
    await b.browser.post('/ajax/ajaxRemoveKeepWatch.do', { contentId: 'M0006' });
    expect(await ids(a.browser, 'menuType=KeepWatch')).toEqual(['M0006']);
    const other = await a.browser.post('/ajax/ajaxCreateSubAccount.do', { nickname: '弟弟' });
    await a.browser.post('/ajax/ajaxChangeSubAccount.do', {
      newSubaccountID: other.json().data.subAccount.subAccountUid,
    });
    expect(await ids(a.browser, 'menuType=MyFavorite')).toEqual([]);
  });

  it('a kid never receives a restricted item from any list call, whatever it asks', async () => {
    await newTitle(ctx.database.db, {
      content_id: 'KR18',
      is_restricted: 1,
      kid_safe: 0,
      main_category_id: 'kids',
      subcategory_id: 'kids-animation',
    });
    const { browser, accountId } = await newMember(ctx.app);
    await browser.post('/ajax/ajaxUpdateFavorite.do', { contentId: 'KR18', actionType: '1' });
    await browser.post('/ajax/ajaxUpdateToViewList.do', { contentId: 'KR18', actionType: '1' });
    await beat(browser, 'KR18', 10, 1);
    await newEntitlement(ctx.database.db, {
      accountId,
      contentId: 'KR18',
      kind: 'buy',
      grantedAt: ctx.now.value,
    });
    const kid = await browser.post('/ajax/ajaxCreateSubAccount.do', {
      nickname: '小孩',
      kidmode: '1',
    });
    await browser.post('/ajax/ajaxChangeSubAccount.do', {
      newSubaccountID: kid.json().data.subAccount.subAccountUid,
    });
    await ctx.database.db
      .insertInto('favorite_item')
      .values({
        sub_account_uid: kid.json().data.subAccount.subAccountUid,
        content_id: 'KR18',
        added_at: 1,
      })
      .execute();
    for (const menuType of [
      'ToViewList',
      'MyFavorite',
      'KeepWatch',
      'ViewRecord',
      'FavoriteRecommend',
    ]) {
      expect(
        await ids(browser, `menuType=${menuType}&filterRestrict=N&maxRecord=100`),
        menuType,
      ).not.toContain('KR18');
    }
    const rentals = (await browser.get('/ajax/ajaxFindRentalVideoList2.do')).json().data.videoList
      .video as { contentId: string }[];
    expect(rentals.map((r) => r.contentId)).not.toContain('KR18');
    expect(
      (await browser.post('/ajax/ajaxUpdateToViewList.do', { contentId: 'KR18', actionType: '1' }))
        .statusCode,
    ).toBe(404);
  });
});
