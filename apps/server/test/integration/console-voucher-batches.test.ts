import {
  SERIAL_ALPHABET,
  SERIAL_CHECK_MESSAGE,
  batchSerialProblem,
  normaliseSerial,
  siteCalls,
} from '@site/contract';
import type { StaffRole, VoucherBatch } from '@site/contract/console';
import { describe, expect, it } from 'vitest';
import { viewerOf } from '../../src/modules/accounts/viewer.js';
import { listSubAccounts } from '../../src/modules/accounts/sub-accounts.js';
import { AppError } from '../../src/http/errors.js';
import { voidSerial } from '../../src/modules/commerce/voucher-batch-changes.js';
import { redeemVoucher } from '../../src/modules/commerce/vouchers.js';
import { newMember, newTitle, signedInStaff, useTestApp } from '../support/index.js';

const BATCHES = '/console/api/voucher-batches';
const DAY = 86_400;
let ips = 0;
const nextIp = () => `198.51.100.${(ips += 1)}`;

/**
 * Issue 25 item 5 (docs/adr/0045): voucher batches made, exported, voided and counted in the
 * console by marketing, on both databases; their serials redeemed on the site.
 */
describe('voucher batches in the console', () => {
  const ctx = useTestApp({ env: { TRUSTED_PROXIES: '127.0.0.1' } });
  const db = () => ctx.database.db;
  const member = () => newMember(ctx.app, { 'x-forwarded-for': nextIp() });
  const marketer = () => signedInStaff(ctx, ['marketing']);

  const storedValue = (quantity: number, extra: object = {}) => ({
    name: '週年慶儲值卡',
    kind: 'stored_value',
    amount: 200,
    validUntil: ctx.now.value + 90 * DAY,
    channel: 'retail',
    quantity,
    ...extra,
  });

  async function make(
    browser: Awaited<ReturnType<typeof marketer>>['browser'],
    body: object,
  ): Promise<VoucherBatch> {
    const res = await browser.post(BATCHES, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.batch as VoucherBatch;
  }
  const serialsOf = async (batchId: string) =>
    (
      await db().selectFrom('voucher').select('serial').where('batch_id', '=', batchId).execute()
    ).map((r) => r.serial);
  const auditOf = (entityId: string) =>
    db()
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity_id', '=', entityId)
      .orderBy('audit_id')
      .execute();

  it('makes 1,000 unique serials of the alphabet with a check character, audited; a member redeems one and the figures move', async () => {
    const { browser, email } = await marketer();
    const batch = await make(browser, storedValue(1000));
    expect(batch).toMatchObject({
      kind: 'stored_value',
      quantity: 1000,
      channel: 'retail',
      createdBy: email,
      exportCount: 0,
      grants: '儲值金 NT$200',
      figures: { issued: 1000, redeemed: 0, expired: 0, voided: 0, open: 1000 },
    });
    const serials = await serialsOf(batch.batchId);
    expect(serials).toHaveLength(1000);
    expect(new Set(serials).size).toBe(1000);
    const alphabet = new RegExp(`^[${SERIAL_ALPHABET}]{16}$`);
    for (const serial of serials) {
      expect(serial).toMatch(alphabet);
      expect(batchSerialProblem(serial)).toBeNull();
    }
    const [entry, ...more] = await auditOf(batch.batchId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({ entity: 'voucher_batch', call: `POST ${BATCHES}` });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ quantity: 1000, amount: 200 });

    const m = await member();
    const redeemed = await m.browser.post(siteCalls.redeemVoucherData, {
      exchangeCode: serials[0]!.toLowerCase().match(/.{4}/g)!.join('-'),
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().data.wallet.stored).toBe(200);
    const after = (await browser.get(`${BATCHES}/${batch.batchId}`)).json().data.batch;
    expect(after.figures).toMatchObject({ issued: 1000, redeemed: 1, open: 999 });
    const list = (await browser.get(BATCHES)).json().data;
    expect(
      list.batches.find((b: VoucherBatch) => b.batchId === batch.batchId).figures.redeemed,
    ).toBe(1);
  });

  it('a title choice batch offers its titles to every serial', async () => {
    for (const id of ['VBT1', 'VBT2', 'VBT3']) {
      await newTitle(db(), {
        content_id: id,
        sell_type: 'RENT',
        dtr_price: 50,
        state: 'published',
      });
    }
    const { browser } = await marketer();
    const batch = await make(browser, {
      name: '影展選片券',
      kind: 'title_choice',
      contentIds: ['VBT2', 'VBT1', 'VBT2'],
      validUntil: ctx.now.value + 30 * DAY,
      channel: 'promotion',
      quantity: 5,
    });
    expect(batch.contentIds).toEqual(['VBT1', 'VBT2']);
    expect(batch.grants).toContain('2 選 1');
    const [serial] = await serialsOf(batch.batchId);
    const m = await member();
    const preview = await m.browser.post(siteCalls.changeVoucherContent, { serialNumber: serial });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.choices.map((c: { contentId: string }) => c.contentId)).toEqual([
      'VBT1',
      'VBT2',
    ]);
    const done = await m.browser.post(siteCalls.redeemVoucherData, {
      exchangeCode: serial,
      contentId: 'VBT2',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.rental.contentId).toBe('VBT2');
  });

  it('refuses a batch of 0 or 10 million and other bad input in zh-TW, storing nothing', async () => {
    const { browser } = await marketer();
    const before = await db().selectFrom('voucher_batch').select('batch_id').execute();
    const cases: [object, string, string][] = [
      [storedValue(0), 'quantity', '數量至少為 1 組'],
      [storedValue(10_000_000), 'quantity', '一批最多 100,000 組序號'],
      [storedValue(1.5), 'quantity', '數量須為整數'],
      [storedValue(10, { amount: undefined }), 'amount', '請輸入金額'],
      [storedValue(10, { validUntil: ctx.now.value - 1 }), 'validUntil', '兌換期限必須晚於現在。'],
      [storedValue(10, { channel: 'street' }), 'channel', '請選擇銷售通路'],
      [storedValue(10, { name: ' ' }), 'name', '請輸入批次名稱'],
      [
        storedValue(10, { kind: 'title', contentId: 'NOPE' }),
        'contentId',
        '沒有這部可兌換的影片：NOPE',
      ],
      [
        storedValue(10, { kind: 'service', serviceId: 'NO-SVC' }),
        'serviceId',
        '沒有這個月租服務：NO-SVC',
      ],
      [storedValue(10, { kind: 'viewing_credit' }), 'creditDays', '請輸入看片金可用天數'],
    ];
    for (const [body, field, problem] of cases) {
      const res = await browser.post(BATCHES, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.fields, JSON.stringify(body)).toContainEqual({ name: field, problem });
    }
    const after = await db().selectFrom('voucher_batch').select('batch_id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('is refused to roles other than marketing and admin (the auditor reads), and to nobody signed in', async () => {
    const { browser } = await marketer();
    const batch = await make(browser, storedValue(3));
    const auditCount = async () => (await auditOf(batch.batchId)).length;
    const before = await auditCount();
    const refused: StaffRole[] = [
      'customer_care',
      'content_editor',
      'channel_scheduler',
      'finance',
    ];
    for (const role of [...refused, 'auditor' as const]) {
      const staff = await signedInStaff(ctx, [role]);
      const changes = [
        () => staff.browser.post(BATCHES, storedValue(3)),
        () => staff.browser.post(`${BATCHES}/${batch.batchId}/export`, {}),
        () => staff.browser.post(`${BATCHES}/${batch.batchId}/void`, { reason: 'x' }),
        () =>
          staff.browser.post(`${BATCHES}/${batch.batchId}/serials/void`, {
            serial: 'X',
            reason: 'x',
          }),
      ];
      for (const change of changes) {
        const res = await change();
        expect(res.statusCode, role).toBe(403);
        expect(res.json().status.code).toBe('STAFF_FORBIDDEN');
      }
      const read = await staff.browser.get(`${BATCHES}/${batch.batchId}`);
      expect(read.statusCode, role).toBe(role === 'auditor' ? 200 : 403);
    }
    expect(await auditCount()).toBe(before);
    const admin = await signedInStaff(ctx, ['admin']);
    const byAdmin = await admin.browser.post(BATCHES, storedValue(2));
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const nobody = await ctx.app.inject({ method: 'GET', url: BATCHES });
    expect(nobody.statusCode).toBe(401);
  });

  it('exports once; a second export needs reExport, is audited as a re-export and says so', async () => {
    const { browser } = await marketer();
    const batch = await make(browser, storedValue(50));
    const first = await browser.post(`${BATCHES}/${batch.batchId}/export`, {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toContain('text/csv');
    expect(first.headers['content-disposition']).toContain(`${batch.batchId}.csv`);
    expect(first.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = first.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"序號","批次編號","兌換期限（台北）","狀態"');
    expect(lines).toHaveLength(51);
    const exported = lines
      .slice(1)
      .map((line) => normaliseSerial(line.split(',')[0]!.slice(1, -1)));
    expect(exported.sort()).toEqual((await serialsOf(batch.batchId)).sort());
    expect(lines[1]).toMatch(/^"[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}",/);

    const again = await browser.post(`${BATCHES}/${batch.batchId}/export`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().status).toMatchObject({
      code: 'VOUCHER_BATCH_EXPORTED',
      message: expect.stringContaining('重新匯出'),
    });
    const re = await browser.post(`${BATCHES}/${batch.batchId}/export`, { reExport: true });
    expect(re.statusCode, re.body).toBe(200);
    expect(re.headers['content-disposition']).toContain('reexport-1');
    const entries = (await auditOf(batch.batchId)).map((e) => JSON.parse(e.after_json ?? '{}'));
    expect(entries.map((e) => e.export).filter(Boolean)).toEqual(['export', 're-export']);
    const seen = (await browser.get(`${BATCHES}/${batch.batchId}`)).json().data.batch;
    expect(seen).toMatchObject({ exportCount: 2, firstExportedAt: ctx.now.value });
  });

  it('voids one serial or the whole batch: voided serials are refused at redeem, redeemed ones keep their grant', async () => {
    const { browser } = await marketer();
    const batch = await make(browser, storedValue(10));
    const [a, b, c] = await serialsOf(batch.batchId);
    const m = await member();
    const ok = await m.browser.post(siteCalls.redeemVoucherData, { exchangeCode: a });
    expect(ok.statusCode, ok.body).toBe(200);

    const one = await browser.post(`${BATCHES}/${batch.batchId}/serials/void`, {
      serial: b!.toLowerCase(),
      reason: '卡片遺失',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.batch.figures).toMatchObject({ redeemed: 1, voided: 1, open: 8 });
    const refused = await m.browser.post(siteCalls.redeemVoucherData, { exchangeCode: b });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().status).toMatchObject({
      code: 'VOUCHER_VOIDED',
      message: '這組序號已停用，無法兌換。如有疑問，請洽購買的通路或客服。',
    });
    const previewed = await m.browser.post(siteCalls.changeVoucherContent, { serialNumber: b });
    expect(previewed.json().status.code).toBe('VOUCHER_VOIDED');
    const redeemedOne = await browser.post(`${BATCHES}/${batch.batchId}/serials/void`, {
      serial: a,
      reason: '誤發',
    });
    expect(redeemedOne.json().status.code).toBe('VOUCHER_SERIAL_REDEEMED');
    const twice = await browser.post(`${BATCHES}/${batch.batchId}/serials/void`, {
      serial: b,
      reason: '誤發',
    });
    expect(twice.json().status.code).toBe('VOUCHER_SERIAL_VOIDED');
    const elsewhere = await browser.post(`${BATCHES}/${batch.batchId}/serials/void`, {
      serial: 'DEMOTITLE0001',
      reason: '誤發',
    });
    expect(elsewhere.statusCode).toBe(400);
    const serialAudit = await auditOf(b!);
    expect(serialAudit).toHaveLength(1);
    expect(JSON.parse(serialAudit[0]!.after_json!)).toMatchObject({ reason: '卡片遺失' });

    const all = await browser.post(`${BATCHES}/${batch.batchId}/void`, { reason: '活動取消' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.voided).toBe(8);
    expect(all.json().data.batch.figures).toMatchObject({
      issued: 10,
      redeemed: 1,
      voided: 9,
      open: 0,
    });
    expect(all.json().data.batch.voidedAt).toBe(ctx.now.value);
    const late = await m.browser.post(siteCalls.redeemVoucherData, { exchangeCode: c });
    expect(late.json().status.code).toBe('VOUCHER_VOIDED');
    const wallet = (await m.browser.get(siteCalls.findWalletData)).json().data.wallet;
    expect(wallet.stored).toBe(200);
    const again = await browser.post(`${BATCHES}/${batch.batchId}/void`, { reason: '活動取消' });
    expect(again.json().status.code).toBe('VOUCHER_BATCH_VOIDED');
  });

  it('20 redemptions of one serial racing its void: one outcome, consistent in the database', async () => {
    const { browser } = await marketer();
    const batch = await make(browser, storedValue(6));
    const serials = await serialsOf(batch.batchId);
    const members = await Promise.all([member(), member()]);
    const viewers = await Promise.all(
      members.map(async (m) => {
        const [primary] = await listSubAccounts(db(), m.accountId);
        return viewerOf(m.accountId, primary!, 'h', 'web');
      }),
    );
    const actor = {
      staffId: 's',
      email: 'race@console.test',
      roles: ['marketing' as const],
      call: 'test',
    };
    for (const [i, serial] of serials.slice(0, 5).entries()) {
      const voiding = voidSerial(db(), actor, batch.batchId, serial, '競態測試', ctx.now.value);
      const redeems = Array.from({ length: 20 }, (_, j) =>
        redeemVoucher(db(), { viewer: viewers[j % 2]!, serial, now: ctx.now.value }),
      );
      // Alternate who starts first.
      const outcomes = await Promise.allSettled(
        i % 2 ? [...redeems, voiding] : [voiding, ...redeems],
      );
      const voidOutcome = outcomes[i % 2 ? 20 : 0]!;
      const redeemOutcomes = outcomes.filter((o) => o !== voidOutcome);
      const won = redeemOutcomes.filter((o) => o.status === 'fulfilled');
      for (const o of redeemOutcomes) {
        if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(AppError);
      }
      const row = await db()
        .selectFrom('voucher')
        .selectAll()
        .where('serial', '=', serial)
        .executeTakeFirstOrThrow();
      const credits = await db()
        .selectFrom('wallet_entry')
        .select('account_id')
        .where('source', '=', `voucher:${serial}`)
        .execute();
      if (voidOutcome.status === 'fulfilled') {
        expect(won).toHaveLength(0);
        expect(row.voided_at).not.toBeNull();
        expect(row.redeemed_by).toBeNull();
        expect(credits).toHaveLength(0);
      } else {
        expect((voidOutcome.reason as AppError).code).toBe('VOUCHER_SERIAL_REDEEMED');
        expect(won).toHaveLength(1);
        expect(row.voided_at).toBeNull();
        expect(credits).toHaveLength(1);
        expect(credits[0]!.account_id).toBe(row.redeemed_by);
      }
    }
    // The whole batch voided while its last serial is redeemed 20 times at once.
    const last = serials[5]!;
    const outcomes = await Promise.allSettled([
      browser.post(`${BATCHES}/${batch.batchId}/void`, { reason: '活動取消' }),
      ...Array.from({ length: 20 }, (_, j) =>
        redeemVoucher(db(), { viewer: viewers[j % 2]!, serial: last, now: ctx.now.value }),
      ),
    ]);
    const won = outcomes.slice(1).filter((o) => o.status === 'fulfilled').length;
    const row = await db()
      .selectFrom('voucher')
      .selectAll()
      .where('serial', '=', last)
      .executeTakeFirstOrThrow();
    expect(won).toBe(row.redeemed_by ? 1 : 0);
    expect(row.redeemed_by !== null).toBe(row.voided_at === null);
    const figures = (await browser.get(`${BATCHES}/${batch.batchId}`)).json().data.batch.figures;
    expect(figures.redeemed + figures.voided).toBe(6);
    expect(figures.open).toBe(0);
  });

  it('a mistyped serial is refused by its check character before any lookup, and is no guess', async () => {
    const { browser } = await marketer();
    const batch = await make(browser, storedValue(1));
    const [serial] = await serialsOf(batch.batchId);
    const i = SERIAL_ALPHABET.indexOf(serial![3]!);
    const typo = serial!.slice(0, 3) + SERIAL_ALPHABET[(i + 1) % 31] + serial!.slice(4);
    const m = await member();
    for (let n = 0; n < 15; n += 1) {
      const res = await m.browser.post(siteCalls.redeemVoucherData, { exchangeCode: typo });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.fields).toContainEqual({
        name: 'exchangeCode',
        problem: SERIAL_CHECK_MESSAGE,
      });
    }
    const counted = await db()
      .selectFrom('auth_throttle')
      .selectAll()
      .where('bucket', '=', `voucher:${m.accountId}`)
      .executeTakeFirst();
    expect(counted?.failures ?? 0).toBe(0);
    const good = await m.browser.post(siteCalls.redeemVoucherData, { exchangeCode: serial });
    expect(good.statusCode, good.body).toBe(200);
  });

  it('counts unredeemed serials past their end as expired', async () => {
    const { browser } = await marketer();
    const batch = await make(browser, storedValue(4, { validUntil: ctx.now.value + 60 }));
    const [a, b] = await serialsOf(batch.batchId);
    const m = await member();
    await m.browser.post(siteCalls.redeemVoucherData, { exchangeCode: a });
    await browser.post(`${BATCHES}/${batch.batchId}/serials/void`, { serial: b, reason: '遺失' });
    const saved = ctx.now.value;
    ctx.now.value += 120;
    try {
      const figures = (await browser.get(`${BATCHES}/${batch.batchId}`)).json().data.batch.figures;
      expect(figures).toEqual({ issued: 4, redeemed: 1, voided: 1, expired: 2, open: 0 });
    } finally {
      ctx.now.value = saved;
    }
  });
});
