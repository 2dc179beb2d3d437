import { findVideoListReplySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { gatewayUrl, newMember, newTitle, useTestApp } from '../support/index.js';

/** Find{product}List served from memory: per scope and parameters, never across sessions' rights. */
describe('FindVideoList cache', () => {
  const ctx = useTestApp({ env: { CATALOGUE_CACHE_SECONDS: '10' } });
  const get = (query: Record<string, string> = {}) =>
    ctx.app.inject(gatewayUrl(ctx, 'GET', '/gw/FindVideoList.json', query));
  const ids = async (query: Record<string, string> = {}) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return findVideoListReplySchema.parse(res.json()).data.videoList.video.map((v) => v.contentId);
  };
  const appLogin = async (loginId: string, password: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: gatewayUrl(ctx, 'POST', '/gw/Login.json'),
        payload: { loginId, password },
      })
    ).json().data as { ssoSession: string; uId: string };

  it('serves a reply for its TTL whoever signs it and when, then reads the catalogue again', async () => {
    await newTitle(ctx.database.db, { content_id: 'GC1', main_category_id: 'drama' });
    expect(await ids({ categoryId: 'drama' })).toEqual(['GC1']);
    await newTitle(ctx.database.db, {
      content_id: 'GC2',
      main_category_id: 'drama',
      on_shelf_at: 1_700_000_001,
    });
    ctx.now.value += 1; // a fresh ts and chk, the same question
    expect(await ids({ categoryId: 'drama' })).toEqual(['GC1']);
    // Other parameters are other questions.
    expect(await ids({ categoryId: 'drama', queryType: 'oldest' })).toEqual(['GC1', 'GC2']);
    ctx.now.value += 10;
    expect(await ids({ categoryId: 'drama' })).toEqual(['GC2', 'GC1']);
  });

  it('keeps a kid session to kid titles even when an adult reply to the same query is cached', async () => {
    await newTitle(ctx.database.db, { content_id: 'GK1', main_category_id: 'kids', kid_safe: 1 });
    await newTitle(ctx.database.db, { content_id: 'GA1', main_category_id: 'drama' });
    const { browser, loginId, password } = await newMember(ctx.app);
    const adult = await appLogin(loginId, password);
    const query = { maxRecord: '100', kidMode: '0' };
    expect(await ids(query)).toEqual(expect.arrayContaining(['GK1', 'GA1']));
    expect(await ids({ ...query, ssoSession: adult.ssoSession })).toContain('GA1');

    const kid = await browser.post('/ajax/ajaxCreateSubAccount.do', {
      nickname: '小童',
      kidmode: '1',
    });
    const kidUid = kid.json().data.subAccount.subAccountUid as string;
    await ctx.database.db
      .updateTable('session')
      .set({ sub_account_uid: kidUid })
      .where('kind', '=', 'sso')
      .execute();
    const kidIds = await ids({ ...query, ssoSession: adult.ssoSession });
    expect(kidIds).toContain('GK1');
    expect(kidIds).not.toContain('GA1');
  });

  it('still checks the session and uId on every call when the reply is cached', async () => {
    const { loginId, password } = await newMember(ctx.app);
    const session = await appLogin(loginId, password);
    expect((await get({ ssoSession: session.ssoSession, uId: session.uId })).statusCode).toBe(200);
    expect((await get({ ssoSession: session.ssoSession, uId: 'Uforeign' })).statusCode).toBe(403);
    await ctx.app.inject({
      method: 'POST',
      url: gatewayUrl(ctx, 'POST', '/gw/Logout.json'),
      payload: { ssoSession: session.ssoSession },
    });
    expect((await get({ ssoSession: session.ssoSession })).statusCode).toBe(401);
  });
});
