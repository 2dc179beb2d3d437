import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/index.js';
import { TestBrowser, newMember, useTestApp, type TestContext } from '../support/index.js';

const LOGIN = '/ajax/ajaxLogin.do';
const CHANGE = '/ajax/ajaxChangeSubAccount.do';
const UNLOCK = '/ajax/ajaxUnlockKidPin.do';

/** The stored failures of one bucket (docs/adr/0017), or undefined when it is clear. */
async function bucketOf(ctx: TestContext, bucket: string) {
  return ctx.database.db
    .selectFrom('auth_throttle')
    .selectAll()
    .where('bucket', '=', bucket)
    .executeTakeFirst();
}

/** The wait a refusal asks for (its Retry-After); fails the test when there is none. */
function retryAfter(res: LightMyRequestResponse): number {
  const seconds = Number(res.headers['retry-after']);
  if (!Number.isInteger(seconds) || seconds <= 0) {
    throw new Error(`no Retry-After on ${res.statusCode} ${res.body}`);
  }
  return seconds;
}

/** Wrong passwords for a login id wait 30, 60, 120, 240, then 300 s after the third in a row. */
describe('login: failures wait, and a stranger cannot keep the member out', () => {
  const ctx = useTestApp({
    env: {
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
      RATE_LIMIT_LOGIN_PER_IP: '1000',
      RATE_LIMIT_DELAY_SECONDS: '30',
      RATE_LIMIT_DELAY_MAX_SECONDS: '300',
    },
  });
  const login = (loginId: string, password: string, browser = new TestBrowser(ctx.app)) =>
    browser.post(LOGIN, { loginId, password });

  it("a stranger's wrong passwords never keep the member out of a browser they logged in from", async () => {
    const { browser, loginId, password } = await newMember(ctx.app);
    await browser.post('/ajax/ajaxLogout.do');
    const stranger = [];
    for (let i = 0; i < 10; i += 1) stranger.push((await login(loginId, 'guess-123')).statusCode);
    expect(stranger).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);

    const own = await login(loginId, password, browser);
    expect(own.statusCode).toBe(200);
    // The stranger still waits: the member's success on their own browser clears only its bucket.
    const again = await login(loginId, password);
    expect(again.statusCode).toBe(429);
    expect(again.json().status.message).toMatch(/^登入失敗次數過多，請於 30 秒後再試。$/);
  });

  it('sign-up and login remember the browser in an HttpOnly cookie for the login call alone', async () => {
    const { browser, loginId, password, accountId } = await newMember(ctx.app);
    const token = browser.cookies.get('known_device')!;
    const stored = await ctx.database.db
      .selectFrom('known_device')
      .select('device_hash')
      .where('account_id', '=', accountId)
      .execute();
    expect(stored.map((r) => r.device_hash)).toEqual([
      crypto.createHash('sha256').update(token).digest('hex'),
    ]);

    const fresh = await login(loginId, password);
    const cookie = fresh.cookies.find((c) => c.name === 'known_device')!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      secure: true,
      path: LOGIN,
      maxAge: 365 * 86_400,
    });
    expect(cookie.value).not.toBe(token);
    // A browser already known for this account keeps its cookie.
    const again = await login(loginId, password, browser);
    expect(again.statusCode).toBe(200);
    expect(again.cookies.some((c) => c.name === 'known_device')).toBe(false);
  });

  it('waits double with each failure up to the cap; the member gets in once the cap has passed', async () => {
    const { loginId, password } = await newMember(ctx.app);
    const waits: number[] = [];
    for (let i = 0; i < 3; i += 1) expect((await login(loginId, 'guess-123')).statusCode).toBe(401);
    for (let i = 0; i < 6; i += 1) {
      const refused = await login(loginId, 'guess-123');
      expect(refused.statusCode).toBe(429);
      waits.push(retryAfter(refused));
      ctx.now.value += retryAfter(refused);
      expect((await login(loginId, 'guess-123')).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 300, 300]);

    // The bound: at most RATE_LIMIT_DELAY_MAX_SECONDS after the stranger's last failure.
    const member = await login(loginId, password);
    expect(member.statusCode).toBe(429);
    expect(retryAfter(member)).toBe(300);
    expect(member.json().status.message).toBe('登入失敗次數過多，請於 5 分鐘後再試。');
    ctx.now.value += 299;
    expect((await login(loginId, password)).statusCode).toBe(429);
    ctx.now.value += 1;
    expect((await login(loginId, password)).statusCode).toBe(200);
    expect(await bucketOf(ctx, `login:${loginId}`)).toBeUndefined();
  });

  it('a success clears the failures: the next ones start again from the first wait', async () => {
    const { loginId, password } = await newMember(ctx.app);
    for (let i = 0; i < 3; i += 1) await login(loginId, 'guess-123');
    ctx.now.value += 30;
    expect((await login(loginId, 'guess-123')).statusCode).toBe(401);
    expect(retryAfter(await login(loginId, password))).toBe(60);
    ctx.now.value += 60;
    expect((await login(loginId, password)).statusCode).toBe(200);

    for (let i = 0; i < 3; i += 1) expect((await login(loginId, 'guess-123')).statusCode).toBe(401);
    const refused = await login(loginId, password);
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBe(30);
  });

  it('only failures count: successful logins and password checks never add up', async () => {
    const { browser, loginId, password } = await newMember(ctx.app);
    for (let round = 0; round < 4; round += 1) {
      for (let i = 0; i < 2; i += 1)
        expect((await login(loginId, 'guess-123')).statusCode).toBe(401);
      expect((await login(loginId, password)).statusCode).toBe(200);
    }

    let current = password;
    for (let i = 0; i < 5; i += 1) {
      const next = `changed${i}x`;
      const res = await browser.post('/ajax/ajaxChangePassword.do', {
        oldPassword: current,
        newPassword: next,
      });
      expect(res.statusCode, `change ${i}`).toBe(200);
      current = next;
    }
    expect(await bucketOf(ctx, `login:${loginId}`)).toBeUndefined();
  });

  it('concurrent wrong passwords are counted exactly and let no extra guess through', async () => {
    const { loginId } = await newMember(ctx.app);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => login(loginId, 'guess-123')),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(27);
    expect(await bucketOf(ctx, `login:${loginId}`)).toMatchObject({ failures: 3 });
  });
});

