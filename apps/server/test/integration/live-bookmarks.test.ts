import { liveCalls, siteCalls } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { TestBrowser, newMember, useTestApp } from '../support/index.js';

const GET = liveCalls.getLiveBookmark;
const LIMIT = 200;

/**
 * Issue 20 item 8 (docs/adr/0025, 2026-11-26): ajaxGetLiveBookmark.do keeps one bookmark per
 * member, channel and play however many calls arrive at once, and an account may start at most
 * RATE_LIMIT_LIVE_BOOKMARK_PER_ACCOUNT plays a minute (its sub-accounts together).
 */
describe('live bookmarks: one per member, channel and play', () => {
  const ctx = useTestApp({
    seed: true,
    env: { RATE_LIMIT_LIVE_BOOKMARK_PER_ACCOUNT: String(LIMIT) },
  });
  const db = () => ctx.database.db;
  const rowsOf = (uid: string) =>
    db().selectFrom('live_bookmark').selectAll().where('sub_account_uid', '=', uid).execute();
  const play = (n: number) => `play-${String(n).padStart(6, '0')}-abcdef`;

  async function ready(browser: TestBrowser) {
    await browser.get(siteCalls.getLoginInfo);
    return browser;
  }

  it('150 calls at once for one play: all answered with the same bookmark, one row', async () => {
    const member = await newMember(ctx.app);
    const browser = await ready(member.browser);
    const replies = await Promise.all(
      Array.from({ length: 150 }, () => browser.post(GET, { channelId: 'ch01', playId: play(1) })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array<number>(150).fill(200));
    const ids = new Set(replies.map((r) => r.json().data.bookmark_id as string));
    expect(ids.size).toBe(1);
    const rows = await rowsOf(member.uid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      bookmark_id: [...ids][0],
      channel_id: 'ch01',
      play_id: play(1),
      account_id: member.accountId,
    });
    // The play goes on with its bookmark: a beat is counted on the one row.
    const beat = await browser.post(liveCalls.insertLiveBookmark, {
      channelId: 'ch01',
      bookmarkId: [...ids][0],
    });
    expect(beat.json().status.code).toBe('0');
  });

  it('150 calls at once without a play id (the SPEC shape): one row per member and channel', async () => {
    const member = await newMember(ctx.app);
    const browser = await ready(member.browser);
    const replies = await Promise.all([
      ...Array.from({ length: 150 }, () => browser.post(GET, { channelId: 'ch01' })),
      browser.post(GET, { channelId: 'ch02' }),
    ]);
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const rows = await rowsOf(member.uid);
    expect(rows.map((r) => [r.channel_id, r.play_id]).sort()).toEqual([
      ['ch01', ''],
      ['ch02', ''],
    ]);
    // Another member on the same channel has a bookmark of their own.
    const other = await newMember(ctx.app);
    const theirs = await (await ready(other.browser)).post(GET, { channelId: 'ch01' });
    expect(theirs.json().data.bookmark_id).not.toBe(replies[0]!.json().data.bookmark_id);
    expect(await rowsOf(other.uid)).toHaveLength(1);
  });

  it('new plays are limited per member account, its sub-accounts together (429 with Retry-After)', async () => {
    const member = await newMember(ctx.app);
    const primary = await ready(member.browser);
    // A second browser of the same account, on a new sub-account.
    const second = await ready(new TestBrowser(ctx.app));
    const login = await second.post(siteCalls.login, {
      loginId: member.loginId,
      password: member.password,
    });
    expect(login.statusCode, login.body).toBe(200);
    const created = await primary.post(siteCalls.createSubAccount, { nickname: '家人' });
    const otherUid = created.json().data.subAccount.subAccountUid as string;
    await second.post(siteCalls.changeSubAccount, { newSubaccountID: otherUid });
    const replies = await Promise.all(
      Array.from({ length: LIMIT + 50 }, (_, i) =>
        (i % 2 === 0 ? primary : second).post(GET, { channelId: 'ch01', playId: play(i) }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(50);
    expect(refused[0]!.json().status).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: '操作太頻繁，請稍候再試。',
    });
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await db()
      .selectFrom('live_bookmark')
      .select('bookmark_id')
      .where('account_id', '=', member.accountId)
      .execute();
    expect(rows).toHaveLength(LIMIT);
    // Another account is not held back by this one.
    const neighbour = await newMember(ctx.app);
    const theirs = await (await ready(neighbour.browser)).post(GET, { channelId: 'ch01' });
    expect(theirs.statusCode).toBe(200);
    // The next minute, the account may start plays again.
    const saved = ctx.now.value;
    try {
      ctx.now.value += 60;
      const later = await primary.post(GET, { channelId: 'ch01', playId: play(9999) });
      expect(later.statusCode).toBe(200);
    } finally {
      ctx.now.value = saved;
    }
  });

  it('a malformed play id is a 400 envelope in zh-TW; nothing is written', async () => {
    const member = await newMember(ctx.app);
    const browser = await ready(member.browser);
    for (const playId of [
      'short',
      'x'.repeat(65),
      '<script>alert(1)</script>',
      'abc\u0000defghij',
      42,
    ]) {
      const res = await browser.post(GET, { channelId: 'ch01', playId });
      expect(res.statusCode, String(playId)).toBe(400);
      expect(res.json().status.code, String(playId)).toMatch(/^BAD_/);
      expect(res.json().status.message, String(playId)).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(await rowsOf(member.uid)).toEqual([]);
  });

  it('visitors leave no row however many calls they make', async () => {
    const visitor = await ready(new TestBrowser(ctx.app));
    const before = await db().selectFrom('live_bookmark').select('bookmark_id').execute();
    const replies = await Promise.all(
      Array.from({ length: 150 }, () => visitor.post(GET, { channelId: 'ch01', playId: play(7) })),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    const after = await db().selectFrom('live_bookmark').select('bookmark_id').execute();
    expect(after).toHaveLength(before.length);
  });
});
