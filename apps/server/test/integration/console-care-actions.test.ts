import type { LightMyRequestResponse } from 'fastify';
import { rentalListReplySchema, siteCalls } from '@site/contract';
import type { StaffRole } from '@site/contract/console';
import { beforeAll, describe, expect, it } from 'vitest';
import { kidPinBucket } from '../../src/modules/accounts/guards.js';
import { SANDBOX_PATHS, SandboxProvider } from '../../src/modules/commerce/payments/sandbox.js';
import {
  newMember,
  newTitle,
  signedInStaff,
  useTestApp,
  TestBrowser,
  type ConsoleBrowser,
} from '../support/index.js';
import { storedBalance, topUpStored } from '../support/wallet.js';

const BUILD = '/ajax/ajaxBuildPaymentURLData.do';
const RENTALS = '/ajax/ajaxFindRentalVideoList2.do?devType=PC&apiVersion=2';
const DAY = 86_400;
const care = (accountId: string, rest = '') => `/console/api/care/members/${accountId}${rest}`;
let actions = 0;
const nextActionId = () => `act-${Date.now().toString(36)}-${(actions += 1)}`;

type Member = Awaited<ReturnType<typeof newMember>>;

/**
 * Issue 26 items 2 and 3 (docs/adr/0053): customer care's actions on a member, over real HTTP,
 * on both databases: refunds once under 20 clicks at once (one provider refund for a card), the
 * refund limit and watched rentals left to finance, wallet debits never below zero, another
 * member's ids refused, sessions signed out, the kid PIN unlocked, goodwill granted; and the
 * member sees each in their orders, lists, wallet and inbox.
 */
