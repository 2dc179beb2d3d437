import { describe, expect, it } from 'vitest';
import { newMember, useTestApp } from '../support/index.js';

const BIND = '/ajax/ajaxBindLoginData.do';
const KBRO = '/ajax/ajaxKbroBindLoginData.do';

describe('partner account binding', () => {
  const ctx = useTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '5' } });
  const holders = async (partnerAccountId: string) =>
    (
      await ctx.database.db
        .selectFrom('partner_binding')
        .select('account_id')
        .where('partner_account_id', '=', partnerAccountId)
        .execute()
    ).map((r) => r.account_id);

  it('binds the operator line with the right code only, and masks it in the reply', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    expect(
      (await browser.post(BIND, { partnerAccountId: '0911000111', verificationCode: '000000' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await browser.post(BIND, { partnerAccountId: '12345', verificationCode: '246810' }))
        .statusCode,
    ).toBe(400);
    const res = await browser.post(BIND, {
      partnerAccountId: '0911000111',
      verificationCode: '246810',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.binding).toMatchObject({
      partner: 'telecom',
      partnerAccountIdMasked: '09****0111',
    });
    expect(await holders('0911000111')).toEqual([accountId]);
  });

  it('reserveType 1 keeps a kbro binding held by another member; 2 moves it', async () => {
    const a = await newMember(ctx.app);
    const b = await newMember(ctx.app);
    const body = { partnerAccountId: 'K000000001', verificationCode: '112233' };
    expect((await a.browser.post(KBRO, { ...body, reserveType: '1' })).statusCode).toBe(200);
    const kept = await b.browser.post(KBRO, { ...body, reserveType: '1' });
    expect(kept.statusCode).toBe(409);
    expect(await holders('K000000001')).toEqual([a.accountId]);
    expect((await b.browser.post(KBRO, { ...body, reserveType: '2' })).statusCode).toBe(200);
    expect(await holders('K000000001')).toEqual([b.accountId]);
  });

  it('one binding per partner account even when members race for it', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => newMember(ctx.app)));
    const body = { partnerAccountId: 'K000000002', verificationCode: '445566', reserveType: '1' };
    const results = await Promise.all(members.map((m) => m.browser.post(KBRO, body)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await holders('K000000002')).toHaveLength(1);
  });

  it('limits guesses of the code', async () => {
    const { browser } = await newMember(ctx.app);
    const codes = Array.from({ length: 6 }, (_, i) => `10000${i}`);
    const statuses = [];
    for (const verificationCode of codes) {
      statuses.push(
        (await browser.post(BIND, { partnerAccountId: '0911000222', verificationCode })).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses[5]).toBe(429);
  });

  it('needs a member', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: BIND, payload: {} });
    expect([401, 403]).toContain(res.statusCode);
  });
});
