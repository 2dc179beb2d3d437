import {
  announceQueueReplySchema,
  engagementCalls,
  inboxListReplySchema,
  inboxUnreadReplySchema,
} from '@site/contract';
import { describe, expect, it } from 'vitest';
import { TestBrowser, newMember, useTestApp } from '../support/index.js';

const LIST = engagementCalls.findInboxMessageList;
const UPDATE = engagementCalls.updateMsg;
const UNREAD = engagementCalls.findInboxUnreadCount;
const ANNOUNCE = engagementCalls.findActAnnounceQueue;

/** Issue 14 item 3 (docs/adr/0026): inbox, unread count, ajaxUpdateMsg, announcements; draw limits. */
describe('inbox and announcements', () => {
  const ctx = useTestApp({ seed: true });
  let sent = 0;

  async function message(accountId: string | null, title = '測試訊息'): Promise<string> {
    sent += 1;
    const msgId = `MSG-T${sent}`;
    await ctx.database.db
      .insertInto('inbox_message')
      .values({
        msg_id: msgId,
        account_id: accountId,
        title,
        content: '內容',
        sent_at: ctx.now.value - 1000 + sent,
      })
      .execute();
    return msgId;
  }
  const list = async (browser: TestBrowser) =>
    inboxListReplySchema.parse((await browser.get(LIST)).json()).data;

  it('the demo member has messages (theirs and everyone’s), newest first, all unread', async () => {
    const demo = new TestBrowser(ctx.app);
    const login = await demo.post('/ajax/ajaxLogin.do', {
      loginId: 'demo@example.com',
      password: 'demo1234',
    });
    expect(login.statusCode).toBe(200);
    const data = await list(demo);
    expect(data.messageList.map((m) => m.msgId)).toEqual([
      'MSG-DEMO-3',
      'MSG-DEMO-2',
      'MSG-DEMO-1',
      'MSG-WELCOME',
    ]);
    expect(data.unreadCount).toBe(4);
  });

  it('mark read and deleted: the list, the unread count; only for the caller', async () => {
    const member = await newMember(ctx.app);
    const [a, b, c] = [
      await message(member.accountId),
      await message(member.accountId),
      await message(member.accountId),
    ];
    const unread = async () =>
      inboxUnreadReplySchema.parse((await member.browser.get(UNREAD)).json()).data.unreadCount;
    const before = await unread();
    const read = await member.browser.post(UPDATE, { msgIds: `${a},${b}`, status: 'read' });
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ updated: 2 });
    expect(await unread()).toBe(before - 2);
    const del = await member.browser.post(UPDATE, { msgIds: b, status: 'deleted' });
    expect(del.json().data).toEqual({ updated: 1 });
    const after = await list(member.browser);
    expect(after.messageList.map((m) => m.msgId)).not.toContain(b);
    expect(after.messageList.find((m) => m.msgId === a)?.status).toBe('read');
    expect(after.messageList.find((m) => m.msgId === c)?.status).toBe('unread');
    // A deleted message stays deleted.
    await member.browser.post(UPDATE, { msgIds: b, status: 'read' });
    expect((await list(member.browser)).messageList.map((m) => m.msgId)).not.toContain(b);
  });

  it("another member's ids: 404 and nothing changes, not even the caller's own in the same call", async () => {
    const [owner, intruder] = [await newMember(ctx.app), await newMember(ctx.app)];
    const theirs = await message(owner.accountId);
    const mine = await message(intruder.accountId);
    const res = await intruder.browser.post(UPDATE, {
      msgIds: `${mine},${theirs}`,
      status: 'deleted',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().status.code).toBe('NOT_FOUND');
    expect((await list(owner.browser)).messageList.find((m) => m.msgId === theirs)?.status).toBe(
      'unread',
    );
    expect((await list(intruder.browser)).messageList.find((m) => m.msgId === mine)?.status).toBe(
      'unread',
    );
    expect((await list(intruder.browser)).messageList.map((m) => m.msgId)).not.toContain(theirs);
  });

  it('bad input → 400 envelope; visitors → 401; GET of the update → 405', async () => {
    const member = await newMember(ctx.app);
    for (const body of [
      { msgIds: '', status: 'read' },
      { msgIds: 'MSG-1', status: 'archived' },
      { msgIds: 'MSG-1,<x>', status: 'read' },
      { msgIds: 'a\u0000b', status: 'read' },
      { msgIds: Array.from({ length: 101 }, (_, i) => `M${i}`).join(','), status: 'read' },
      { msgIds: 'x'.repeat(7000), status: 'read' },
      { msgIds: 'MSG-1', status: 'read', extra: 1 },
    ]) {
      const res = await member.browser.post(UPDATE, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().status.message).toMatch(/[\u4e00-\u9fff]/);
    }
    const malformed = await member.browser.post(UPDATE, {}, { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    const visitor = new TestBrowser(ctx.app);
    expect((await visitor.get(LIST)).statusCode).toBe(401);
    expect((await visitor.post(UPDATE, { msgIds: 'MSG-WELCOME', status: 'read' })).statusCode).toBe(
      401,
    );
    expect(inboxUnreadReplySchema.parse((await visitor.get(UNREAD)).json()).data.unreadCount).toBe(
      0,
    );
    expect((await member.browser.get(`${UPDATE}?msgIds=a&status=read`)).statusCode).toBe(405);
  });

  it('announcements: each shown once per user', async () => {
    const [one, two] = [await newMember(ctx.app), await newMember(ctx.app)];
    const queue = async (browser: TestBrowser) =>
      announceQueueReplySchema
        .parse((await browser.get(ANNOUNCE)).json())
        .data.announceList.map((a) => a.announceId);
    expect(await queue(one.browser)).toEqual(['ANN-DEMO-1']);
    expect(await queue(one.browser)).toEqual([]);
    expect(await queue(two.browser)).toEqual(['ANN-DEMO-1']);
    // Ten calls at once from a new user: the seen row is written once, the queue then empty.
    const three = await newMember(ctx.app);
    await Promise.all(Array.from({ length: 10 }, () => three.browser.get(ANNOUNCE)));
    expect(await queue(three.browser)).toEqual([]);
    // Visitors get what is in force (the page remembers what it showed).
    expect(await queue(new TestBrowser(ctx.app))).toEqual(['ANN-DEMO-1']);
  });

  it('draws are limited to 10 a minute per user (429 with Retry-After)', async () => {
    const member = await newMember(ctx.app);
    await member.browser.get('/ajax/ajaxGetLoginInfo.do');
    const csrf = member.browser.cookies.get('csrf')!;
    const codes: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await member.browser.get(
        `${engagementCalls.drawActivity}?activityId=NO-SUCH-${i}`,
        {
          'x-csrf-token': csrf,
        },
      );
      codes.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(codes).toEqual([...Array<number>(10).fill(404), 429, 429]);
  });
  // Issue 20 item 2: the limit counts per member account, its sub-accounts together.
  it('the draw limit is per member account: a new sub-account does not get ten more', async () => {
    const member = await newMember(ctx.app);
    const { browser } = member;
    await browser.get('/ajax/ajaxGetLoginInfo.do');
    const drawOnce = async (i: number) =>
      (
        await browser.get(`${engagementCalls.drawActivity}?activityId=NO-SUCH-${i}`, {
          'x-csrf-token': browser.cookies.get('csrf')!,
        })
      ).statusCode;
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) codes.push(await drawOnce(i));
    const created = await browser.post('/ajax/ajaxCreateSubAccount.do', { nickname: '另一人' });
    await browser.post('/ajax/ajaxChangeSubAccount.do', {
      newSubaccountID: created.json().data.subAccount.subAccountUid,
    });
    for (let i = 6; i < 12; i += 1) codes.push(await drawOnce(i));
    expect(codes).toEqual([...Array<number>(10).fill(404), 429, 429]);
  });
});