describe('customer care actions', () => {
  const ctx = useTestApp({ env: { CARE_REFUND_LIMIT: '500' } });
  const db = () => ctx.database.db;
  let sandbox: SandboxProvider;
  let titles = 0;
  const staff = new Map<string, ConsoleBrowser>();

  beforeAll(async () => {
    sandbox = new SandboxProvider(ctx.config.PAYMENT_SANDBOX_SECRET);
    await db()
      .insertInto('monthly_service')
      .values({ service_id: 'CARE-SVC', name: '客服月租', price: 149, period_days: 30 })
      .execute();
    for (const role of ['customer_care', 'finance', 'auditor', 'marketing'] as StaffRole[]) {
      staff.set(role, (await signedInStaff(ctx, [role])).browser);
    }
  });
  const as = (role: string) => staff.get(role)!;

  const rentTitle = async (price: number) => {
    titles += 1;
    const id = `CARE-R${titles}`;
    await newTitle(db(), {
      content_id: id,
      sell_type: 'RENT',
      dtr_price: price,
      name: `客服片${titles}`,
    });
    return id;
  };

  const walletOrder = async (member: Member, contentId: string) => {
    const res = await member.browser.post(BUILD, { kind: 'rent', contentId, payMethod: 'wallet' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.orderId as string;
  };

  const cardOrder = async (member: Member, contentId: string, amount: number) => {
    const res = await member.browser.post(BUILD, { kind: 'rent', contentId, payMethod: 'card' });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().data.orderId as string;
    const signed = sandbox.signCallback({ orderId, outcome: 'approved', amount }, ctx.now.value);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: SANDBOX_PATHS.callback,
      payload: signed.body,
      headers: signed.headers,
    });
    expect(paid.json().data.state).toBe('paid');
    return orderId;
  };

  const refund = (browser: ConsoleBrowser, accountId: string, orderId: string, amount: number) =>
    browser.post(care(accountId, `/orders/${orderId}/refund`), { amount, reason: '重複付款' });

  const ordersOf = async (browser: TestBrowser) =>
    (await browser.get(`${siteCalls.findOrderList}?startIndex=0&maxRecord=50`)).json().data
      .orders as { orderId: string; state: string }[];
  const ledgerOf = async (browser: TestBrowser) =>
    (await browser.get(`${siteCalls.findWalletLedger}?startIndex=0&maxRecord=50`)).json().data
      .entries as { reason: string; amount: number; purse: string; orderId: string | null }[];
  const inboxOf = async (browser: TestBrowser) =>
    (await browser.get('/ajax/ajaxFindInboxMessageList.do')).json().data.messageList as {
      title: string;
      content: string;
    }[];
  const rentalsOf = async (browser: TestBrowser) =>
    rentalListReplySchema.parse((await browser.get(RENTALS)).json()).data.videoList.video;
  const careAudit = (accountId: string) =>
    db()
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity', '=', 'member')
      .where('entity_id', '=', accountId)
      .orderBy('audit_id')
      .execute();
  /** The wallet's balances equal the sums of their ledger rows, and are never negative. */
  const expectBalanced = async (accountId: string) => {
    const purses = await db()
      .selectFrom('wallet')
      .select(['purse', 'balance'])
      .where('account_id', '=', accountId)
      .execute();
    for (const { purse, balance } of purses) {
      const rows = await db()
        .selectFrom('wallet_entry')
        .select('amount')
        .where('account_id', '=', accountId)
        .where('purse', '=', purse)
        .execute();
      expect(
        rows.reduce((sum, r) => sum + Number(r.amount), 0),
        purse,
      ).toBe(Number(balance));
      expect(Number(balance)).toBeGreaterThanOrEqual(0);
    }
  };

  it('refunds a wallet order exactly once under 20 clicks at once; the member sees it refunded, in the wallet and the inbox', async () => {
    const member = await newMember(ctx.app);
    await topUpStored(db(), {
      accountId: member.accountId,
      amount: 300,
      source: 'test:top-up',
      now: ctx.now.value,
    });
    const contentId = await rentTitle(120);
    const orderId = await walletOrder(member, contentId);
    expect(await storedBalance(db(), member.accountId)).toBe(180);

    const replies = await Promise.all(
      Array.from({ length: 20 }, () => refund(as('customer_care'), member.accountId, orderId, 120)),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const winner = replies.find((r) => r.statusCode === 200)!;
    expect(winner.json().data.order).toMatchObject({
      orderId,
      state: 'refunded',
      refundable: false,
    });
    for (const loser of replies.filter((r) => r.statusCode === 409)) {
      expect(loser.json().status.message).toMatch(/已經退款|只有已付款/);
    }

    expect(await storedBalance(db(), member.accountId)).toBe(300);
    await expectBalanced(member.accountId);
    const refunds = (await ledgerOf(member.browser)).filter((e) => e.reason === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ amount: 120, purse: 'stored', orderId })]);
    expect((await ordersOf(member.browser)).find((o) => o.orderId === orderId)?.state).toBe(
      'refunded',
    );
    expect(await rentalsOf(member.browser)).toHaveLength(0);
    const inbox = await inboxOf(member.browser);
    expect(inbox.filter((m) => m.title === '訂單已退款')).toHaveLength(1);
    expect(inbox[0]!.content).toContain(orderId);
    expect(inbox[0]!.content).toContain('NT$120');

    const audit = await careAudit(member.accountId);
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
      action: 'refund_order',
      orderId,
      amount: 120,
      reason: '重複付款',
    });

    const again = await refund(as('customer_care'), member.accountId, orderId, 120);
    expect(again.statusCode).toBe(409);
    expect(again.json().status.message).toBe('這筆訂單已經退款了。');
  });

  it('refunds a card order once under 20 clicks: one provider refund', async () => {
    const member = await newMember(ctx.app);
    const contentId = await rentTitle(90);
    const orderId = await cardOrder(member, contentId, 90);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => refund(as('customer_care'), member.accountId, orderId, 90)),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const requests = await db()
      .selectFrom('payment_refund')
      .selectAll()
      .where('order_id', '=', orderId)
      .execute();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ state: 'done', amount: 90, attempts: 1 });
    const order = replies.find((r) => r.statusCode === 200)!.json().data.order;
    expect(order).toMatchObject({ state: 'refunded', providerRefund: 'done', payMethod: 'card' });
    expect(await inboxOf(member.browser)).toEqual([
      expect.objectContaining({ title: '訂單已退款', content: expect.stringContaining('信用卡') }),
    ]);
  });

  it("refuses a refund above or below what was paid, and another member's order, changing nothing", async () => {
    const member = await newMember(ctx.app);
    const other = await newMember(ctx.app);
    await topUpStored(db(), {
      accountId: member.accountId,
      amount: 100,
      source: 'test:a',
      now: ctx.now.value,
    });
    const orderId = await walletOrder(member, await rentTitle(80));

    const over = await refund(as('customer_care'), member.accountId, orderId, 81);
    expect(over.statusCode).toBe(400);
    expect(over.json().data.fields).toEqual([
      { name: 'amount', problem: '退款金額不能超過實付金額 NT$80' },
    ]);
    const under = await refund(as('customer_care'), member.accountId, orderId, 40);
    expect(under.statusCode).toBe(400);
    const foreign = await refund(as('customer_care'), other.accountId, orderId, 80);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().status.message).toBe('這位會員沒有這筆訂單。');
    const bad = await as('customer_care').post(
      care(member.accountId, `/orders/${orderId}/refund`),
      {
        amount: 80,
        reason: '   ',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0]).toMatchObject({ name: 'reason', problem: '請輸入原因' });

    expect((await ordersOf(member.browser)).find((o) => o.orderId === orderId)?.state).toBe('paid');
    expect(await storedBalance(db(), member.accountId)).toBe(20);
    expect(await careAudit(member.accountId)).toHaveLength(0);
    expect(await careAudit(other.accountId)).toHaveLength(0);
  });

  it('leaves refunds above the limit and of watched rentals to finance', async () => {
    const member = await newMember(ctx.app);
    await topUpStored(db(), {
      accountId: member.accountId,
      amount: 2000,
      source: 'test:b',
      now: ctx.now.value,
    });
    const dear = await walletOrder(member, await rentTitle(600));
    const watchedId = await rentTitle(60);
    const watched = await walletOrder(member, watchedId);
    await db()
      .updateTable('entitlement')
      .set({ first_played_at: ctx.now.value, expires_at: ctx.now.value + 48 * 3600 })
      .where('source', '=', `order:${watched}`)
      .execute();

    const money = (await as('customer_care').get(care(member.accountId, '/money'))).json().data;
    expect(money.refundLimit).toBe(500);
    const listed = (id: string) => money.orders.find((o: { orderId: string }) => o.orderId === id);
    expect(listed(dear)).toMatchObject({ refundable: false, watched: false });
    expect(listed(watched)).toMatchObject({ refundable: false, watched: true });

    const tooDear = await refund(as('customer_care'), member.accountId, dear, 600);
    expect(tooDear.statusCode).toBe(403);
    expect(tooDear.json().status.message).toBe('超過 NT$500 的退款須由財務人員處理。');
    const seen = await refund(as('customer_care'), member.accountId, watched, 60);
    expect(seen.statusCode).toBe(403);
    expect(seen.json().status.message).toBe('已開始觀看的租借須由財務人員退款。');
    expect(await storedBalance(db(), member.accountId)).toBe(1340);

    expect((await refund(as('finance'), member.accountId, dear, 600)).statusCode).toBe(200);
    expect((await refund(as('finance'), member.accountId, watched, 60)).statusCode).toBe(200);
    expect(await storedBalance(db(), member.accountId)).toBe(2000);
    await expectBalanced(member.accountId);
    for (const role of ['auditor', 'marketing']) {
      expect((await refund(as(role), member.accountId, dear, 600)).statusCode).toBe(403);
    }
  });

  it('credits and debits the wallet with a reason, never below zero, once per action id, even 10 debits at once', async () => {
    const member = await newMember(ctx.app);
    const adjust = (body: object, role = 'customer_care') =>
      as(role).post(care(member.accountId, '/wallet/adjust'), { reason: '補償', ...body });

    const creditId = nextActionId();
    const added = await adjust({
      actionId: creditId,
      purse: 'stored',
      direction: 'credit',
      amount: 100,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.wallet.stored).toBe(100);
    const twice = await adjust({
      actionId: creditId,
      purse: 'stored',
      direction: 'credit',
      amount: 100,
    });
    expect(twice.statusCode).toBe(409);

    const tooMuch = await adjust({
      actionId: nextActionId(),
      purse: 'stored',
      direction: 'debit',
      amount: 101,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().status.code).toBe('INSUFFICIENT_BALANCE');
    expect(await storedBalance(db(), member.accountId)).toBe(100);

    const debits = await Promise.all(
      Array.from({ length: 10 }, () =>
        adjust({ actionId: nextActionId(), purse: 'stored', direction: 'debit', amount: 30 }),
      ),
    );
    expect(debits.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(debits.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(await storedBalance(db(), member.accountId)).toBe(10);

    const noExpiry = await adjust({
      actionId: nextActionId(),
      purse: 'credit',
      direction: 'credit',
      amount: 50,
    });
    expect(noExpiry.statusCode).toBe(400);
    const credit = await adjust({
      actionId: nextActionId(),
      purse: 'credit',
      direction: 'credit',
      amount: 50,
      expiresAt: ctx.now.value + 30 * DAY,
    });
    expect(credit.json().data.wallet).toMatchObject({ stored: 10, credit: 50 });
    await expectBalanced(member.accountId);

    const ledger = await ledgerOf(member.browser);
    expect(
      ledger
        .filter((e) => e.reason === 'adjustment')
        .map((e) => e.amount)
        .sort(),
    ).toEqual([-30, -30, -30, 100, 50].sort());
    const inbox = await inboxOf(member.browser);
    expect(inbox.filter((m) => m.title === '儲值金已扣除')).toHaveLength(3);
    expect(inbox.filter((m) => m.title === '看片金已加值')).toHaveLength(1);
    const audit = await careAudit(member.accountId);
    expect(audit.map((a) => JSON.parse(a.after_json!).action).sort()).toEqual(
      ['wallet_credit', 'wallet_credit', 'wallet_debit', 'wallet_debit', 'wallet_debit'].sort(),
    );

    for (const role of ['finance', 'auditor', 'marketing']) {
      const refused = await adjust(
        { actionId: nextActionId(), purse: 'stored', direction: 'credit', amount: 5 },
        role,
      );
      expect(refused.statusCode, role).toBe(403);
    }
  });

  it('grants a title and a monthly service as goodwill; the member finds them in their lists', async () => {
    const member = await newMember(ctx.app);
    const contentId = await rentTitle(70);
    const endsAt = ctx.now.value + 10 * DAY;
    const actionId = nextActionId();
    const grant = (body: object) =>
      as('customer_care').post(care(member.accountId, '/goodwill'), {
        reason: '播放中斷補償',
        ...body,
      });
    const given = await grant({ actionId, kind: 'title', contentId, endsAt });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toMatchObject({ kind: 'title', endsAt });
    expect((await grant({ actionId, kind: 'title', contentId, endsAt })).statusCode).toBe(409);
    const rentals = await rentalsOf(member.browser);
    expect(rentals).toEqual([
      expect.objectContaining({ contentId, rentalState: 'watching', expiresAt: endsAt }),
    ]);

    const months = await grant({
      actionId: nextActionId(),
      kind: 'service',
      serviceId: 'CARE-SVC',
      endsAt,
    });
    expect(months.statusCode, months.body).toBe(200);
    expect(months.json().data).toMatchObject({ kind: 'service', name: '客服月租', endsAt });
    const money = (await as('customer_care').get(care(member.accountId, '/money'))).json().data;
    expect(money.subscriptions).toEqual([
      expect.objectContaining({ serviceId: 'CARE-SVC', paidUntil: endsAt }),
    ]);
    const past = await grant({
      actionId: nextActionId(),
      kind: 'title',
      contentId,
      endsAt: ctx.now.value - 1,
    });
    expect(past.statusCode).toBe(400);
    const inbox = await inboxOf(member.browser);
    expect(inbox.some((m) => m.title === '客服贈送影片')).toBe(true);
  });

  it("extends a rental's clock, and refuses another member's rental", async () => {
    const member = await newMember(ctx.app);
    const other = await newMember(ctx.app);
    await topUpStored(db(), {
      accountId: member.accountId,
      amount: 50,
      source: 'test:c',
      now: ctx.now.value,
    });
    const orderId = await walletOrder(member, await rentTitle(50));
    const right = await db()
      .selectFrom('entitlement')
      .select(['entitlement_id', 'start_by'])
      .where('source', '=', `order:${orderId}`)
      .executeTakeFirstOrThrow();
    const extend = (accountId: string) =>
      as('customer_care').post(care(accountId, `/entitlements/${right.entitlement_id}/extend`), {
        from: Number(right.start_by),
        hours: 24,
        reason: '片源異常',
      });
    expect((await extend(other.accountId)).statusCode).toBe(404);
    // The same dialog sent three times at once: the clock moves once.
    const sent = await Promise.all([1, 2, 3].map(() => extend(member.accountId)));
    expect(sent.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const done = sent.find((r) => r.statusCode === 200)!;
    expect(done.json().data.entitlement.startBy).toBe(Number(right.start_by) + 24 * 3600);
    const stored = await db()
      .selectFrom('entitlement')
      .select('start_by')
      .where('entitlement_id', '=', right.entitlement_id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.start_by)).toBe(Number(right.start_by) + 24 * 3600);
    expect((await inboxOf(member.browser)).some((m) => m.title === '租借期限已延長')).toBe(true);
  });

  it('signs one session, then every session, of the member out; unlocks the kid PIN', async () => {
    const member = await newMember(ctx.app);
    const signedIn = async (browser: TestBrowser) =>
      (await browser.get(siteCalls.getLoginInfo)).json().data.isLogin as string;
    expect(await signedIn(member.browser)).toBe('Y');
    const access = async () =>
      (await as('customer_care').get(care(member.accountId, '/access'))).json().data;
    const { sessions } = await access();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].sessionId).not.toContain(
      (
        await db().selectFrom('session').select('session_hash').executeTakeFirstOrThrow()
      ).session_hash.slice(0, 10),
    );

    const other = await newMember(ctx.app);
    const foreign = await as('customer_care').post(
      care(other.accountId, `/sessions/${sessions[0].sessionId}/revoke`),
      { reason: '帳號遭盜用' },
    );
    expect(foreign.statusCode).toBe(404);
    expect(await signedIn(member.browser)).toBe('Y');

    const one = await as('customer_care').post(
      care(member.accountId, `/sessions/${sessions[0].sessionId}/revoke`),
      { reason: '帳號遭盜用' },
    );
    expect(one.json().data).toEqual({ revoked: 1 });
    expect(await signedIn(member.browser)).toBe('N');

    const again = await new TestBrowser(ctx.app).post(siteCalls.login, {
      loginId: member.loginId,
      password: member.password,
    });
    expect(again.statusCode, again.body).toBe(200);
    const all = await as('customer_care').post(care(member.accountId, '/sessions/revoke-all'), {
      reason: '會員要求登出所有裝置',
    });
    expect(all.json().data.revoked).toBeGreaterThanOrEqual(1);
    expect((await access()).sessions).toHaveLength(0);

    await db()
      .insertInto('auth_throttle')
      .values({
        bucket: kidPinBucket(member.accountId),
        failures: 10,
        next_allowed_at: 0,
        locked: 1,
        updated_at: ctx.now.value,
      })
      .execute();
    expect((await access()).kidPin).toMatchObject({ locked: true, failures: 10 });
    const unlocked = await as('customer_care').post(care(member.accountId, '/kid-pin/unlock'), {
      reason: '家長來電',
    });
    expect(unlocked.json().data).toEqual({ wasLocked: true });
    expect((await access()).kidPin).toMatchObject({ locked: false, failures: 0 });

    const actions = (await careAudit(member.accountId)).map((a) => JSON.parse(a.after_json!));
    expect(actions.map((a) => a.action)).toEqual([
      'revoke_session',
      'revoke_all_sessions',
      'unlock_kid_pin',
    ]);
    expect(actions.map((a) => a.reason)).toEqual([
      '帳號遭盜用',
      '會員要求登出所有裝置',
      '家長來電',
    ]);
    for (const role of ['finance', 'auditor', 'marketing']) {
      const refused = await as(role).post(care(member.accountId, '/kid-pin/unlock'), {
        reason: 'x',
      });
      expect(refused.statusCode, role).toBe(403);
    }
  });

  it('answers 404 for a member that does not exist', async () => {
    const res: LightMyRequestResponse = await as('customer_care').get(care('A-nobody', '/money'));
    expect(res.statusCode).toBe(404);
    expect(res.json().status.message).toBe('找不到這位會員。');
  });
});
