import {
  bundleNextPlayReplySchema,
  findUxCategoryReplySchema,
  nextOrPrevReplySchema,
  pageDataMainReplySchema,
  videoDetailReplySchema,
} from '@site/contract';
import { describe, expect, it } from 'vitest';
import { newMember, useTestApp, type TestBrowser } from '../support/index.js';

describe('catalogue pages, header, wording and site entries', () => {
  const ctx = useTestApp({ seed: true });
  const get = async (url: string, browser?: TestBrowser) => {
    const res = browser ? await browser.get(url) : await ctx.app.inject(url);
    return { status: res.statusCode, body: res.json() };
  };

  it('the home page data holds the curated rows, latest releases movies first', async () => {
    const { body } = await get('/ajax/ajaxGetPageDataMain.do');
    const groups = pageDataMainReplySchema.parse(body).data.groupList.group;
    expect(groups.map((g) => g.groupName)).toEqual(['最新上架電影', '編輯推薦', '免費看']);
    const latest = groups[0]!.videoList.video;
    // Anonymous viewers have the restricted-content filter on (ADR 0016): the row holds the
    // group's titles that are neither restricted nor sexual.
    const shown = await ctx.database.db
      .selectFrom('curated_group_title as g')
      .innerJoin('title as t', 't.content_id', 'g.content_id')
      .select('t.content_id')
      .where('g.group_id', '=', 'latest-movies')
      .where('t.is_restricted', '=', 0)
      .where('t.is_sexual', '=', 0)
      .orderBy('g.sort_order')
      .orderBy('t.content_id')
      .execute();
    expect(shown.length).toBeGreaterThan(0);
    expect(latest.map((v) => v.contentId)).toEqual(shown.map((t) => t.content_id).slice(0, 20));
    expect(latest.every((v) => v.isSeries === 'N')).toBe(true);
  });

  it('a kid session gets the kid rows, header and banner only', async () => {
    const { browser } = await newMember(ctx.app);
    const kid = await browser.post('/ajax/ajaxCreateSubAccount.do', {
      nickname: '小童',
      kidmode: '1',
    });
    await browser.post('/ajax/ajaxChangeSubAccount.do', {
      newSubaccountID: kid.json().data.subAccount.subAccountUid,
    });
    const groups = pageDataMainReplySchema.parse(
      (await get('/ajax/ajaxGetPageDataMain.do', browser)).body,
    ).data.groupList.group;
    expect(groups.map((g) => g.groupName)).toEqual(['小朋友最愛']);
    expect(groups.flatMap((g) => g.videoList.video).every((v) => v.mainCategoryId === 'kids')).toBe(
      true,
    );
    const header = (await get('/ajax/ajaxGetHeaderDataMain.do', browser)).body.data;
    expect(header.uxMenuList.uxMenu.map((m: { menuName: string }) => m.menuName)).toEqual([
      '首頁',
      '兒童專區',
    ]);
    expect(
      (await get('/ajax/ajaxGetHeaderVideo.do', browser)).body.data.videoList.video.every(
        (v: { mainCategoryId: string }) => v.mainCategoryId === 'kids',
      ),
    ).toBe(true);
    expect((await get('/ajax/ajaxFindUxCategory.do?categoryId=ux-movie', browser)).status).toBe(
      403,
    );
    expect((await get('/ajax/ajaxFindRegisterActivityEntry.do', browser)).body.data.showEntry).toBe(
      'N',
    );
  });

  it('a UX category pages its groups and recommends titles of its category', async () => {
    const all = findUxCategoryReplySchema.parse(
      (await get('/ajax/ajaxFindUxCategory.do?categoryId=ux-home&withRecommend=N')).body,
    ).data;
    expect(all.totalGroups).toBe(3);
    expect(all.recommendList).toBeUndefined();
    const second = findUxCategoryReplySchema.parse(
      (await get('/ajax/ajaxFindUxCategory.do?categoryId=ux-home&startIndex=1&count=1')).body,
    ).data;
    expect(second.groupList.group.map((g) => g.groupId)).toEqual(['editors-picks']);
    const drama = findUxCategoryReplySchema.parse(
      (await get('/ajax/ajaxFindUxCategory.do?categoryId=ux-drama&withRecommend=Y')).body,
    ).data;
    expect(drama.recommendList!.video.every((v) => v.mainCategoryId === 'drama')).toBe(true);
    expect((await get('/ajax/ajaxFindUxCategory.do?categoryId=ux-home&uId=Uforeign')).status).toBe(
      403,
    );
    expect((await get('/ajax/ajaxFindUxCategory.do?categoryId=nope')).status).toBe(404);
    expect(
      (
        await get('/ajax/ajaxFindVideoGroup.do?groupId=free-to-watch')
      ).body.data.videoList.video.every((v: { sellType: string }) =>
        ['FREE', 'AVOD'].includes(v.sellType),
      ),
    ).toBe(true);
    expect(
      (await get('/ajax/ajaxFindVideoGroup.do?groupId=free-to-watch&uxCategoryId=ux-kids')).status,
    ).toBe(404);
  });

  it('the detail call gives people, seasons and the trailer, and refuses a pair that does not belong', async () => {
    const series = videoDetailReplySchema.parse(
      (await get('/ajax/ajaxFindVideoDetail.do?contentId=S0001&otherId=S0001')).body,
    ).data;
    expect(series.isSeries).toBe('Y');
    expect(series.seasons.map((s) => s.episodes.length)).toEqual([3, 3]);
    expect(series.people.map((p) => p.role)).toEqual(['director', 'actor', 'actor']);
    expect(series.trailerUrl).toMatch(/^\/stream\/clip-.\/\d+\/[\w-]{32}\/master\.m3u8$/);
    const episode = videoDetailReplySchema.parse(
      (await get('/ajax/ajaxFindVideoDetail.do?contentId=S0001-S2E01&otherId=S0001')).body,
    ).data;
    expect(episode.seriesName).toBe(series.contentName);
    const wrong = await get('/ajax/ajaxFindVideoDetail.do?contentId=S0001-S2E01&otherId=M0001');
    expect(wrong.status).toBe(404);
    expect(wrong.body.status.message).toBe('網址資料錯誤');
  });

  it('walks episodes: previous and next, and what plays after', async () => {
    const middle = nextOrPrevReplySchema.parse(
      (await get('/ajax/ajaxFindNextOrPrevVideo.do?contentID=S0001-S1E03')).body,
    ).data;
    expect(middle.prev?.contentId).toBe('S0001-S1E02');
    expect(middle.next?.contentId).toBe('S0001-S2E01');
    const movie = nextOrPrevReplySchema.parse(
      (await get('/ajax/ajaxFindNextOrPrevVideo.do?contentID=M0001')).body,
    ).data;
    expect(movie).toEqual({ prev: null, next: null });
    const after = (id: string) =>
      get(`/ajax/ajaxFindBundleVideoListNextPlay.do?twmContentId=${id}`).then(
        (r) => bundleNextPlayReplySchema.parse(r.body).data.nextPlay?.contentId ?? null,
      );
    expect(await after('S0001')).toBe('S0001-S1E01');
    expect(await after('S0001-S1E01')).toBe('S0001-S1E02');
    expect(await after('S0001-S2E03')).toBeNull();
    expect(await after('M0001')).toBeNull();
  });

  it('serves wording by code and group, constants, footer, blog, opening page and activity entry', async () => {
    expect(
      (await get('/ajax/ajaxFindWording.do?code=Live_Minutes_Wording')).body.data.wording,
    ).toMatch(/^\d+\$\$/);
    expect((await get('/ajax/ajaxFindWording.do?code=NOPE')).status).toBe(404);
    const footer = (await get('/ajax/ajaxGetFooterData.do')).body.data.footerList.footer as {
      wording: string;
      url: string;
    }[];
    expect(footer.map((f) => f.url)).toContain('/redeem');
    expect(
      (await get('/ajax/ajaxFindGroupWording.do?groupCode=FOOTER')).body.data.wordingList.wording,
    ).toHaveLength(footer.length);
    expect((await get('/ajax/ajaxGetConstants.do')).body.data.constants).toMatchObject({
      pageSizes: [20, 100],
      autocompleteCount: 8,
      voucherStartHours: 168,
    });
    expect((await get('/ajax/ajaxBlogInfo.do')).body.data.blogUrl).toMatch(/^https:\/\//);
    expect((await get('/ajax/ajaxFindOpeningPage.do')).body.data).toMatchObject({
      showOpening: 'Y',
      seconds: 3,
    });
    expect((await get('/ajax/ajaxFindRegisterActivityEntry.do')).body.data).toMatchObject({
      showEntry: 'Y',
      linkUrl: '/account/sub-account-event',
    });
  });

  it('the new-title hint shows until the sub-account dismisses it', async () => {
    expect((await get('/ajax/ajaxCheckNewIconHint.do')).body.data.hintList.hint[0].show).toBe('N');
    const { browser } = await newMember(ctx.app);
    await ctx.database.db
      .updateTable('title')
      .set({ on_shelf_at: ctx.now.value - 3600 })
      .where('content_id', '=', 'M0002')
      .execute();
    const before = (await get('/ajax/ajaxCheckNewIconHint.do', browser)).body.data.hintList.hint[0];
    expect(before).toMatchObject({ show: 'Y' });
    expect(before.count).toBeGreaterThan(0);
    await browser.post('/ajax/ajaxUpdateNewIconHint.do', { hintId: 'newTitles' });
    expect(
      (await get('/ajax/ajaxCheckNewIconHint.do', browser)).body.data.hintList.hint[0],
    ).toMatchObject({ show: 'N', count: 0 });
  });
});
