import { describe, expect, it } from 'vitest';
import { newMember, newTitle, signedInStaff, useTestApp } from '../support/index.js';

const offersOf = (contentId: string) => `/console/api/titles/${contentId}/offers`;

describe('prices per way of selling a title (issue 22 item 5)', () => {
  const ctx = useTestApp();

  it('an editor prices buying besides renting; the customer is offered both and pays the price set', async () => {
    await newTitle(ctx.database.db, {
      content_id: 'OFFER1',
      sell_type: 'RENT',
      dtr_price: 50,
      state: 'published',
    });
    await ctx.database.db
      .insertInto('monthly_service')
      .values({
        service_id: 'SVC-OFFERS',
        name: '電影月租',
        price: 199,
        period_days: 30,
        max_devices: null,
        max_streams: null,
      })
      .execute();
    const { browser } = await signedInStaff(ctx, ['content_editor']);
    const first = await browser.get(offersOf('OFFER1'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      rentPrice: 50,
      buyPrice: null,
      serviceIds: [],
      services: [{ serviceId: 'SVC-OFFERS', name: '電影月租', price: 199 }],
    });
    const version = first.json().data.version as number;

    const set = await browser.call('PUT', offersOf('OFFER1'), {
      version,
      rentPrice: 60,
      buyPrice: 250,
      serviceIds: ['SVC-OFFERS'],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({
      rentPrice: 60,
      buyPrice: 250,
      serviceIds: ['SVC-OFFERS'],
      version: version + 1,
    });
    const audit = await ctx.database.db
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity_id', '=', 'OFFER1')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({
      offers: { rentPrice: 60, buyPrice: 250, serviceIds: ['SVC-OFFERS'] },
    });
    // The same prices again change nothing (no new version).
    const again = await browser.call('PUT', offersOf('OFFER1'), {
      version: version + 1,
      rentPrice: 60,
      buyPrice: 250,
      serviceIds: ['SVC-OFFERS'],
    });
    expect(again.json().data.version).toBe(version + 1);

    const member = await newMember(ctx.app);
    const options = (
      await member.browser.get('/ajax/ajaxFindPurchaseOptions.do?contentId=OFFER1')
    ).json().data as { offers: { kind: string; price: number }[] };
    expect(options.offers.map((o) => [o.kind, o.price])).toEqual([
      ['rent', 60],
      ['buy', 250],
      ['subscribe', 199],
    ]);
    const buy = await member.browser.post('/ajax/ajaxBuildPaymentURLData.do', {
      kind: 'buy',
      contentId: 'OFFER1',
      payMethod: 'card',
    });
    expect(buy.statusCode, buy.body).toBe(200);
    expect(buy.json().data.amount).toBe(250);
  });

  it('refuses an empty price for the title’s own way, a stale version, bad input and other roles', async () => {
    await newTitle(ctx.database.db, {
      content_id: 'OFFER2',
      sell_type: 'BUY',
      dtr_price: 300,
      state: 'published',
    });
    const { browser } = await signedInStaff(ctx, ['content_editor']);
    const { version } = (await browser.get(offersOf('OFFER2'))).json().data as {
      version: number;
    };
    const ownEmpty = await browser.call('PUT', offersOf('OFFER2'), {
      version,
      rentPrice: 40,
      buyPrice: null,
      serviceIds: [],
    });
    expect(ownEmpty.statusCode).toBe(400);
    expect(JSON.stringify(ownEmpty.json().data.fields)).toContain('buyPrice');
    for (const body of [
      { version, rentPrice: -1, buyPrice: 300, serviceIds: [] },
      { version, rentPrice: 1.5, buyPrice: 300, serviceIds: [] },
      { version, rentPrice: '40', buyPrice: 300, serviceIds: [] },
      { version, rentPrice: 40, serviceIds: [] },
      { version, rentPrice: 40, buyPrice: 300 },
      { version, rentPrice: 40, buyPrice: 300, serviceIds: ['NO-SUCH-SERVICE'] },
      { version, rentPrice: 40, buyPrice: 300, serviceIds: ['<x>'] },
    ]) {
      const res = await browser.call('PUT', offersOf('OFFER2'), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const stale = await browser.call('PUT', offersOf('OFFER2'), {
      version: version + 5,
      rentPrice: 40,
      buyPrice: 300,
      serviceIds: [],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.code).toBe('STALE_EDIT');
    expect((await browser.get(offersOf('NOSUCH'))).statusCode).toBe(404);
    const { browser: marketing } = await signedInStaff(ctx, ['marketing']);
    const refused = await marketing.call('PUT', offersOf('OFFER2'), {
      version,
      rentPrice: 40,
      buyPrice: 300,
      serviceIds: [],
    });
    expect(refused.statusCode).toBe(403);
    expect((await marketing.get(offersOf('OFFER2'))).statusCode).toBe(200);
    // Nothing changed by any of it.
    expect((await browser.get(offersOf('OFFER2'))).json().data).toMatchObject({
      rentPrice: null,
      buyPrice: 300,
      serviceIds: [],
      version,
    });
  });
});