describe('login: concurrent failures below the limit', () => {
  const ctx = useTestApp({
    env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000', RATE_LIMIT_LOGIN_PER_IP: '1000' },
  });

  it('thirty wrong passwords at once are thirty failures (no lost update)', async () => {
    const { loginId, password } = await newMember(ctx.app);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () =>
        new TestBrowser(ctx.app).post(LOGIN, { loginId, password: 'guess-123' }),
      ),
    );
    expect(replies.every((r) => r.statusCode === 401)).toBe(true);
    expect(await bucketOf(ctx, `login:${loginId}`)).toMatchObject({ failures: 30, locked: 0 });
    expect((await new TestBrowser(ctx.app).post(LOGIN, { loginId, password })).statusCode).toBe(
      200,
    );
    expect(await bucketOf(ctx, `login:${loginId}`)).toBeUndefined();
  });
});

/**
 * Runs `fn` with a browser holding `browser`'s cookies on a second app over its own connection to
 * the same database, as a second instance would be.
 */
async function onSecondInstance(
  ctx: TestContext,
  browser: TestBrowser,
  fn: (there: TestBrowser) => Promise<void>,
): Promise<void> {
  const { url, schema } = ctx.database;
  const database = connect(url, schema ? { schema } : {});
  const other = await buildApp({ config: ctx.config, database, clock: () => ctx.now.value });
  try {
    const there = new TestBrowser(other);
    for (const [name, value] of browser.cookies) there.cookies.set(name, value);
    await fn(there);
  } finally {
    await other.close();
    await database.close();
  }
}

