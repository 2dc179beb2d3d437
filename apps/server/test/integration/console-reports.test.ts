import {
  consoleReportCalls,
  type RevenueReport,
  type StoredValueReport,
  type ViewingReport,
  type VoucherReport,
  type DrawReport,
} from '@site/contract/console';
import { describe, expect, it } from 'vitest';
import type { OrderKind, PayMethod, Purse } from '../../src/db/schema-commerce.js';
import { refundOrder } from '../../src/modules/commerce/payments/refunds.js';
import { credit, debit } from '../../src/modules/commerce/wallet.js';
import { keepPlays } from '../../src/modules/devices/viewing-plays.js';
import { taipeiDateStart } from '../../src/taipei-time.js';
import { newMember, signedInStaff, useTestApp } from '../support/index.js';

const H = 3600;
/** Taipei midnights of 2026-11-19 … 2026-11-23 (the period is the 20th to the 22nd). */
const D = (day: number) => taipeiDateStart(2026, 11, day);
const PERIOD = { from: '2026-11-20', to: '2026-11-22' };
const query = (p: { from: string; to: string }) => `?from=${p.from}&to=${p.to}`;

/** Issue 26 items 4 and 5 (docs/adr/0054): reports add up to the ledger, by Taipei day. */
describe('console reports', () => {
  // The history these tests write (from October on) happened while the site ran.
  const ctx = useTestApp({ seed: true, startedAt: taipeiDateStart(2026, 10, 1) });
  const db = () => ctx.database.db;
  let orders = 0;

  async function order(
    accountId: string,
    kind: OrderKind,
    payMethod: PayMethod,
    amount: number,
    at: number,
  ): Promise<string> {
    orders += 1;
    const orderId = `O-report-${orders}`;
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('purchase_order')
          .values({
            order_id: orderId,
            account_id: accountId,
            kind,
            content_id: kind === 'subscribe' ? null : 'm001',
            service_id: kind === 'subscribe' ? 'SVC-MONTHLY' : null,
            amount,
            pay_method: payMethod,
            state: 'paid',
            provider_ref: payMethod === 'card' ? 'test' : null,
            refund_reason: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
        if (payMethod === 'card') return;
        const purse: Purse = payMethod === 'credit' ? 'credit' : 'stored';
        const paid = await debit(trx, {
          accountId,
          purse,
          amount,
          source: `order:${orderId}`,
          now: at,
        });
        if (!paid) throw new Error('test wallet short');
      });
    return orderId;
  }
  const load = (accountId: string, purse: Purse, amount: number, source: string, at: number) =>
    db()
      .transaction()
      .execute((trx) =>
        credit(trx, {
          accountId,
          purse,
          amount,
          reason: 'voucher',
          source,
          expiresAt: purse === 'credit' ? at + 30 * 86_400 : null,
          now: at,
        }),
      );

  /** Everything the reports read, over the 19th to the 23rd (Taipei) and one October day. */
  let seeded: ReturnType<typeof seedMoneyOnce> | undefined;
  const seedMoney = () => (seeded ??= seedMoneyOnce());
  async function seedMoneyOnce() {
    const a = await newMember(ctx.app);
    const b = await newMember(ctx.app);
    await load(b.accountId, 'stored', 500, 'voucher:B-OCT', taipeiDateStart(2026, 10, 15) + 10 * H);
    await load(a.accountId, 'stored', 1000, 'voucher:A-1', D(20) + H);
    await load(b.accountId, 'stored', 300, 'voucher:B-NOV', D(20) + 2 * H);
    await load(a.accountId, 'credit', 50, 'voucher:A-C', D(20) + 3 * H);
    await order(a.accountId, 'rent', 'wallet', 100, D(20) + 4 * H);
    // The last second of the 20th and the first of the 21st, Taipei.
    await order(a.accountId, 'buy', 'card', 300, D(21) - 1);
    const monthly = await order(a.accountId, 'subscribe', 'card', 149, D(21));
    const bought = await order(a.accountId, 'buy', 'wallet', 200, D(21) + 5 * H);
    await order(a.accountId, 'rent', 'credit', 50, D(21) + 6 * H);
    await order(b.accountId, 'rent', 'wallet', 600, D(21) + 7 * H);
    await refundOrder(db(), null, monthly, D(22) + 2 * H);
    await refundOrder(db(), null, bought, D(22) + 3 * H);
    // Outside the period on both sides.
    await order(b.accountId, 'rent', 'card', 70, D(20) - 1);
    await order(b.accountId, 'rent', 'card', 80, D(23));
    // Care's adjustment (another module's reason): the ledger shows it as it is.
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('wallet_entry')
          .values({
            entry_id: 'W-care-1',
            account_id: a.accountId,
            purse: 'stored',
            amount: 30,
            reason: 'adjustment' as 'voucher',
            source: 'care:1',
            expires_at: null,
            lot_id: null,
            // Ten minutes ago: in the hours not rolled up yet (the others are read from the rollup).
            created_at: ctx.now.value - 600,
          })
          .execute();
        await trx
          .updateTable('wallet')
          .set((eb) => ({ balance: eb('balance', '+', 30) }))
          .where('account_id', '=', a.accountId)
          .where('purse', '=', 'stored')
          .execute();
      });
    return { a, b };
  }

  it('adds up to the ledger for the same period, each row on its Taipei day', async () => {
    await seedMoney();
    const { browser, email } = await signedInStaff(ctx, ['finance']);
    const res = await browser.get(`${consoleReportCalls.revenue.path}${query(PERIOD)}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as RevenueReport;
    expect(report.days.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(report.days.map((d) => d.dayStart)).toEqual([D(20), D(21), D(22)]);
    const [d20, d21, d22] = report.days;
    // Taipei midnight divides the card sales: 23:59:59 on the 20th, 00:00:00 on the 21st.
    expect(d20!.buy).toEqual({ count: 1, amount: 300 });
    expect(d20!.rent).toEqual({ count: 1, amount: 100 });
    expect(d21!.monthly).toEqual({ count: 1, amount: 149 });
    expect(d21!.rent).toEqual({ count: 2, amount: 650 });
    expect(d22!.refunds).toEqual({ count: 2, amount: 349 });
    expect(d20!.storedValueSold).toBe(1300);
    expect(d20!.creditGranted).toBe(50);

    // The ledger, summed straight from its rows for the same period.
    const start = D(20);
    const end = D(23);
    const entries = await db()
      .selectFrom('wallet_entry')
      .select(['purse', 'reason', 'amount'])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .execute();
    const sum = (pick: (e: (typeof entries)[number]) => boolean) =>
      entries.filter(pick).reduce((s, e) => s + Number(e.amount), 0);
    const paidOrders = await db()
      .selectFrom('purchase_order')
      .select(['amount', 'pay_method'])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .where('state', 'in', ['paid', 'refunded'])
      .execute();
    const cardRefunds = await db()
      .selectFrom('payment_refund')
      .select('amount')
      .where('requested_at', '>=', start)
      .where('requested_at', '<', end)
      .execute();
    const t = report.totals;
    expect(t.storedValueSold).toBe(sum((e) => e.purse === 'stored' && e.reason === 'voucher'));
    expect(t.creditGranted).toBe(sum((e) => e.purse === 'credit' && e.reason === 'voucher'));
    expect(t.paidByStoredValue).toBe(-sum((e) => e.purse === 'stored' && e.reason === 'order'));
    expect(t.paidByCredit).toBe(-sum((e) => e.purse === 'credit' && e.reason === 'order'));
    expect(t.paidByCard).toBe(
      paidOrders.filter((o) => o.pay_method === 'card').reduce((s, o) => s + Number(o.amount), 0),
    );
    expect(t.rent.amount + t.buy.amount + t.monthly.amount).toBe(
      paidOrders.reduce((s, o) => s + Number(o.amount), 0),
    );
    expect(t.refunds.amount).toBe(
      sum((e) => e.reason === 'refund') + cardRefunds.reduce((s, r) => s + Number(r.amount), 0),
    );
    expect(t.net).toBe(t.rent.amount + t.buy.amount + t.monthly.amount - t.refunds.amount);
    // Every ledger row of the period is in the report's ledger, unknown reasons included.
    expect(report.ledger.reduce((s, l) => s + l.amount, 0)).toBe(sum(() => true));
    expect(report.ledger.reduce((s, l) => s + l.count, 0)).toBe(entries.length);
    expect(report.ledger).toContainEqual({
      purse: 'stored',
      reason: 'adjustment',
      count: 1,
      amount: 30,
    });
    // The days add up to the totals.
    for (const key of ['paidByCard', 'paidByStoredValue', 'storedValueSold', 'net'] as const) {
      expect(
        report.days.reduce((s, d) => s + d[key], 0),
        key,
      ).toBe(t[key]);
    }

    // A one-day period holds exactly that day's rows.
    const one = (
      await browser.get(
        `${consoleReportCalls.revenue.path}${query({ from: '2026-11-21', to: '2026-11-21' })}`,
      )
    ).json().data as RevenueReport;
    expect(one.totals).toEqual({ ...d21!, date: undefined, dayStart: undefined, ...one.totals });
    expect(one.days[0]).toEqual(d21);

    // The CSV says the same, audited.
    const csv = await browser.post(consoleReportCalls.exportRevenue.path, PERIOD);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^"日期（台北）","租借筆數"/);
    const cells = (line: string) => line.slice(1, -1).split('","');
    expect(cells(lines[2]!)).toEqual([
      '2026-11-21',
      '2',
      '650',
      '1',
      '200',
      '1',
      '149',
      '0',
      '149',
      '800',
      '50',
      '0',
      '0',
      '0',
      '0',
      '999',
    ]);
    expect(cells(lines[4]!)[0]).toBe('合計');
    expect(cells(lines[4]!)[15]).toBe(String(t.net));
    const audit = await db()
      .selectFrom('audit_entry')
      .select(['entity', 'entity_id', 'after_json'])
      .where('staff_email', '=', email)
      .execute();
    const dataLines = lines.filter((l) => l !== '' && !/^"(日期|錢包)/.test(l)).length;
    expect(audit).toEqual([
      {
        entity: 'report',
        entity_id: 'revenue 2026-11-20..2026-11-22',
        after_json: JSON.stringify({ exported: dataLines }),
      },
    ]);
  });

  it('keeps stored value outstanding by sale month, first in first spent, equal to the balances', async () => {
    await seedMoney();
    const { browser } = await signedInStaff(ctx, ['auditor']);
    const res = await browser.get(consoleReportCalls.storedValue.path);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as StoredValueReport;
    // B: 500 in October and 300 in November, 600 spent: October's lot is gone, 200 of November's left.
    // A: 1000 sold, 100 and 200 spent, 200 refunded and 30 credited by care, all in November.
    expect(report.months).toEqual([
      { month: '2026-10', sold: 500, outstanding: 0, guaranteeUntil: '2027-10-31' },
      { month: '2026-11', sold: 1300, outstanding: 1130, guaranteeUntil: '2027-11-30' },
    ]);
    const balances = await db()
      .selectFrom('wallet')
      .select((eb) => eb.fn.sum<number>('balance').as('total'))
      .where('purse', '=', 'stored')
      .executeTakeFirstOrThrow();
    expect(report.outstanding).toBe(Number(balances.total));
    const csv = await browser.post(consoleReportCalls.exportStoredValue.path, {});
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('"2026-11","1300","1130","2027-11-30"');
  });

  it('counts voucher redemptions by batch and draws by activity on their Taipei days', async () => {
    const m = await newMember(ctx.app);
    const n = await newMember(ctx.app);
    await db()
      .insertInto('voucher_batch')
      .values({
        batch_id: 'VB-report',
        name: '雙十一儲值',
        kind: 'stored_value',
        content_id: null,
        service_id: null,
        amount: 100,
        credit_days: null,
        valid_until: D(30),
        channel: '門市',
        quantity: 5,
        created_at: D(1),
        created_by: 'st_x',
        export_count: 0,
        first_exported_at: null,
        voided_at: null,
      })
      .execute();
    const redeemedAt = [D(19) + H, D(20), D(21) - 1, D(22) + 5, D(23)];
    await db()
      .insertInto('voucher')
      .values(
        redeemedAt.map((at, i) => ({
          serial: `RPT${i}`,
          kind: 'stored_value' as const,
          content_id: null,
          service_id: null,
          amount: 100,
          credit_days: null,
          valid_until: D(30),
          redeemed_by: m.accountId,
          redeemed_at: at,
          batch_id: 'VB-report',
          voided_at: null,
        })),
      )
      .execute();
    const { browser } = await signedInStaff(ctx, ['marketing']);
    const vouchers = (
      await browser.get(`${consoleReportCalls.vouchers.path}${query(PERIOD)}`)
    ).json().data as VoucherReport;
    expect(vouchers.days.map((d) => d.redeemed)).toEqual([2, 0, 1]);
    expect(vouchers.batches).toEqual([
      {
        batchId: 'VB-report',
        name: '雙十一儲值',
        kind: 'stored_value',
        quantity: 5,
        redeemed: 3,
        redeemedEver: 5,
        amount: 300,
      },
    ]);

    await db()
      .insertInto('draw_activity')
      .values({
        activity_id: 'DA-report',
        channel_id: 'ch02',
        start_at: D(19),
        end_at: D(25),
        odds_per_mille: 500,
        created_at: D(1),
        title: '週末紅包',
        created_by: null,
        updated_at: null,
      })
      .execute();
    await db()
      .insertInto('draw_prize')
      .values({
        prize_id: 'DP-report',
        activity_id: 'DA-report',
        name: '頭獎',
        quantity: 9,
        remaining: 8,
        sort_order: 0,
      })
      .execute();
    const draws = [
      { who: m, sub: m.uid, at: D(20) + 10, prize: 'DP-report' },
      { who: m, sub: `${m.uid}-kid`, at: D(20) + 20, prize: null },
      { who: n, sub: n.uid, at: D(21) - 1, prize: null },
      { who: n, sub: `${n.uid}-kid`, at: D(23), prize: null },
    ];
    await db()
      .insertInto('draw')
      .values(
        draws.map((d) => ({
          activity_id: 'DA-report',
          sub_account_uid: d.sub,
          account_id: d.who.accountId,
          prize_id: d.prize,
          drawn_at: d.at,
        })),
      )
      .execute();
    const report = (await browser.get(`${consoleReportCalls.draws.path}${query(PERIOD)}`)).json()
      .data as DrawReport;
    expect(report.days.map((d) => [d.draws, d.participants, d.won])).toEqual([
      [3, 2, 1],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(report.activities).toMatchObject([
      { activityId: 'DA-report', title: '週末紅包', draws: 3, participants: 2, won: 1 },
    ]);
  });

  it('counts plays, viewers and minutes from leases and kept plays, by Taipei day', async () => {
    const m = await newMember(ctx.app);
    const title = await db()
      .selectFrom('title')
      .select(['content_id', 'name'])
      .where('kind', '=', 'movie')
      .orderBy('content_id')
      .executeTakeFirstOrThrow();
    const channel = await db()
      .selectFrom('channel')
      .select(['channel_id', 'name'])
      .orderBy('channel_id')
      .executeTakeFirstOrThrow();
    // Kept plays (their leases deleted): vp3 kept ten minutes ago, after the rollup's watermark,
    // the others before it. And a lease still held, stopped and lapsed.
    await db()
      .insertInto('viewing_play')
      .values([
        {
          stream_id: 'vp1',
          account_id: m.accountId,
          sub_account_uid: 'u1',
          playing_kind: 'title',
          playing_id: title.content_id,
          started_at: D(20) - 1,
          seconds: 600,
          kept_at: D(21),
        },
        {
          stream_id: 'vp2',
          account_id: m.accountId,
          sub_account_uid: 'u1',
          playing_kind: 'title',
          playing_id: title.content_id,
          started_at: D(20),
          seconds: 600,
          kept_at: D(21) + H,
        },
        {
          stream_id: 'vp3',
          account_id: m.accountId,
          sub_account_uid: 'u2',
          playing_kind: 'title',
          playing_id: title.content_id,
          started_at: D(20) + H,
          seconds: 1200,
          kept_at: ctx.now.value - 600,
        },
        {
          stream_id: 'vp4',
          account_id: m.accountId,
          sub_account_uid: 'u1',
          playing_kind: 'channel',
          playing_id: channel.channel_id,
          started_at: D(21) - 1,
          seconds: 120,
          kept_at: D(22),
        },
      ])
      .execute();
    const lease = (id: string, startedAt: number, renewedAt: number, endedAt: number | null) => ({
      stream_id: id,
      account_id: m.accountId,
      device_id: `dev-${id}`,
      sub_account_uid: 'u3',
      playing_kind: 'channel' as const,
      playing_id: channel.channel_id,
      started_at: startedAt,
      renewed_at: renewedAt,
      expires_at: renewedAt + 90,
      ended_at: endedAt,
      end_reason: endedAt === null ? null : ('stopped' as const),
    });
    await db()
      .insertInto('stream_lease')
      .values([
        lease('sl1', D(22), D(22) + 1800, null),
        lease('sl2', D(22) + H, D(22) + H + 600, D(22) + H + 300),
      ])
      .execute();
    const { browser } = await signedInStaff(ctx, ['marketing']);
    const report = (await browser.get(`${consoleReportCalls.viewing.path}${query(PERIOD)}`)).json()
      .data as ViewingReport;
    expect(
      report.days.map((d) => [d.plays, d.vodPlays, d.livePlays, d.viewers, d.minutes]),
    ).toEqual([
      [3, 2, 1, 2, 32],
      [0, 0, 0, 0, 0],
      [2, 0, 2, 1, 35],
    ]);
    expect(report.viewers).toBe(3);
    expect(report.titles).toEqual([
      { id: title.content_id, name: title.name, plays: 2, viewers: 2, minutes: 30 },
    ]);
    expect(report.channels).toEqual([
      { id: channel.channel_id, name: channel.name, plays: 3, viewers: 2, minutes: 37 },
    ]);

    // The devices module deletes old leases, keeping their plays first (same transaction): the
    // report does not change.
    await db()
      .transaction()
      .execute(async (trx) => {
        await keepPlays(trx, m.accountId, D(23), ctx.now.value);
        await trx
          .deleteFrom('stream_lease')
          .where('account_id', '=', m.accountId)
          .where('expires_at', '<', D(23))
          .execute();
      });
    expect(
      await db()
        .selectFrom('stream_lease')
        .selectAll()
        .where('account_id', '=', m.accountId)
        .execute(),
    ).toEqual([]);
    const again = (await browser.get(`${consoleReportCalls.viewing.path}${query(PERIOD)}`)).json()
      .data as ViewingReport;
    expect(again).toEqual(report);
  });

  it('refuses the reports a role may not read, and periods it cannot answer', async () => {
    const audits = async () =>
      (
        await db()
          .selectFrom('audit_entry')
          .select('entity')
          .where('entity', '=', 'report')
          .execute()
      ).length;
    const auditedBefore = await audits();
    const marketing = (await signedInStaff(ctx, ['marketing'])).browser;
    const finance = (await signedInStaff(ctx, ['finance'])).browser;
    const care = (await signedInStaff(ctx, ['customer_care'])).browser;
    const q = query(PERIOD);
    expect((await marketing.get(`${consoleReportCalls.revenue.path}${q}`)).statusCode).toBe(403);
    expect((await marketing.post(consoleReportCalls.exportRevenue.path, PERIOD)).statusCode).toBe(
      403,
    );
    expect((await finance.get(`${consoleReportCalls.viewing.path}${q}`)).statusCode).toBe(403);
    expect((await care.get(consoleReportCalls.storedValue.path)).statusCode).toBe(403);
    expect((await finance.get(`${consoleReportCalls.vouchers.path}${q}`)).statusCode).toBe(200);
    const bad = [
      query({ from: '2026-11-22', to: '2026-11-20' }),
      query({ from: '2026-01-01', to: '2026-12-31' }),
      query({ from: '2026-02-30', to: '2026-03-01' }),
      '?from=yesterday&to=2026-11-20',
      '',
    ];
    for (const q2 of bad) {
      const res = await finance.get(`${consoleReportCalls.revenue.path}${q2}`);
      expect(res.statusCode, q2).toBe(400);
      expect(res.json().status.message, q2).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await audits()).toBe(auditedBefore);
  });

  it('audits each of many exports taken at once', async () => {
    const { browser, email } = await signedInStaff(ctx, ['auditor']);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => browser.post(consoleReportCalls.exportViewing.path, PERIOD)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const audit = await db()
      .selectFrom('audit_entry')
      .select('entity_id')
      .where('staff_email', '=', email)
      .execute();
    expect(audit).toHaveLength(12);
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
  });
});
