import { Writable } from 'node:stream';
import { errorEnvelopeSchema } from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/http/logging.js';
import { gatewayUrl, TestBrowser, useTestApp } from '../support/index.js';
import { listenOnLoopback, rawRequest, rawSocket } from '../support/raw-http.js';

/**
 * Issue 15 and issue 10's hardening items, over real HTTP: what Node or Fastify answers before a
 * route runs still leaves in the envelope (calls) or the site's page (navigations); NUL and other
 * forbidden characters are a 400 on both databases; credentials stay out of the logs.
 */
describe('framework errors and hostile text, over real HTTP', () => {
  const logLines: string[] = [];
  const ctx = useTestApp({
    seed: true,
    logger: {
      ...loggerOptions('info'),
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
  });
  let port = 0;
  beforeAll(async () => {
    port = await listenOnLoopback(ctx.app);
  });

  function envelopeCode(body: string): string {
    expect(body).not.toMatch(/FST_ERR|statusCode|stack/);
    const parsed = errorEnvelopeSchema.parse(JSON.parse(body));
    expect(parsed.status.message).toMatch(/[\u4e00-\u9fff]/);
    return parsed.status.code;
  }

  const longKeyword = encodeURIComponent('中'.repeat(3000));

  it('a 3,000-character keyword is 414 in the envelope, not Node’s 431 text', async () => {
    const res = await rawRequest(port, `/ajax/ajaxBuildSearchPage.do?inputKeyword=${longKeyword}`);
    expect(res.status).toBe(414);
    expect(res.headers['content-type']).toContain('application/json');
    expect(envelopeCode(res.body)).toBe('URI_TOO_LONG');
  });

  it('the same on the gateway face, and the site’s page for a navigation', async () => {
    const gw = await rawRequest(port, `/gw/FindVideoList.json?keyword=${longKeyword}`);
    expect(gw.status).toBe(414);
    expect(envelopeCode(gw.body)).toBe('URI_TOO_LONG');
    const page = await rawRequest(port, `/search?q=${longKeyword}`);
    expect(page.status).toBe(414);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('lang="zh-Hant-TW"');
  });

  it('headers over the limit are 431 in the envelope', async () => {
    const res = await rawRequest(port, '/ajax/ajaxGetLoginInfo.do', {
      headers: { cookie: `x=${'a'.repeat(20_000)}` },
    });
    expect(res.status).toBe(431);
    expect(envelopeCode(res.body)).toBe('HEADERS_TOO_LARGE');
  });

  it('bytes that are not HTTP get a 400 envelope', async () => {
    const reply = await rawSocket(port, 'GET /ajax/ajaxGetLoginInfo.do HTTP/1.1\r\nHost\r\n\r\n');
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeCode(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toBe('BAD_INPUT');
  });

  it('a keyword longer than the contract allows is refused before the search runs', async () => {
    const res = await rawRequest(
      port,
      `/ajax/ajaxBuildSearchPage.do?inputKeyword=${encodeURIComponent('中'.repeat(300))}`,
    );
    expect(res.status).toBe(400);
    expect(envelopeCode(res.body)).toBe('BAD_INPUT');
  });

  it('a malformed escape is a 400: envelope for calls, the site’s page for pages', async () => {
    const call = await rawRequest(port, '/ajax/%E0%A4%A/%ZZ');
    expect(call.status).toBe(400);
    expect(envelopeCode(call.body)).toBe('BAD_URL');
    const page = await rawRequest(port, '/details/%E0%A4%A/%ZZ');
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('lang="zh-Hant-TW"');
    const needless = await rawRequest(port, '/details/M0001/%4D0001');
    expect(needless.status).toBe(400);
    expect(needless.headers['content-type']).toContain('text/html');
  });

  it('bodies: too large 413, unknown type 415, malformed JSON 400, all enveloped', async () => {
    const browser = new TestBrowser(ctx.app);
    await browser.get('/ajax/ajaxGetLoginInfo.do');
    const csrf = browser.cookies.get('csrf')!;
    const headers = { cookie: `csrf=${csrf}`, 'x-csrf-token': csrf };
    const cases: [string, string, number, string][] = [
      ['application/json', `{"loginId":"${'a'.repeat(1024 * 1024)}"}`, 413, 'PAYLOAD_TOO_LARGE'],
      ['application/xml', '<login/>', 415, 'UNSUPPORTED_MEDIA_TYPE'],
      ['application/json', '{"loginId":', 400, 'BAD_INPUT'],
    ];
    for (const [type, body, status, code] of cases) {
      const res = await rawRequest(port, '/ajax/ajaxLogin.do', {
        method: 'POST',
        headers: { ...headers, 'content-type': type },
        body,
      });
      expect(res.status, type).toBe(status);
      expect(envelopeCode(res.body)).toBe(code);
    }
  });

  it.each([
    ['NUL', 'demo\u0000@example.com'],
    ['a control character', 'demo\u0007@example.com'],
    ['a lone surrogate', 'demo\uD800@example.com'],
  ])('%s in a text field is a 400 envelope, never a 500', async (_name, loginId) => {
    const browser = new TestBrowser(ctx.app);
    const login = await browser.post('/ajax/ajaxLogin.do', { loginId, password: 'demo1234' });
    expect(login.statusCode).toBe(400);
    expect(envelopeCode(login.body)).toBe('BAD_INPUT');
    const signUp = await browser.post('/ajax/ajaxSignUp.do', {
      loginId: 'n@example.com',
      password: 'pass\u0000word1',
      nickname: '新會員',
    });
    expect(signUp.statusCode).toBe(400);
  });

  it('NUL in a query parameter, a gateway token or a page path is a 400', async () => {
    const search = await rawRequest(port, '/ajax/ajaxBuildSearchPage.do?inputKeyword=a%00b');
    expect(search.status).toBe(400);
    const gw = await rawRequest(
      port,
      gatewayUrl(ctx, 'GET', '/gw/GetLoginInfo.json', { ssoSession: 'x\u0000y' }),
    );
    expect(gw.status).toBe(400);
    expect(envelopeCode(gw.body)).toBe('BAD_INPUT');
    const page = await rawRequest(port, '/details/M00%0001/M0001');
    expect(page.status).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('ssoSession tokens, signatures and passwords never reach the logs', async () => {
    const login = await rawRequest(port, gatewayUrl(ctx, 'POST', '/gw/Login.json'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: 'demo@example.com', password: 'demo1234' }),
    });
    const token = (JSON.parse(login.body) as { data: { ssoSession?: string } }).data.ssoSession;
    expect(token).toMatch(/.{16,}/);
    const info = gatewayUrl(ctx, 'GET', '/gw/GetLoginInfo.json', { ssoSession: token! });
    expect((await rawRequest(port, info)).status).toBe(200);
    await rawRequest(port, '/ajax/ajaxGetLoginInfo.do?password=hunter2-secret&x=1');
    const chk = new URLSearchParams(info.split('?')[1]).get('chk')!;
    const logs = logLines.join('');
    expect(logs).toContain('/gw/GetLoginInfo.json');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(chk);
    expect(logs).not.toContain('hunter2-secret');
    expect(logs).not.toContain('demo1234');
  });
});
