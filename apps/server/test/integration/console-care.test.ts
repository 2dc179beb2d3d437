import { siteCalls } from '@site/contract';
import {
  consoleCareCalls,
  type CareMatch,
  type CareMemberFile,
  type StaffRole,
} from '@site/contract/console';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { startRental } from '../../src/modules/commerce/entitlements.js';
import { credit } from '../../src/modules/commerce/wallet.js';
import {
  ConsoleBrowser,
  newChannel,
  newMember,
  newTitle,
  signedInStaff,
  testDialect,
  useTestApp,
} from '../support/index.js';
import { topUpStored } from '../support/wallet.js';

const DAY = 86_400;
const SEARCH = consoleCareCalls.searchMembers.path;
const fileUrl = (accountId: string) => `${SEARCH}/${encodeURIComponent(accountId)}`;
const PHONE = '0912345678';
const SERIAL = 'CARETESTVALUE01';

/** Issue 26 item 1 (docs/adr/0052): customer care finds a member and reads the file. */
describe('console customer care: member search and file', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  let member: Awaited<ReturnType<typeof newMember>>;
  let other: Awaited<ReturnType<typeof newMember>>;
  let orderId: string;
  let otherOrderId: string;
  let care: ConsoleBrowser;

  beforeAll(async () => {
    const start = ctx.now.value;
    await newTitle(db(), {
      content_id: 'CARE-RENT',
      name: '客服測試片',
      sell_type: 'RENT',
      dtr_price: 60,
    });
    member = await newMember(ctx.app);
    other = await newMember(ctx.app);
    await db()
      .updateTable('account')
      .set({ phone: PHONE, email: `contact-${member.accountId.toLowerCase()}@example.com` })
      .where('account_id', '=', member.accountId)
      .execute();
    // A kid sub-account beside the primary one.
    await db()
      .insertInto('sub_account')
      .values({
        sub_account_uid: `K${member.accountId}`,
        account_id: member.accountId,
        slot: 2,
        nickname: '小朋友',
        kidmode: '1',
        icon_idx: 1,
        is_primary: 0,
        filter_restrict: 'Y',
        created_at: start,
      })
      .execute();
    for (const m of [member, other]) {
      await topUpStored(db(), {
        accountId: m.accountId,
        amount: 500,
        source: `voucher:T${m.accountId}`,
        now: start,
      });
    }
    await db()
      .transaction()
      .execute((trx) =>
        credit(trx, {
          accountId: member.accountId,
          purse: 'credit',
          amount: 100,
          reason: 'voucher',
          source: `voucher:C${member.accountId}`,
          expiresAt: start + 30 * DAY,
          now: start,
        }),
      );
    ctx.now.value = start + 10;
    const rent = await member.browser.post(siteCalls.buildPaymentURLData, {
      kind: 'rent',
      contentId: 'CARE-RENT',
      payMethod: 'wallet',
    });
    expect(rent.json().data.state, rent.body).toBe('paid');
    orderId = rent.json().data.orderId as string;
    const otherRent = await other.browser.post(siteCalls.buildPaymentURLData, {
      kind: 'rent',
      contentId: 'CARE-RENT',
      payMethod: 'wallet',
    });
    otherOrderId = otherRent.json().data.orderId as string;
    // A stored-value serial the member redeems on the redeem screen.
    await db()
      .insertInto('voucher')
      .values({
        serial: SERIAL,
        kind: 'stored_value',
        content_id: null,
        service_id: null,
        amount: 200,
        credit_days: null,
        valid_until: start + 30 * DAY,
        redeemed_by: null,
        redeemed_at: null,
        batch_id: null,
        voided_at: null,
      })
      .execute();
    const redeemed = await member.browser.post(siteCalls.redeemVoucherData, {
      exchangeCode: SERIAL,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    // A playback error the member's player reported, and one of a visitor.
    await db()
      .insertInto('app_log')
      .values(
        [member.uid, null].map((uid, i) => ({
          log_type: 'playbackError',
          content_id: 'CARE-RENT',
          play_type: 'VOD',
          player_error_code: 2 + i,
          video_position_ms: 12_000,
          error_message: 'connection lost',
          sub_account_uid: uid,
          user_agent: 'Mozilla/5.0 test',
          received_at: start + 20,
        })),
      )
      .execute();
    // A prize draw the member won.
    await newChannel(db(), { channel_id: 'CARE-CH', name: '客服頻道' });
    await db()
      .insertInto('draw_activity')
      .values({
        activity_id: 'CARE-DRAW',
        channel_id: 'CARE-CH',
        start_at: start,
        end_at: start + DAY,
        odds_per_mille: 1000,
        created_at: start,
        title: '客服紅包',
      })
      .execute();
    await db()
      .insertInto('draw_account')
      .values({
        account_id: member.accountId,
        activity_id: 'CARE-DRAW',
        sub_account_uid: member.uid,
        drawn_at: start + 30,
      })
      .execute();
    await db()
      .insertInto('draw_winner')
      .values({
        activity_id: 'CARE-DRAW',
        sub_account_uid: member.uid,
        account_id: member.accountId,
        prize_id: 'P1',
        prize_name: '頭獎',
        won_at: start + 30,
      })
      .execute();
    ctx.now.value = start + 60;
    care = (await signedInStaff(ctx, ['customer_care'])).browser;
  });

  const search = async (browser: ConsoleBrowser, q: string, by?: string) => {
    const query = new URLSearchParams({ q, ...(by ? { by } : {}) });
    return browser.get(`${SEARCH}?${query}`);
  };
  const matchesOf = async (q: string, by?: string) => {
    const res = await search(care, q, by);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.matches as CareMatch[];
  };
  const auditCount = async (entity: string, entityId?: string) =>
    Number(
      (
        await db()
          .selectFrom('audit_entry')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('entity', '=', entity)
          .$if(entityId !== undefined, (q) => q.where('entity_id', '=', entityId!))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('finds the member by login id, e-mail, phone in any spelling, order id and serial', async () => {
    const only = (matches: CareMatch[]) => matches.map((m) => m.accountId);
    expect(only(await matchesOf(`  ${member.loginId.toUpperCase()} `))).toEqual([member.accountId]);
    const byEmail = await matchesOf(
      `CONTACT-${member.accountId.toLowerCase()}@Example.com`,
      'email',
    );
    expect(only(byEmail)).toEqual([member.accountId]);
    expect(byEmail[0]!.matchedBy).toEqual(['email']);
    for (const spelling of [
      '0912-345-678',
      '0912 345 678',
      '+886912345678',
      '+886 912-345-678',
      '886912345678',
      '(0912)345678',
    ]) {
      const found = await matchesOf(spelling);
      expect(only(found), spelling).toEqual([member.accountId]);
      expect(found[0]!.matchedBy).toContain('phone');
      expect(found[0]!.phone).toBe(PHONE);
    }
    const byOrder = await matchesOf(orderId);
    expect(only(byOrder)).toEqual([member.accountId]);
    expect(byOrder[0]!.matchedBy).toEqual(['orderId']);
    // Another member's order finds that member, never this one.
    expect(only(await matchesOf(otherOrderId, 'orderId'))).toEqual([other.accountId]);
    const bySerial = await matchesOf('care-test-value-01');
    expect(only(bySerial)).toEqual([member.accountId]);
    expect(bySerial[0]!.matchedBy).toEqual(['serial']);
  });

  it('answers nobody for unknown keys, and a clear refusal for text that cannot be the key asked', async () => {
    expect(await matchesOf('0987654321')).toEqual([]);
    expect(await matchesOf('nobody@example.com')).toEqual([]);
    expect(await matchesOf('ONOSUCHORDER1')).toEqual([]);
    const bad = await search(care, 'abc', 'phone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.message).toContain('手機號碼');
    const empty = await search(care, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.fields[0].problem).toMatch(/請輸入/);
    const unknown = await care.get(fileUrl('A-no-such-member'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().status.message).toBe('找不到這位會員，請確認會員編號。');
    expect((await care.get(`${fileUrl('A-no-such-member')}/orders`)).statusCode).toBe(404);
    expect((await care.get(fileUrl('bad id!'))).statusCode).toBe(400);
  });

  it('shows the whole file: account, sub-accounts, sessions, rights with both clocks, orders, wallet, redemptions, draws, errors', async () => {
    const res = await care.get(fileUrl(member.accountId));
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().data.file as CareMemberFile;
    expect(file.account).toMatchObject({
      accountId: member.accountId,
      loginId: member.loginId,
      phone: PHONE,
      kidPinSet: false,
      kidPinLocked: false,
    });
    expect(file.subAccounts.map((s) => [s.nickname, s.kidMode])).toEqual([
      ['主帳號', false],
      ['小朋友', true],
    ]);
    expect(file.sessions.length).toBeGreaterThan(0);
    expect(file.sessions[0]).toMatchObject({ kind: 'web', nickname: '主帳號' });
    const [right] = file.entitlements;
    expect(right).toMatchObject({
      contentId: 'CARE-RENT',
      name: '客服測試片',
      kind: 'rent',
      state: 'unstarted',
      firstPlayedAt: null,
      expiresAt: null,
      watchHours: 48,
    });
    expect(right!.startBy! - right!.grantedAt).toBe(168 * 3600);
    expect(file.orders.total).toBe(1);
    expect(file.orders.items[0]).toMatchObject({
      orderId,
      itemName: '客服測試片',
      payMethod: 'wallet',
      state: 'paid',
      amount: 60,
    });
    expect(file.wallet.stored).toBe(500 - 60 + 200);
    expect(file.wallet.credit).toBe(100);
    expect(file.wallet.creditLots).toEqual([
      expect.objectContaining({ rest: 100, expired: false }),
    ]);
    expect(file.ledger.total).toBe(4);
    expect(file.redemptions).toEqual([
      expect.objectContaining({ serial: SERIAL, kind: 'stored_value', granted: 'NT$ 200' }),
    ]);
    expect(file.draws).toEqual([
      expect.objectContaining({
        activityId: 'CARE-DRAW',
        title: '客服紅包',
        prizeName: '頭獎',
        nickname: '主帳號',
      }),
    ]);
    expect(file.playbackErrors).toEqual([
      expect.objectContaining({ code: 2, message: 'connection lost', nickname: '主帳號' }),
    ]);

    // The rental's second clock once the member starts watching.
    const [row] = await db()
      .selectFrom('entitlement')
      .select('entitlement_id')
      .where('account_id', '=', member.accountId)
      .execute();
    await startRental(db(), row!.entitlement_id, ctx.now.value);
    const started = (await care.get(fileUrl(member.accountId))).json().data.file as CareMemberFile;
    expect(started.entitlements[0]).toMatchObject({
      state: 'watching',
      firstPlayedAt: ctx.now.value,
      expiresAt: ctx.now.value + 48 * 3600,
    });

    // Past its end the viewing credit is counted out, and nothing is written off by reading.
    // (A month on, the staff member signs in again: a console session idles out in 30 minutes.)
    ctx.now.value += 31 * DAY;
    const { browser: again } = await signedInStaff(ctx, ['customer_care']);
    const later = (await again.get(fileUrl(member.accountId))).json().data.file as CareMemberFile;
    ctx.now.value -= 31 * DAY;
    expect(later.wallet.credit).toBe(0);
    expect(later.wallet.creditLots).toEqual([
      expect.objectContaining({ rest: 100, expired: true }),
    ]);
    expect(later.entitlements[0]!.state).toBe('ended');
    const expiryRows = await db()
      .selectFrom('wallet_entry')
      .select('entry_id')
      .where('account_id', '=', member.accountId)
      .where('reason', '=', 'expiry')
      .execute();
    expect(expiryRows).toEqual([]);
  });

  it('never answers a password, PIN, session or device secret', async () => {
    await db()
      .updateTable('account')
      .set({ kid_pin_hash: 'scrypt$kid-pin-hash-value' })
      .where('account_id', '=', member.accountId)
      .execute();
    const secrets = await db()
      .selectFrom('account')
      .select(['password_hash', 'kid_pin_hash'])
      .where('account_id', '=', member.accountId)
      .executeTakeFirstOrThrow();
    const sessions = await db()
      .selectFrom('session')
      .select(['session_hash', 'device_id'])
      .where('account_id', '=', member.accountId)
      .execute();
    const res = await care.get(fileUrl(member.accountId));
    expect(res.statusCode).toBe(200);
    expect((res.json().data.file as CareMemberFile).account.kidPinSet).toBe(true);
    const replies = [
      res.body,
      (await search(care, PHONE)).body,
      (await care.get(`${fileUrl(member.accountId)}/orders`)).body,
      (await care.get(`${fileUrl(member.accountId)}/ledger`)).body,
    ];
    for (const body of replies) {
      expect(body).not.toContain(secrets.password_hash);
      expect(body).not.toContain(secrets.kid_pin_hash!);
      expect(body).not.toMatch(/hash/i);
      for (const s of sessions) {
        expect(body).not.toContain(s.session_hash);
        if (s.device_id) expect(body).not.toContain(s.device_id);
      }
    }
  });

  it('pages orders and the ledger', async () => {
    const orders = await care.get(`${fileUrl(member.accountId)}/orders?page=1`);
    expect(orders.json().data.orders).toMatchObject({ total: 1, page: 1 });
    const ledger = await care.get(`${fileUrl(member.accountId)}/ledger?page=2`);
    expect(ledger.json().data.ledger).toMatchObject({ total: 4, page: 2, items: [] });
    expect((await care.get(`${fileUrl(member.accountId)}/ledger?page=0`)).statusCode).toBe(400);
  });

  it('records every search and every view in the audit trail, also when many are made at once', async () => {
    const views = await auditCount('care.member.view', member.accountId);
    const searches = await auditCount('care.member.search');
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => care.get(fileUrl(member.accountId))),
      ...Array.from({ length: 5 }, () => search(care, PHONE)),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual(Array(15).fill(200));
    expect(await auditCount('care.member.view', member.accountId)).toBe(views + 10);
    expect(await auditCount('care.member.search')).toBe(searches + 5);
    const entry = await db()
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity', '=', 'care.member.search')
      .orderBy('audit_id', 'desc')
      .executeTakeFirstOrThrow();
    // The trail names whom the search found, not the phone number typed.
    expect(entry.after_json).toContain(member.accountId);
    expect(entry.after_json).not.toContain(PHONE);
    expect(entry.call).toBe(`GET ${SEARCH}`);
    // An unknown member shows nothing, so records nothing.
    const before = await auditCount('care.member.view', 'A-unknown');
    await care.get(fileUrl('A-unknown'));
    expect(await auditCount('care.member.view', 'A-unknown')).toBe(before);
  });

  it('lets customer care, finance, the auditor and admin read, and refuses every other role', async () => {
    const calls = [
      `${SEARCH}?q=${PHONE}`,
      fileUrl(member.accountId),
      `${fileUrl(member.accountId)}/orders`,
      `${fileUrl(member.accountId)}/ledger`,
    ];
    const readers: StaffRole[][] = [['customer_care'], ['finance'], ['auditor'], ['admin']];
    for (const roles of readers) {
      const { browser } = await signedInStaff(ctx, roles);
      for (const url of calls)
        expect((await browser.get(url)).statusCode, `${roles} ${url}`).toBe(200);
    }
    const views = await auditCount('care.member.view', member.accountId);
    for (const role of ['content_editor', 'channel_scheduler', 'marketing'] as const) {
      const { browser } = await signedInStaff(ctx, [role]);
      for (const url of calls) {
        const res = await browser.get(url);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.body).not.toContain(member.loginId);
      }
    }
    const nobody = new ConsoleBrowser(ctx.app);
    for (const url of calls) expect((await nobody.get(url)).statusCode).toBe(401);
    // A member's own site session is no staff session.
    for (const url of calls) expect((await member.browser.get(url)).statusCode).toBe(401);
    expect(await auditCount('care.member.view', member.accountId)).toBe(views);
  });
});

/**
 * Care's lookups each read through an index (migration 0040), never a whole table: the plans of
 * the modules' statements, with bound values as the modules send them. On PostgreSQL sequential
 * scans are turned off for the check (a small test table would otherwise be scanned as cheaper):
 * what is asserted is that an index can answer, which it cannot without 0040.
 */
describe('console customer care: lookups by index', () => {
  const ctx = useTestApp();
  const plan = async (query: ReturnType<typeof sql>) => {
    if (testDialect === 'postgres') {
      return ctx.database.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await sql`explain ${query}`.execute(trx);
        return JSON.stringify(rows);
      });
    }
    const { rows } = await sql`explain query plan ${query}`.execute(ctx.database.db);
    return JSON.stringify(rows);
  };

  it('finds accounts by phone, redemptions by member and playback errors by user on their indexes', async () => {
    expect(await plan(sql`select account_id from account where phone = ${'0912345678'}`)).toContain(
      'account_by_phone',
    );
    expect(
      await plan(
        sql`select serial from voucher where redeemed_by = ${'A1'} order by redeemed_at desc limit 50`,
      ),
    ).toContain('voucher_by_redeemer');
    expect(
      await plan(
        sql`select log_id from app_log where sub_account_uid = ${'U1'} and log_type = ${'playbackError'} order by received_at desc, log_id desc limit 20`,
      ),
    ).toContain('app_log_by_user');
  });
});
