import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

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
  const res = await browser.post('/ajax/ajaxSignUp.do', { loginId, password });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  const data = res.json().data as { accountID: string; uId: string };
  return { browser, loginId, password, accountId: data.accountID, uid: data.uId };
}
