import { playRightReplySchema } from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signGatewayRequest, parseGatewayClients } from '../../src/modules/gateway/client-auth.js';
import { expectErrorEnvelope } from '../support/beacon.js';
import { newEntitlement, newMember, newTitle, useTestApp } from '../support/index.js';
import { listenOnLoopback, rawRequest } from '../support/raw-http.js';

type Member = Awaited<ReturnType<typeof newMember>>;

/** Every other way `Number()` reads the same expiry (issue 20 item 4). */
function otherSpellings(expires: string): [string, string][] {
  return [
    ['hex', `0x${Number(expires).toString(16)}`],
    ['plus sign', `+${expires}`],
    ['encoded leading space', `%20${expires}`],
    ['encoded trailing space', `${expires}%20`],
    ['exponent', `${expires}e0`],
    ['fraction', `${expires}.000`],
    ['one leading zero', `0${expires}`],
    ['two leading zeros', `00${expires}`],
    ['binary', `0b${Number(expires).toString(2)}`],
    ['encoded tab', `%09${expires}`],
  ];
}

/**
 * Issue 20 item 4 over real HTTP, targets sent as written: a signed `expires` on /stream/…,
 * …/grant/…/content.key and /live/… has one spelling (decimal digits, no sign, no leading zero);
 * any other is 400 BAD_URL in the envelope, even though it names the same moment (ADR 0018).
 */
describe('one spelling of a signed expiry', () => {
  const ctx = useTestApp({ seed: true });
  let port = 0;
  let member: Member;
  const get = (target: string, cookie?: string) =>
    rawRequest(port, target, cookie ? { headers: { cookie } } : {});
  const playUrl = async (who: Member, contentId: string) => {
    const res = await who.browser.get(`/ajax/ajaxFindVideoPlayRight.do?contentId=${contentId}`);
    expect(res.statusCode, res.body).toBe(200);
    return playRightReplySchema.parse(res.json()).data.videoUrl;
  };
  /** The URL with its expiry segment (the third) spelled another way. */
  const respell = (url: string, spelling: string) => {
    const parts = url.split('/');
    parts[3] = spelling;
    return parts.join('/');
  };

  beforeAll(async () => {
    port = await listenOnLoopback(ctx.app);
    member = await newMember(ctx.app);
    await newTitle(ctx.database.db, {
      content_id: 'SS-BUY',
      sell_type: 'BUY',
      dtr_price: 250,
      clip_id: 'clip-b-enc',
    });
    await newEntitlement(ctx.database.db, {
      accountId: member.accountId,
      contentId: 'SS-BUY',
      kind: 'buy',
      grantedAt: ctx.now.value,
    });
    await newTitle(ctx.database.db, { content_id: 'SS-FREE', clip_id: 'clip-a' });
  });

  const paths: [string, () => Promise<{ url: string; cookie?: string }>][] = [
    ['/stream/… (a clear clip)', async () => ({ url: await playUrl(member, 'SS-FREE') })],
    [
      '…/grant/…/content.key',
      async () => ({
        url: (await playUrl(member, 'SS-BUY')).replace(/master\.m3u8$/, 'content.key'),
        cookie: `sid=${member.browser.cookies.get('sid')}`,
      }),
    ],
    [
      '/live/…',
      async () => {
        const res = await ctx.app.inject('/ajax/ajaxSwitchChannel.do?channelId=ch01');
        const url = Buffer.from(res.json().data.videoUrl as string, 'base64').toString();
        return { url };
      },
    ],
  ];

  for (const [name, signed] of paths) {
    it(`${name}: the canonical spelling plays, every other is 400 BAD_URL`, async () => {
      const { url, cookie } = await signed();
      const expires = url.split('/')[3]!;
      expect(expires).toMatch(/^[1-9]\d+$/);
      const genuine = await get(url, cookie);
      expect(genuine.status, genuine.body).toBe(200);
      for (const [spelling, text] of otherSpellings(expires)) {
        const res = await get(respell(url, text), cookie);
        expect(res.status, `${name} ${spelling}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expectErrorEnvelope(res.body, 'BAD_URL');
      }
    });
  }

  it('the gateway refuses another spelling of its signed ts, even correctly signed', async () => {
    const [chl, secret] = [...parseGatewayClients(ctx.config.GATEWAY_CLIENTS)][0]!;
    const path = '/gw/GetLoginInfo.json';
    const signedUrl = (ts: string) => {
      const params: [string, string][] = [
        ['chl', chl],
        ['ts', ts],
      ];
      const chk = signGatewayRequest(secret, 'GET', path, params);
      return `${path}?${new URLSearchParams([...params, ['chk', chk]]).toString()}`;
    };
    const now = String(ctx.now.value);
    const genuine = await ctx.app.inject(signedUrl(now));
    expect(genuine.json().status.code, genuine.body).not.toBe('CLIENT_REJECTED');
    for (const ts of [`0${now}`, `+${now}`, `${now}.0`, `${now}e0`, ` ${now}`]) {
      const res = await ctx.app.inject(signedUrl(ts));
      expect(res.statusCode, ts).toBe(401);
      expectErrorEnvelope(res.body, 'CLIENT_REJECTED');
    }
  });
});
