import { loginInfoReplySchema, nicknameWording, subAccountListReplySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { TestBrowser, newMember, useTestApp } from '../support/index.js';

const CREATE = '/ajax/ajaxCreateSubAccount.do';
const UPDATE = '/ajax/ajaxUpdateSubAccount.do';
const DELETE = '/ajax/ajaxDeleteSubAccount.do';
const CHANGE = '/ajax/ajaxChangeSubAccount.do';

describe('sub-accounts', () => {
  const ctx = useTestApp();
  const list = async (browser: TestBrowser) =>
    subAccountListReplySchema.parse((await browser.get('/ajax/ajaxGetSubaccountInfo.do')).json())
      .data;
  const info = async (browser: TestBrowser) =>
    loginInfoReplySchema.parse((await browser.get('/ajax/ajaxGetLoginInfo.do')).json()).data;
  const create = async (browser: TestBrowser, body: object) => {
    const res = await browser.post(CREATE, body);
    return {
      res,
      uid: res.statusCode === 200 ? (res.json().data.subAccount.subAccountUid as string) : '',
    };
  };

  it('starts with one primary sub-account that is never a kid and cannot be deleted', async () => {
    const { browser } = await newMember(ctx.app);
    const data = await list(browser);
    expect(data.subAccountList.subAccount).toHaveLength(1);
    const primary = data.subAccountList.subAccount[0]!;
    expect(primary).toMatchObject({ isPrimary: 'Y', kidmode: '0', filterRestrict: 'Y' });
    expect(primary.iconUrl).toMatch(/^\/media\/images\/icons\/icon-01\.svg$/);
    expect(
      (await browser.post(UPDATE, { newSubaccountID: primary.subAccountUid, kidmode: '1' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await browser.post(DELETE, { newSubaccountID: primary.subAccountUid })).statusCode,
    ).toBe(400);
    expect(
      (await browser.get('/ajax/ajaxShowSubaccountSelect.do?type=login')).json().data.result,
    ).toBe('N');
  });

  it('holds at most five, even when many creates race', async () => {
    const { browser } = await newMember(ctx.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        browser.post(CREATE, { nickname: `家人${i}`, iconIdx: i % 8 }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(4);
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().status.message).toBe('每個帳號最多只能有 5 個子帳號。');
    }
    expect((await list(browser)).subAccountList.subAccount).toHaveLength(5);
    expect(
      (await browser.get('/ajax/ajaxShowSubaccountSelect.do?type=login')).json().data.result,
    ).toBe('Y');
  });

  it('requires a nickname that starts with a Chinese character, and keeps HTML as text', async () => {
    const { browser } = await newMember(ctx.app);
    for (const nickname of ['Tom', '，小明', '  ', '😀媽媽', '一二三四五六七八九十一二三']) {
      const { res } = await create(browser, { nickname });
      expect(res.statusCode, nickname).toBe(400);
    }
    const html = '小<b>明</b>';
    const { res } = await create(browser, { nickname: html });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.subAccount.nickname).toBe(html);
    expect((await list(browser)).subAccountList.subAccount.map((s) => s.nickname)).toContain(html);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('refuses Unicode format characters in a nickname, on create and on update (issue 20 item 10)', async () => {
    const { browser } = await newMember(ctx.app);
    const message = nicknameWording.format;
    const { uid } = await create(browser, { nickname: '小芳' });
    for (const ch of ['\u202E', '\u200B', '\u200F', '\u2066', '\u2069', '\uFEFF', '\u00AD']) {
      const nickname = `小${ch}芳txt.exe`.slice(0, 8);
      for (const res of [
        (await create(browser, { nickname })).res,
        await browser.post(UPDATE, { newSubaccountID: uid, nickname }),
      ]) {
        expect(res.statusCode, JSON.stringify(nickname)).toBe(400);
        expect(res.json().status.code).toBe('BAD_INPUT');
        expect(res.json().data.fields).toEqual([{ name: 'nickname', problem: message }]);
      }
    }
    const names = (await list(browser)).subAccountList.subAccount.map((s) => s.nickname);
    expect(names.some((n) => /\p{Cf}/u.test(n))).toBe(false);
    expect(names).toContain('小芳');
  });

  it('never reads, changes, switches to or deletes another account’s sub-account', async () => {
    const a = await newMember(ctx.app);
    const b = await newMember(ctx.app);
    const { uid } = await create(a.browser, { nickname: '阿明' });
    const attempts = [
      b.browser.post(UPDATE, { newSubaccountID: uid, nickname: '被改了' }),
      b.browser.post(DELETE, { newSubaccountID: uid }),
      b.browser.post(CHANGE, { newSubaccountID: uid }),
      b.browser.post(UPDATE, { newSubaccountID: a.uid, filterRestrict: 'N', password: b.password }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(404);
    const mine = await list(a.browser);
    expect(mine.subAccountList.subAccount.map((s) => s.nickname).sort()).toEqual(
      ['主帳號', '阿明'].sort(),
    );
    expect(JSON.stringify(await list(b.browser))).not.toContain(uid);
    expect((await info(b.browser)).uId).toBe(b.uid);
  });

  it('a kid sub-account filters restricted titles, and leaves kid mode only with the password or PIN', async () => {
    const { browser, password } = await newMember(ctx.app);
    const { uid: kid } = await create(browser, { nickname: '小寶', kidmode: '1' });
    expect(
      (await browser.post('/ajax/ajaxSetKidPin.do', { password, pin: '2468' })).statusCode,
    ).toBe(200);
    expect((await browser.post(CHANGE, { newSubaccountID: kid })).statusCode).toBe(200);
    expect(await info(browser)).toMatchObject({ kidMode: '1', uId: kid });

    const kidList = await list(browser);
    const primary = kidList.subAccountList.subAccount.find((s) => s.isPrimary === 'Y')!;
    expect(
      (await browser.post(CHANGE, { newSubaccountID: primary.subAccountUid })).statusCode,
    ).toBe(403);
    expect((await browser.post(CREATE, { nickname: '小華' })).statusCode).toBe(403);
    expect((await browser.post(UPDATE, { newSubaccountID: kid, kidmode: '0' })).statusCode).toBe(
      403,
    );
    expect(
      (await browser.post(UPDATE, { newSubaccountID: kid, filterRestrict: 'N', ownerPin: '0000' }))
        .statusCode,
    ).toBe(403);
    const locked = await browser.post(UPDATE, {
      newSubaccountID: kid,
      filterRestrict: 'N',
      ownerPin: '2468',
    });
    expect(locked.json().data.subAccount.filterRestrict).toBe('Y');
    expect((await browser.post('/ajax/ajaxLogoutAllDevices.do')).statusCode).toBe(403);
    expect(
      (
        await browser.post('/ajax/ajaxChangePassword.do', {
          oldPassword: password,
          newPassword: 'x1234567',
        })
      ).statusCode,
    ).toBe(403);

    expect(
      (await browser.post(CHANGE, { newSubaccountID: primary.subAccountUid, ownerPin: '2468' }))
        .statusCode,
    ).toBe(200);
    expect((await info(browser)).kidMode).toBe('0');
  });

  it('an adult switches the restricted-content filter off only after re-entering the password', async () => {
    const { browser, password, uid } = await newMember(ctx.app);
    const bare = await browser.post(UPDATE, { newSubaccountID: uid, filterRestrict: 'N' });
    expect(bare.statusCode).toBe(403);
    const wrong = await browser.post(UPDATE, {
      newSubaccountID: uid,
      filterRestrict: 'N',
      password: 'wrong-1',
    });
    expect(wrong.statusCode).toBe(403);
    const right = await browser.post(UPDATE, {
      newSubaccountID: uid,
      filterRestrict: 'N',
      password,
    });
    expect(right.json().data.subAccount.filterRestrict).toBe('N');
    const back = await browser.post(UPDATE, { newSubaccountID: uid, filterRestrict: 'Y' });
    expect(back.json().data.subAccount.filterRestrict).toBe('Y');
  });

  it('deleting a sub-account ends the sessions standing on it', async () => {
    const { browser, loginId, password } = await newMember(ctx.app);
    const { uid } = await create(browser, { nickname: '表弟' });
    const other = new TestBrowser(ctx.app);
    await other.post('/ajax/ajaxLogin.do', { loginId, password });
    expect((await other.post(CHANGE, { newSubaccountID: uid })).statusCode).toBe(200);
    expect((await other.post(DELETE, { newSubaccountID: uid })).statusCode).toBe(409);
    expect((await browser.post(DELETE, { newSubaccountID: uid })).statusCode).toBe(200);
    expect((await info(other)).isLogin).toBe('N');
    expect((await browser.post(CHANGE, { newSubaccountID: uid })).statusCode).toBe(404);
  });
});
