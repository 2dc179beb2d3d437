import crypto from 'node:crypto';
import {
  drawActivityReplySchema,
  engagementCalls,
  liveCalls,
  switchChannelReplySchema,
} from '@site/contract';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/index.js';
import { sessionCsrfToken } from '../../src/modules/accounts/csrf.js';
import { newToken, tokenHash } from '../../src/modules/accounts/tokens.js';
import { TestBrowser, newMember, testDialect, useTestApp } from '../support/index.js';

const DRAW = engagementCalls.drawActivity;

interface Drawer {
  accountId: string;
  uid: string;
  /** Cookie and CSRF header of a signed-in browser. */
  headers: Record<string, string>;
}

/**
 * Issue 14 item 2 (docs/adr/0026): one draw per user and activity, prizes never beyond the pool
 * under any concurrency, the window, login, CSRF, bad input; and the switch-channel list.
 */
describe('prize draws', () => {
  const ctx = useTestApp({
    seed: true,
    env: {
      RATE_LIMIT_DRAW_PER_IP: '100000',
      RATE_LIMIT_DRAW_PER_ACCOUNT: '1000',
      // A family of five opens the live page on five browsers at once: each switch takes a stream.
      MAX_STREAMS: '10',
    },
  });
  const db = () => ctx.database.db;
  let activities = 0;

  async function addActivity(
    options: { prizes?: [string, number][]; odds?: number; start?: number; end?: number } = {},
  ): Promise<string> {
    activities += 1;
    const activityId = `T${activities}-${crypto.randomBytes(4).toString('hex')}`;
    await db()
      .insertInto('draw_activity')
      .values({
        activity_id: activityId,
        channel_id: 'ch02',
        start_at: options.start ?? ctx.now.value - 60,
        end_at: options.end ?? ctx.now.value + 240,
        odds_per_mille: options.odds ?? 1000,
        created_at: ctx.now.value,
      })
      .execute();
    const prizes = options.prizes ?? [['紅包大獎', 10]];
    await db()
      .insertInto('draw_prize')
      .values(
        prizes.map(([name, quantity], i) => ({
          prize_id: `${activityId}-${i}`,
          activity_id: activityId,
          name,
          quantity,
          remaining: quantity,
          sort_order: i,
        })),
      )
      .execute();
    return activityId;
  }

  /** Members with a live web session each, written straight into the tables (fast for 2,000). */
  async function drawers(n: number): Promise<Drawer[]> {
    const now = ctx.now.value;
    const made = Array.from({ length: n }, () => {
      const id = crypto.randomBytes(8).toString('hex');
      return { accountId: `A-d${id}`, uid: `U-d${id}`, token: newToken() };
    });
    for (let i = 0; i < made.length; i += 200) {
      const batch = made.slice(i, i + 200);
      await db()
        .insertInto('account')
        .values(
          batch.map((m) => ({
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
          batch.map((m) => ({
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
          batch.map((m) => ({
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
    }
    return made.map((m) => {
      // The token a page of this session would carry (bound to the session, ADR 0006).
      const csrf = sessionCsrfToken(ctx.config.STREAM_SIGNING_SECRET, m.token);
      return {
        accountId: m.accountId,
        uid: m.uid,
        headers: { cookie: `sid=${m.token}; csrf=${csrf}`, 'x-csrf-token': csrf },
      };
    });
  }

  const drawAs = (who: Drawer | null, activityId: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: `${DRAW}?activityId=${encodeURIComponent(activityId)}`,
      headers: { ...(who?.headers ?? {}), ...headers },
    });

  async function winners(activityId: string) {
    return db()
      .selectFrom('draw_winner')
      .selectAll()
      .where('activity_id', '=', activityId)
      .execute();
  }
  async function remaining(activityId: string): Promise<number> {
    const rows = await db()
      .selectFrom('draw_prize')
      .select('remaining')
      .where('activity_id', '=', activityId)
      .execute();
    return rows.reduce((sum, r) => sum + Number(r.remaining), 0);
  }

  it('2,000 users at once plus 50 from one user: exactly 10 winners, nobody twice', async () => {
    const activityId = await addActivity({ prizes: [['紅包大獎', 10]] });
    const crowd = await drawers(2000);
    const eager = crowd[0]!;
    const requests = [
      ...crowd.map((who) => drawAs(who, activityId)),
      ...Array.from({ length: 50 }, () => drawAs(eager, activityId)),
    ];
    // Interleave the eager user's 50 with the crowd.
    const replies = await Promise.all(requests);
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2000);
    expect(statuses.filter((s) => s === 409)).toHaveLength(50);
    const wins = replies
      .filter((r) => r.statusCode === 200)
      .map((r) => drawActivityReplySchema.parse(r.json()).data)
      .filter((d) => d.message === 'win');
    expect(wins).toHaveLength(10);
    expect(wins.every((w) => w.prizeName === '紅包大獎')).toBe(true);
    const recorded = await winners(activityId);
    expect(recorded).toHaveLength(10);
    expect(new Set(recorded.map((w) => w.sub_account_uid)).size).toBe(10);
    expect(await remaining(activityId)).toBe(0);
    const draws = await db()
      .selectFrom('draw')
      .select(['sub_account_uid', 'prize_id'])
      .where('activity_id', '=', activityId)
      .execute();
    expect(draws).toHaveLength(2000);
    expect(draws.filter((d) => d.prize_id !== null)).toHaveLength(10);
  }, 60_000);

  // On PostgreSQL only: two app instances in one process on SQLite share one event loop, which
  // a second connection's busy-wait would block (it passes today because each transaction runs
  // to its end within one turn, but that is luck, not a guarantee worth a flaky test).
  it.runIf(testDialect === 'postgres')(
    'two instances on one database: 600 users plus 30 from one, split between them: exactly 5 winners',
    async () => {
      const activityId = await addActivity({ prizes: [['雙機大獎', 5]] });
      const { url, schema } = ctx.database;
      const database = connect(url, schema ? { schema } : {});
      const other = await buildApp({ config: ctx.config, database, clock: () => ctx.now.value });
      try {
        const crowd = await drawers(600);
        const eager = crowd[0]!;
        const send = (who: Drawer, i: number) =>
          (i % 2 === 0 ? ctx.app : other).inject({
            method: 'GET',
            url: `${DRAW}?activityId=${activityId}`,
            headers: who.headers,
          });
        const replies = await Promise.all([
          ...crowd.map((who, i) => send(who, i)),
          ...Array.from({ length: 30 }, (_, i) => send(eager, i)),
        ]);
        const statuses = replies.map((r) => r.statusCode);
        expect(statuses.filter((s) => s === 200)).toHaveLength(600);
        expect(statuses.filter((s) => s === 409)).toHaveLength(30);
        const recorded = await winners(activityId);
        expect(recorded).toHaveLength(5);
        expect(new Set(recorded.map((w) => w.sub_account_uid)).size).toBe(5);
        expect(await remaining(activityId)).toBe(0);
      } finally {
        await other.close();
        await database.close();
      }
    },
    60_000,
  );

  /** One member account with `n` sub-accounts (the first primary), each signed in on its own. */
  async function family(n: number): Promise<Drawer[]> {
    const [primary] = await drawers(1);
    const now = ctx.now.value;
    const rest = Array.from({ length: n - 1 }, (_, i) => ({
      uid: `${primary!.uid}-s${i + 2}`,
      token: newToken(),
      slot: i + 2,
    }));
    if (rest.length > 0) {
      await db()
        .insertInto('sub_account')
        .values(
          rest.map((r) => ({
            sub_account_uid: r.uid,
            account_id: primary!.accountId,
            slot: r.slot,
            nickname: `家人${r.slot}`,
            kidmode: '0',
            icon_idx: 0,
            is_primary: 0,
            filter_restrict: 'Y',
            created_at: now,
          })),
        )
        .execute();
      await db()
        .insertInto('session')
        .values(
          rest.map((r) => ({
            session_hash: tokenHash(r.token),
            kind: 'web',
            account_id: primary!.accountId,
            sub_account_uid: r.uid,
            created_at: now,
            last_seen_at: now,
            expires_at: now + 86_400,
            device_type: 'PC',
          })),
        )
        .execute();
    }
    return [
      primary!,
      ...rest.map((r) => {
        const csrf = sessionCsrfToken(ctx.config.STREAM_SIGNING_SECRET, r.token);
        return {
          accountId: primary!.accountId,
          uid: r.uid,
          headers: { cookie: `sid=${r.token}; csrf=${csrf}`, 'x-csrf-token': csrf },
        };
      }),
    ];
  }

  // Issue 20 item 2: a draw is one per member account, whichever of its sub-accounts draws.
  it('one draw per member account: 5 sub-accounts × 20 draws at once → one draw, one prize', async () => {
    const activityId = await addActivity({ prizes: [['家庭大獎', 5]] });
    const members = await family(5);
    const neighbours = await family(3);
    const replies = await Promise.all([
      ...Array.from({ length: 20 }, () => members.map((who) => drawAs(who, activityId))).flat(),
      ...neighbours.map((who) => drawAs(who, activityId)),
    ]);
    const mine = replies.slice(0, 100);
    expect(mine.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(mine.filter((r) => r.statusCode === 409)).toHaveLength(99);
    expect(
      mine
        .filter((r) => r.statusCode === 409)
        .every((r) => r.json().status.code === 'DRAW_ALREADY'),
    ).toBe(true);
    // Another family on the same activity is not held back by the first: one draw for it too.
    expect(replies.slice(100).filter((r) => r.statusCode === 200)).toHaveLength(1);
    const recorded = await winners(activityId);
    expect(recorded.filter((w) => w.account_id === members[0]!.accountId)).toHaveLength(1);
    expect(recorded).toHaveLength(2);
    expect(await remaining(activityId)).toBe(3);
    const claims = await db()
      .selectFrom('draw_account')
      .selectAll()
      .where('activity_id', '=', activityId)
      .execute();
    expect(claims.map((c) => c.account_id).sort()).toEqual(
      [members[0]!.accountId, neighbours[0]!.accountId].sort(),
    );
    // Every sub-account of the family is told it drew (isDraw Y): the envelope is not shown again.
    for (const who of members) {
      const list = switchChannelReplySchema.parse(
        (
          await ctx.app.inject({
            url: `${liveCalls.switchChannel}?channelId=ch02`,
            headers: { cookie: who.headers.cookie! },
          })
        ).json(),
      ).data.drawActivity.drawActivityList;
      expect(list.find((a) => a.activityId === activityId)?.isDraw, who.uid).toBe('Y');
    }
  });

  it('sub-accounts made, drawn from and deleted in a loop never win an account a second prize', async () => {
    const activityId = await addActivity({ prizes: [['限量獎品', 5]] });
    const member = await newMember(ctx.app);
    const { browser } = member;
    await browser.get('/ajax/ajaxGetLoginInfo.do');
    const draws: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      const created = await browser.post('/ajax/ajaxCreateSubAccount.do', {
        nickname: `分身${round}`,
      });
      expect(created.statusCode, created.body).toBe(200);
      const uid = created.json().data.subAccount.subAccountUid as string;
      await browser.post('/ajax/ajaxChangeSubAccount.do', { newSubaccountID: uid });
      const res = await browser.get(`${DRAW}?activityId=${activityId}`, {
        'x-csrf-token': browser.cookies.get('csrf')!,
      });
      draws.push(res.statusCode);
      await browser.post('/ajax/ajaxChangeSubAccount.do', { newSubaccountID: member.uid });
      const deleted = await browser.post('/ajax/ajaxDeleteSubAccount.do', {
        newSubaccountID: uid,
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
    }
    // The primary itself, after all its deleted sub-accounts: still the account's one draw.
    const primary = await browser.get(`${DRAW}?activityId=${activityId}`, {
      'x-csrf-token': browser.cookies.get('csrf')!,
    });
    draws.push(primary.statusCode);
    expect(draws).toEqual([200, 409, 409, 409, 409, 409, 409]);
    const recorded = await winners(activityId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.account_id).toBe(member.accountId);
    expect(await remaining(activityId)).toBe(4);
  });

  it('a pool of several prizes is never exceeded, whatever the luck', async () => {
    const activityId = await addActivity({
      prizes: [
        ['頭獎', 1],
        ['二獎', 2],
        ['三獎', 3],
      ],
      odds: 700,
    });
    const crowd = await drawers(200);
    const replies = await Promise.all(crowd.map((who) => drawAs(who, activityId)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const recorded = await winners(activityId);
    expect(recorded.length).toBeLessThanOrEqual(6);
    const byPrize = (name: string) => recorded.filter((w) => w.prize_name === name).length;
    expect(byPrize('頭獎')).toBeLessThanOrEqual(1);
    expect(byPrize('二獎')).toBeLessThanOrEqual(2);
    expect(byPrize('三獎')).toBeLessThanOrEqual(3);
    expect(await remaining(activityId)).toBe(6 - recorded.length);
  });

  it('refuses draws outside the window, with the clock moved to each edge', async () => {
    const start = ctx.now.value + 1000;
    const activityId = await addActivity({ start, end: start + 300 });
    const [who, other, late] = await drawers(3);
    const saved = ctx.now.value;
    try {
      ctx.now.value = start - 1;
      const early = await drawAs(who!, activityId);
      expect(early.statusCode).toBe(409);
      expect(early.json().status.code).toBe('DRAW_NOT_OPEN');
      ctx.now.value = start;
      expect((await drawAs(who!, activityId)).statusCode).toBe(200);
      ctx.now.value = start + 299;
      expect((await drawAs(other!, activityId)).statusCode).toBe(200);
      ctx.now.value = start + 300;
      const after = await drawAs(late!, activityId);
      expect(after.statusCode).toBe(409);
      expect(after.json().status.code).toBe('DRAW_NOT_OPEN');
    } finally {
      ctx.now.value = saved;
    }
  });

  it('one draw per user: the second is refused', async () => {
    const activityId = await addActivity();
    const [who] = await drawers(1);
    expect((await drawAs(who!, activityId)).statusCode).toBe(200);
    const again = await drawAs(who!, activityId);
    expect(again.statusCode).toBe(409);
    expect(again.json().status).toEqual({
      code: 'DRAW_ALREADY',
      message: '您已經抽過這個紅包了。',
    });
  });

  it('anonymous: 401 with message notLogin, never cached', async () => {
    const activityId = await addActivity();
    const browser = new TestBrowser(ctx.app);
    await browser.get('/ajax/ajaxGetLoginInfo.do');
    const res = await browser.get(`${DRAW}?activityId=${activityId}`, {
      'x-csrf-token': browser.cookies.get('csrf')!,
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: { code: 'NOT_LOGGED_IN', message: '您未登入' },
      data: { message: 'notLogin', prizeName: '' },
    });
  });

  it('needs the CSRF header (a GET that changes state): 403 without it or with another', async () => {
    const activityId = await addActivity();
    const [who] = await drawers(1);
    const cookieOnly = { cookie: who!.headers.cookie! };
    const missing = await ctx.app.inject({
      method: 'GET',
      url: `${DRAW}?activityId=${activityId}`,
      headers: cookieOnly,
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().status.code).toBe('CSRF_REJECTED');
    const wrong = await drawAs(who!, activityId, {
      'x-csrf-token': sessionCsrfToken(ctx.config.STREAM_SIGNING_SECRET, 'another-session'),
    });
    expect(wrong.statusCode).toBe(403);
    const crossSite = await drawAs(who!, activityId, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    expect(
      await db().selectFrom('draw').selectAll().where('activity_id', '=', activityId).execute(),
    ).toEqual([]);
    expect((await drawAs(who!, activityId)).statusCode).toBe(200);
  });

  it('bad input: missing, malformed, overlong, NUL → 400 envelope; unknown → 404', async () => {
    const [who] = await drawers(1);
    for (const query of [
      '',
      '?activityId=',
      '?activityId=%3Cscript%3E',
      `?activityId=${'a'.repeat(65)}`,
      '?activityId=a%00b',
      '?activityId=a&extra=1',
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `${DRAW}${query}`,
        headers: who!.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status.code, query).toMatch(/^BAD_/);
    }
    const unknown = await drawAs(who!, 'NO-SUCH-ACTIVITY');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().status.message).toBe('找不到這個抽獎活動。');
  });

  it('a POST is not the draw (405 or 404, never a draw)', async () => {
    const activityId = await addActivity();
    const member = await newMember(ctx.app);
    const res = await member.browser.post(`${DRAW}?activityId=${activityId}`);
    expect([404, 405]).toContain(res.statusCode);
  });

  it('switch-channel lists the activities with countdowns, isDraw per viewer, Taipei start time', async () => {
    const start = ctx.now.value + 120;
    const activityId = await addActivity({ start, end: start + 300 });
    const member = await newMember(ctx.app);
    const list = async (browser: TestBrowser) =>
      switchChannelReplySchema
        .parse((await browser.get(`${liveCalls.switchChannel}?channelId=ch02`)).json())
        .data.drawActivity.drawActivityList.find((a) => a.activityId === activityId);
    expect(await list(member.browser)).toEqual({
      activityId,
      startCountdownSecond: 120,
      endCountdownSecond: 420,
      isDraw: 'N',
      startTime: '2026-11-22 12:02:00',
    });
    const saved = ctx.now.value;
    try {
      ctx.now.value = start + 10;
      await member.browser.get('/ajax/ajaxGetLoginInfo.do');
      const res = await member.browser.get(`${DRAW}?activityId=${activityId}`, {
        'x-csrf-token': member.browser.cookies.get('csrf')!,
      });
      expect(res.statusCode).toBe(200);
      expect(await list(member.browser)).toMatchObject({
        isDraw: 'Y',
        startCountdownSecond: -10,
        endCountdownSecond: 290,
      });
      expect(await list(new TestBrowser(ctx.app))).toMatchObject({ isDraw: 'N' });
    } finally {
      ctx.now.value = saved;
    }
  });

  it('the demo channel ch01 has a red envelope open or coming within 15 minutes', async () => {
    const data = switchChannelReplySchema.parse(
      (await ctx.app.inject(`${liveCalls.switchChannel}?channelId=ch01`)).json(),
    ).data;
    const next = data.drawActivity.drawActivityList.find((a) => a.endCountdownSecond > 0);
    expect(next).toBeDefined();
    expect(next!.startCountdownSecond).toBeLessThanOrEqual(15 * 60);
  });
});
