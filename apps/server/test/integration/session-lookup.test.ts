import { describe, expect, it } from 'vitest';
import { gatewayUrl, newMember, TestBrowser, useTestApp } from '../support/index.js';

/**
 * On PostgreSQL the session lookups of one moment go out as one query (session-lookup.ts): a
 * burst of requests from many members, through both faces, must each still find exactly its own
 * session, never a neighbour's, and a token of one kind must not pass as the other.
 */
describe('session lookups under a burst', () => {
  const ctx = useTestApp();

  const signedIn = async () => {
    const { browser, loginId, password, accountId } = await newMember(ctx.app);
    const sso = (
      await ctx.app.inject({
        method: 'POST',
        url: gatewayUrl(ctx, 'POST', '/gw/Login.json'),
        payload: { loginId, password },
      })
    ).json().data.ssoSession as string;
    return { browser, accountId, sso, webToken: browser.cookies.get('sid')! };
  };

  const webInfo = async (browser: TestBrowser) =>
    (await browser.get('/ajax/ajaxGetLoginInfo.do')).json().data as {
      isLogin: string;
      accountID: string;
    };
  const appInfo = async (ssoSession: string) => {
    const res = await ctx.app.inject(
      gatewayUrl(ctx, 'GET', '/gw/GetLoginInfo.json', { ssoSession }),
    );
    return res.statusCode === 200 ? (res.json().data.accountID as string) : res.statusCode;
  };

  it('answers each of many simultaneous requests with its own account', async () => {
    const members = await Promise.all(Array.from({ length: 12 }, signedIn));
    expect(members.every((m) => m.webToken)).toBe(true);

    const burst = members.flatMap((member) => [
      ...[1, 2, 3].map(async () => ({
        want: member.accountId,
        got: (await webInfo(member.browser)).accountID,
      })),
      ...[1, 2].map(async () => ({ want: member.accountId, got: await appInfo(member.sso) })),
      // The cookie's token offered as an app token, and the app token as a cookie: neither passes.
      (async () => ({ want: 401, got: await appInfo(member.webToken) }))(),
      (async () => {
        const stranger = new TestBrowser(ctx.app);
        stranger.cookies.set('sid', member.sso);
        return { want: 'N', got: (await webInfo(stranger)).isLogin };
      })(),
    ]);
    const answers = await Promise.all(burst);
    expect(answers.length).toBe(12 * 7);
    for (const { want, got } of answers) expect(got).toBe(want);

    // An ended session is refused by the very next burst, while the others carry on.
    expect((await members[0]!.browser.post('/ajax/ajaxLogout.do')).statusCode).toBe(200);
    const after = await Promise.all(members.map((m) => webInfo(m.browser)));
    expect(after.map((a) => a.isLogin)).toEqual(['N', ...Array(11).fill('Y')]);
    expect(after.slice(1).map((a) => a.accountID)).toEqual(
      members.slice(1).map((m) => m.accountId),
    );
  });
});
