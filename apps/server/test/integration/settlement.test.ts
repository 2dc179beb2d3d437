import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
  buildPaymentUrlReplySchema,
  findOrderReplySchema,
  rentalListReplySchema,
  siteCalls,
  voucherPreviewReplySchema,
} from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { refundOrder, sendRequestedRefunds } from '../../src/modules/commerce/payments/refunds.js';
import { SANDBOX_PATHS, SandboxProvider } from '../../src/modules/commerce/payments/sandbox.js';
import { newMember, newTitle, useTestApp, type TestBrowser } from '../support/index.js';
import { storedBalance as storedBalanceOf, topUpStored } from '../support/wallet.js';

const BUILD = '/ajax/ajaxBuildPaymentURLData.do';
const FIND = '/ajax/ajaxFindOrderData.do';
const RENTALS = '/ajax/ajaxFindRentalVideoList2.do?devType=PC&apiVersion=2';
const DAY = 86_400;

type Member = Awaited<ReturnType<typeof newMember>>;

/**
 * Issue 20 items 1 and 3 (docs/adr/0021, 2026-11 addendum): the held-right check runs when an
 * order settles and when a voucher is redeemed, not only when an order is placed. A payment that
 * would give a right the buyer already holds is not taken: a card payment is refunded through the
 * provider, a wallet payment is not debited; a voucher serial is not spent. On both databases.
 */
