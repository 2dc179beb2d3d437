import { videoListReplySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { TestBrowser, newMember, newTitle, useTestApp } from '../support/index.js';

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
});