/** A member with kid PIN 2468 whose browser is on a kid sub-account. */
async function kidSession(ctx: TestContext) {
  const member = await newMember(ctx.app);
  const { browser, password } = member;
  expect((await browser.post('/ajax/ajaxSetKidPin.do', { password, pin: '2468' })).statusCode).toBe(
    200,
  );
  const kid = await browser.post('/ajax/ajaxCreateSubAccount.do', {
    nickname: '小寶',
    kidmode: '1',
  });
  const kidUid = kid.json().data.subAccount.subAccountUid as string;
  expect((await browser.post(CHANGE, { newSubaccountID: kidUid })).statusCode).toBe(200);
  const leave = (proof: object, via = browser) =>
    via.post(CHANGE, { newSubaccountID: member.uid, ...proof });
  const backToKid = () => browser.post(CHANGE, { newSubaccountID: kidUid });
  return { ...member, kidUid, leave, backToKid };
}

describe('kid PIN: waits, then a lock only the owner’s password lifts', () => {
  const ctx = useTestApp({
    env: {
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '5',
      RATE_LIMIT_DELAY_SECONDS: '30',
      RATE_LIMIT_DELAY_MAX_SECONDS: '300',
      RATE_LIMIT_KID_PIN_DELAY_AFTER: '3',
      RATE_LIMIT_KID_PIN_LOCK_AFTER: '8',
    },
  });

  /** Wrong PINs until the lock, waiting out each delay; returns the waits met on the way. */
  async function lockPin(leave: (proof: object) => Promise<LightMyRequestResponse>) {
    const waits: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const res = await leave({ ownerPin: '0000' });
      if (res.json().status.code === 'KID_PIN_LOCKED') return { res, waits };
      if (res.statusCode === 429) {
        waits.push(retryAfter(res));
        ctx.now.value += retryAfter(res);
      } else expect(res.statusCode).toBe(403);
    }
    throw new Error('the PIN never locked');
  }

  it('wrong PINs make each next try wait longer; a right PIN resets the count', async () => {
    const { accountId, leave, backToKid } = await kidSession(ctx);
    for (let i = 0; i < 2; i += 1) {
      const wrong = await leave({ ownerPin: '0000' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().status.message).toBe('密碼或 PIN 碼不正確。');
    }
    const third = await leave({ ownerPin: '0000' });
    expect(third.json().status.message).toBe('密碼或 PIN 碼不正確。請於 30 秒後再試。');
    const waiting = await leave({ ownerPin: '2468' });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().status.message).toBe('PIN 碼錯誤次數過多，請於 30 秒後再試。');
    expect(retryAfter(waiting)).toBe(30);
    ctx.now.value += 30;
    expect((await leave({ ownerPin: '0000' })).statusCode).toBe(403);
    expect(retryAfter(await leave({ ownerPin: '2468' }))).toBe(60);
    ctx.now.value += 60;
    expect((await leave({ ownerPin: '0000' })).statusCode).toBe(403);
    expect(retryAfter(await leave({ ownerPin: '2468' }))).toBe(120);
    ctx.now.value += 120;

    expect((await leave({ ownerPin: '2468' })).statusCode).toBe(200);
    expect(await bucketOf(ctx, `kid-pin:${accountId}`)).toBeUndefined();
    expect((await backToKid()).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      expect((await leave({ ownerPin: '0000' })).json().status.message).toBe(
        '密碼或 PIN 碼不正確。',
      );
    }
  });

  it('locks after the set number of wrong PINs; the right PIN stays refused, days later', async () => {
    const { accountId, leave } = await kidSession(ctx);
    const { res, waits } = await lockPin(leave);
    expect(waits).toEqual([30, 60, 120, 240, 300]);
    expect(res.statusCode).toBe(403);
    expect(res.json().status.message).toBe(
      'PIN 碼錯誤次數過多，已暫停使用。請家長輸入帳號密碼解除鎖定。',
    );
    expect(await bucketOf(ctx, `kid-pin:${accountId}`)).toMatchObject({ failures: 8, locked: 1 });
    // A week later (the session itself lasts 14 idle days), the lock is still there.
    ctx.now.value += 7 * 86_400;
    const right = await leave({ ownerPin: '2468' });
    expect(right.statusCode).toBe(403);
    expect(right.json().status.code).toBe('KID_PIN_LOCKED');
  });

  it('the lock holds on another instance sharing the database', async () => {
    const { browser, leave } = await kidSession(ctx);
    await lockPin(leave);
    await onSecondInstance(ctx, browser, async (there) => {
      const right = await leave({ ownerPin: '2468' }, there);
      expect(right.json().status.code).toBe('KID_PIN_LOCKED');
    });
  });

  it("the owner's password lifts the lock; a wrong one or another member's does not", async () => {
    const { browser, password, leave } = await kidSession(ctx);
    await lockPin(leave);

    const wrong = await browser.post(UNLOCK, { password: 'not-it-123' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().status.message).toBe('密碼不正確。');
    expect((await leave({ ownerPin: '2468' })).json().status.code).toBe('KID_PIN_LOCKED');

    // Another member's real password, sent from this session, is not this owner's.
    const foreign = await newMember(ctx.app);
    await foreign.browser.post('/ajax/ajaxChangePassword.do', {
      oldPassword: foreign.password,
      newPassword: 'foreign-99',
    });
    expect((await browser.post(UNLOCK, { password: 'foreign-99' })).statusCode).toBe(403);
    expect((await leave({ ownerPin: '2468' })).json().status.code).toBe('KID_PIN_LOCKED');

    expect((await browser.post(UNLOCK, { password })).statusCode).toBe(200);
    const right = await leave({ ownerPin: '2468' });
    expect(right.statusCode).toBe(200);
    expect(right.json().data.kidMode).toBe('0');
  });

  it("leaving with the owner's password works while the PIN is locked, and lifts the lock", async () => {
    const { accountId, password, leave, backToKid } = await kidSession(ctx);
    await lockPin(leave);
    expect((await leave({ ownerPassword: password })).statusCode).toBe(200);
    expect(await bucketOf(ctx, `kid-pin:${accountId}`)).toBeUndefined();
    await backToKid();
    expect((await leave({ ownerPin: '2468' })).statusCode).toBe(200);
  });

  it('thirty wrong PINs at once: exactly the allowed three are checked and counted', async () => {
    const { accountId, leave } = await kidSession(ctx);
    const replies = await Promise.all(
      Array.from({ length: 30 }, () => leave({ ownerPin: '0000' })),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 403)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(27);
    expect(await bucketOf(ctx, `kid-pin:${accountId}`)).toMatchObject({ failures: 3, locked: 0 });
  });
});

