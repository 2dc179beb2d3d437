import {
  buildPaymentUrlReplySchema,
  findOrderReplySchema,
  purchaseOptionsReplySchema,
} from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/index.js';
import { refundOrder } from '../../src/modules/commerce/payments/refunds.js';
import { credit } from '../../src/modules/commerce/wallet.js';
import { TestBrowser, newMember, newTitle, useTestApp } from '../support/index.js';
import { storedBalance as storedBalanceOf, topUpStored } from '../support/wallet.js';

const BUILD = '/ajax/ajaxBuildPaymentURLData.do';
const FIND = '/ajax/ajaxFindOrderData.do';
const OPTIONS = '/ajax/ajaxFindPurchaseOptions.do';
const DAY = 86_400;

/**
 * Issue 11 item 2: orders priced by the server, paid by stored value in one transaction, read by
 * their owner only, refunded by an operator — on both databases.
 */
describe('orders', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  let titles = 0;

  beforeAll(async () => {
    await db()
      .insertInto('monthly_service')
      .values({ service_id: 'ORD-SVC', name: '測試月租', price: 149, period_days: 30 })
      .execute();
  });

  const title = async (sellType: string, price: number, extra: Record<string, unknown> = {}) => {
    titles += 1;
    const row = await newTitle(db(), {
      content_id: `ORD-${sellType}${titles}`,
      sell_type: sellType,
      dtr_price: price,
      ...extra,
    });
    return row.content_id;
  };

  const topUp = (accountId: string, amount: number, source: string) =>
    topUpStored(db(), { accountId, amount, source, now: ctx.now.value });

  const storedBalance = (accountId: string) => storedBalanceOf(db(), accountId);

  const ordersOf = (accountId: string) =>
    db().selectFrom('purchase_order').selectAll().where('account_id', '=', accountId).execute();

  const grantsOf = (accountId: string) =>
    db().selectFrom('entitlement').selectAll().where('account_id', '=', accountId).execute();

  it('prices come from the catalogue; a client-sent price or amount is refused with 400', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    const contentId = await title('RENT', 60);
    for (const extra of [{ price: 1 }, { amount: 1 }, { dtrPrice: 1 }]) {
      const res = await browser.post(BUILD, {
        kind: 'rent',
        contentId,
        payMethod: 'card',
        ...extra,
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().status.code).toBe('BAD_INPUT');
    }
    expect(await ordersOf(accountId)).toEqual([]);
    const res = await browser.post(BUILD, { kind: 'rent', contentId, payMethod: 'card' });
    const data = buildPaymentUrlReplySchema.parse(res.json()).data;
    expect(data.amount).toBe(60);
    expect((await ordersOf(accountId))[0]).toMatchObject({ amount: 60, state: 'created' });
    // The link carries the catalogue's amount too.
    expect(new URL(data.paymentUrl!, 'http://x').searchParams.get('amount')).toBe('60');
  });

  it('only what the catalogue offers can be ordered', async () => {
    const { browser } = await newMember(ctx.app);
    const rent = await title('RENT', 50);
    const buy = await title('BUY', 250);
    const free = await title('FREE', 0);
    const cases: [object, number, string][] = [
      [{ kind: 'buy', contentId: rent }, 400, 'NOT_FOR_SALE'],
      [{ kind: 'rent', contentId: buy }, 400, 'NOT_FOR_SALE'],
      [{ kind: 'rent', contentId: free }, 400, 'NOT_FOR_SALE'],
      [{ kind: 'rent', contentId: 'NO-SUCH-TITLE' }, 404, 'NOT_FOUND'],
      [{ kind: 'subscribe', serviceId: 'NO-SUCH-SVC' }, 404, 'NOT_FOUND'],
      [{ kind: 'subscribe', contentId: rent }, 400, 'BAD_INPUT'],
      [{ kind: 'gift', contentId: rent }, 400, 'BAD_INPUT'],
      [{ kind: 'rent', contentId: rent, payMethod: 'cash' }, 400, 'BAD_INPUT'],
    ];
    for (const [body, status, code] of cases) {
      const res = await browser.post(BUILD, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().status.code).toBe(code);
    }
    expect((await browser.post(BUILD, { kind: 'buy', contentId: buy })).statusCode).toBe(200);
  });

  it('a title the viewer may not see cannot be ordered (404, as if missing)', async () => {
    const { browser } = await newMember(ctx.app);
    const offShelf = await title('RENT', 50, { off_shelf_at: ctx.now.value - 1 });
    const notYet = await title('RENT', 50, { on_shelf_at: ctx.now.value + DAY });
    // A member's restricted-content filter is on by default.
    const restricted = await title('BUY', 300, { is_restricted: 1, grade: '18+' });
    for (const contentId of [offShelf, notYet, restricted]) {
      const res = await browser.post(BUILD, { kind: 'rent', contentId });
      expect(res.statusCode, contentId).toBe(404);
    }
    expect((await browser.get(`${OPTIONS}?contentId=${restricted}`)).statusCode).toBe(404);
  });

  it('needs a login and the CSRF token, and is POST only', async () => {
    const contentId = await title('RENT', 50);
    const anonymous = new TestBrowser(ctx.app);
    const res = await anonymous.post(BUILD, { kind: 'rent', contentId });
    expect(res.statusCode).toBe(401);
    const { browser } = await newMember(ctx.app);
    const noToken = await browser.post(BUILD, { kind: 'rent', contentId }, { 'x-csrf-token': '' });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().status.code).toBe('CSRF_REJECTED');
    expect((await browser.get(`${BUILD}?kind=rent&contentId=${contentId}`)).statusCode).toBe(405);
  });

  it('a kid sub-account may not buy (403) and is offered nothing to buy', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    const kid = await browser.post('/ajax/ajaxCreateSubAccount.do', {
      nickname: '小孩',
      kidmode: '1',
    });
    expect(kid.statusCode, kid.body).toBe(200);
    const switched = await browser.post('/ajax/ajaxChangeSubAccount.do', {
      newSubaccountID: kid.json().data.subAccount.subAccountUid,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const contentId = await title('RENT', 50, { kid_safe: 1 });
    await topUp(accountId, 500, `voucher:KID-${accountId}`);
    for (const payMethod of ['card', 'wallet']) {
      const res = await browser.post(BUILD, { kind: 'rent', contentId, payMethod });
      expect(res.statusCode).toBe(403);
      expect(res.json().status.message).toContain('兒童模式');
    }
    expect(
      (await browser.post(BUILD, { kind: 'subscribe', serviceId: 'ORD-SVC' })).statusCode,
    ).toBe(403);
    const options = purchaseOptionsReplySchema.parse(
      (await browser.get(`${OPTIONS}?contentId=${contentId}`)).json(),
    ).data;
    expect(options).toMatchObject({ isLogin: 'Y', canBuy: 'N', storedBalance: null });
    expect(await ordersOf(accountId)).toEqual([]);
    expect(await storedBalance(accountId)).toBe(500);
  });

  it('an order is read by its own account only: another account’s id is 404', async () => {
    const owner = await newMember(ctx.app);
    const other = await newMember(ctx.app);
    const contentId = await title('BUY', 200, { name: '我的訂單片' });
    const { orderId } = buildPaymentUrlReplySchema.parse(
      (await owner.browser.post(BUILD, { kind: 'buy', contentId })).json(),
    ).data;
    const mine = await owner.browser.get(`${FIND}?orderId=${orderId}`);
    expect(mine.statusCode).toBe(200);
    expect(findOrderReplySchema.parse(mine.json()).data.order).toMatchObject({
      orderId,
      kind: 'buy',
      contentId,
      otherId: contentId,
      itemName: '我的訂單片',
      amount: 200,
      payMethod: 'card',
      state: 'created',
    });
    const foreign = await other.browser.get(`${FIND}?orderId=${orderId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('我的訂單片');
    expect((await other.browser.get(`${FIND}?orderId=O-missing`)).statusCode).toBe(404);
    expect((await new TestBrowser(ctx.app).get(`${FIND}?orderId=${orderId}`)).statusCode).toBe(401);
  });

  it('stored value pays at once: debit, paid and grant in one transaction', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    await topUp(accountId, 300, `voucher:W-${accountId}`);
    const contentId = await title('BUY', 250);
    const res = await browser.post(BUILD, { kind: 'buy', contentId, payMethod: 'wallet' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'paid', amount: 250, paymentUrl: null });
    expect(await storedBalance(accountId)).toBe(50);
    const [order] = await ordersOf(accountId);
    expect(order).toMatchObject({ state: 'paid', pay_method: 'wallet' });
    const grants = await grantsOf(accountId);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ kind: 'buy', source: `order:${order!.order_id}` });

    // Held now: buying again is refused, and the detail page is told so.
    const again = await browser.post(BUILD, { kind: 'buy', contentId, payMethod: 'card' });
    expect(again.statusCode).toBe(409);
    expect(again.json().status.code).toBe('ALREADY_ENTITLED');
    const options = purchaseOptionsReplySchema.parse(
      (await browser.get(`${OPTIONS}?contentId=${contentId}`)).json(),
    ).data;
    expect(options.held).toMatchObject({ kind: 'buy' });
    expect(options.storedBalance).toBe(50);

    // Short of money: refused, and nothing is left behind.
    const dear = await title('BUY', 400);
    const short = await browser.post(BUILD, { kind: 'buy', contentId: dear, payMethod: 'wallet' });
    expect(short.statusCode).toBe(409);
    expect(short.json().status.code).toBe('INSUFFICIENT_BALANCE');
    expect(await ordersOf(accountId)).toHaveLength(1);
    expect(await grantsOf(accountId)).toHaveLength(1);
    expect(await storedBalance(accountId)).toBe(50);
  });

  it('balance 100 and 20 wallet orders of 100 at once: exactly one is paid, balance 0', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    await topUp(accountId, 100, `voucher:RACE-${accountId}`);
    const ids = await Promise.all(Array.from({ length: 20 }, () => title('RENT', 100)));
    const replies = await Promise.all(
      ids.map((contentId) => browser.post(BUILD, { kind: 'rent', contentId, payMethod: 'wallet' })),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(replies.filter((r) => r.statusCode === 409).map((r) => r.json().status.code)).toEqual(
      Array(19).fill('INSUFFICIENT_BALANCE'),
    );
    expect(await storedBalance(accountId)).toBe(0);
    const ledger = await db()
      .selectFrom('wallet_entry')
      .select('amount')
      .where('account_id', '=', accountId)
      .where('purse', '=', 'stored')
      .execute();
    expect(ledger.reduce((sum, e) => sum + Number(e.amount), 0)).toBe(0);
    const orders = await ordersOf(accountId);
    expect(orders.map((o) => o.state)).toEqual(['paid']);
    expect(await grantsOf(accountId)).toHaveLength(1);
  });

  it('the same race split over two instances sharing the database: one paid', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    await topUp(accountId, 100, `voucher:RACE2-${accountId}`);
    const { url, schema } = ctx.database;
    const database = connect(url, schema ? { schema } : {});
    const other = await buildApp({ config: ctx.config, database, clock: () => ctx.now.value });
    try {
      const there = new TestBrowser(other);
      for (const [name, value] of browser.cookies) there.cookies.set(name, value);
      const ids = await Promise.all(Array.from({ length: 20 }, () => title('BUY', 100)));
      const replies = await Promise.all(
        ids.map((contentId, i) =>
          (i % 2 ? there : browser).post(BUILD, { kind: 'buy', contentId, payMethod: 'wallet' }),
        ),
      );
      expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(19);
      expect(await storedBalance(accountId)).toBe(0);
      expect((await ordersOf(accountId)).map((o) => o.state)).toEqual(['paid']);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('a subscription is priced from the service and extends the paid period', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    await topUp(accountId, 500, `voucher:SUB-${accountId}`);
    const res = await browser.post(BUILD, {
      kind: 'subscribe',
      serviceId: 'ORD-SVC',
      payMethod: 'wallet',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'paid', amount: 149 });
    const sub = await db()
      .selectFrom('subscription')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(Number(sub.paid_until)).toBe(ctx.now.value + 30 * DAY);
    const { orderId } = res.json().data as { orderId: string };
    const order = findOrderReplySchema.parse(
      (await browser.get(`${FIND}?orderId=${orderId}`)).json(),
    ).data.order;
    expect(order).toMatchObject({ kind: 'subscribe', serviceId: 'ORD-SVC', itemName: '測試月租' });
  });

  it('purchase options: offers and prices from the server, nothing held, no balance when anonymous', async () => {
    const rent = await title('RENT', 45);
    const monthly = await title('MONTHLY', 0);
    await db()
      .insertInto('service_title')
      .values({ service_id: 'ORD-SVC', content_id: monthly })
      .execute();
    const anonymous = purchaseOptionsReplySchema.parse(
      (await ctx.app.inject(`${OPTIONS}?contentId=${rent}`)).json(),
    ).data;
    expect(anonymous).toMatchObject({
      isLogin: 'N',
      canBuy: 'N',
      held: null,
      storedBalance: null,
      offers: [{ kind: 'rent', contentId: rent, price: 45 }],
    });
    const { browser } = await newMember(ctx.app);
    const options = purchaseOptionsReplySchema.parse(
      (await browser.get(`${OPTIONS}?contentId=${monthly}`)).json(),
    ).data;
    expect(options).toMatchObject({ canBuy: 'Y', held: null, storedBalance: 0 });
    expect(options.offers).toEqual([
      { kind: 'subscribe', serviceId: 'ORD-SVC', name: '測試月租', price: 149, periodDays: 30 },
    ]);
    expect((await ctx.app.inject(`${OPTIONS}`)).statusCode).toBe(400);
  });

  it('a refund reverses a wallet purchase: money back, right removed, once', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    await topUp(accountId, 100, `voucher:REF-${accountId}`);
    const contentId = await title('RENT', 70);
    const res = await browser.post(BUILD, { kind: 'rent', contentId, payMethod: 'wallet' });
    const { orderId } = res.json().data as { orderId: string };
    expect(await storedBalance(accountId)).toBe(30);
    expect(await grantsOf(accountId)).toHaveLength(1);

    const refunded = await refundOrder(db(), null, orderId, ctx.now.value);
    expect(refunded.state).toBe('refunded');
    expect(await storedBalance(accountId)).toBe(100);
    expect(await grantsOf(accountId)).toEqual([]);
    await expect(refundOrder(db(), null, orderId, ctx.now.value)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await storedBalance(accountId)).toBe(100);
    await expect(refundOrder(db(), null, 'O-missing', ctx.now.value)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    // Refunded, the title may be bought again.
    expect((await browser.post(BUILD, { kind: 'rent', contentId })).statusCode).toBe(200);
  });

  it('a refunded subscription loses the period it paid for; an unpaid order cannot be refunded', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    await topUp(accountId, 400, `voucher:REFSUB-${accountId}`);
    const ids: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await browser.post(BUILD, {
        kind: 'subscribe',
        serviceId: 'ORD-SVC',
        payMethod: 'wallet',
      });
      ids.push((res.json().data as { orderId: string }).orderId);
    }
    const paidUntil = async () =>
      Number(
        (
          await db()
            .selectFrom('subscription')
            .select('paid_until')
            .where('account_id', '=', accountId)
            .executeTakeFirstOrThrow()
        ).paid_until,
      );
    expect(await paidUntil()).toBe(ctx.now.value + 60 * DAY);
    await refundOrder(db(), null, ids[0]!, ctx.now.value);
    expect(await paidUntil()).toBe(ctx.now.value + 30 * DAY);
    expect(await storedBalance(accountId)).toBe(400 - 149);

    const card = await browser.post(BUILD, { kind: 'subscribe', serviceId: 'ORD-SVC' });
    const cardId = (card.json().data as { orderId: string }).orderId;
    await expect(refundOrder(db(), null, cardId, ctx.now.value)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  const grantCredit = (accountId: string, amount: number, source: string, days: number) =>
    db()
      .transaction()
      .execute((trx) =>
        credit(trx, {
          accountId,
          purse: 'credit',
          amount,
          reason: 'voucher',
          source,
          expiresAt: ctx.now.value + days * DAY,
          now: ctx.now.value,
        }),
      );

  const creditBalance = async (browser: TestBrowser, contentId: string) =>
    (await browser.get(`${OPTIONS}?contentId=${contentId}`)).json().data.creditBalance as number;

  it('viewing credit pays for a title, soonest-expiring lot first; never for a subscription', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    await grantCredit(accountId, 40, `voucher:CR-LATE-${accountId}`, 20);
    await grantCredit(accountId, 30, `voucher:CR-SOON-${accountId}`, 5);
    const contentId = await title('RENT', 50);
    expect(await creditBalance(browser, contentId)).toBe(70);

    const sub = await browser.post(BUILD, {
      kind: 'subscribe',
      serviceId: 'ORD-SVC',
      payMethod: 'credit',
    });
    expect(sub.statusCode).toBe(400);
    expect(sub.json().status.message).toBe('看片金只能用於租借或購買單片。');

    const res = await browser.post(BUILD, { kind: 'rent', contentId, payMethod: 'credit' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'paid', amount: 50, paymentUrl: null });
    expect(await creditBalance(browser, contentId)).toBe(20);
    // The soon lot (30) is spent whole, the late one gives 20 and keeps 20.
    const wallet = (await browser.get('/ajax/ajaxFindWalletData.do')).json().data.wallet;
    expect(wallet.creditLots).toEqual([{ amount: 20, expiresAt: ctx.now.value + 20 * DAY }]);
    expect(await storedBalance(accountId)).toBe(0);
    expect(await grantsOf(accountId)).toHaveLength(1);

    const short = await browser.post(BUILD, {
      kind: 'buy',
      contentId: await title('BUY', 100),
      payMethod: 'credit',
    });
    expect(short.statusCode).toBe(409);
    expect(short.json().status.message).toBe('看片金餘額不足，請改用其他方式付款。');
  });

  it('viewing credit: 20 concurrent purchases of 100 from a balance of 100, one paid', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    await grantCredit(accountId, 60, `voucher:CR-A-${accountId}`, 10);
    await grantCredit(accountId, 40, `voucher:CR-B-${accountId}`, 30);
    const ids = await Promise.all(Array.from({ length: 20 }, () => title('BUY', 100)));
    const replies = await Promise.all(
      ids.map((contentId) => browser.post(BUILD, { kind: 'buy', contentId, payMethod: 'credit' })),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await creditBalance(browser, ids[0]!)).toBe(0);
    expect((await ordersOf(accountId)).map((o) => o.state)).toEqual(['paid']);
    const rows = await db()
      .selectFrom('wallet_entry')
      .select('amount')
      .where('account_id', '=', accountId)
      .where('purse', '=', 'credit')
      .execute();
    expect(rows.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(0);
  });

  it('a refund gives viewing credit back to its lots, except what has ended meanwhile', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    await grantCredit(accountId, 30, `voucher:CR-R1-${accountId}`, 2);
    await grantCredit(accountId, 50, `voucher:CR-R2-${accountId}`, 10);
    const contentId = await title('RENT', 60);
    const res = await browser.post(BUILD, { kind: 'rent', contentId, payMethod: 'credit' });
    const { orderId } = res.json().data as { orderId: string };
    expect(await creditBalance(browser, contentId)).toBe(20);

    ctx.now.value += 3 * DAY; // the 2-day lot has ended: its 30 is not given back
    await refundOrder(db(), null, orderId, ctx.now.value);
    expect(await grantsOf(accountId)).toEqual([]);
    const wallet = (await browser.get('/ajax/ajaxFindWalletData.do')).json().data.wallet;
    expect(wallet.credit).toBe(50);
    expect(wallet.creditLots).toEqual([{ amount: 50, expiresAt: ctx.now.value + 7 * DAY }]);
    await expect(refundOrder(db(), null, orderId, ctx.now.value)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    // The lot ends on its own day with what was given back.
    ctx.now.value += 8 * DAY;
    const later = (await browser.get('/ajax/ajaxFindWalletData.do')).json().data.wallet;
    expect(later).toMatchObject({ credit: 0, creditLots: [] });
  });
});
