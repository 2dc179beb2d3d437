import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser, newMember, signUpAndConfirm, textOf, useTestApp } from '../support/index.js';

/** A real SMTP server in this process: the site sends to it over SMTP, the test reads what came. */
const inbox: { to: string; body: string }[] = [];
let smtp: SMTPServer;
let smtpPort = 0;
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const ctx = useTestApp({
  env: () => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, RATE_LIMIT_RESET_PER_ID: '3' }),
  // Sign-up's confirmations arrive over SMTP here too.
  mailbox: (outbox) => ({
    lastMail: async (to) => {
      const message = inbox.filter((m) => m.to === to).at(-1);
      return message && textOf(message.body);
    },
    lastSms: outbox.lastSms,
  }),
});

/** The token of the reset link in the last message to `to`. */
function lastLinkTo(to: string): string {
  const message = inbox.filter((m) => m.to === to).at(-1);
  if (!message) throw new Error(`no mail to ${to}`);
  const text = textOf(message.body);
  const link = /https:\/\/tv\.example\.test\/reset-password\?token=([\w-]{43})/.exec(text);
  if (!link) throw new Error(`no link in ${text}`);
  expect(text).toContain('請在 30 分鐘內開啟以下連結設定新密碼');
  return link[1]!;
}

async function requestReset(loginId: string) {
  const res = await new TestBrowser(ctx.app).post('/ajax/ajaxRequestPasswordReset.do', { loginId });
  return res;
}

describe('password reset by e-mail (issue 23)', () => {
  it('mails a link; the link sets a new password once and ends every session', async () => {
    const member = await newMember(ctx.app);
    const res = await requestReset(member.loginId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ minutes: 30 });
    const token = lastLinkTo(member.loginId);
    expect(inbox.at(-1)!.body).toContain('Subject: =?UTF-8?');

    const reset = await new TestBrowser(ctx.app).post('/ajax/ajaxResetPassword.do', {
      token,
      newPassword: 'brandnew99',
    });
    expect(reset.statusCode).toBe(200);
    // The member's open session ended.
    const info = await member.browser.get('/ajax/ajaxGetLoginInfo.do');
    expect(info.json().data.isLogin).toBe('N');
    const login = await new TestBrowser(ctx.app).post('/ajax/ajaxLogin.do', {
      loginId: member.loginId,
      password: 'brandnew99',
    });
    expect(login.statusCode).toBe(200);

    const again = await new TestBrowser(ctx.app).post('/ajax/ajaxResetPassword.do', {
      token,
      newPassword: 'another123',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().status.code).toBe('RESET_LINK_INVALID');
  });

  it('answers an unknown id exactly as a known one, and sends nothing', async () => {
    const before = inbox.length;
    const unknown = await requestReset('nobody-here@example.com');
    const phone = await requestReset('0987654321');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(phone.body);
    const member = await newMember(ctx.app);
    const known = await requestReset(member.loginId);
    expect(known.body).toBe(unknown.body);
    // The sign-up confirmation and the reset.
    expect(inbox.length).toBe(before + 2);
  });

  it('mails a phone-number login id at the e-mail on file, and nothing without one', async () => {
    const loginId = '0955123456';
    const browser = new TestBrowser(ctx.app);
    const signUp = await signUpAndConfirm(browser, ctx.app, loginId, 'secret123');
    expect(signUp.statusCode).toBe(200);
    const before = inbox.length;
    expect((await requestReset(loginId)).statusCode).toBe(200);
    expect(inbox.length).toBe(before);
    const contact = await browser.post('/ajax/ajaxUpdateAccountContact.do', {
      email: 'phone-owner@example.com',
      phone: '',
      password: 'secret123',
    });
    expect(contact.statusCode).toBe(200);
    expect((await requestReset(loginId)).statusCode).toBe(200);
    const token = lastLinkTo('phone-owner@example.com');
    const reset = await new TestBrowser(ctx.app).post('/ajax/ajaxResetPassword.do', {
      token,
      newPassword: 'phonenew99',
    });
    expect(reset.statusCode).toBe(200);
    const login = await new TestBrowser(ctx.app).post('/ajax/ajaxLogin.do', {
      loginId,
      password: 'phonenew99',
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired link, an older link after a newer one, and a changed token', async () => {
    const member = await newMember(ctx.app);
    await requestReset(member.loginId);
    const older = lastLinkTo(member.loginId);
    await requestReset(member.loginId);
    const newer = lastLinkTo(member.loginId);
    expect(newer).not.toBe(older);
    const browser = new TestBrowser(ctx.app);
    const tryToken = (token: string) =>
      browser.post('/ajax/ajaxResetPassword.do', { token, newPassword: 'changed123' });
    expect((await tryToken(older)).json().status.code).toBe('RESET_LINK_INVALID');
    const changed = newer.slice(0, -1) + (newer.endsWith('A') ? 'B' : 'A');
    expect((await tryToken(changed)).json().status.code).toBe('RESET_LINK_INVALID');
    ctx.now.value += 31 * 60;
    expect((await tryToken(newer)).json().status.code).toBe('RESET_LINK_INVALID');
    const login = await browser.post('/ajax/ajaxLogin.do', {
      loginId: member.loginId,
      password: member.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('takes one link once when two requests race', async () => {
    const member = await newMember(ctx.app);
    await requestReset(member.loginId);
    const token = lastLinkTo(member.loginId);
    const results = await Promise.all(
      ['first1234', 'second123', 'third1234', 'fourth123'].map((newPassword) =>
        new TestBrowser(ctx.app).post('/ajax/ajaxResetPassword.do', { token, newPassword }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 410)).toHaveLength(3);
  });

  it('limits reset mails per id without locking the member out', async () => {
    const member = await newMember(ctx.app);
    const before = inbox.length;
    for (let i = 0; i < 6; i += 1)
      expect((await requestReset(member.loginId)).statusCode).toBe(200);
    expect(inbox.length - before).toBe(3);
    const login = await new TestBrowser(ctx.app).post('/ajax/ajaxLogin.do', {
      loginId: member.loginId,
      password: member.password,
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses bad input in the envelope', async () => {
    const res = await new TestBrowser(ctx.app).post('/ajax/ajaxResetPassword.do', {
      token: '../../etc',
      newPassword: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().status.code).toBe('BAD_INPUT');
  });
});