describe('kid PIN: concurrent wrong PINs without waits', () => {
  const ctx = useTestApp({
    env: { RATE_LIMIT_KID_PIN_DELAY_AFTER: '100', RATE_LIMIT_KID_PIN_LOCK_AFTER: '40' },
  });

  it('counts thirty at once exactly, and locks at exactly the set number under concurrency', async () => {
    const { accountId, leave } = await kidSession(ctx);
    const first = await Promise.all(Array.from({ length: 30 }, () => leave({ ownerPin: '0000' })));
    expect(first.every((r) => r.statusCode === 403 && r.json().status.code === 'FORBIDDEN')).toBe(
      true,
    );
    expect(await bucketOf(ctx, `kid-pin:${accountId}`)).toMatchObject({ failures: 30, locked: 0 });

    const second = await Promise.all(Array.from({ length: 30 }, () => leave({ ownerPin: '0000' })));
    const codes = second.map((r) => r.json().status.code as string);
    expect(codes.filter((c) => c === 'FORBIDDEN')).toHaveLength(9);
    expect(codes.filter((c) => c === 'KID_PIN_LOCKED')).toHaveLength(21);
    expect(await bucketOf(ctx, `kid-pin:${accountId}`)).toMatchObject({ failures: 40, locked: 1 });
    expect((await leave({ ownerPin: '2468' })).json().status.code).toBe('KID_PIN_LOCKED');
  });

  it('counts wrong PINs sent to two instances at once exactly', async () => {
    const { accountId, browser, leave } = await kidSession(ctx);
    await onSecondInstance(ctx, browser, async (there) => {
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) => leave({ ownerPin: '0000' }, i % 2 ? there : browser)),
      );
      expect(replies.map((r) => r.statusCode)).toEqual(Array(30).fill(403));
    });
    expect(await bucketOf(ctx, `kid-pin:${accountId}`)).toMatchObject({ failures: 30 });
  });
});
