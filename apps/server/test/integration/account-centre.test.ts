import {
  accountProfileReplySchema,
  monthlyServiceStatusReplySchema,
  orderListReplySchema,
  orderReceiptReplySchema,
  siteCalls,
  walletLedgerReplySchema,
} from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../../src/modules/commerce/wallet.js';
import { TestBrowser, newMember, newTitle, useTestApp } from '../support/index.js';
import { topUpStored } from '../support/wallet.js';

const DAY = 86_400;
const BUILD = siteCalls.buildPaymentURLData;

/** Issue 23 item 1: the account centre's calls, on both databases. */
describe('account centre', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;

  beforeAll(async () => {
    await db()
      .insertInto('monthly_service')
      .values({ service_id: 'AC-SVC', name: '帳戶測試月租', price: 149, period_days: 30 })
      .execute();
    await newTitle(db(), {
      content_id: 'AC-RENT',
      name: '帳戶測試片',
      sell_type: 'RENT',
      dtr_price: 60,
    });
  });

  const accountRow = (accountId: string) =>
    db()
      .selectFrom('account')
      .select(['email', 'phone', 'password_hash'])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();

  /** A member who rented a title and bought a service with stored value, and holds credit. */
  async function buyer() {
    const member = await newMember(ctx.app);
    const start = ctx.now.value;
    await topUpStored(db(), {
      accountId: member.accountId,
      amount: 500,
      source: `voucher:AC${member.accountId}`,
      now: start,
    });
    await db()
      .transaction()
      .execute((trx) =>
        credit(trx, {
          accountId: member.accountId,
          purse: 'credit',
          amount: 100,
          reason: 'voucher',
          source: `voucher:ACC${member.accountId}`,
          expiresAt: start + 30 * DAY,
          now: start + 10,
        }),
      );
    ctx.now.value = start + 20;
    const rent = await member.browser.post(BUILD, {
      kind: 'rent',
      contentId: 'AC-RENT',
      payMethod: 'wallet',
    });
    expect(rent.json().data.state).toBe('paid');
    ctx.now.value = start + 30;
    const sub = await member.browser.post(BUILD, {
      kind: 'subscribe',
      serviceId: 'AC-SVC',
      payMethod: 'wallet',
    });
    expect(sub.json().data.state).toBe('paid');
    ctx.now.value = start + 40;
    // A card order left waiting for the provider: listed, but it has no receipt.
    const card = await member.browser.post(BUILD, {
      kind: 'buy',
      contentId: (await newTitle(db(), { sell_type: 'BUY', dtr_price: 120 })).content_id,
      payMethod: 'card',
    });
    expect(card.json().data.state).toBe('created');
    return {
      ...member,
      rentOrder: rent.json().data.orderId as string,
      subOrder: sub.json().data.orderId as string,
      cardOrder: card.json().data.orderId as string,
      start,
    };
  }

  async function kidBrowser(): Promise<TestBrowser> {
    const { browser } = await newMember(ctx.app);
    const created = await browser.post(siteCalls.createSubAccount, {
      nickname: '小孩',
      kidmode: '1',
    });
    await browser.post(siteCalls.changeSubAccount, {
      newSubaccountID: created.json().data.subAccount.subAccountUid,
    });
    return browser;
  }

  it('answers the profile: login id masked, member since, the primary nickname', async () => {
    const member = await newMember(ctx.app);
    const res = await member.browser.get(siteCalls.getAccountProfile);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const profile = accountProfileReplySchema.parse(res.json()).data;
    expect(profile).toEqual({
      loginIdMasked: `${member.loginId.slice(0, 2)}***@example.com`,
      memberSince: ctx.now.value,
      nickname: '主帳號',
      email: null,
      phone: null,
    });
  });

  it('changes e-mail and phone with the current password, and clears them with empty ones', async () => {
    const member = await newMember(ctx.app);
    const res = await member.browser.post(siteCalls.updateAccountContact, {
      email: ' Me.Here@Example.COM ',
      phone: '0912345678',
      password: member.password,
    });
    expect(res.statusCode).toBe(200);
    const profile = accountProfileReplySchema.parse(res.json()).data;
    expect(profile).toMatchObject({ email: 'me.here@example.com', phone: '0912345678' });
    expect(await accountRow(member.accountId)).toMatchObject({
      email: 'me.here@example.com',
      phone: '0912345678',
    });
    const cleared = await member.browser.post(siteCalls.updateAccountContact, {
      email: '',
      phone: '',
      password: member.password,
    });
    expect(cleared.json().data).toMatchObject({ email: null, phone: null });
  });

  it('a wrong password changes nothing', async () => {
    const member = await newMember(ctx.app);
    await member.browser.post(siteCalls.updateAccountContact, {
      email: 'kept@example.net',
      phone: '0911111111',
      password: member.password,
    });
    const before = await accountRow(member.accountId);
    const res = await member.browser.post(siteCalls.updateAccountContact, {
      email: 'new@example.net',
      phone: '0922222222',
      password: 'wrong-password1',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toEqual({ code: 'FORBIDDEN', message: '目前的密碼不正確。' });
    expect(await accountRow(member.accountId)).toEqual(before);
  });

  it('refuses an e-mail another account holds, as contact or login id, naming nobody', async () => {
    const first = await newMember(ctx.app);
    const second = await newMember(ctx.app);
    await first.browser.post(siteCalls.updateAccountContact, {
      email: 'shared@example.org',
      phone: '',
      password: first.password,
    });
    for (const email of ['SHARED@example.org', first.loginId]) {
      const res = await second.browser.post(siteCalls.updateAccountContact, {
        email,
        phone: '0933333333',
        password: second.password,
      });
      expect(res.statusCode, email).toBe(409);
      expect(res.json().status).toEqual({
        code: 'CONFLICT',
        message: '這個電子郵件地址無法使用，請改用其他地址。',
      });
      expect(res.body).not.toContain(first.accountId);
      expect(await accountRow(second.accountId)).toMatchObject({ email: null, phone: null });
    }
    // One's own login id, and keeping one's own address, are fine.
    const own = await first.browser.post(siteCalls.updateAccountContact, {
      email: 'shared@example.org',
      phone: '0944444444',
      password: first.password,
    });
    expect(own.statusCode).toBe(200);
  });

  it('gives an address to one of two accounts asking for it at once', async () => {
    const members = await Promise.all([newMember(ctx.app), newMember(ctx.app)]);
    const answers = await Promise.all(
      members.map((m) =>
        m.browser.post(siteCalls.updateAccountContact, {
          email: 'race@example.org',
          phone: '',
          password: m.password,
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holders = await db()
      .selectFrom('account')
      .select('account_id')
      .where('email', '=', 'race@example.org')
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('refuses bad input with 400 in zh-TW and changes nothing', async () => {
    const member = await newMember(ctx.app);
    const before = await accountRow(member.accountId);
    const bad = [
      [{ email: 'not-an-address', phone: '', password: member.password }, 'email', '電子郵件'],
      [{ email: '', phone: '0812345678', password: member.password }, 'phone', '手機號碼'],
      [{ email: '', phone: '', password: '' }, 'password', '密碼'],
    ] as const;
    for (const [body, field, words] of bad) {
      const res = await member.browser.post(siteCalls.updateAccountContact, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toEqual({
        code: 'BAD_INPUT',
        message: '輸入的資料格式不正確，請確認後再試一次。',
      });
      const problem = (res.json().data.fields as { name: string; problem: string }[]).find(
        (f) => f.name === field,
      );
      expect(problem?.problem).toContain(words);
    }
    // A field the call does not know (the login id cannot be changed here) is refused too.
    const extra = await member.browser.post(siteCalls.updateAccountContact, {
      email: '',
      phone: '',
      password: member.password,
      loginId: 'x@example.com',
    });
    expect(extra.statusCode).toBe(400);
    for (const query of ['startIndex=-1', 'maxRecord=0', 'maxRecord=101', 'startIndex=abc']) {
      const res = await member.browser.get(`${siteCalls.findOrderList}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status.code).toBe('BAD_INPUT');
    }
    const receipt = await member.browser.get(`${siteCalls.findOrderReceipt}?orderId=a%20b`);
    expect(receipt.statusCode).toBe(400);
    expect(await accountRow(member.accountId)).toEqual(before);
  });

  it('lists the orders newest first with paid times, and pages them', async () => {
    const member = await buyer();
    const res = await member.browser.get(siteCalls.findOrderList);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = orderListReplySchema.parse(res.json()).data;
    expect(data.totalCount).toBe(3);
    expect(data.orders.map((o) => o.orderId)).toEqual([
      member.cardOrder,
      member.subOrder,
      member.rentOrder,
    ]);
    expect(data.orders[0]).toMatchObject({ kind: 'buy', state: 'created', paidAt: null });
    expect(data.orders[1]).toMatchObject({
      kind: 'subscribe',
      itemName: '帳戶測試月租',
      amount: 149,
      payMethod: 'wallet',
      state: 'paid',
      paidAt: member.start + 30,
    });
    expect(data.orders[2]).toMatchObject({
      kind: 'rent',
      itemName: '帳戶測試片',
      amount: 60,
      paidAt: member.start + 20,
    });
    const page2 = orderListReplySchema.parse(
      (await member.browser.get(`${siteCalls.findOrderList}?startIndex=2&maxRecord=2`)).json(),
    ).data;
    expect(page2.orders.map((o) => o.orderId)).toEqual([member.rentOrder]);
    // Another member sees none of them.
    const other = await newMember(ctx.app);
    const theirs = orderListReplySchema.parse(
      (await other.browser.get(siteCalls.findOrderList)).json(),
    ).data;
    expect(theirs).toEqual({ totalCount: 0, orders: [] });
  });

  it("answers a paid order's receipt; a foreign order id is 404 exactly as a missing one", async () => {
    const member = await buyer();
    const res = await member.browser.get(
      `${siteCalls.findOrderReceipt}?orderId=${member.rentOrder}`,
    );
    expect(res.statusCode).toBe(200);
    const { receipt } = orderReceiptReplySchema.parse(res.json()).data;
    expect(receipt).toEqual({
      receiptNo: `R20261122-${member.rentOrder}`,
      orderId: member.rentOrder,
      items: [{ name: '帳戶測試片', kind: 'rent', amount: 60 }],
      amount: 60,
      taxIncluded: 3,
      payMethod: 'wallet',
      paidAt: member.start + 20,
    });
    const unpaid = await member.browser.get(
      `${siteCalls.findOrderReceipt}?orderId=${member.cardOrder}`,
    );
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json().status.message).toBe('這筆訂單尚未付款，沒有收據。');

    const other = await newMember(ctx.app);
    const foreign = await other.browser.get(
      `${siteCalls.findOrderReceipt}?orderId=${member.rentOrder}`,
    );
    const missing = await other.browser.get(`${siteCalls.findOrderReceipt}?orderId=ONOSUCHORDER`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(foreign.json().status.message).toBe('找不到這筆訂單。');
  });

  it("answers the wallet's ledger newest first, both purses, paged", async () => {
    const member = await buyer();
    const res = await member.browser.get(siteCalls.findWalletLedger);
    expect(res.statusCode).toBe(200);
    const data = walletLedgerReplySchema.parse(res.json()).data;
    expect(data.totalCount).toBe(4);
    expect(data.entries.map((e) => [e.purse, e.reason, e.amount, e.orderId])).toEqual([
      ['stored', 'order', -149, member.subOrder],
      ['stored', 'order', -60, member.rentOrder],
      ['credit', 'voucher', 100, null],
      ['stored', 'voucher', 500, null],
    ]);
    expect(data.entries[2]!.expiresAt).toBe(member.start + 30 * DAY);
    const page = walletLedgerReplySchema.parse(
      (await member.browser.get(`${siteCalls.findWalletLedger}?startIndex=1&maxRecord=2`)).json(),
    ).data;
    expect(page.entries.map((e) => e.amount)).toEqual([-60, 100]);
  });

  it('answers the monthly service: active, paid until, and that it ends rather than renews', async () => {
    const member = await buyer();
    const res = await member.browser.get(siteCalls.getMonthlyServiceStatus);
    expect(res.statusCode).toBe(200);
    expect(monthlyServiceStatusReplySchema.parse(res.json()).data.services).toEqual([
      {
        serviceId: 'AC-SVC',
        name: '帳戶測試月租',
        price: 149,
        periodDays: 30,
        active: 'Y',
        paidUntil: member.start + 30 + 30 * DAY,
        autoRenew: 'N',
      },
    ]);
    // Once the paid period is over it says so (the period moved back rather than the clock on,
    // which would end the session).
    await db()
      .updateTable('subscription')
      .set({ paid_until: ctx.now.value - 1 })
      .where('account_id', '=', member.accountId)
      .execute();
    const ended = await member.browser.get(siteCalls.getMonthlyServiceStatus);
    expect(ended.json().data.services[0]).toMatchObject({
      active: 'N',
      paidUntil: ctx.now.value - 1,
    });
    const none = await (await newMember(ctx.app)).browser.get(siteCalls.getMonthlyServiceStatus);
    expect(none.json().data).toEqual({ services: [] });
  });

  const reads = [
    siteCalls.getAccountProfile,
    siteCalls.findWalletLedger,
    siteCalls.findOrderList,
    `${siteCalls.findOrderReceipt}?orderId=OANY`,
    siteCalls.getMonthlyServiceStatus,
  ];

  it('refuses a kid session on every call (403, zh-TW) and changes nothing', async () => {
    const kid = await kidBrowser();
    for (const url of reads) {
      const res = await kid.get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status).toEqual({
        code: 'FORBIDDEN',
        message: '兒童模式無法開啟帳戶設定，請切換為一般使用者後再試。',
      });
    }
    const update = await kid.post(siteCalls.updateAccountContact, {
      email: 'kid@example.com',
      phone: '',
      password: 'secret123',
    });
    expect(update.statusCode).toBe(403);
    const changed = await db()
      .selectFrom('account')
      .select('account_id')
      .where('email', '=', 'kid@example.com')
      .execute();
    expect(changed).toEqual([]);
  });

  it('refuses a visitor (401) and a GET of the change (405)', async () => {
    const visitor = new TestBrowser(ctx.app);
    for (const url of reads) {
      const res = await visitor.get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().status.code).toBe('NOT_LOGGED_IN');
    }
    const post = await visitor.post(siteCalls.updateAccountContact, {
      email: '',
      phone: '',
      password: 'x',
    });
    expect(post.statusCode).toBe(401);
    expect((await visitor.get(siteCalls.updateAccountContact)).statusCode).toBe(405);
  });
});
