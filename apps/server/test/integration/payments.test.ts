import type { LightMyRequestResponse } from 'fastify';
import { buildPaymentUrlReplySchema, findOrderReplySchema } from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connect } from '../../src/db/index.js';
import {
  CHECKOUT_TTL_SECONDS,
  SANDBOX_PATHS,
  SandboxProvider,
} from '../../src/modules/commerce/payments/sandbox.js';
import { newMember, newTitle, useTestApp, type TestBrowser } from '../support/index.js';

const BUILD = '/ajax/ajaxBuildPaymentURLData.do';
const FIND = '/ajax/ajaxFindOrderData.do';

const entities: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e]!);

/** The hidden fields of the sandbox page's form, as a browser would submit them. */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[unescape(match[1]!)] = unescape(match[2]!);
  }
  return fields;
}

/**
 * Issue 11 item 2: the card flow through the sandbox provider, end to end over HTTP, and the
 * callback's defences (signature, freshness, replay, amount), on both databases.
 */
describe('card payments through the sandbox provider', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  let member: Awaited<ReturnType<typeof newMember>>;
  let sandbox: SandboxProvider;
  let titles = 0;

  beforeAll(async () => {
    member = await newMember(ctx.app);
    sandbox = new SandboxProvider(ctx.config.PAYMENT_SANDBOX_SECRET);
  });

  const rentTitle = async (price = 50) => {
    titles += 1;
    const id = `PAY-R${titles}`;
    await newTitle(db(), {
      content_id: id,
      sell_type: 'RENT',
      dtr_price: price,
      name: `付款<測試>${titles}`,
    });
    return id;
  };

  async function order(browser: TestBrowser, contentId: string) {
    const res = await browser.post(BUILD, { kind: 'rent', contentId, payMethod: 'card' });
    expect(res.statusCode, res.body).toBe(200);
    const data = buildPaymentUrlReplySchema.parse(res.json()).data;
    expect(data.state).toBe('created');
    expect(data.paymentUrl).toMatch(/^\/sandbox-pay\/checkout\?/);
    return { orderId: data.orderId, paymentUrl: data.paymentUrl!, amount: data.amount };
  }

  const decide = (fields: Record<string, string>, decision: string) =>
    ctx.app.inject({
      method: 'POST',
      url: SANDBOX_PATHS.decide,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, decision }).toString(),
    });

  const orderState = async (browser: TestBrowser, orderId: string) =>
    findOrderReplySchema.parse((await browser.get(`${FIND}?orderId=${orderId}`)).json()).data.order
      .state;

  const grants = async (orderId: string) =>
    (
      await db()
        .selectFrom('entitlement')
        .select('entitlement_id')
        .where('source', '=', `order:${orderId}`)
        .execute()
    ).length;

  const callback = (body: string, headers: Record<string, string>) =>
    ctx.app.inject({ method: 'POST', url: SANDBOX_PATHS.callback, payload: body, headers });

  it('approve: checkout page → callback → paid → rental granted → result page', async () => {
    const contentId = await rentTitle(80);
    const { orderId, paymentUrl, amount } = await order(member.browser, contentId);
    expect(amount).toBe(80);
    expect(await orderState(member.browser, orderId)).toBe('created');

    const page = await member.browser.get(paymentUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script|style=/);
    // The title's name is escaped; the price is the catalogue's.
    expect(page.body).toContain('付款&lt;測試&gt;');
    expect(page.body).toContain('NT$80');
    for (const label of ['核准付款', '拒絕付款', '取消付款']) expect(page.body).toContain(label);
    const css = await ctx.app.inject(SANDBOX_PATHS.style);
    expect(css.headers['content-type']).toMatch(/^text\/css/);

    const approved = await decide(formFields(page.body), 'approve');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`/checkout/result?orderId=${orderId}`);

    expect(await orderState(member.browser, orderId)).toBe('paid');
    const right = await db()
      .selectFrom('entitlement')
      .selectAll()
      .where('source', '=', `order:${orderId}`)
      .executeTakeFirstOrThrow();
    expect(right).toMatchObject({
      account_id: member.accountId,
      content_id: contentId,
      kind: 'rent',
    });
    expect(Number(right.start_by)).toBe(ctx.now.value + 168 * 3600);
    expect(right.first_played_at).toBeNull();

    const result = await member.browser.get(approved.headers.location as string);
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toMatch(/^text\/html/);
  });

  it('decline → failed and cancel → cancelled, granting nothing', async () => {
    for (const [decision, state] of [
      ['decline', 'failed'],
      ['cancel', 'cancelled'],
    ] as const) {
      const { orderId, paymentUrl } = await order(member.browser, await rentTitle());
      const page = await member.browser.get(paymentUrl);
      const res = await decide(formFields(page.body), decision);
      expect(res.statusCode).toBe(303);
      expect(await orderState(member.browser, orderId)).toBe(state);
      expect(await grants(orderId)).toBe(0);
      // A later approval of the settled order (a second tab) changes nothing.
      expect((await decide(formFields(page.body), 'approve')).statusCode).toBe(303);
      expect(await orderState(member.browser, orderId)).toBe(state);
      expect(await grants(orderId)).toBe(0);
    }
  });

  it('a tampered or expired checkout link gets the refusal page and sends no callback', async () => {
    const { orderId, paymentUrl } = await order(member.browser, await rentTitle(50));
    const tampered = paymentUrl.replace('amount=50', 'amount=1');
    expect(tampered).not.toBe(paymentUrl);
    const refused = await member.browser.get(tampered);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('付款資料驗證失敗');
    expect(refused.body).not.toContain('核准付款');

    const fields = formFields((await member.browser.get(paymentUrl)).body);
    const forgedDecision = await decide({ ...fields, amount: '1' }, 'approve');
    expect(forgedDecision.statusCode).toBe(400);
    const otherReturn = await decide({ ...fields, returnUrl: '/evil' }, 'approve');
    expect(otherReturn.statusCode).toBe(400);
    expect(await orderState(member.browser, orderId)).toBe('created');

    const start = ctx.now.value;
    try {
      ctx.now.value = start + CHECKOUT_TTL_SECONDS + 1;
      const expired = await member.browser.get(paymentUrl);
      expect(expired.statusCode).toBe(400);
      expect(expired.body).toContain('逾時');
      expect((await decide(fields, 'approve')).statusCode).toBe(400);
    } finally {
      ctx.now.value = start;
    }
    expect(await orderState(member.browser, orderId)).toBe('created');
    const callbacks = await db()
      .selectFrom('payment_callback')
      .select('event_id')
      .where('order_id', '=', orderId)
      .execute();
    expect(callbacks).toEqual([]);
  });

  it('a forged or stale callback is refused with 401 and changes nothing', async () => {
    const { orderId, amount } = await order(member.browser, await rentTitle());
    const forger = new SandboxProvider('not-the-sandbox-secret-0123456789');
    const forged = forger.signCallback({ orderId, outcome: 'approved', amount }, ctx.now.value);
    const res = await callback(forged.body, forged.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().status.code).toBe('PAYMENT_SIGNATURE_INVALID');

    // A genuine signature over another body: the body was changed in transit.
    const real = sandbox.signCallback({ orderId, outcome: 'declined', amount }, ctx.now.value);
    const swapped = real.body.replace('declined', 'approved');
    expect((await callback(swapped, real.headers)).statusCode).toBe(401);
    // No signature at all.
    expect((await callback(real.body, { 'content-type': 'application/json' })).statusCode).toBe(
      401,
    );
    // Signed, but older (or newer) than five minutes.
    for (const skew of [-301, 301]) {
      const stale = sandbox.signCallback(
        { orderId, outcome: 'approved', amount },
        ctx.now.value + skew,
      );
      const staleRes = await callback(stale.body, stale.headers);
      expect(staleRes.statusCode).toBe(401);
      expect(staleRes.json().status.message).toContain('逾時');
    }
    expect(await orderState(member.browser, orderId)).toBe('created');
    expect(await grants(orderId)).toBe(0);
  });

  it('a callback whose amount is not the order’s is refused; the right one then pays', async () => {
    const { orderId, amount } = await order(member.browser, await rentTitle(120));
    const wrong = sandbox.signCallback({ orderId, outcome: 'approved', amount: 1 }, ctx.now.value);
    const res = await callback(wrong.body, wrong.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().status.code).toBe('PAYMENT_AMOUNT_MISMATCH');
    expect(await orderState(member.browser, orderId)).toBe('created');
    expect(await grants(orderId)).toBe(0);

    const right = sandbox.signCallback({ orderId, outcome: 'approved', amount }, ctx.now.value);
    expect((await callback(right.body, right.headers)).statusCode).toBe(200);
    expect(await orderState(member.browser, orderId)).toBe('paid');
  });

  it('a callback for an unknown order is 404', async () => {
    const ghost = sandbox.signCallback(
      { orderId: 'O-no-such-order', outcome: 'approved', amount: 50 },
      ctx.now.value,
    );
    expect((await callback(ghost.body, ghost.headers)).statusCode).toBe(404);
  });

  it('a replayed callback is accepted as a no-op: one grant', async () => {
    const { orderId, amount } = await order(member.browser, await rentTitle());
    const signed = sandbox.signCallback({ orderId, outcome: 'approved', amount }, ctx.now.value);
    const first = await callback(signed.body, signed.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ state: 'paid', duplicate: 'N', changed: 'Y' });
    const again = await callback(signed.body, signed.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ state: 'paid', duplicate: 'Y', changed: 'N' });
    expect(await grants(orderId)).toBe(1);
  });

  const fireAtOnce = (requests: (() => Promise<LightMyRequestResponse>)[]) =>
    Promise.all(requests.map((send) => send()));

  it('the same callback 10 times at once: one paid transition, one grant', async () => {
    const { orderId, amount } = await order(member.browser, await rentTitle());
    const signed = sandbox.signCallback({ orderId, outcome: 'approved', amount }, ctx.now.value);
    const replies = await fireAtOnce(
      Array.from({ length: 10 }, () => () => callback(signed.body, signed.headers)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const fresh = replies.filter((r) => r.json().data.duplicate === 'N');
    expect(fresh).toHaveLength(1);
    expect(replies.filter((r) => r.json().data.changed === 'Y')).toHaveLength(1);
    expect(await grants(orderId)).toBe(1);
    expect(await orderState(member.browser, orderId)).toBe('paid');
  });

  it('10 different approvals of one order at once (a retrying provider) grant once', async () => {
    const { orderId, amount } = await order(member.browser, await rentTitle());
    const replies = await fireAtOnce(
      Array.from({ length: 10 }, () => () => {
        const signed = sandbox.signCallback(
          { orderId, outcome: 'approved', amount },
          ctx.now.value,
        );
        return callback(signed.body, signed.headers);
      }),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(replies.every((r) => r.json().data.state === 'paid')).toBe(true);
    expect(replies.filter((r) => r.json().data.changed === 'Y')).toHaveLength(1);
    expect(await grants(orderId)).toBe(1);
    const events = await db()
      .selectFrom('payment_callback')
      .select('event_id')
      .where('order_id', '=', orderId)
      .execute();
    expect(events).toHaveLength(10);
  });

  it('one callback delivered to two instances sharing the database at once: one grant', async () => {
    const { url, schema } = ctx.database;
    const database = connect(url, schema ? { schema } : {});
    const other = await buildApp({ config: ctx.config, database, clock: () => ctx.now.value });
    try {
      const { orderId, amount } = await order(member.browser, await rentTitle());
      const signed = sandbox.signCallback({ orderId, outcome: 'approved', amount }, ctx.now.value);
      const replies = await fireAtOnce(
        Array.from(
          { length: 10 },
          (_, i) => () =>
            (i % 2 ? other : ctx.app).inject({
              method: 'POST',
              url: SANDBOX_PATHS.callback,
              payload: signed.body,
              headers: signed.headers,
            }),
        ),
      );
      expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(replies.filter((r) => r.json().data.changed === 'Y')).toHaveLength(1);
      expect(await grants(orderId)).toBe(1);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('the callback route takes no session or CSRF token, and refuses a form body', async () => {
    const { orderId, amount } = await order(member.browser, await rentTitle());
    const signed = sandbox.signCallback({ orderId, outcome: 'approved', amount }, ctx.now.value);
    const form = await ctx.app.inject({
      method: 'POST',
      url: SANDBOX_PATHS.callback,
      headers: { ...signed.headers, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'orderId=x',
    });
    expect(form.statusCode).toBe(415);
    // An approval for someone else's order reaches only that order, and the owner alone reads it.
    const stranger = await newMember(ctx.app);
    expect((await stranger.browser.get(`${FIND}?orderId=${orderId}`)).statusCode).toBe(404);
  });
});

describe('without a card provider (PAYMENT_PROVIDER=none)', () => {
  const ctx = useTestApp({ env: { PAYMENT_PROVIDER: 'none' } });

  it('card orders are refused with 503, stored value still pays, no sandbox pages exist', async () => {
    const { browser } = await newMember(ctx.app);
    await newTitle(ctx.database.db, { content_id: 'PAY-NONE', sell_type: 'RENT', dtr_price: 50 });
    const card = await browser.post(BUILD, { kind: 'rent', contentId: 'PAY-NONE' });
    expect(card.statusCode).toBe(503);
    expect(card.json().status.message).toContain('信用卡付款暫停服務');
    const wallet = await browser.post(BUILD, {
      kind: 'rent',
      contentId: 'PAY-NONE',
      payMethod: 'wallet',
    });
    expect(wallet.json().status.code).toBe('INSUFFICIENT_BALANCE');
    expect(
      (await ctx.app.inject({ method: 'POST', url: SANDBOX_PATHS.callback, payload: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('production refuses the sandbox and defaults to none', () => {
    const production = {
      NODE_ENV: 'production',
      GATEWAY_CLIENTS: 'tv-app:a-real-secret-of-some-length',
      SEED_ON_START: 'false',
      STREAM_SIGNING_SECRET: 'another-real-secret-of-length',
    };
    expect(loadConfig(production).PAYMENT_PROVIDER).toBe('none');
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /^Refusing to start with NODE_ENV=production: PAYMENT_PROVIDER=sandbox/,
    );
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
  });
});
