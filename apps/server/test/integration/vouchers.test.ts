import crypto from 'node:crypto';
import {
  redeemVoucherReplySchema,
  rentalListReplySchema,
  siteCalls,
  voucherPreviewReplySchema,
  walletReplySchema,
} from '@site/contract';
import type { Insertable } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VoucherTable } from '../../src/db/schema-commerce.js';
import { viewerOf } from '../../src/modules/accounts/viewer.js';
import { listSubAccounts } from '../../src/modules/accounts/sub-accounts.js';
import { findTitle } from '../../src/modules/catalogue/queries.js';
import { requireTitleRight } from '../../src/modules/commerce/title-rights.js';
import { redeemVoucher } from '../../src/modules/commerce/vouchers.js';
import { TestBrowser, newMember, useTestApp } from '../support/index.js';

const REDEEM = siteCalls.redeemVoucherData;
const PREVIEW = siteCalls.changeVoucherContent;
const WALLET = siteCalls.findWalletData;
const HOUR = 3600;
const DAY = 86_400;

type Member = Awaited<ReturnType<typeof newMember>>;
let ips = 0;
/** Each member from an address of its own, so the per-IP count only meets where a test wants it. */
const nextIp = () => `198.51.100.${(ips += 1)}`;

/**
 * Issue 11 item 3 (docs/adr/0020): each kind grants what it says, once; expired serials are
 * waived; guessing is throttled per account and per client IP; concurrent redemptions of one
 * serial succeed exactly once, over HTTP and at the service, on both databases.
 */
