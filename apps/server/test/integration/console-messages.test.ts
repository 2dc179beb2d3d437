import { inboxListReplySchema, inboxUnreadReplySchema } from '@site/contract';
import { consoleMessageCalls, type ConsoleMessage } from '@site/contract/console';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVICE_ID } from '../../src/demo/vouchers.js';
import { newEntitlement } from '../support/factories.js';
import type { TestBrowser } from '../support/index.js';
import { newMember, signedInStaff, useTestApp } from '../support/index.js';

const LIST = '/ajax/ajaxFindInboxMessageList.do';
const UNREAD = '/ajax/ajaxFindInboxUnreadCount.do';
const UPDATE = '/ajax/ajaxUpdateMsg.do';
const MESSAGES = consoleMessageCalls.listMessages.path;
const ANNOUNCEMENTS = consoleMessageCalls.listAnnouncements.path;
const DAY = 86_400;

/** Issue 25 item 8 (docs/adr/0046): messages and announcements from the console. */
describe('console messages', () => {
  const ctx = useTestApp({ seed: true });

  const inbox = async (browser: TestBrowser) =>
    inboxListReplySchema.parse((await browser.get(LIST)).json()).data.messageList;
  const titles = async (browser: TestBrowser) => (await inbox(browser)).map((m) => m.title);
  const marketer = async () => (await signedInStaff(ctx, ['marketing'])).browser;
  const auditCount = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('audit_entry')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const messageCount = async () =>
    Number(
      (
        await ctx.database.db
          .selectFrom('inbox_message')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  async function subscribe(accountId: string, paidUntil: number) {
    await ctx.database.db
      .insertInto('subscription')
      .values({
        account_id: accountId,
        service_id: DEMO_SERVICE_ID,
        paid_until: paidUntil,
        updated_at: ctx.now.value,
      })
      .execute();
  }

  it('a message to members with a monthly service reaches one, not one without; audited', async () => {
    const [subscriber, lapsed, other] = [
      await newMember(ctx.app),
      await newMember(ctx.app),
      await newMember(ctx.app),
    ];
    await subscribe(subscriber.accountId, ctx.now.value + 10 * DAY);
    await subscribe(lapsed.accountId, ctx.now.value - DAY);
    const staff = await marketer();
    const before = await auditCount();
    const res = await staff.post(MESSAGES, {
      audience: 'service',
      title: '月租會員專屬活動',
      content: '本週末加映。',
      contentId: 'M0003',
    });
    expect(res.statusCode, res.body).toBe(200);
    const message = res.json().data.message as ConsoleMessage;
    expect(message).toMatchObject({ audience: 'service', status: 'sent', readCount: 0 });
    expect(message.linkString).toBe('video:M0003|M0003');
    expect(await auditCount()).toBe(before + 1);
    const entry = await ctx.database.db
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity_id', '=', message.msgId)
      .executeTakeFirstOrThrow();
    expect(entry.call).toBe('POST /console/api/messages');
    expect(entry.entity).toBe('inbox_message');

    expect(await titles(subscriber.browser)).toContain('月租會員專屬活動');
    const shown = (await inbox(subscriber.browser)).find((m) => m.msgId === message.msgId)!;
    expect(shown.linkString).toBe('video:M0003|M0003');
    expect(await titles(lapsed.browser)).not.toContain('月租會員專屬活動');
    expect(await titles(other.browser)).not.toContain('月租會員專屬活動');
  });

  it('a message to members whose rental ends within N days', async () => {
    const [ending, later, none] = [
      await newMember(ctx.app),
      await newMember(ctx.app),
      await newMember(ctx.app),
    ];
    // Started a day ago: ends in a day. Granted now, not started: may be started for 7 days.
    await newEntitlement(ctx.database.db, {
      accountId: ending.accountId,
      contentId: 'M0001',
      kind: 'rent',
      grantedAt: ctx.now.value - 2 * DAY,
      firstPlayedAt: ctx.now.value - DAY,
    });
    await newEntitlement(ctx.database.db, {
      accountId: later.accountId,
      contentId: 'M0001',
      kind: 'rent',
      grantedAt: ctx.now.value,
    });
    const res = await (
      await marketer()
    ).post(MESSAGES, {
      audience: 'rentalEnding',
      days: 3,
      title: '租片即將到期',
      content: '別忘了看完。',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await titles(ending.browser)).toContain('租片即將到期');
    expect(await titles(later.browser)).not.toContain('租片即將到期');
    expect(await titles(none.browser)).not.toContain('租片即將到期');
  });

  it('to one member by login id; to everyone; read counts', async () => {
    const [one, two] = [await newMember(ctx.app), await newMember(ctx.app)];
    const staff = await marketer();
    const personal = await staff.post(MESSAGES, {
      audience: 'member',
      loginId: one.loginId,
      title: '給你的訊息',
      content: '只有你看得到。',
    });
    expect(personal.statusCode, personal.body).toBe(200);
    const everyone = await staff.post(MESSAGES, {
      audience: 'all',
      title: '全體公告訊息',
      content: '大家好。',
    });
    expect(everyone.statusCode).toBe(200);
    expect(await titles(one.browser)).toEqual(
      expect.arrayContaining(['給你的訊息', '全體公告訊息']),
    );
    expect(await titles(two.browser)).toContain('全體公告訊息');
    expect(await titles(two.browser)).not.toContain('給你的訊息');

    const allId = everyone.json().data.message.msgId as string;
    await one.browser.post(UPDATE, { msgIds: allId, status: 'read' });
    await two.browser.post(UPDATE, { msgIds: allId, status: 'deleted' });
    const listed = (await staff.get(`${MESSAGES}?pageSize=100`)).json().data
      .messages as ConsoleMessage[];
    expect(listed.find((m) => m.msgId === allId)).toMatchObject({
      readCount: 1,
      deletedCount: 1,
      status: 'sent',
      audience: 'all',
    });
    const mine = listed.find((m) => m.msgId === personal.json().data.message.msgId)!;
    expect(mine.audience).toBe('member');
    expect(mine.member).toMatch(/\*\*\*/);
  });

  it('a scheduled message shows only from its time; it may be withdrawn before', async () => {
    const member = await newMember(ctx.app);
    const staff = await marketer();
    // Ten minutes ahead (the staff session stays open: 30 minutes idle).
    const at = ctx.now.value + 600;
    const res = await staff.post(MESSAGES, {
      audience: 'all',
      title: '預約訊息',
      content: '十分鐘後送出。',
      sendAt: at,
    });
    expect(res.json().data.message.status).toBe('scheduled');
    const unread = async () =>
      inboxUnreadReplySchema.parse((await member.browser.get(UNREAD)).json()).data.unreadCount;
    const unreadBefore = await unread();
    expect(await titles(member.browser)).not.toContain('預約訊息');
    const msgId = res.json().data.message.msgId as string;
    // Not visible yet: marking it is refused as an unknown id.
    expect((await member.browser.post(UPDATE, { msgIds: msgId, status: 'read' })).statusCode).toBe(
      404,
    );
    const saved = ctx.now.value;
    try {
      ctx.now.value = at;
      expect(await titles(member.browser)).toContain('預約訊息');
      expect(await unread()).toBe(unreadBefore + 1);
      // Sent: it cannot be withdrawn.
      const late = await staff.call('DELETE', `${MESSAGES}/${msgId}`);
      expect(late.statusCode).toBe(409);
    } finally {
      ctx.now.value = saved;
    }
    const second = await staff.post(MESSAGES, {
      audience: 'all',
      title: '撤回的訊息',
      content: '不會送出。',
      sendAt: at,
    });
    const secondId = second.json().data.message.msgId as string;
    const withdrawn = await staff.call('DELETE', `${MESSAGES}/${secondId}`);
    expect(withdrawn.statusCode).toBe(200);
    ctx.now.value = at;
    try {
      expect(await titles(member.browser)).not.toContain('撤回的訊息');
    } finally {
      ctx.now.value = saved;
    }
  });

  it('a kid sub-account sees nothing, whatever the audience', async () => {
    const { browser, accountId } = await newMember(ctx.app);
    await subscribe(accountId, ctx.now.value + 10 * DAY);
    const staff = await marketer();
    await staff.post(MESSAGES, { audience: 'service', title: '給大人', content: '內容' });
    expect(await titles(browser)).toContain('給大人');
    const kid = await browser.post('/ajax/ajaxCreateSubAccount.do', {
      nickname: '小孩',
      kidmode: '1',
    });
    await browser.post('/ajax/ajaxChangeSubAccount.do', {
      newSubaccountID: kid.json().data.subAccount.subAccountUid,
    });
    expect((await browser.get(LIST)).statusCode).toBe(403);
    expect(inboxUnreadReplySchema.parse((await browser.get(UNREAD)).json()).data.unreadCount).toBe(
      0,
    );
  });

  it('bad input is refused with nothing saved', async () => {
    const staff = await marketer();
    const [messages, audits] = [await messageCount(), await auditCount()];
    const cases: [object, string][] = [
      [{ audience: 'all', title: '標題', content: '' }, 'content'],
      [{ audience: 'all', title: '   ', content: '內容' }, 'title'],
      [{ audience: 'everyone', title: '標題', content: '內容' }, 'audience'],
      [{ audience: 'rentalEnding', title: '標題', content: '內容' }, 'days'],
      [{ audience: 'rentalEnding', days: 0, title: '標題', content: '內容' }, 'days'],
      [{ audience: 'member', title: '標題', content: '內容' }, 'loginId'],
      [
        { audience: 'member', loginId: 'nobody@example.com', title: '標題', content: '內容' },
        'loginId',
      ],
      [{ audience: 'all', title: '標題', content: '內容', sendAt: ctx.now.value - DAY }, 'sendAt'],
      [
        { audience: 'all', title: '標題', content: '內容', sendAt: ctx.now.value + 400 * DAY },
        'sendAt',
      ],
      [{ audience: 'all', title: '標題', content: '內容', contentId: 'NOPE' }, 'contentId'],
      [{ audience: 'all', title: '標題', content: 'x'.repeat(2001) }, 'content'],
      [{ audience: 'all', title: '標題', content: '內容', extra: 1 }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await staff.post(MESSAGES, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) {
        const fields = (res.json().data?.fields ?? []) as { name: string }[];
        expect(
          fields.map((f) => f.name),
          JSON.stringify(body),
        ).toContain(field);
      }
    }
    expect(await messageCount()).toBe(messages);
    expect(await auditCount()).toBe(audits);
  });

  it('roles: customer care, content editors and others are refused; the auditor reads', async () => {
    for (const role of [
      'customer_care',
      'content_editor',
      'channel_scheduler',
      'finance',
    ] as const) {
      const { browser } = await signedInStaff(ctx, [role]);
      expect((await browser.get(MESSAGES)).statusCode, role).toBe(403);
      expect(
        (await browser.post(MESSAGES, { audience: 'all', title: '標題', content: '內容' }))
          .statusCode,
        role,
      ).toBe(403);
    }
    const auditor = (await signedInStaff(ctx, ['auditor'])).browser;
    expect((await auditor.get(MESSAGES)).statusCode).toBe(200);
    expect(
      (await auditor.post(MESSAGES, { audience: 'all', title: '標題', content: '內容' }))
        .statusCode,
    ).toBe(403);
  });

  it('announcements: added with a window, shown within it, changed on the version seen', async () => {
    const staff = await marketer();
    const bad = await staff.post(ANNOUNCEMENTS, {
      title: '公告',
      content: '內容',
      startAt: ctx.now.value + 100,
      endAt: ctx.now.value,
    });
    expect(bad.statusCode).toBe(400);
    const res = await staff.post(ANNOUNCEMENTS, {
      title: '新公告',
      content: '維護通知',
      startAt: ctx.now.value - 60,
      endAt: ctx.now.value + DAY,
    });
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().data.announcement;
    expect(made).toMatchObject({ status: 'showing', seenCount: 0, version: 0 });
    const member = await newMember(ctx.app);
    const queue = (await member.browser.get('/ajax/ajaxFindActAnnounceQueue.do')).json().data
      .announceList as { announceId: string }[];
    expect(queue.map((a) => a.announceId)).toContain(made.announceId);
    const path = `${ANNOUNCEMENTS}/${made.announceId}`;
    const changed = await staff.call('PUT', path, {
      title: '新公告（更新）',
      content: '維護通知',
      startAt: made.startAt,
      endAt: made.endAt,
      version: 0,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.announcement).toMatchObject({ version: 1, seenCount: 1 });
    const stale = await staff.call('PUT', path, {
      title: '舊版本',
      content: '維護通知',
      startAt: made.startAt,
      endAt: made.endAt,
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.code).toBe('STALE_EDIT');
    const listed = (await staff.get(ANNOUNCEMENTS)).json().data.announcements as {
      announceId: string;
      title: string;
    }[];
    expect(listed.find((a) => a.announceId === made.announceId)?.title).toBe('新公告（更新）');
  });
});
