import { describe, expect, it } from 'vitest';
import {
  TestBrowser,
  mailboxOf,
  newMember,
  signUpAndConfirm,
  signUpCodeIn,
  signUpTokenIn,
  useTestApp,
} from '../support/index.js';

/** Sign-up in two steps without telling whether an id is taken (issue 23 item 2, ADR 0044). */
describe('sign-up confirmation', () => {
  const ctx = useTestApp({ env: { RATE_LIMIT_SIGNUP_PER_ID: '3', SIGNUP_CODE_ATTEMPTS: '5' } });
  let n = 0;
  const freshEmail = () => `new${(n += 1)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const freshPhone = () => `09${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const ask = (loginId: string, password = 'secret123') =>
    new TestBrowser(ctx.app).post('/ajax/ajaxSignUp.do', { loginId, password });
  const confirm = (body: object, browser = new TestBrowser(ctx.app)) =>
    browser.post('/ajax/ajaxConfirmSignUp.do', body);
  const accountsWith = async (loginId: string) =>
    (
      await ctx.database.db
        .selectFrom('account')
        .select('account_id')
        .where('login_id', '=', loginId)
        .execute()
    ).length;
  const lastToken = async (to: string) => {
    const text = await mailboxOf(ctx.app).lastMail(to);
    const token = text && signUpTokenIn(text);
    if (!token) throw new Error(`no link to ${to}: ${text}`);
    return token;
  };

  it('answers a taken e-mail id byte for byte as a new one; only the mail differs', async () => {
    const member = await newMember(ctx.app);
    const fresh = freshEmail();
    const taken = await ask(member.loginId);
    const created = await ask(fresh);
    expect(taken.statusCode).toBe(200);
    expect(created.statusCode).toBe(200);
    expect(taken.body).toBe(created.body);
    expect(created.json().data).toEqual({ sentBy: 'email', minutes: 30 });
    expect(taken.headers['set-cookie']).toEqual(created.headers['set-cookie']);

    const toTaken = (await mailboxOf(ctx.app).lastMail(member.loginId))!;
    expect(toTaken).toContain('已經是星河影音的會員帳號');
    expect(toTaken).toContain('https://tv.example.test/forgot-password');
    expect(signUpTokenIn(toTaken)).toBeUndefined();
    const toNew = (await mailboxOf(ctx.app).lastMail(fresh))!;
    expect(toNew).toContain('請在 30 分鐘內開啟以下連結完成註冊');
    // Nothing exists before the link is used.
    expect(await accountsWith(fresh)).toBe(0);
    // The taken id's password did not change.
    const login = await new TestBrowser(ctx.app).post('/ajax/ajaxLogin.do', {
      loginId: member.loginId,
      password: member.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers a taken mobile number as a new one, and a guessed code fails alike', async () => {
    const takenPhone = freshPhone();
    expect(
      (await signUpAndConfirm(new TestBrowser(ctx.app), ctx.app, takenPhone, 'secret123'))
        .statusCode,
    ).toBe(200);
    const freshId = freshPhone();
    const taken = await ask(takenPhone);
    const created = await ask(freshId);
    expect(taken.body).toBe(created.body);
    expect(created.json().data).toEqual({ sentBy: 'sms', minutes: 30 });
    const smsTaken = (await mailboxOf(ctx.app).lastSms(takenPhone))!;
    expect(smsTaken).toContain('已是會員帳號');
    expect(signUpCodeIn(smsTaken)).toBeUndefined();
    const code = signUpCodeIn((await mailboxOf(ctx.app).lastSms(freshId))!)!;
    const wrong = code === '000000' ? '111111' : '000000';
    const guessTaken = await confirm({ loginId: takenPhone, code: wrong });
    const guessNew = await confirm({ loginId: freshId, code: wrong });
    expect(guessTaken.statusCode).toBe(400);
    expect(guessTaken.body).toBe(guessNew.body);
    expect(guessNew.json().status.code).toBe('SIGNUP_CODE_INVALID');
  });

  it('creates the account with the link once, logged in, with the password of the first step', async () => {
    const loginId = freshEmail();
    await ask(loginId, 'mypass123');
    const token = await lastToken(loginId);
    const browser = new TestBrowser(ctx.app);
    const res = await confirm({ token }, browser);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ isLogin: 'Y', needSubaccountSelect: 'N' });
    const me = (await browser.get('/ajax/ajaxGetLoginInfo.do')).json().data;
    expect(me.isLogin).toBe('Y');
    expect(await accountsWith(loginId)).toBe(1);
    const again = await confirm({ token });
    expect(again.statusCode).toBe(410);
    expect(again.json().status.code).toBe('SIGNUP_LINK_INVALID');
    const login = await new TestBrowser(ctx.app).post('/ajax/ajaxLogin.do', {
      loginId,
      password: 'mypass123',
    });
    expect(login.statusCode).toBe(200);
    // The stored confirmation held the password hashed, the token hashed.
    const row = await ctx.database.db
      .selectFrom('sign_up_confirmation')
      .selectAll()
      .where('login_id', '=', loginId)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.secret_hash).not.toContain(token);
  });

  it('refuses an expired link, an older link after a newer one, and a changed token', async () => {
    const loginId = freshEmail();
    await ask(loginId);
    const older = await lastToken(loginId);
    await ask(loginId);
    const newer = await lastToken(loginId);
    expect(newer).not.toBe(older);
    expect((await confirm({ token: older })).statusCode).toBe(410);
    const changed = `${newer.slice(0, -1)}${newer.endsWith('A') ? 'B' : 'A'}`;
    expect((await confirm({ token: changed })).json().status.code).toBe('SIGNUP_LINK_INVALID');
    expect((await confirm({ token: 'short' })).statusCode).toBe(400);
    const before = ctx.now.value;
    ctx.now.value += 31 * 60;
    try {
      expect((await confirm({ token: newer })).statusCode).toBe(410);
    } finally {
      ctx.now.value = before;
    }
    expect(await accountsWith(loginId)).toBe(0);
  });

  it('takes one link once when 20 confirmations race: one account', async () => {
    const loginId = freshEmail();
    await ask(loginId);
    const token = await lastToken(loginId);
    const results = await Promise.all(Array.from({ length: 20 }, () => confirm({ token })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 410)).toHaveLength(19);
    expect(await accountsWith(loginId)).toBe(1);
  });

  it('creates a mobile-number account with the SMS code; wrong codes are limited', async () => {
    const loginId = freshPhone();
    await ask(loginId);
    const code = signUpCodeIn((await mailboxOf(ctx.app).lastSms(loginId))!)!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i += 1)
      expect((await confirm({ loginId, code: wrong })).statusCode).toBe(400);
    const browser = new TestBrowser(ctx.app);
    const ok = await confirm({ loginId, code }, browser);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.isLogin).toBe('Y');
    expect(await accountsWith(loginId)).toBe(1);
    expect((await confirm({ loginId, code })).statusCode).toBe(410);

    // Five wrong tries spend a code, even the right one after them; parallel tries count too.
    const other = freshPhone();
    await ask(other);
    const otherCode = signUpCodeIn((await mailboxOf(ctx.app).lastSms(other))!)!;
    const bad = otherCode === '123456' ? '654321' : '123456';
    const tries = await Promise.all(
      Array.from({ length: 8 }, () => confirm({ loginId: other, code: bad })),
    );
    expect(tries.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(tries.filter((r) => r.statusCode === 410)).toHaveLength(3);
    const late = await confirm({ loginId: other, code: otherCode });
    expect(late.statusCode).toBe(410);
    expect(late.json().status.code).toBe('SIGNUP_CODE_EXPIRED');
    expect(await accountsWith(other)).toBe(0);
    // A new request sends a new code that works.
    await ask(other);
    const fresh = signUpCodeIn((await mailboxOf(ctx.app).lastSms(other))!)!;
    expect((await confirm({ loginId: other, code: fresh })).statusCode).toBe(200);
  });

  it('sends at most 3 confirmations per id an hour, answering the same', async () => {
    const loginId = freshEmail();
    const replies = [];
    for (let i = 0; i < 3; i += 1) replies.push(await ask(loginId));
    const third = await lastToken(loginId);
    const fourth = await ask(loginId);
    expect(fourth.statusCode).toBe(200);
    expect(fourth.body).toBe(replies[0]!.body);
    // No new mail: the last link is still the third, and still works.
    expect(await lastToken(loginId)).toBe(third);
    expect((await confirm({ token: third })).statusCode).toBe(200);
  });
});

describe('sign-up limit per address', () => {
  const ctx = useTestApp({ env: { RATE_LIMIT_SIGNUP_PER_IP: '2' } });

  it('refuses a third sign-up a minute from one address, whatever the ids', async () => {
    const ids = ['a-limit@example.com', 'b-limit@example.com', 'c-limit@example.com'];
    const replies = [];
    for (const loginId of ids)
      replies.push(
        await new TestBrowser(ctx.app).post('/ajax/ajaxSignUp.do', {
          loginId,
          password: 'secret123',
        }),
      );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    const other = await new TestBrowser(ctx.app, { 'x-forwarded-for': '1.2.3.4' }).post(
      '/ajax/ajaxSignUp.do',
      { loginId: 'd-limit@example.com', password: 'secret123' },
    );
    // Without trusted proxies the address is the connection's: still limited.
    expect(other.statusCode).toBe(429);
  });
});
