import { describe, expect, it } from 'vitest';
import { newMember, useTestApp } from '../support/index.js';

type Member = Awaited<ReturnType<typeof newMember>>;

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
    // The partner account's own guess bucket (ADR 0017) counts each attempt before the code is
    // checked, so parallel guesses cannot slip past it: racers beyond its five may be told to
    // wait (429) rather than refused (409). Either way only one binds.
    expect(results.every((r) => [200, 409, 429].includes(r.statusCode))).toBe(true);
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

/**
 * Issue 20 item 7: guesses of a partner account's code are limited per partner account too, so
 * many fresh sign-ups do not add up to more guesses at one code (docs/adr/0017).
 */
describe('partner codes limited per partner account being bound', () => {
  const ctx = useTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '5' } });

  it('twelve fresh sign-ups guessing one kbro account: five guesses, then waits for all', async () => {
    const guess = (browser: Member['browser'], verificationCode: string) =>
      browser.post(KBRO, { partnerAccountId: 'K000000001', verificationCode });
    const guessers: Member[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const guesser = await newMember(ctx.app);
      guessers.push(guesser);
      const res = await guess(guesser.browser, `90000${i % 10}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().status.message).toMatch(/^驗證碼錯誤次數過多，請於 \d+ 秒後再試。$/);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array<number>(5).fill(403), ...Array<number>(7).fill(429)]);

    // The refusal was about the partner account: the refused guesser's own count is untouched,
    // so he binds another partner account with its right code.
    const other = await guessers[11]!.browser.post(KBRO, {
      partnerAccountId: 'K000000002',
      verificationCode: '445566',
    });
    expect(other.statusCode, other.body).toBe(200);

    // The holder waits out the guessers' last wait like everyone, then binds; that clears it.
    const holder = await newMember(ctx.app);
    expect((await guess(holder.browser, '112233')).statusCode).toBe(429);
    const start = ctx.now.value;
    try {
      ctx.now.value = start + 30;
      const bound = await guess(holder.browser, '112233');
      expect(bound.statusCode, bound.body).toBe(200);
      expect((await guess((await newMember(ctx.app)).browser, '000001')).statusCode).toBe(403);
    } finally {
      ctx.now.value = start;
    }
  });
});
