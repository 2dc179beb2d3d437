import { loginInfoReplySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import {
  TestBrowser,
  gatewayUrl,
  newMember,
  signUpAndConfirm,
  useTestApp,
} from '../support/index.js';

describe('sign-up, login and sessions', () => {
  const ctx = useTestApp({
    env: {
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '4',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_SIGNUP_PER_IP: '1000',
    },
  });
  const info = async (browser: TestBrowser) =>
    loginInfoReplySchema.parse((await browser.get('/ajax/ajaxGetLoginInfo.do')).json()).data;

  it('signs up into a logged-in session with an HttpOnly, SameSite=Lax, Secure cookie', async () => {
    const browser = new TestBrowser(ctx.app);
    await browser.get('/ajax/ajaxGetLoginInfo.do');
    const res = await signUpAndConfirm(browser, ctx.app, ' New.User@Example.com ', 'abc12345');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
    const me = await info(browser);
    expect(me).toMatchObject({ isLogin: 'Y', kidMode: '0', kidModeCategoryId: 'kids' });
    expect(me.uId).not.toBe('');
    const stored = await ctx.database.db
      .selectFrom('account')
      .selectAll()
      .where('login_id', '=', 'new.user@example.com')
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(stored.password_hash).not.toContain('abc12345');
    const sessions = await ctx.database.db.selectFrom('session').select('session_hash').execute();
    expect(sessions.map((s) => s.session_hash)).not.toContain(cookie.value);
  });

  it('refuses malformed fields with zh-TW messages', async () => {
    for (const body of [
      { loginId: 'not-an-id', password: 'abc12345' },
      { loginId: '0912345678', password: 'short1' },
      { loginId: '0912345678', password: 'lettersonly' },
      { loginId: '0912345678' },
      { loginId: ['x'], password: 'abc12345' },
    ]) {
      const res = await new TestBrowser(ctx.app).post('/ajax/ajaxSignUp.do', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status.code).toBe('BAD_INPUT');
      expect(JSON.stringify(res.json().data.fields)).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('answers an unknown user and a wrong password alike', async () => {
    const { loginId } = await newMember(ctx.app);
    const wrong = await new TestBrowser(ctx.app).post('/ajax/ajaxLogin.do', {
      loginId,
      password: 'wrong-pass1',
    });
    const unknown = await new TestBrowser(ctx.app).post('/ajax/ajaxLogin.do', {
      loginId: 'nobody@example.com',
      password: 'wrong-pass1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().status.message).toBe('帳號或密碼錯誤，請重新輸入。');
  });

  it('gives a new session id at login; logout ends it everywhere', async () => {
    const { loginId, password, browser: first } = await newMember(ctx.app);
    const browser = new TestBrowser(ctx.app);
    browser.cookies.set('sid', first.cookies.get('sid')!);
    const before = browser.cookies.get('sid');
    const res = await browser.post('/ajax/ajaxLogin.do', {
      loginId: loginId.toUpperCase(),
      password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.needSubaccountSelect).toBe('N');
    expect(browser.cookies.get('sid')).not.toBe(before);
    expect((await info(first)).isLogin).toBe('N');
    const stale = browser.cookies.get('sid')!;
    await browser.post('/ajax/ajaxLogout.do');
    expect(browser.cookies.has('sid')).toBe(false);
    const replay = new TestBrowser(ctx.app);
    replay.cookies.set('sid', stale);
    expect((await info(replay)).isLogin).toBe('N');
    expect((await replay.get('/ajax/ajaxGetSubaccountInfo.do')).statusCode).toBe(401);
  });

  it('expires a session after its idle time and at its absolute end', async () => {
    const { browser } = await newMember(ctx.app);
    ctx.now.value += ctx.config.SESSION_IDLE_SECONDS - 10;
    expect((await info(browser)).isLogin).toBe('Y');
    ctx.now.value += ctx.config.SESSION_IDLE_SECONDS - 10;
    expect((await info(browser)).isLogin).toBe('Y');
    ctx.now.value += ctx.config.SESSION_IDLE_SECONDS + 1;
    expect((await info(browser)).isLogin).toBe('N');

    const { browser: busy } = await newMember(ctx.app);
    for (
      let t = 0;
      t < ctx.config.SESSION_ABSOLUTE_SECONDS;
      t += ctx.config.SESSION_IDLE_SECONDS / 2
    ) {
      ctx.now.value += ctx.config.SESSION_IDLE_SECONDS / 2;
      await info(busy);
    }
    ctx.now.value += 1;
    expect((await info(busy)).isLogin).toBe('N');
  });

  it('logs out all devices: other browsers and app tokens are refused', async () => {
    const { browser, loginId, password } = await newMember(ctx.app);
    const other = new TestBrowser(ctx.app);
    await other.post('/ajax/ajaxLogin.do', { loginId, password });
    const app = await ctx.app.inject({
      method: 'POST',
      url: gatewayUrl(ctx, 'POST', '/gw/Login.json'),
      payload: { loginId, password },
    });
    const sso = app.json().data.ssoSession as string;
    expect(
      (await ctx.app.inject(gatewayUrl(ctx, 'GET', '/gw/GetLoginInfo.json', { ssoSession: sso })))
        .statusCode,
    ).toBe(200);
    expect((await browser.post('/ajax/ajaxLogoutAllDevices.do')).statusCode).toBe(200);
    expect((await info(other)).isLogin).toBe('N');
    expect((await info(browser)).isLogin).toBe('N');
    expect(
      (await ctx.app.inject(gatewayUrl(ctx, 'GET', '/gw/GetLoginInfo.json', { ssoSession: sso })))
        .statusCode,
    ).toBe(401);
  });

  it('a password change ends every other session and token, and the old password stops working', async () => {
    const { browser, loginId, password } = await newMember(ctx.app);
    const other = new TestBrowser(ctx.app);
    await other.post('/ajax/ajaxLogin.do', { loginId, password });
    const sso = (
      await ctx.app.inject({
        method: 'POST',
        url: gatewayUrl(ctx, 'POST', '/gw/Login.json'),
        payload: { loginId, password },
      })
    ).json().data.ssoSession;
    const wrong = await browser.post('/ajax/ajaxChangePassword.do', {
      oldPassword: 'nope',
      newPassword: 'newpass99',
    });
    expect(wrong.statusCode).toBe(403);
    const res = await browser.post('/ajax/ajaxChangePassword.do', {
      oldPassword: password,
      newPassword: 'newpass99',
    });
    expect(res.statusCode).toBe(200);
    expect((await info(browser)).isLogin).toBe('Y');
    expect((await info(other)).isLogin).toBe('N');
    expect(
      (await ctx.app.inject(gatewayUrl(ctx, 'GET', '/gw/GetLoginInfo.json', { ssoSession: sso })))
        .statusCode,
    ).toBe(401);
    expect(
      (await new TestBrowser(ctx.app).post('/ajax/ajaxLogin.do', { loginId, password })).statusCode,
    ).toBe(401);
    expect(
      (
        await new TestBrowser(ctx.app).post('/ajax/ajaxLogin.do', {
          loginId,
          password: 'newpass99',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('issues the apps an ssoSession token distinct from any cookie, ended by Logout.json', async () => {
    const { loginId, password } = await newMember(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: gatewayUrl(ctx, 'POST', '/gw/Login.json'),
      payload: { loginId, password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toEqual([]);
    const sso = res.json().data.ssoSession as string;
    const stored = await ctx.database.db
      .selectFrom('session')
      .selectAll()
      .where('kind', '=', 'sso')
      .execute();
    expect(stored.some((s) => s.session_hash === sso)).toBe(false);
    const asCookie = new TestBrowser(ctx.app);
    asCookie.cookies.set('sid', sso);
    expect((await info(asCookie)).isLogin).toBe('N');
    await ctx.app.inject({
      method: 'POST',
      url: gatewayUrl(ctx, 'POST', '/gw/Logout.json'),
      payload: { ssoSession: sso },
    });
    expect(
      (await ctx.app.inject(gatewayUrl(ctx, 'GET', '/gw/GetLoginInfo.json', { ssoSession: sso })))
        .statusCode,
    ).toBe(401);
  });
});

describe('CSRF protection', () => {
  const ctx = useTestApp();

  it('refuses a state change without the token, with a wrong one, or from another site', async () => {
    const { browser } = await newMember(ctx.app);
    const token = browser.cookies.get('csrf')!;
    const cases: Record<string, string>[] = [
      { 'x-csrf-token': '' },
      { 'x-csrf-token': `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}` },
      { 'x-csrf-token': token, origin: 'https://evil.example' },
      { 'x-csrf-token': token, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of cases) {
      const res = await browser.post(
        '/ajax/ajaxCreateSubAccount.do',
        { nickname: '小明' },
        headers,
      );
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().status.code).toBe('CSRF_REJECTED');
    }
    const login = await new TestBrowser(ctx.app).post(
      '/ajax/ajaxLogin.do',
      { loginId: 'a@b.co', password: 'x' },
      { 'x-csrf-token': 'forged' },
    );
    expect(login.json().status.code).toBe('CSRF_REJECTED');
    const sameOrigin = await browser.post(
      '/ajax/ajaxCreateSubAccount.do',
      { nickname: '小明' },
      { origin: 'https://tv.example.test', 'sec-fetch-site': 'same-origin' },
    );
    expect(sameOrigin.statusCode).toBe(200);
    expect(
      await ctx.database.db
        .selectFrom('sub_account')
        .select('nickname')
        .where('nickname', '=', '小明')
        .execute(),
    ).toHaveLength(1);
  });

  it('hands pages a readable csrf cookie', async () => {
    const res = await ctx.app.inject('/');
    const csrf = res.cookies.find((c) => c.name === 'csrf')!;
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.sameSite).toBe('Lax');
  });
});

describe('login rate limits', () => {
  const ctx = useTestApp({
    env: {
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
      RATE_LIMIT_LOGIN_PER_IP: '4',
      RATE_LIMIT_SIGNUP_PER_IP: '50',
      TRUSTED_PROXIES: '10.9.9.9',
    },
  });

  it('throttles one account, then one IP; a spoofed X-Forwarded-For changes nothing', async () => {
    const { loginId, password } = await newMember(ctx.app);
    const attempt = (pw: string, headers: Record<string, string> = {}) =>
      new TestBrowser(ctx.app, headers).post('/ajax/ajaxLogin.do', { loginId, password: pw });
    for (let i = 0; i < 3; i += 1) expect((await attempt('bad-pass1')).statusCode).toBe(401);
    const blocked = await attempt(password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().status.message).toMatch(/次數過多/);

    const other = await newMember(ctx.app);
    for (let i = 0; i < 2; i += 1) {
      const spoofed = await new TestBrowser(ctx.app, { 'x-forwarded-for': `203.0.113.${i}` }).post(
        '/ajax/ajaxLogin.do',
        { loginId: other.loginId, password: 'bad-pass1' },
      );
      expect(spoofed.statusCode).toBe(429);
    }
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const csrf = (await ctx.app.inject('/ajax/ajaxGetLoginInfo.do')).cookies.find(
      (c) => c.name === 'csrf',
    )!.value;
    await ctx.app.inject({
      method: 'POST',
      url: '/ajax/ajaxLogin.do',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-for': '198.51.100.7', cookie: `csrf=${csrf}`, 'x-csrf-token': csrf },
      payload: { loginId: 'someone@example.com', password: 'bad-pass1' },
    });
    const buckets = (await ctx.database.db.selectFrom('rate_limit').select('bucket').execute()).map(
      (b) => b.bucket,
    );
    expect(buckets).toContain('login:ip:198.51.100.7');
    expect(buckets).not.toContain('login:ip:10.9.9.9');
    expect(buckets.some((b) => b.startsWith('login:ip:203.0.113.'))).toBe(false);
  });

  it('a new window lets the member in again', async () => {
    ctx.now.value += ctx.config.RATE_LIMIT_WINDOW_SECONDS;
    const { loginId, password } = await newMember(ctx.app);
    expect(
      (await new TestBrowser(ctx.app).post('/ajax/ajaxLogin.do', { loginId, password })).statusCode,
    ).toBe(200);
  });
});
