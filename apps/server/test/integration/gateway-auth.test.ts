import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';
import { gatewaySigningString } from '@site/contract';
import { signGatewayRequest } from '../../src/modules/gateway/client-auth.js';
import { gatewayUrl, newMember, useTestApp } from '../support/index.js';

describe('gateway client signature (chl, chk, ts)', () => {
  const ctx = useTestApp();

  it('matches the worked example of the README', () => {
    const params: [string, string][] = [
      ['maxRecord', '20'],
      ['chl', 'demo-app'],
      ['ts', '1795320000'],
    ];
    expect(gatewaySigningString('GET', '/gw/FindVideoList.json', params)).toBe(
      'GET\n/gw/FindVideoList.json\nchl=demo-app&maxRecord=20&ts=1795320000\n',
    );
    const chk = signGatewayRequest(
      'demo-app-secret-0123456789',
      'GET',
      '/gw/FindVideoList.json',
      params,
    );
    expect(chk).toBe('5e60eba6d1eeb88d19d27312a35d51fecb4cb8e2689908c95ac4820ddeb9a3f7');
    expect(readFileSync(path.join(repoRoot, 'README.md'), 'utf8')).toContain(`chk=${chk}`);
  });

  it('accepts a signed call and refuses a missing, wrong or stale signature', async () => {
    const { loginId, password } = await newMember(ctx.app);
    const good = gatewayUrl(ctx, 'POST', '/gw/Login.json');
    expect(
      (await ctx.app.inject({ method: 'POST', url: good, payload: { loginId, password } }))
        .statusCode,
    ).toBe(200);

    const url = new URL(good, 'http://x');
    const variants: string[] = [];
    const without = new URLSearchParams(url.search);
    without.delete('chk');
    variants.push(`${url.pathname}?${without}`);
    const wrong = new URLSearchParams(url.search);
    wrong.set('chk', '0'.repeat(64));
    variants.push(`${url.pathname}?${wrong}`);
    const tampered = new URLSearchParams(url.search);
    tampered.set('extra', '1');
    variants.push(`${url.pathname}?${tampered}`);
    const otherClient = new URLSearchParams(url.search);
    otherClient.set('chl', 'someone-else');
    variants.push(`${url.pathname}?${otherClient}`);
    for (const bad of variants) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: bad,
        payload: { loginId, password },
      });
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().status.code).toBe('CLIENT_REJECTED');
    }

    const stale = gatewayUrl(ctx, 'POST', '/gw/Login.json');
    ctx.now.value += 301;
    expect(
      (await ctx.app.inject({ method: 'POST', url: stale, payload: { loginId, password } }))
        .statusCode,
    ).toBe(401);
    ctx.now.value -= 602;
    expect(
      (await ctx.app.inject({ method: 'POST', url: stale, payload: { loginId, password } }))
        .statusCode,
    ).toBe(401);
    ctx.now.value += 301;
  });

  it('signs the method: a GET signature does not work for a POST', async () => {
    const getSigned = gatewayUrl(ctx, 'GET', '/gw/Logout.json');
    const res = await ctx.app.inject({
      method: 'POST',
      url: getSigned,
      payload: { ssoSession: 'x'.repeat(43) },
    });
    expect(res.statusCode).toBe(401);
  });
});
