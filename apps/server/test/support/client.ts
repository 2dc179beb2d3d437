import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { mailboxOf, signUpCodeIn, signUpTokenIn } from './outbox.js';

/**
 * A browser-like client over app.inject: keeps cookies, and sends the CSRF header from the csrf
 * cookie on state changes, as the web app does.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string> = {},
  ) {}

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.send({ method: 'GET', url, headers });
  }

  async post(
    url: string,
    body: object = {},
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('csrf')) await this.get('/ajax/ajaxGetLoginInfo.do');
    return this.send({
      method: 'POST',
      url,
      payload: body,
      headers: { 'x-csrf-token': this.cookies.get('csrf') ?? '', ...headers },
    });
  }

  private async send(
    options: InjectOptions & { headers: Record<string, string> },
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      ...options,
      headers: { ...this.headers, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const c of res.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
}

/**
 * Sign-up's two steps in `browser` (docs/adr/0044): asks, then follows the link in the e-mail
 * (or types the code of the SMS) the app sent, read where the app sent it; returns the
 * confirmation's reply (logged in when 200).
 */
export async function signUpAndConfirm(
  browser: TestBrowser,
  app: FastifyInstance,
  loginId: string,
  password: string,
): Promise<LightMyRequestResponse> {
  const asked = await browser.post('/ajax/ajaxSignUp.do', { loginId, password });
  if (asked.statusCode !== 200) return asked;
  const id = loginId.trim().toLowerCase();
  const mailbox = mailboxOf(app);
  if (id.includes('@')) {
    const text = await mailbox.lastMail(id);
    const token = text && signUpTokenIn(text);
    if (!token) throw new Error(`no sign-up link mailed to ${id}: ${text}`);
    return browser.post('/ajax/ajaxConfirmSignUp.do', { token });
  }
  const text = await mailbox.lastSms(id);
  const code = text && signUpCodeIn(text);
  if (!code) throw new Error(`no sign-up code sent to ${id}: ${text}`);
  return browser.post('/ajax/ajaxConfirmSignUp.do', { loginId: id, code });
}

let members = 0;

/** Signs a new member up in a fresh browser; returns the browser (logged in) and credentials. */
export async function newMember(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<{
  browser: TestBrowser;
  loginId: string;
  password: string;
  accountId: string;
  uid: string;
}> {
  members += 1;
  const loginId = `member${members}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'secret123';
  const browser = new TestBrowser(app, headers);
  const res = await signUpAndConfirm(browser, app, loginId, password);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  const data = res.json().data as { accountID: string; uId: string };
  return { browser, loginId, password, accountId: data.accountID, uid: data.uId };
}
