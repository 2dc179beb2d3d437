import crypto from 'node:crypto';
import { engagementCalls, liveCalls, switchChannelReplySchema } from '@site/contract';
import {
  consoleDrawCalls,
  type ConsoleDrawActivity,
  type DrawWinner,
  type StaffRole,
} from '@site/contract/console';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVICE_ID } from '../../src/demo/vouchers.js';
import { sessionCsrfToken } from '../../src/modules/accounts/csrf.js';
import { newToken, tokenHash } from '../../src/modules/accounts/tokens.js';
import { newMember, signedInStaff, useTestApp } from '../support/index.js';
import type { ConsoleBrowser } from '../support/index.js';

const DRAWS = consoleDrawCalls.listActivities.path;
const DRAW = engagementCalls.drawActivity;
const CHANNEL = 'ch02';

/** Issue 25 item 7 (docs/adr/0049): prize-draw activities in the console. */
describe('console prize draws', () => {
  const ctx = useTestApp({
    seed: true,
    env: { RATE_LIMIT_DRAW_PER_IP: '100000', RATE_LIMIT_DRAW_PER_ACCOUNT: '1000' },
  });
  const db = () => ctx.database.db;
  const marketer = async () => (await signedInStaff(ctx, ['marketing'])).browser;

  const activityInput = (over: Record<string, unknown> = {}) => ({
    title: '週末紅包',
    channelId: CHANNEL,
    startAt: ctx.now.value,
    endAt: ctx.now.value + 3600,
    odds: 1,
    eligibility: 'all',
    prizes: [
      { name: '頭獎', quantity: 2 },
      { name: '貳獎', quantity: 5 },
    ],
    ...over,
  });
  async function create(staff: ConsoleBrowser, over: Record<string, unknown> = {}) {
    const res = await staff.post(DRAWS, activityInput(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.activity as ConsoleDrawActivity;
  }
  /** The whole activity as a change: what the edit form sends. */
  const asChange = (a: ConsoleDrawActivity, over: Record<string, unknown> = {}) => ({
    title: a.title,
    channelId: a.channelId,
    startAt: a.startAt,
    endAt: a.endAt,
    odds: a.odds,
    eligibility: a.eligibility,
    prizes: a.prizes.map((p) => ({ prizeId: p.prizeId, name: p.name, quantity: p.quantity })),
    version: a.version,
    ...over,
  });
  const put = (staff: ConsoleBrowser, a: ConsoleDrawActivity, over: Record<string, unknown> = {}) =>
    staff.call('PUT', `${DRAWS}/${a.activityId}`, asChange(a, over));
  const get = async (staff: ConsoleBrowser, id: string) =>
    (await staff.get(`${DRAWS}/${id}`)).json().data.activity as ConsoleDrawActivity;

  /** Everything a refused call must leave as it was. */
  async function snapshot() {
    const count = async (table: 'draw_activity' | 'draw_prize' | 'audit_entry') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rows = await db()
      .selectFrom('draw_prize as p')
      .innerJoin('draw_activity as a', 'a.activity_id', 'p.activity_id')
      .select(['p.prize_id', 'p.name', 'p.quantity', 'p.remaining', 'a.end_at', 'a.version'])
      .where('a.channel_id', '=', CHANNEL)
      .orderBy('p.prize_id')
      .execute();
    return {
      activities: await count('draw_activity'),
      prizes: await count('draw_prize'),
      audit: await count('audit_entry'),
      rows: JSON.stringify(rows),
    };
  }

  /** Signed-in members written straight into the tables (fast; as draws.test.ts does). */
  async function drawers(n: number) {
    const now = ctx.now.value;
    const made = Array.from({ length: n }, () => {
      const id = crypto.randomBytes(8).toString('hex');
      return { accountId: `A-c${id}`, uid: `U-c${id}`, token: newToken() };
    });
    await db()
      .insertInto('account')
      .values(
        made.map((m) => ({
          account_id: m.accountId,
          login_id: `${m.accountId}@example.test`,
          password_hash: 'unused',
          kid_pin_hash: null,
          created_at: now,
          password_changed_at: now,
        })),
      )
      .execute();
    await db()
      .insertInto('sub_account')
      .values(
        made.map((m) => ({
          sub_account_uid: m.uid,
          account_id: m.accountId,
          slot: 1,
          nickname: '主帳號',
          kidmode: '0',
          icon_idx: 0,
          is_primary: 1,
          filter_restrict: 'N',
          created_at: now,
        })),
      )
      .execute();
    await db()
      .insertInto('session')
      .values(
        made.map((m) => ({
          session_hash: tokenHash(m.token),
          kind: 'web',
          account_id: m.accountId,
          sub_account_uid: m.uid,
          created_at: now,
          last_seen_at: now,
          expires_at: now + 86_400,
          device_type: 'PC',
        })),
      )
      .execute();
    return made.map((m) => {
      const csrf = sessionCsrfToken(ctx.config.STREAM_SIGNING_SECRET, m.token);
      return {
        accountId: m.accountId,
        headers: { cookie: `sid=${m.token}; csrf=${csrf}`, 'x-csrf-token': csrf },
      };
    });
  }
  const drawAs = (who: { headers: Record<string, string> }, activityId: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `${DRAW}?activityId=${activityId}`,
      headers: who.headers,
    });

  it('makes, lists, changes and deletes a scheduled activity; every change audited', async () => {
    const staff = await marketer();
    const made = await create(staff, {
      startAt: ctx.now.value + 600,
      endAt: ctx.now.value + 1200,
      odds: 0.25,
    });
    expect(made).toMatchObject({
      state: 'scheduled',
      channelName: expect.any(String),
      odds: 0.25,
      participants: 0,
      draws: 0,
      won: 0,
      remaining: 7,
      version: 0,
    });
    const listed = (
      await staff.get(`${DRAWS}?state=scheduled&channelId=${CHANNEL}&pageSize=100`)
    ).json().data;
    expect(listed.activities.map((a: ConsoleDrawActivity) => a.activityId)).toContain(
      made.activityId,
    );
    expect(listed.channels.map((c: { channelId: string }) => c.channelId)).toContain(CHANNEL);
    // Running before scheduled (soonest first) before ended (latest first).
    const all = (await staff.get(`${DRAWS}?pageSize=100`)).json().data
      .activities as ConsoleDrawActivity[];
    const rank = { running: 0, scheduled: 1, ended: 2 } as const;
    const ranks = all.map((a) => rank[a.state]);
    expect(ranks).toEqual([...ranks].sort((x, y) => x - y));
    const scheduled = all.filter((a) => a.state === 'scheduled').map((a) => a.startAt);
    expect(scheduled).toEqual([...scheduled].sort((x, y) => x - y));
    // Before it starts anything may change: odds, start, channel, prizes added and removed.
    const changed = await put(staff, made, {
      odds: 0.5,
      startAt: ctx.now.value + 300,
      channelId: 'ch03',
      prizes: [
        { prizeId: made.prizes[1]!.prizeId, name: '貳獎', quantity: 9 },
        { name: '參獎', quantity: 1 },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = changed.json().data.activity as ConsoleDrawActivity;
    expect(after).toMatchObject({ odds: 0.5, channelId: 'ch03', version: 1, remaining: 10 });
    expect(after.prizes.map((p) => [p.name, p.quantity])).toEqual([
      ['貳獎', 9],
      ['參獎', 1],
    ]);
    // An edit on the version seen before: STALE_EDIT, nothing changed.
    const stale = await put(staff, made, { title: '舊的' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.code).toBe('STALE_EDIT');
    const deleted = await staff.call('DELETE', `${DRAWS}/${made.activityId}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await staff.get(`${DRAWS}/${made.activityId}`)).statusCode).toBe(404);
    const audit = await db()
      .selectFrom('audit_entry')
      .select(['call', 'entity'])
      .where('entity_id', '=', made.activityId)
      .orderBy('audit_id')
      .execute();
    expect(audit.map((a) => a.call)).toEqual([
      'POST /console/api/draws',
      'PUT /console/api/draws/:activityId',
      'DELETE /console/api/draws/:activityId',
    ]);
  });

  it('bad input is refused in zh-TW with nothing saved', async () => {
    const staff = await marketer();
    const before = await snapshot();
    const prizes = [{ name: '頭獎', quantity: 1 }];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ endAt: ctx.now.value - 10 }, 'endAt', '結束時間須晚於開始時間'],
      [{ odds: 1.5 }, 'odds', '中獎機率須介於 0 與 1 之間'],
      [{ odds: -0.1 }, 'odds', '中獎機率須介於 0 與 1 之間'],
      [{ odds: 0.0005 }, 'odds', '中獎機率最小單位為 0.001'],
      [{ channelId: 'nochannel' }, 'channelId', '找不到這個頻道'],
      [{ prizes: [] }, 'prizes', '請至少設定一個獎項'],
      [{ prizes: [{ name: '頭獎', quantity: 0 }] }, 'prizes.0.quantity', '數量至少為 1'],
      [{ prizes: [...prizes, ...prizes] }, 'prizes', '獎項名稱不可重複'],
      [
        { startAt: ctx.now.value - 86_400, endAt: ctx.now.value + 60 },
        'startAt',
        '開始時間已經過去',
      ],
      [{ startAt: ctx.now.value - 240, endAt: ctx.now.value - 60 }, 'endAt', '結束時間須晚於現在'],
      [{ title: ' ' }, 'title', '請輸入活動名稱'],
      [{ eligibility: 'kids' }, 'eligibility', '請選擇參加資格'],
    ];
    for (const [over, field, words] of cases) {
      const res = await staff.post(DRAWS, activityInput(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      const fields = (res.json().data?.fields ?? []) as { name: string; problem: string }[];
      expect(fields, JSON.stringify(over)).toContainEqual({ name: field, problem: words });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a running activity: odds, start and channel stay, the pool never below won, the end may move', async () => {
    const staff = await marketer();
    const made = await create(staff);
    expect(made.state).toBe('running');
    const [one, two] = await drawers(2);
    for (const who of [one!, two!]) {
      const res = await drawAs(who, made.activityId);
      expect(res.json().data.message).toBe('win');
    }
    const now = await get(staff, made.activityId);
    expect(now).toMatchObject({ participants: 2, draws: 2, won: 2, remaining: 5 });
    expect(now.prizes[0]).toMatchObject({ name: '頭獎', won: 2, remaining: 0 });
    const before = await snapshot();
    const [first, second] = now.prizes;
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ odds: 0.5 }, 'odds', '活動已經開始，不能更改中獎機率'],
      [{ startAt: now.startAt + 60 }, 'startAt', '活動已經開始，不能更改開始時間'],
      [{ channelId: 'ch03' }, 'channelId', '活動已經開始，不能更換頻道'],
      [{ eligibility: 'service' }, 'eligibility', '活動已經開始，不能更改參加資格'],
      [{ endAt: ctx.now.value - 1 }, 'endAt', '結束時間須晚於開始時間'],
      [
        {
          prizes: [
            { prizeId: first!.prizeId, name: '頭獎', quantity: 1 },
            { prizeId: second!.prizeId, name: '貳獎', quantity: 5 },
          ],
        },
        'prizes',
        '「頭獎」已抽出 2 個，數量不可少於 2',
      ],
      [
        { prizes: [{ prizeId: second!.prizeId, name: '貳獎', quantity: 5 }] },
        'prizes',
        '「頭獎」已經有人抽中，不能移除這個獎項',
      ],
    ];
    for (const [over, field, words] of refusals) {
      const res = await put(staff, now, over);
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().data.fields, JSON.stringify(over)).toContainEqual({
        name: field,
        problem: words,
      });
    }
    expect(await snapshot()).toEqual(before);
    // Deleting a started activity is refused: it may be ended early instead.
    const del = await staff.call('DELETE', `${DRAWS}/${made.activityId}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().status.code).toBe('DRAW_ACTIVITY_STARTED');

    // Extended, the first prize down to what was won: the live page is told at once.
    const longer = await put(staff, now, {
      endAt: now.endAt + 3600,
      prizes: [
        { prizeId: first!.prizeId, name: '頭獎', quantity: 2 },
        { prizeId: second!.prizeId, name: '貳獎（加碼）', quantity: 8 },
      ],
    });
    expect(longer.statusCode, longer.body).toBe(200);
    const live = async () =>
      switchChannelReplySchema
        .parse(
          (
            await ctx.app.inject({
              url: `${liveCalls.switchChannel}?channelId=${CHANNEL}`,
              headers: { cookie: one!.headers.cookie },
            })
          ).json(),
        )
        .data.drawActivity.drawActivityList.find((a) => a.activityId === made.activityId);
    expect((await live())?.endCountdownSecond).toBe(now.endAt + 3600 - ctx.now.value);
    // A minute on, brought forward to now: it has ended; the live page drops it, draws are refused.
    ctx.now.value += 60;
    const ended = await put(staff, longer.json().data.activity, { endAt: ctx.now.value });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data.activity.state).toBe('ended');
    expect(await live()).toBeUndefined();
    const [three] = await drawers(1);
    expect((await drawAs(three!, made.activityId)).json().status.code).toBe('DRAW_NOT_OPEN');
    // Ended: read-only.
    const late = await put(staff, ended.json().data.activity, { title: '改名' });
    expect(late.statusCode).toBe(409);
    expect(late.json().status.code).toBe('DRAW_ACTIVITY_ENDED');
    expect(late.json().status.message).toBe('這個抽獎活動已經結束，只能查看，不能修改。');
  });

  it('an edit lowering a quantity while 20 draws run at once never leaves quantity below won', async () => {
    const staff = await marketer();
    // Down to 10 (refused once more than 10 are won, whenever the edit lands: in the middle of
    // the crowd, first, last), and down to 20 (always allowed: the new remaining must then be
    // computed from the won count as the draws left it, not as the edit first read it).
    const rounds = [
      { at: 10, to: 10 },
      { at: 0, to: 10 },
      { at: 20, to: 10 },
      { at: 10, to: 20 },
    ];
    for (const { at, to } of rounds) {
      const made = await create(staff, { prizes: [{ name: '搶手獎', quantity: 30 }] });
      const crowd = await drawers(20);
      const prize = made.prizes[0]!;
      const edit = () =>
        put(staff, made, { prizes: [{ prizeId: prize.prizeId, name: '搶手獎', quantity: to }] });
      const calls = crowd.map((who) => () => drawAs(who, made.activityId));
      calls.splice(at, 0, edit);
      const replies = await Promise.all(calls.map((c) => c()));
      const edited = replies[at]!;
      expect(to === 20 ? [200] : [200, 400], edited.body).toContain(edited.statusCode);
      const row = await db()
        .selectFrom('draw_prize')
        .select(['quantity', 'remaining'])
        .where('prize_id', '=', prize.prizeId)
        .executeTakeFirstOrThrow();
      const winners = await db()
        .selectFrom('draw_winner')
        .select('sub_account_uid')
        .where('activity_id', '=', made.activityId)
        .execute();
      const wins = replies.filter((r, i) => i !== at && r.json().data?.message === 'win');
      const won = Number(row.quantity) - Number(row.remaining);
      expect(Number(row.remaining)).toBeGreaterThanOrEqual(0);
      expect(won).toBe(winners.length);
      expect(wins).toHaveLength(winners.length);
      expect(Number(row.quantity)).toBeGreaterThanOrEqual(won);
      expect(Number(row.quantity)).toBe(edited.statusCode === 200 ? to : 30);
      if (edited.statusCode === 200) expect(winners.length).toBeLessThanOrEqual(to);
      else expect(edited.json().data.fields[0].problem).toMatch(/^「搶手獎」已抽出 \d+ 個/);
    }
  }, 60_000);

  it('an activity for members with a monthly service: others neither see nor draw it', async () => {
    const staff = await marketer();
    const made = await create(staff, { eligibility: 'service' });
    const [member, subscriber] = await drawers(2);
    await db()
      .insertInto('subscription')
      .values({
        account_id: subscriber!.accountId,
        service_id: DEMO_SERVICE_ID,
        paid_until: ctx.now.value + 86_400,
        updated_at: ctx.now.value,
      })
      .execute();
    const listFor = async (who: { headers: Record<string, string> }) =>
      switchChannelReplySchema
        .parse(
          (
            await ctx.app.inject({
              url: `${liveCalls.switchChannel}?channelId=${CHANNEL}`,
              headers: { cookie: who.headers.cookie! },
            })
          ).json(),
        )
        .data.drawActivity.drawActivityList.map((a) => a.activityId);
    expect(await listFor(member!)).not.toContain(made.activityId);
    expect(await listFor(subscriber!)).toContain(made.activityId);
    const refused = await drawAs(member!, made.activityId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status).toMatchObject({
      code: 'DRAW_NOT_ELIGIBLE',
      message: '這個抽獎活動限有月租服務的會員參加。',
    });
    expect((await drawAs(subscriber!, made.activityId)).json().data.message).toBe('win');
  });

  it('winners: contact shown to customer care and admin, masked for others; CSV export audited', async () => {
    const staff = await marketer();
    const made = await create(staff);
    const winner = await newMember(ctx.app);
    await db()
      .updateTable('account')
      .set({ email: 'winner.contact@example.com', phone: '0912345678' })
      .where('account_id', '=', winner.accountId)
      .execute();
    const res = await winner.browser.get(`${DRAW}?activityId=${made.activityId}`, {
      'x-csrf-token': winner.browser.cookies.get('csrf') ?? '',
    });
    expect(res.json().data, res.body).toEqual({ message: 'win', prizeName: '頭獎' });
    const seen: Record<string, DrawWinner> = {};
    for (const role of ['marketing', 'auditor', 'customer_care', 'admin'] as StaffRole[]) {
      const who = (await signedInStaff(ctx, [role])).browser;
      const list = await who.get(`${DRAWS}/${made.activityId}/winners`);
      expect(list.statusCode, role).toBe(200);
      expect(list.json().data.winners).toHaveLength(1);
      seen[role] = list.json().data.winners[0];
      expect(list.json().data.contactShown, role).toBe(
        role === 'customer_care' || role === 'admin',
      );
    }
    expect(seen.customer_care).toMatchObject({
      prizeName: '頭獎',
      member: winner.loginId,
      email: 'winner.contact@example.com',
      phone: '0912345678',
      wonAt: ctx.now.value,
    });
    expect(seen.admin).toEqual(seen.customer_care);
    for (const role of ['marketing', 'auditor']) {
      expect(seen[role]).toMatchObject({ email: 'wi***@example.com', phone: '09****5678' });
      expect(seen[role]!.member).toMatch(/\*\*\*/);
    }

    const csvAs = async (who: ConsoleBrowser) => {
      const out = await who.post(`${DRAWS}/${made.activityId}/winners/export`);
      expect(out.statusCode, out.body).toBe(200);
      expect(out.headers['content-type']).toContain('text/csv');
      expect(out.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      return out.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    };
    const care = await signedInStaff(ctx, ['customer_care']);
    const full = await csvAs(care.browser);
    expect(full[0]).toBe('"中獎時間（台北）","獎項","會員帳號","使用者","電子郵件","手機"');
    expect(full).toHaveLength(2);
    expect(full[1]).toContain('"winner.contact@example.com","0912345678"');
    const masked = await csvAs(staff);
    expect(masked[1]).toContain('"wi***@example.com","09****5678"');
    expect(masked.join()).not.toContain('winner.contact');
    const audits = await db()
      .selectFrom('audit_entry')
      .select(['staff_email', 'after_json'])
      .where('entity', '=', 'draw_winners')
      .where('entity_id', '=', made.activityId)
      .orderBy('audit_id')
      .execute();
    expect(audits.map((a) => JSON.parse(a.after_json ?? '{}'))).toEqual([
      { exported: 1, contact: 'shown' },
      { exported: 1, contact: 'masked' },
    ]);
    expect(audits[0]!.staff_email).toBe(care.email);
  });

  it('every call is refused to roles that may not make it, to customers and to nobody', async () => {
    const staff = await marketer();
    const made = await create(staff, { startAt: ctx.now.value + 600, endAt: ctx.now.value + 900 });
    const path = `${DRAWS}/${made.activityId}`;
    const reads = (b: ConsoleBrowser) => [
      () => b.get(DRAWS),
      () => b.get(path),
      () => b.get(`${path}/winners`),
      () => b.post(`${path}/winners/export`),
    ];
    const writes = (b: ConsoleBrowser) => [
      () => b.post(DRAWS, activityInput()),
      () => put(b, made),
      () => b.call('DELETE', path),
    ];
    const before = await snapshot();
    for (const role of [
      'content_editor',
      'channel_scheduler',
      'finance',
      'customer_care',
      'auditor',
    ] as StaffRole[]) {
      const { browser } = await signedInStaff(ctx, [role]);
      const mayRead = role === 'customer_care' || role === 'auditor';
      for (const call of reads(browser)) {
        expect((await call()).statusCode, role).toBe(mayRead ? 200 : 403);
      }
      for (const call of writes(browser)) {
        const res = await call();
        expect(res.statusCode, role).toBe(403);
        expect(res.json().status.code).toBe('STAFF_FORBIDDEN');
      }
    }
    // The readers' exports are audited; nothing else changed.
    const after = await snapshot();
    expect({ ...after, audit: before.audit }).toEqual(before);
    expect(after.audit).toBe(before.audit + 2);
    // No session, and a customer's session: not staff.
    const member = await newMember(ctx.app);
    const cookie = [...member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    for (const headers of [{}, { cookie }]) {
      for (const [method, url] of [
        ['GET', DRAWS],
        ['GET', `${path}/winners`],
        ['POST', DRAWS],
        ['PUT', path],
        ['DELETE', path],
        ['POST', `${path}/winners/export`],
      ] as const) {
        const res = await ctx.app.inject({
          method,
          url,
          headers,
          payload: method === 'GET' ? undefined : {},
        });
        // Reads: no staff session. Changes: refused before that, for want of the console's CSRF token.
        expect(res.statusCode, `${method} ${url}`).toBe(method === 'GET' ? 401 : 403);
      }
    }
    expect(await snapshot()).toEqual(after);
  });
});