describe('settling an order for a right already held', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  let sandbox: SandboxProvider;
  let titles = 0;

  beforeAll(() => {
    sandbox = new SandboxProvider(ctx.config.PAYMENT_SANDBOX_SECRET);
  });

  const rentTitle = async (price = 50) => {
    titles += 1;
    const id = `SET-R${titles}`;
    await newTitle(db(), { content_id: id, sell_type: 'RENT', dtr_price: price });
    return id;
  };

  const cardOrder = async (browser: TestBrowser, contentId: string) => {
    const res = await browser.post(BUILD, { kind: 'rent', contentId, payMethod: 'card' });
    expect(res.statusCode, res.body).toBe(200);
    return buildPaymentUrlReplySchema.parse(res.json()).data;
  };

  const approve = (orderId: string, amount: number) => {
    const signed = sandbox.signCallback({ orderId, outcome: 'approved', amount }, ctx.now.value);
    return ctx.app.inject({
      method: 'POST',
      url: SANDBOX_PATHS.callback,
      payload: signed.body,
      headers: signed.headers,
    });
  };

  const orderOf = async (browser: TestBrowser, orderId: string) =>
    findOrderReplySchema.parse((await browser.get(`${FIND}?orderId=${orderId}`)).json()).data.order;

  const rightsOn = (accountId: string, contentId: string) =>
    db()
      .selectFrom('entitlement')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('content_id', '=', contentId)
      .execute();

  const refundOf = (orderId: string) =>
    db()
      .selectFrom('payment_refund')
      .selectAll()
      .where('order_id', '=', orderId)
      .executeTakeFirst();

  const rentalRows = async (browser: TestBrowser, contentId: string) =>
    rentalListReplySchema
      .parse((await browser.get(RENTALS)).json())
      .data.videoList.video.filter((row) => row.contentId === contentId);

  const topUp = (accountId: string, amount: number) =>
    topUpStored(db(), {
      accountId,
      amount,
      source: `voucher:SET-${crypto.randomUUID()}`,
      now: ctx.now.value,
    });

  const storedBalance = (accountId: string) => storedBalanceOf(db(), accountId);

  const expectRefundedForHeldRight = async (member: Member, orderId: string, amount: number) => {
    const order = await orderOf(member.browser, orderId);
    expect(order).toMatchObject({ state: 'refunded', refundReason: 'already_entitled' });
    const refund = await refundOf(orderId);
    expect(refund).toMatchObject({ state: 'done', provider: 'sandbox', amount });
    // The sandbox's refund id is derived from the order, as a real provider's would be stable.
    expect(refund!.provider_refund_id).toMatch(/^rf_[0-9a-f]{24}$/);
  };

  it('two card orders for one title, both approved: one paid, the other refunded at once', async () => {
    const member = await newMember(ctx.app);
    const contentId = await rentTitle(60);
    const first = await cardOrder(member.browser, contentId);
    const second = await cardOrder(member.browser, contentId);
    expect((await approve(first.orderId, 60)).statusCode).toBe(200);
    const late = await approve(second.orderId, 60);
    expect(late.statusCode).toBe(200);
    expect(late.json().data).toMatchObject({ changed: 'Y', state: 'refunded' });

    expect(await orderOf(member.browser, first.orderId)).toMatchObject({
      state: 'paid',
      refundReason: null,
    });
    await expectRefundedForHeldRight(member, second.orderId, 60);
    expect(await rightsOn(member.accountId, contentId)).toHaveLength(1);
    expect(await rentalRows(member.browser, contentId)).toHaveLength(1);
    // A replay of the refused approval changes nothing and refunds nothing twice.
    expect((await approve(second.orderId, 60)).json().data.changed).toBe('N');
  });

  it('eight card orders for one title approved at once: one paid, seven refunded, one right', async () => {
    const member = await newMember(ctx.app);
    const contentId = await rentTitle(70);
    const orders = [];
    for (let i = 0; i < 8; i += 1) orders.push(await cardOrder(member.browser, contentId));
    const replies = await Promise.all(orders.map((o) => approve(o.orderId, 70)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const states = await Promise.all(orders.map((o) => orderOf(member.browser, o.orderId)));
    expect(states.filter((o) => o.state === 'paid')).toHaveLength(1);
    const refunded = states.filter((o) => o.state === 'refunded');
    expect(refunded).toHaveLength(7);
    for (const order of refunded) await expectRefundedForHeldRight(member, order.orderId, 70);
    expect(await rightsOn(member.accountId, contentId)).toHaveLength(1);
    expect(await rentalRows(member.browser, contentId)).toHaveLength(1);
  });

  it('an open card order, then stored value pays: the card approval is refunded, one debit', async () => {
    const member = await newMember(ctx.app);
    const contentId = await rentTitle(40);
    await topUp(member.accountId, 100);
    const card = await cardOrder(member.browser, contentId);
    const paid = await member.browser.post(BUILD, {
      kind: 'rent',
      contentId,
      payMethod: 'wallet',
    });
    expect(buildPaymentUrlReplySchema.parse(paid.json()).data.state).toBe('paid');
    expect(await storedBalance(member.accountId)).toBe(60);
    expect((await approve(card.orderId, 40)).json().data.state).toBe('refunded');
    await expectRefundedForHeldRight(member, card.orderId, 40);
    expect(await rightsOn(member.accountId, contentId)).toHaveLength(1);
  });

  it('a card payment settled first: stored value for the same title is refused, not debited', async () => {
    const member = await newMember(ctx.app);
    const contentId = await rentTitle(40);
    await topUp(member.accountId, 100);
    const card = await cardOrder(member.browser, contentId);
    expect((await approve(card.orderId, 40)).json().data.state).toBe('paid');
    const wallet = await member.browser.post(BUILD, {
      kind: 'rent',
      contentId,
      payMethod: 'wallet',
    });
    expect(wallet.statusCode).toBe(409);
    expect(wallet.json().status.code).toBe('ALREADY_ENTITLED');
    expect(await storedBalance(member.accountId)).toBe(100);
    expect(await rightsOn(member.accountId, contentId)).toHaveLength(1);
  });

  it('card approvals and stored-value payments for one title at once: one right, one charge kept', async () => {
    const member = await newMember(ctx.app);
    const contentId = await rentTitle(30);
    await topUp(member.accountId, 300);
    const cards = [];
    for (let i = 0; i < 5; i += 1) cards.push(await cardOrder(member.browser, contentId));
    const replies: LightMyRequestResponse[] = await Promise.all([
      ...cards.map((o) => approve(o.orderId, 30)),
      ...Array.from({ length: 5 }, () =>
        member.browser.post(BUILD, { kind: 'rent', contentId, payMethod: 'wallet' }),
      ),
    ]);
    expect(replies.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const orders = await db()
      .selectFrom('purchase_order')
      .selectAll()
      .where('account_id', '=', member.accountId)
      .execute();
    const paid = orders.filter((o) => o.state === 'paid');
    expect(paid).toHaveLength(1);
    // Every card approval that did not pay was refunded; no wallet payment but a paid one debited.
    const cardStates = orders.filter((o) => o.pay_method === 'card').map((o) => o.state);
    expect(cardStates.filter((s) => s !== 'paid').every((s) => s === 'refunded')).toBe(true);
    const walletPaid = paid.filter((o) => o.pay_method === 'wallet').length;
    expect(await storedBalance(member.accountId)).toBe(300 - 30 * walletPaid);
    expect(await rightsOn(member.accountId, contentId)).toHaveLength(1);
    expect(await rentalRows(member.browser, contentId)).toHaveLength(1);
  });

  it('an operator refund of a paid card order is sent to the provider, once under 10 at once', async () => {
    const member = await newMember(ctx.app);
    const contentId = await rentTitle(90);
    const card = await cardOrder(member.browser, contentId);
    expect((await approve(card.orderId, 90)).json().data.state).toBe('paid');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => refundOrder(db(), sandbox, card.orderId, ctx.now.value)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await orderOf(member.browser, card.orderId)).toMatchObject({
      state: 'refunded',
      refundReason: 'operator',
    });
    expect(await refundOf(card.orderId)).toMatchObject({ state: 'done', amount: 90, attempts: 1 });
    expect(await rightsOn(member.accountId, contentId)).toHaveLength(0);
  });

  it('a refund the provider could not take stays requested and is sent again later', async () => {
    const member = await newMember(ctx.app);
    const contentId = await rentTitle(20);
    const card = await cardOrder(member.browser, contentId);
    await approve(card.orderId, 20);
    // No provider at hand (the operator's instance runs without the sandbox): written, not sent.
    await refundOrder(db(), null, card.orderId, ctx.now.value);
    expect(await refundOf(card.orderId)).toMatchObject({ state: 'requested', attempts: 1 });
    expect(await sendRequestedRefunds(db(), sandbox, ctx.now.value)).toBeGreaterThanOrEqual(1);
    expect(await refundOf(card.orderId)).toMatchObject({ state: 'done', attempts: 2 });
  });
});

/** Issue 20 item 3: a title voucher for a title already held (SPEC §4 DEMOTITLE0001). */
describe('redeeming a title voucher for a title already held', () => {
  const ctx = useTestApp({ seed: true });
  const db = () => ctx.database.db;

  const addTitleVoucher = async (contentId: string) => {
    const serial = `H${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
    await db()
      .insertInto('voucher')
      .values({
        serial,
        kind: 'title',
        content_id: contentId,
        service_id: null,
        amount: null,
        credit_days: null,
        valid_until: ctx.now.value + 30 * DAY,
        redeemed_by: null,
        redeemed_at: null,
      })
      .execute();
    return serial;
  };

  it('the confirm step says it is held and until when; redeeming is refused, the serial unspent', async () => {
    const member = await newMember(ctx.app);
    const first = await member.browser.post(siteCalls.redeemVoucherData, {
      exchangeCode: 'DEMOTITLE0001',
    });
    expect(first.statusCode, first.body).toBe(200);
    const contentId = first.json().data.rental.contentId as string;
    const again = await addTitleVoucher(contentId);

    const preview = voucherPreviewReplySchema.parse(
      (await member.browser.post(siteCalls.changeVoucherContent, { serialNumber: again })).json(),
    ).data;
    expect(preview.title).toMatchObject({
      contentId,
      held: { kind: 'rent', startBy: ctx.now.value + 168 * 3600, expiresAt: null },
    });

    const refused = await member.browser.post(siteCalls.redeemVoucherData, {
      exchangeCode: again,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().status.code).toBe('ALREADY_ENTITLED');
    // Until when, in Taipei time, and that the serial was kept.
    expect(refused.json().status.message).toMatch(
      /請於 \d{4}\/\d{2}\/\d{2}\s\d{2}:\d{2} 前開始觀看/,
    );
    expect(refused.json().status.message).toContain('這組序號沒有使用');
    const voucher = await db()
      .selectFrom('voucher')
      .selectAll()
      .where('serial', '=', again)
      .executeTakeFirstOrThrow();
    expect(voucher.redeemed_by).toBeNull();
    const rentals = rentalListReplySchema
      .parse((await member.browser.get(RENTALS)).json())
      .data.videoList.video.filter((row) => row.contentId === contentId);
    expect(rentals).toHaveLength(1);

    // Another member, who holds nothing, sees it unheld and can use it.
    const other = await newMember(ctx.app);
    const theirs = voucherPreviewReplySchema.parse(
      (await other.browser.post(siteCalls.changeVoucherContent, { serialNumber: again })).json(),
    ).data;
    expect(theirs.title?.held).toBeNull();
    const used = await other.browser.post(siteCalls.redeemVoucherData, { exchangeCode: again });
    expect(used.statusCode, used.body).toBe(200);
  });

  it('two vouchers for one title redeemed at once: one rental, one serial spent', async () => {
    const member = await newMember(ctx.app);
    const serials = [await addTitleVoucher('M0004'), await addTitleVoucher('M0004')];
    const replies = await Promise.all(
      serials.map((exchangeCode) =>
        member.browser.post(siteCalls.redeemVoucherData, { exchangeCode }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const spent = await db()
      .selectFrom('voucher')
      .select('serial')
      .where('serial', 'in', serials)
      .where('redeemed_by', 'is not', null)
      .execute();
    expect(spent).toHaveLength(1);
    const rights = await db()
      .selectFrom('entitlement')
      .select('entitlement_id')
      .where('account_id', '=', member.accountId)
      .where('content_id', '=', 'M0004')
      .execute();
    expect(rights).toHaveLength(1);
  });
});
