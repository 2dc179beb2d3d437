import { findVideoListReplySchema } from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayUrl, newMember, newTitle, useTestApp } from '../support/index.js';

/** Every Find{product}List parameter changes the reply (ADR 0010). */
describe('FindVideoList and the other gateway catalogue calls', () => {
  const ctx = useTestApp({ seed: true });
  const get = (path: string, query: Record<string, string> = {}) =>
    ctx.app.inject(gatewayUrl(ctx, 'GET', path, query));
  /**
   * The app session of a member who switched the restricted-content filter off: the parameters
   * are tested against the whole catalogue. A call without ssoSession has the filter on (ADR 0016).
   */
  let unfiltered: string;
  const list = async (
    query: Record<string, string> = {},
    ssoSession: string | null = unfiltered,
  ) => {
    const res = await get('/gw/FindVideoList.json', {
      maxRecord: '100',
      ...(ssoSession ? { ssoSession } : {}),
      ...query,
    });
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    return findVideoListReplySchema.parse(res.json()).data;
  };
  const ids = async (query: Record<string, string> = {}, ssoSession?: string | null) =>
    (await list(query, ssoSession)).videoList.video.map((v) => v.contentId);
  const appLogin = async (loginId: string, password: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: gatewayUrl(ctx, 'POST', '/gw/Login.json'),
        payload: { loginId, password },
      })
    ).json().data as {
      ssoSession: string;
      uId: string;
    };

  beforeAll(async () => {
    const { browser, uid, loginId, password } = await newMember(ctx.app);
    const off = await browser.post('/ajax/ajaxUpdateSubAccount.do', {
      newSubaccountID: uid,
      filterRestrict: 'N',
      password,
    });
    expect(off.statusCode, off.body).toBe(200);
    unfiltered = (await appLogin(loginId, password)).ssoSession;
  });

  it('answers status.code, the counts and data.videoList.video', async () => {
    const res = (
      await get('/gw/FindVideoList.json', { maxRecord: '5', ssoSession: unfiltered })
    ).json();
    expect(res.status.code).toBe('0');
    expect(res.data.recordCount).toBe(5);
    expect(res.data.totalCount).toBeGreaterThanOrEqual(60);
    expect(res.data.videoList.video).toHaveLength(5);
  });

  it('a call without ssoSession has the restricted-content filter on, whatever it asks (ADR 0016)', async () => {
    const hidden = (
      await ctx.database.db
        .selectFrom('title')
        .select('content_id')
        .where((eb) => eb.or([eb('is_restricted', '=', 1), eb('is_sexual', '=', 1)]))
        .where('kind', '<>', 'episode')
        .execute()
    ).map((t) => t.content_id);
    const all = await ids();
    expect(hidden.length).toBeGreaterThan(0);
    for (const id of hidden) expect(all).toContain(id);
    const filtered = all.filter((id) => !hidden.includes(id));
    const asks: Record<string, string>[] = [{}, { filterRestrict: 'N', filterSexual: 'N' }];
    for (const asked of asks) {
      const anonymous = await list(asked, null);
      expect(anonymous.videoList.video.map((v) => v.contentId)).toEqual(filtered);
      expect(anonymous.totalCount).toBe(filtered.length);
    }
    expect(await ids({ filterRestrict: 'Y' })).toEqual(filtered);
    for (const contentId of hidden) {
      const brief = (ssoSession?: string) =>
        get('/gw/FindVideoContentBrief.json', { contentId, ...(ssoSession ? { ssoSession } : {}) });
      expect((await brief()).statusCode, contentId).toBe(404);
      expect((await brief(unfiltered)).statusCode, contentId).toBe(200);
    }
  });

  it('type, categoryId, uxCategoryId, menuType/menuId narrow the titles', async () => {
    const all = await ids();
    expect((await list({ type: 'series' })).videoList.video.every((v) => v.isSeries === 'Y')).toBe(
      true,
    );
    expect((await list({ type: 'movie' })).videoList.video.every((v) => v.isSeries === 'N')).toBe(
      true,
    );
    expect(
      (await list({ categoryId: 'drama' })).videoList.video.every(
        (v) => v.mainCategoryId === 'drama',
      ),
    ).toBe(true);
    expect(
      (await list({ uxCategoryId: 'ux-kids' })).videoList.video.every(
        (v) => v.mainCategoryId === 'kids',
      ),
    ).toBe(true);
    expect(
      (await list({ menuType: 'category', menuId: 'documentary' })).videoList.video.every(
        (v) => v.mainCategoryId === 'documentary',
      ),
    ).toBe(true);
    const latest = await ids({ menuType: 'group', menuId: 'latest-movies' });
    expect(latest).toHaveLength(12);
    expect(latest.length).toBeLessThan(all.length);
  });

  it('queryType orders; menu keeps a curated group in its own order', async () => {
    const names = (await list({ queryType: 'name' })).videoList.video.map((v) => v.contentName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const prices = (await list({ queryType: 'priceHigh' })).videoList.video.map((v) => v.dtrPrice);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const curated = await ctx.database.db
      .selectFrom('curated_group_title')
      .select('content_id')
      .where('group_id', '=', 'editors-picks')
      .orderBy('sort_order')
      .execute();
    expect(await ids({ menuType: 'group', menuId: 'editors-picks', queryType: 'menu' })).toEqual(
      curated.map((c) => c.content_id),
    );
  });

  it('supportAVOD, luxuryService, supportMultiSeason, filterSexual and filterRestrict remove what they name', async () => {
    const all = await list();
    const has = (pred: (v: (typeof all.videoList.video)[number]) => boolean) =>
      all.videoList.video.some(pred);
    expect(has((v) => v.sellType === 'AVOD')).toBe(true);
    expect(
      (await list({ supportAVOD: 'N' })).videoList.video.some((v) => v.sellType === 'AVOD'),
    ).toBe(false);
    expect(has((v) => v.sellType === 'MONTHLY')).toBe(true);
    expect(
      (await list({ luxuryService: 'N' })).videoList.video.some((v) => v.sellType === 'MONTHLY'),
    ).toBe(false);
    const multiSeason = 'S0001';
    expect(all.videoList.video.map((v) => v.contentId)).toContain(multiSeason);
    expect(await ids({ supportMultiSeason: 'N' })).not.toContain(multiSeason);
    const sexual = await ctx.database.db
      .selectFrom('title')
      .select('content_id')
      .where('is_sexual', '=', 1)
      .executeTakeFirstOrThrow();
    expect(await ids()).toContain(sexual.content_id);
    expect(await ids({ filterSexual: 'Y' })).not.toContain(sexual.content_id);
    const restricted = await ctx.database.db
      .selectFrom('title')
      .select('content_id')
      .where('is_restricted', '=', 1)
      .where('is_sexual', '=', 0)
      .executeTakeFirstOrThrow();
    expect(await ids({ filterRestrict: 'Y' })).not.toContain(restricted.content_id);
  });

  it('apiVersion, showHighlight and devType change the items', async () => {
    const v2 = (await list({ maxRecord: '1' })).videoList.video[0]!;
    const v1 = (await list({ maxRecord: '1', apiVersion: '1' })).videoList.video[0]!;
    expect(v2.stillUrl).toBeDefined();
    expect(v1.stillUrl).toBeUndefined();
    expect(v2.highlight).toBeUndefined();
    expect(
      (await list({ maxRecord: '1', showHighlight: 'Y' })).videoList.video[0]!.highlight,
    ).toMatch(/。$/);
    expect(
      (await list({ maxRecord: '1', devType: 'iPhone' })).videoList.video[0]!.playAppLink,
    ).toMatch(/^starvideo:\/\/play\?contentId=/);
    expect(
      (await list({ maxRecord: '1', devType: 'Android' })).videoList.video[0]!.playAppLink,
    ).toMatch(/^intent:\/\//);
    expect((await list({ maxRecord: '1', devType: 'PC' })).videoList.video[0]!.playAppLink).toMatch(
      /^\/play\//,
    );
  });

  it('kidMode=1 narrows to the kid category; a kid ssoSession stays a kid whatever it sends', async () => {
    expect(
      (await list({ kidMode: '1' })).videoList.video.every((v) => v.mainCategoryId === 'kids'),
    ).toBe(true);
    const { browser, loginId, password } = await newMember(ctx.app);
    const kid = await browser.post('/ajax/ajaxCreateSubAccount.do', {
      nickname: '小童',
      kidmode: '1',
    });
    const session = await appLogin(loginId, password);
    // Switch the app session to the kid sub-account the way the site does, in the database.
    await ctx.database.db
      .updateTable('session')
      .set({ sub_account_uid: kid.json().data.subAccount.subAccountUid })
      .where('kind', '=', 'sso')
      .where(
        'account_id',
        '=',
        (
          await ctx.database.db
            .selectFrom('account')
            .select('account_id')
            .where('login_id', '=', loginId)
            .executeTakeFirstOrThrow()
        ).account_id,
      )
      .execute();
    const videos = (
      await list({
        ssoSession: session.ssoSession,
        kidMode: '0',
        filterRestrict: 'N',
        filterSexual: 'N',
      })
    ).videoList.video;
    expect(videos.length).toBeGreaterThan(0);
    expect(videos.every((v) => v.mainCategoryId === 'kids')).toBe(true);
  });

  it('refuses a uId that is not the session’s, and a bad parameter', async () => {
    const { loginId, password } = await newMember(ctx.app);
    const session = await appLogin(loginId, password);
    expect(
      (await get('/gw/FindVideoList.json', { ssoSession: session.ssoSession, uId: session.uId }))
        .statusCode,
    ).toBe(200);
    expect(
      (await get('/gw/FindVideoList.json', { ssoSession: session.ssoSession, uId: 'Uforeign' }))
        .statusCode,
    ).toBe(403);
    expect((await get('/gw/FindVideoList.json', { uId: 'Uforeign' })).statusCode).toBe(403);
    for (const bad of <Record<string, string>[]>[
      { maxRecord: '0' },
      { maxRecord: '101' },
      { startIndex: '-1' },
      { type: 'tv' },
      { devType: 'Fridge' },
      { queryType: 'random' },
    ]) {
      expect((await get('/gw/FindVideoList.json', bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
  });

  it('the content brief reports login, price, trailer and app link; unknown titles are 404', async () => {
    await newTitle(ctx.database.db, {
      content_id: 'BRIEF1',
      dtr_price: 80,
      sell_type: 'RENT',
      trailer_clip_id: 'clip-b',
    });
    const anon = (
      await get('/gw/FindVideoContentBrief.json', { contentId: 'BRIEF1', devType: 'iPad' })
    ).json().data;
    expect(anon).toEqual({
      isLogin: 'N',
      inToViewList: 'N',
      dtrPrice: 80,
      hasTrailer: 'Y',
      playAppLink: 'starvideo://play?contentId=BRIEF1',
    });
    const free = (
      await get('/gw/FindVideoContentBrief.json', { contentId: 'BRIEF1', isFree: 'Y' })
    ).json().data;
    expect(free.dtrPrice).toBe(0);
    const { loginId, password } = await newMember(ctx.app);
    const session = await appLogin(loginId, password);
    const brief = async () =>
      (
        await get('/gw/FindVideoContentBrief.json', {
          contentId: 'BRIEF1',
          ssoSession: session.ssoSession,
        })
      ).json().data;
    expect(await brief()).toMatchObject({ isLogin: 'Y', inToViewList: 'N' });
    await ctx.app.inject({
      method: 'POST',
      url: gatewayUrl(ctx, 'POST', '/gw/UpdateToViewList.json', {
        contentId: 'BRIEF1',
        actionType: '1',
        isSeries: 'N',
        ssoSession: session.ssoSession,
      }),
    });
    expect((await brief()).inToViewList).toBe('Y');
    expect((await get('/gw/FindVideoContentBrief.json', { contentId: 'NOPE' })).statusCode).toBe(
      404,
    );
  });

  it('the top menu, characters and category menu read the seeded catalogue', async () => {
    const menus = (await get('/gw/FindUxTopMenu.json')).json().data.uxMenuList.uxMenu as {
      menuName: string;
    }[];
    expect(menus.map((m) => m.menuName)).toEqual([
      '首頁',
      '電影',
      '戲劇',
      '兒童專區',
      '紀錄片',
      '直播',
    ]);
    expect(
      (
        (await get('/gw/FindUxTopMenu.json', { kidMode: '1' })).json().data.uxMenuList.uxMenu as {
          menuName: string;
        }[]
      ).map((m) => m.menuName),
    ).toEqual(['首頁', '兒童專區']);
    const characters = (await get('/gw/FindUxCharacter.json')).json().data.characterList
      .character as { characterName: string; titleCount: number }[];
    const people = await ctx.database.db.selectFrom('person').select('name').execute();
    expect(characters.map((c) => c.characterName).sort()).toEqual(people.map((p) => p.name).sort());
    expect(characters.every((c) => c.titleCount > 0)).toBe(true);
    const kidsMenu = (await get('/gw/FindMainCategoryMenu3.json', { kidMode: '1' })).json().data
      .mainCategoryList.mainCategory as { mainCategoryId: string }[];
    expect(kidsMenu.map((m) => m.mainCategoryId)).toEqual(['kids']);
    expect(
      (await get('/gw/FindMainCategoryMenu3.json', { mainCategoryId: 'drama' })).json().data
        .mainCategoryList.mainCategory,
    ).toHaveLength(1);
  });
});