describe('vouchers', () => {
  const ctx = useTestApp({ seed: true, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  const db = () => ctx.database.db;
  const member = () => newMember(ctx.app, { 'x-forwarded-for': nextIp() });

  async function addVoucher(fields: Partial<Insertable<VoucherTable>> = {}): Promise<string> {
    const serial = `T${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
    await db()
      .insertInto('voucher')
      .values({
        serial,
        kind: 'stored_value',
        content_id: null,
        service_id: null,
        amount: 100,
        credit_days: null,
        valid_until: ctx.now.value + 30 * DAY,
        redeemed_by: null,
        redeemed_at: null,
        ...fields,
      })
      .execute();
    return serial;
  }
  const redeem = (who: Member, exchangeCode: string, extra: object = {}) =>
    who.browser.post(REDEEM, { exchangeCode, ...extra });
  const preview = (who: Member, serialNumber: string) =>
    who.browser.post(PREVIEW, { serialNumber });
  const wallet = async (who: Member) =>
    walletReplySchema.parse((await who.browser.get(WALLET)).json()).data;
  /** The commerce half of the play right (commerce/title-rights.ts), asked without starting. */
  const rightOn = async (who: Member, contentId: string) => {
    const title = await findTitle(db(), contentId);
    try {
      const right = await requireTitleRight(db(), {
        accountId: who.accountId,
        title: title!,
        now: ctx.now.value,
        start: false,
      });
      return right.kind;
    } catch {
      return 'none';
    }
  };
  const voucherRow = (serial: string) =>
    db().selectFrom('voucher').selectAll().where('serial', '=', serial).executeTakeFirstOrThrow();
  const entriesOf = (source: string) =>
    db().selectFrom('wallet_entry').selectAll().where('source', '=', source).execute();

  describe('each kind grants what it says', () => {
    let holder: Member;
    beforeAll(async () => {
      holder = await member();
    });

    it('a title voucher grants a rental: in the rental list with 168 h to start, and a play right', async () => {
      expect(await rightOn(holder, 'M0003')).toBe('none');
      const seen = voucherPreviewReplySchema.parse(
        (await preview(holder, 'demo-title-0001')).json(),
      );
      expect(seen.data).toMatchObject({
        serialNumber: 'DEMOTITLE0001',
        kind: 'title',
        title: { contentId: 'M0003', contentName: '最後的守門人' },
        choices: [],
        rental: { startHours: 168, watchHours: 48 },
      });
      // Looking does not redeem.
      expect((await voucherRow('DEMOTITLE0001')).redeemed_by).toBeNull();

      const res = await redeem(holder, 'demo title 0001');
      expect(res.statusCode, res.body).toBe(200);
      const data = redeemVoucherReplySchema.parse(res.json()).data;
      expect(data.rental).toMatchObject({
        contentId: 'M0003',
        startBy: ctx.now.value + 168 * HOUR,
        startHours: 168,
        watchHours: 48,
      });
      const entitlement = await db()
        .selectFrom('entitlement')
        .selectAll()
        .where('source', '=', 'voucher:DEMOTITLE0001')
        .executeTakeFirstOrThrow();
      expect(entitlement).toMatchObject({
        account_id: holder.accountId,
        content_id: 'M0003',
        kind: 'rent',
        start_by: ctx.now.value + 168 * HOUR,
        first_played_at: null,
      });
      const rentals = rentalListReplySchema.parse(
        (await holder.browser.get(siteCalls.findRentalVideoList2)).json(),
      ).data.videoList.video;
      const rental = rentals.find((v) => v.contentId === 'M0003');
      expect(rental).toMatchObject({
        entitlementKind: 'rent',
        rentalState: 'notStarted',
        expiryText: '請於 168 小時內開始觀看',
      });
      expect(await rightOn(holder, 'M0003')).toBe('rent');
    });

    it('a title voucher with a choice lists its titles and needs one of them', async () => {
      const seen = voucherPreviewReplySchema.parse(
        (await preview(holder, 'DEMOCHOICE0001')).json(),
      );
      expect(seen.data.title).toBeNull();
      expect(seen.data.choices.map((c) => c.contentId)).toEqual(['M0013', 'M0018', 'M0023']);

      for (const extra of [{}, { contentId: 'M0003' }, { contentId: 'NOPE' }]) {
        const refused = await redeem(holder, 'DEMOCHOICE0001', extra);
        expect(refused.statusCode, JSON.stringify(extra)).toBe(400);
        expect(refused.json().status.code).toBe('VOUCHER_CHOICE_REQUIRED');
      }
      expect((await voucherRow('DEMOCHOICE0001')).redeemed_by).toBeNull();

      const res = await redeem(holder, 'DEMOCHOICE0001', { contentId: 'M0018' });
      expect(res.statusCode, res.body).toBe(200);
      expect(redeemVoucherReplySchema.parse(res.json()).data.rental?.contentId).toBe('M0018');
      const granted = await db()
        .selectFrom('entitlement')
        .select('content_id')
        .where('source', '=', 'voucher:DEMOCHOICE0001')
        .execute();
      expect(granted).toEqual([{ content_id: 'M0018' }]);
    });

    it('offers only the choices the viewer may see (the restricted-content filter)', async () => {
      const who = await member();
      const mixed = await addVoucher({ kind: 'title', amount: null });
      const hidden = await addVoucher({ kind: 'title', amount: null });
      await db()
        .insertInto('voucher_choice')
        .values([
          { serial: mixed, content_id: 'M0008' },
          { serial: mixed, content_id: 'M0013' },
          { serial: hidden, content_id: 'M0008' },
        ])
        .execute();
      const seen = voucherPreviewReplySchema.parse((await preview(who, mixed)).json());
      expect(seen.data.choices.map((c) => c.contentId)).toEqual(['M0013']);
      const refused = await redeem(who, mixed, { contentId: 'M0008' });
      expect(refused.json().status.code).toBe('VOUCHER_CHOICE_REQUIRED');
      for (const res of [await preview(who, hidden), await redeem(who, hidden)]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().status.message).toContain('限制級內容過濾');
      }
      expect((await voucherRow(hidden)).redeemed_by).toBeNull();
    });

    it('a service voucher extends the monthly service by its period', async () => {
      expect(await rightOn(holder, 'M0005')).toBe('none');
      const seen = voucherPreviewReplySchema.parse((await preview(holder, 'DEMOMONTH0001')).json());
      expect(seen.data.service).toEqual({
        serviceId: 'SVC-MONTHLY',
        name: '星河暢看月租',
        periodDays: 30,
      });
      const first = redeemVoucherReplySchema.parse((await redeem(holder, 'DEMOMONTH0001')).json());
      expect(first.data.service?.paidUntil).toBe(ctx.now.value + 30 * DAY);
      expect(await rightOn(holder, 'M0005')).toBe('service');
      // A second service voucher adds its period to the end of the first.
      const second = redeemVoucherReplySchema.parse((await redeem(holder, 'DEMOMONTH0002')).json());
      expect(second.data.service?.paidUntil).toBe(ctx.now.value + 60 * DAY);
    });

    it('a stored-value voucher credits the stored purse; a client-sent amount is ignored', async () => {
      const res = await redeem(holder, 'DEMOSTORE0001', { amount: 999_999, price: 1 });
      expect(res.statusCode, res.body).toBe(200);
      const data = redeemVoucherReplySchema.parse(res.json()).data;
      expect(data.credit).toEqual({ purse: 'stored', amount: 500, expiresAt: null });
      expect(data.wallet.stored).toBe(500);
      const entries = await entriesOf('voucher:DEMOSTORE0001');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ purse: 'stored', amount: 500, reason: 'voucher' });
    });

    it('a viewing-credit voucher credits the credit purse until credit_days after redemption', async () => {
      const res = await redeem(holder, 'DEMOCREDIT0001');
      expect(res.statusCode, res.body).toBe(200);
      const data = redeemVoucherReplySchema.parse(res.json()).data;
      const expiresAt = ctx.now.value + 30 * DAY;
      expect(data.credit).toEqual({ purse: 'credit', amount: 300, expiresAt });
      const read = await wallet(holder);
      expect(read.wallet).toEqual({
        stored: 500,
        credit: 300,
        creditLots: [{ amount: 300, expiresAt }],
      });
      expect(
        read.vouchers.map((v) => [v.serialNumber, v.contentName, v.serviceName, v.amount]),
      ).toEqual(
        expect.arrayContaining([
          ['DEMOTITLE0001', '最後的守門人', null, null],
          ['DEMOCHOICE0001', '黑潮', null, null],
          ['DEMOMONTH0001', null, '星河暢看月租', null],
          ['DEMOSTORE0001', null, null, 500],
          ['DEMOCREDIT0001', null, null, 300],
        ]),
      );
    });
  });

  describe('refusals', () => {
    it('an expired serial is waived, with a message that says so, and stays unredeemed', async () => {
      const who = await member();
      for (const res of [
        await preview(who, 'DEMOEXPIRED0001'),
        await redeem(who, 'DEMOEXPIRED0001'),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().status).toEqual({
          code: 'VOUCHER_EXPIRED',
          message: '這組序號已超過兌換期限，逾期未兌換視同放棄，無法再兌換。',
        });
      }
      expect((await voucherRow('DEMOEXPIRED0001')).redeemed_by).toBeNull();
      expect((await wallet(who)).wallet.stored).toBe(0);
    });

    it('the serial is valid until the second before valid_until', async () => {
      const who = await member();
      const [last, late] = [
        await addVoucher({ valid_until: ctx.now.value + 10 }),
        await addVoucher({ valid_until: ctx.now.value + 10 }),
      ];
      const start = ctx.now.value;
      try {
        ctx.now.value = start + 9;
        expect((await redeem(who, last)).statusCode).toBe(200);
        ctx.now.value = start + 10;
        expect((await redeem(who, late)).json().status.code).toBe('VOUCHER_EXPIRED');
      } finally {
        ctx.now.value = start;
      }
    });

    it('unknown and another member’s serials answer alike; one’s own says it was redeemed', async () => {
      const [owner, other] = [await member(), await member()];
      const serial = await addVoucher();
      expect((await redeem(owner, serial)).statusCode).toBe(200);
      const unknown = await redeem(other, 'NOSUCHSERIAL1');
      const taken = await redeem(other, serial);
      expect(unknown.statusCode).toBe(404);
      expect(taken.statusCode).toBe(404);
      expect(taken.json()).toEqual(unknown.json());
      expect(unknown.json().status.message).toBe('序號不正確或已被使用，請確認後再試。');
      const again = await redeem(owner, serial);
      expect(again.statusCode).toBe(409);
      expect(again.json().status).toEqual({
        code: 'VOUCHER_REDEEMED',
        message: '您已兌換過這組序號。',
      });
    });

    it('a malformed serial is bad input with a zh-TW field problem', async () => {
      const who = await member();
      for (const bad of ['AB', 'ABC$DEF', 'X'.repeat(33)]) {
        const res = await redeem(who, bad);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().data.fields[0]).toEqual({
          name: 'exchangeCode',
          problem: '序號格式不正確：請輸入 4 到 32 個英文字母或數字。',
        });
      }
    });

    it('needs a member (401), a POST (405), the CSRF token (403); a kid may not redeem (403)', async () => {
      const anonymous = new TestBrowser(ctx.app);
      expect((await anonymous.post(REDEEM, { exchangeCode: 'DEMOSTORE0002' })).statusCode).toBe(
        401,
      );
      expect((await anonymous.get(WALLET)).statusCode).toBe(401);
      const who = await member();
      expect((await who.browser.get(`${REDEEM}?exchangeCode=DEMOSTORE0002`)).statusCode).toBe(405);
      expect(
        (
          await who.browser.post(
            REDEEM,
            { exchangeCode: 'DEMOSTORE0002' },
            { 'x-csrf-token': 'forged' },
          )
        ).statusCode,
      ).toBe(403);

      const created = await who.browser.post('/ajax/ajaxCreateSubAccount.do', {
        nickname: '小孩',
        kidmode: '1',
      });
      await who.browser.post('/ajax/ajaxChangeSubAccount.do', {
        newSubaccountID: created.json().data.subAccount.subAccountUid,
      });
      for (const res of [
        await redeem(who, 'DEMOSTORE0002'),
        await preview(who, 'DEMOSTORE0002'),
        await who.browser.get(WALLET),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().status.message).toBe('兒童模式無法兌換序號，請切換為一般使用者後再試。');
      }
      expect((await voucherRow('DEMOSTORE0002')).redeemed_by).toBeNull();
    });

    it('a grant that fails leaves the serial unredeemed (one transaction)', async () => {
      const who = await member();
      const serial = await addVoucher({
        kind: 'service',
        amount: null,
        service_id: 'NO-SUCH-SERVICE',
      });
      const res = await redeem(who, serial);
      expect(res.statusCode).toBe(500);
      expect((await voucherRow(serial)).redeemed_by).toBeNull();
      expect(await entriesOf(`voucher:${serial}`)).toEqual([]);
    });
  });

  describe('guessing is throttled', () => {
    it('300 wrong serials in a row from one session: 429s from the 11th on, with Retry-After', async () => {
      const guesser = await member();
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 300; i += 1) {
        const res = await redeem(guesser, `WRONG${String(i).padStart(6, '0')}`);
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          retryAfter ??= String(res.headers['retry-after']);
          expect(res.json().status.message).toMatch(
            /^序號錯誤次數過多，請於 \d+ (秒|分鐘)後再試。$/,
          );
        }
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
      expect(statuses.slice(10)).toEqual(Array(290).fill(429));
      expect(retryAfter).toBe('30');
      // During the wait even a good serial is not looked at; previews count the same way.
      const good = await addVoucher();
      expect((await redeem(guesser, good)).statusCode).toBe(429);
      expect((await preview(guesser, good)).statusCode).toBe(429);
      expect((await voucherRow(good)).redeemed_by).toBeNull();
      const start = ctx.now.value;
      try {
        ctx.now.value = start + 30;
        expect((await redeem(guesser, good)).statusCode).toBe(200);
        // A redemption starts the count afresh.
        expect((await redeem(guesser, 'WRONGAGAIN1')).statusCode).toBe(404);
      } finally {
        ctx.now.value = start;
      }
    });

    it('per client IP for guessers only: three guessers on one address do not lock out a member there (issue 20 item 6)', async () => {
      const ip = nextIp();
      const onAddress = () => newMember(ctx.app, { 'x-forwarded-for': ip });
      const guessers = [await onAddress(), await onAddress(), await onAddress()];
      for (const [n, who] of guessers.entries()) {
        const statuses: number[] = [];
        for (let i = 0; i < 12; i += 1)
          statuses.push((await redeem(who, `IPWRONG${n}X${i}`)).statusCode);
        // Each account's own limit: ten looks, then its waits.
        expect(statuses).toEqual([...Array<number>(10).fill(404), 429, 429]);
      }
      // The address has counted 27 wrong looks (each guesser's first was clean). A fourth guesser
      // there meets the address's limit long before his own: the 30th counted look starts waits.
      const fourth = await onAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1)
        statuses.push((await redeem(fourth, `IPWRONG4X${i}`)).statusCode);
      expect(statuses).toEqual([404, 404, 404, 404, 429, 429, 429, 429]);
      // Guessers stay throttled, even holding a good serial.
      const good = await addVoucher();
      expect((await redeem(guessers[0]!, good)).statusCode).toBe(429);
      expect((await redeem(fourth, good)).statusCode).toBe(429);
      expect((await preview(fourth, good)).statusCode).toBe(429);
      // A member on the same address who never guessed wrong previews and redeems.
      const neighbour = await onAddress();
      expect((await preview(neighbour, good)).statusCode).toBe(200);
      const redeemed = await redeem(neighbour, good);
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      expect((await voucherRow(good)).redeemed_by).toBe(neighbour.accountId);
      // So does one who previews good serials many times (a good look is no guess).
      const careful = await onAddress();
      const another = await addVoucher();
      for (let i = 0; i < 12; i += 1)
        expect((await preview(careful, another)).statusCode).toBe(200);
      expect((await redeem(careful, another)).statusCode).toBe(200);
      // One typo puts a member on the address's count: he waits with the guessers until a
      // redemption (from another address, or after the wait) clears his record.
      const typo = await onAddress();
      expect((await redeem(typo, 'IPTYPO1X')).statusCode).toBe(404);
      expect((await redeem(typo, 'IPTYPO2X')).statusCode).toBe(429);
      // Another address is not slowed.
      expect((await redeem(await member(), 'IPWRONGX')).statusCode).toBe(404);
    });

    it('a good serial looked at between guesses does not reset the count', async () => {
      const guesser = await member();
      const good = await addVoucher();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        statuses.push((await redeem(guesser, `RESETWRONG${i}`)).statusCode);
        expect([200, 429]).toContain((await preview(guesser, good)).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(404), 429, 429]);
    });
  });

  describe('one serial, many redemptions at once', () => {
    async function stored(accountId: string): Promise<number> {
      const row = await db()
        .selectFrom('wallet')
        .select('balance')
        .where('account_id', '=', accountId)
        .where('purse', '=', 'stored')
        .executeTakeFirst();
      return Number(row?.balance ?? 0);
    }

    it('50 at once from one account: one success, credited once, one redemption', async () => {
      const who = await member();
      const serial = await addVoucher({ amount: 700 });
      const replies = await Promise.all(Array.from({ length: 50 }, () => redeem(who, serial)));
      const codes = replies.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.every((c) => c === 200 || c === 409 || c === 429)).toBe(true);
      expect((await voucherRow(serial)).redeemed_by).toBe(who.accountId);
      expect(await entriesOf(`voucher:${serial}`)).toHaveLength(1);
      expect(await stored(who.accountId)).toBe(700);
    });

    it('50 at once from two accounts: one success, only the winner credited once', async () => {
      const [a, b] = [await member(), await member()];
      const serial = await addVoucher({ kind: 'viewing_credit', amount: 250, credit_days: 7 });
      const replies = await Promise.all(
        Array.from({ length: 50 }, (_, i) => redeem(i % 2 === 0 ? a : b, serial)),
      );
      const wins = replies.flatMap((r, i) => (r.statusCode === 200 ? [i % 2 === 0 ? a : b] : []));
      expect(wins).toHaveLength(1);
      const [winner] = wins;
      const loser = winner === a ? b : a;
      expect((await voucherRow(serial)).redeemed_by).toBe(winner!.accountId);
      const entries = await entriesOf(`voucher:${serial}`);
      expect(entries).toHaveLength(1);
      expect(entries[0]!.account_id).toBe(winner!.accountId);
      expect((await wallet(winner!)).wallet.credit).toBe(250);
      expect((await wallet(loser)).wallet.credit).toBe(0);
    });

    it('50 at once at the service (no throttle in the way), from two accounts: exactly one', async () => {
      const [a, b] = [await member(), await member()];
      const viewers = await Promise.all(
        [a, b].map(async (m) => {
          const [primary] = await listSubAccounts(db(), m.accountId);
          return viewerOf(m.accountId, primary!, 'h', 'web');
        }),
      );
      for (const kind of ['stored_value', 'title'] as const) {
        const serial = await addVoucher(
          kind === 'title' ? { kind, amount: null, content_id: 'M0013' } : { amount: 90 },
        );
        const outcomes = await Promise.allSettled(
          Array.from({ length: 50 }, (_, i) =>
            redeemVoucher(db(), { viewer: viewers[i % 2]!, serial, now: ctx.now.value }),
          ),
        );
        const ok = outcomes.filter((o) => o.status === 'fulfilled');
        expect(ok, kind).toHaveLength(1);
        for (const o of outcomes) {
          if (o.status === 'rejected') {
            // The winner's own later attempts at a title voucher find the title held (issue 20
            // item 3: a held title is refused before the serial is spent).
            expect(['VOUCHER_REDEEMED', 'VOUCHER_INVALID', 'ALREADY_ENTITLED']).toContain(
              (o.reason as { code: string }).code,
            );
          }
        }
        const source = `voucher:${serial}`;
        const grants =
          kind === 'title'
            ? await db()
                .selectFrom('entitlement')
                .select('account_id')
                .where('source', '=', source)
                .execute()
            : await db()
                .selectFrom('wallet_entry')
                .select('account_id')
                .where('source', '=', source)
                .execute();
        expect(grants).toEqual([{ account_id: (await voucherRow(serial)).redeemed_by }]);
      }
    });
  });
});
