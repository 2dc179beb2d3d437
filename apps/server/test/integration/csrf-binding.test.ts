import { describe, expect, it } from 'vitest';
import { sessionCsrfToken } from '../../src/modules/accounts/csrf.js';
import { HSTS } from '../../src/http/security-headers.js';
import { TestBrowser, newMember, useTestApp } from '../support/index.js';

const CREATE = '/ajax/ajaxCreateSubAccount.do';
const CHANGE = '/ajax/ajaxChangeSubAccount.do';

/**
 * Issue 20 item 5: the CSRF token is bound to the session (an HMAC of the HttpOnly session
 * token), so a csrf cookie planted by someone else, echoed in the header, changes nothing; it
 * rotates at login, sign-up, sub-account switch and logout; HSTS goes out over https only
 * (docs/adr/0006).
 */
describe('CSRF tokens bound to the session', () => {
  const ctx = useTestApp({ env: { TRUSTED_PROXIES: '10.9.9.9' } });
  const secret = () => ctx.config.STREAM_SIGNING_SECRET;
  /** A create-sub-account call with exactly these cookies and this header. */
  const createWith = (cookie: string, token: string, nickname = '小華') =>
    ctx.app.inject({
      method: 'POST',
      url: CREATE,
      headers: { cookie, 'x-csrf-token': token },
      payload: { nickname },
    });

  it('refuses a planted csrf cookie echoed in the header, whatever it holds', async () => {
    const victim = await newMember(ctx.app);
    const attacker = await newMember(ctx.app);
    const sid = victim.browser.cookies.get('sid')!;
    const visitor = new TestBrowser(ctx.app);
    await visitor.get('/ajax/ajaxGetLoginInfo.do');
    const planted = {
      'a value of the planter’s choosing': 'csrf-token-of-my-choosing-0123456789',
      'a visitor token the server minted for the planter': visitor.cookies.get('csrf')!,
      'the planter’s own session token': attacker.browser.cookies.get('csrf')!,
      'a token of the victim’s previous session': sessionCsrfToken(secret(), 'old-session'),
    };
    for (const [what, token] of Object.entries(planted)) {
      const res = await createWith(`sid=${sid}; csrf=${token}`, token);
      expect(res.statusCode, what).toBe(403);
      expect(res.json().status.code, what).toBe('CSRF_REJECTED');
    }
    // The header alone decides for a session: the cookie is only how the page reads it.
    const genuine = sessionCsrfToken(secret(), sid);
    expect(victim.browser.cookies.get('csrf')).toBe(genuine);
    const ok = await createWith(`sid=${sid}; csrf=whatever`, genuine);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('refuses a visitor token not minted by the server (a forged login)', async () => {
    const forged = `v.${'A'.repeat(43)}.${'B'.repeat(32)}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/ajax/ajaxLogin.do',
      headers: { cookie: `csrf=${forged}`, 'x-csrf-token': forged },
      payload: { loginId: 'someone@example.com', password: 'bad-pass1' },
    });
    expect(res.json().status.code).toBe('CSRF_REJECTED');
    const visitor = new TestBrowser(ctx.app);
    const login = await visitor.post('/ajax/ajaxLogin.do', {
      loginId: 'someone@example.com',
      password: 'bad-pass1',
    });
    expect(login.json().status.code).toBe('NOT_LOGGED_IN');
  });

  it('rotates the token at sign-up, login, sub-account switch and logout', async () => {
    const browser = new TestBrowser(ctx.app);
    await browser.get('/ajax/ajaxGetLoginInfo.do');
    const asVisitor = browser.cookies.get('csrf')!;
    const member = await newMember(ctx.app);
    const tokens = [asVisitor];
    const current = () => member.browser.cookies.get('csrf')!;
    const expectBound = () =>
      expect(current()).toBe(sessionCsrfToken(secret(), member.browser.cookies.get('sid')!));

    expectBound();
    tokens.push(current());
    const made = await member.browser.post(CREATE, { nickname: '小美' });
    expect(made.statusCode, made.body).toBe(200);
    const other = made.json().data.subAccount.subAccountUid as string;

    // Login from the same browser: a new session token, so a new CSRF token.
    const relog = await member.browser.post('/ajax/ajaxLogin.do', {
      loginId: member.loginId,
      password: member.password,
    });
    expect(relog.statusCode, relog.body).toBe(200);
    expectBound();
    tokens.push(current());

    const before = current();
    const switched = await member.browser.post(CHANGE, {
      newSubaccountID: other,
      ownerPassword: member.password,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expectBound();
    tokens.push(current());
    // The token of the profile left behind no longer acts.
    const stale = await member.browser.post(
      CREATE,
      { nickname: '小強' },
      { 'x-csrf-token': before },
    );
    expect(stale.json().status.code).toBe('CSRF_REJECTED');

    const sessionToken = current();
    expect((await member.browser.post('/ajax/ajaxLogout.do')).statusCode).toBe(200);
    expect(member.browser.cookies.has('sid')).toBe(false);
    expect(current()).toMatch(/^v\./);
    tokens.push(current());
    const afterLogout = await member.browser.post(
      '/ajax/ajaxLogin.do',
      { loginId: member.loginId, password: 'bad-pass1' },
      { 'x-csrf-token': sessionToken },
    );
    expect(afterLogout.json().status.code).toBe('CSRF_REJECTED');
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('sends HSTS over https (TLS or a trusted proxy’s X-Forwarded-Proto), never over http', async () => {
    const viaTrusted = await ctx.app.inject({
      url: '/',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaTrusted.headers['strict-transport-security']).toBe(HSTS);
    expect(HSTS).toMatch(/^max-age=\d{8,}$/);
    const spoofed = await ctx.app.inject({
      url: '/ajax/ajaxGetLoginInfo.do',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const plain = await ctx.app.inject('/');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
