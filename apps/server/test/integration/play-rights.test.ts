import { playRightReplySchema } from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { newEntitlement, newMember, newTitle, useTestApp } from '../support/index.js';

const PLAY_RIGHT = '/ajax/ajaxFindVideoPlayRight.do';
const HOUR = 3600;

/**
 * Issue 11 item 1: the one play right with rentals, purchases and the monthly service, with the
 * clock moved to each window's edges (ADR 0019).
 */
describe('play rights: rentals, purchases, monthly service', () => {
  const ctx = useTestApp({ seed: true });
  let member: Awaited<ReturnType<typeof newMember>>;
  let stranger: Awaited<ReturnType<typeof newMember>>;
  const db = () => ctx.database.db;
  const play = (
    who: { browser: { get(url: string): Promise<{ statusCode: number; body: string }> } },
    id: string,
  ) => who.browser.get(`${PLAY_RIGHT}?contentId=${id}`);
  const firstPlayed = async (contentId: string) =>
    await db()
      .selectFrom('entitlement')
      .select(['first_played_at', 'expires_at'])
      .where('content_id', '=', contentId)
      .where('account_id', '=', member.accountId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    member = await newMember(ctx.app);
    stranger = await newMember(ctx.app);
    await db()
      .insertInto('monthly_service')
      .values({ service_id: 'SVC-T', name: '測試月租', price: 199, period_days: 30 })
      .execute();
  });

  it('a paid title needs a login, then a right; the message says which', async () => {
    await newTitle(db(), { content_id: 'PR-RENT0', sell_type: 'RENT', dtr_price: 50 });
    await newTitle(db(), { content_id: 'PR-BUY0', sell_type: 'BUY', dtr_price: 250 });
    const anonymous = await ctx.app.inject(`${PLAY_RIGHT}?contentId=PR-RENT0`);
    expect(anonymous.statusCode).toBe(401);
    const rent = await play(member, 'PR-RENT0');
    expect(rent.statusCode).toBe(403);
    expect(JSON.parse(rent.body).status.message).toContain('租借');
    expect(JSON.parse((await play(member, 'PR-BUY0')).body).status.message).toContain('購買');
  });

  it('a rental starts within 168 h: 1 s before the edge it starts, 1 s after it cannot', async () => {
    const granted = ctx.now.value;
    for (const id of ['PR-RENT1', 'PR-RENT2']) {
      await newTitle(db(), { content_id: id, sell_type: 'RENT', dtr_price: 50 });
      await newEntitlement(db(), {
        accountId: member.accountId,
        contentId: id,
        kind: 'rent',
        grantedAt: granted,
      });
    }
    try {
      ctx.now.value = granted + 168 * HOUR - 1;
      expect((await play(member, 'PR-RENT1')).statusCode).toBe(200);
      ctx.now.value = granted + 168 * HOUR + 1;
      expect((await play(member, 'PR-RENT2')).statusCode).toBe(403);
      expect((await firstPlayed('PR-RENT2')).first_played_at).toBeNull();
    } finally {
      ctx.now.value = granted;
    }
  });

  it('a started rental ends 48 h after its first play: 1 s before plays, 1 s after does not', async () => {
    const granted = ctx.now.value;
    await newTitle(db(), { content_id: 'PR-RENT3', sell_type: 'RENT', dtr_price: 50 });
    await newEntitlement(db(), {
      accountId: member.accountId,
      contentId: 'PR-RENT3',
      kind: 'rent',
      grantedAt: granted,
    });
    try {
      const firstPlay = granted + 10 * HOUR;
      ctx.now.value = firstPlay;
      expect((await play(member, 'PR-RENT3')).statusCode).toBe(200);
      expect(await firstPlayed('PR-RENT3')).toEqual({
        first_played_at: firstPlay,
        expires_at: firstPlay + 48 * HOUR,
      });
      ctx.now.value = firstPlay + 48 * HOUR - 1;
      expect((await play(member, 'PR-RENT3')).statusCode).toBe(200);
      // A later play does not move the clock.
      expect((await firstPlayed('PR-RENT3')).first_played_at).toBe(firstPlay);
      ctx.now.value = firstPlay + 48 * HOUR + 1;
      expect((await play(member, 'PR-RENT3')).statusCode).toBe(403);
    } finally {
      ctx.now.value = granted;
    }
  });

  it('browsing the title, the lists and the rental list does not start the clock', async () => {
    await newTitle(db(), { content_id: 'PR-RENT4', sell_type: 'RENT', dtr_price: 50 });
    await newEntitlement(db(), {
      accountId: member.accountId,
      contentId: 'PR-RENT4',
      kind: 'rent',
      grantedAt: ctx.now.value,
    });
    for (const url of [
      '/details/PR-RENT4/PR-RENT4',
      '/ajax/ajaxFindVideoContentBrief.do?contentId=PR-RENT4',
      '/ajax/ajaxFindRentalVideoList2.do',
      '/ajax/ajaxFindVideoListCount.do',
    ]) {
      await member.browser.get(url);
    }
    expect((await firstPlayed('PR-RENT4')).first_played_at).toBeNull();
  });

  it('twenty first plays at once start the clock once', async () => {
    await newTitle(db(), { content_id: 'PR-RENT5', sell_type: 'RENT', dtr_price: 50 });
    await newEntitlement(db(), {
      accountId: member.accountId,
      contentId: 'PR-RENT5',
      kind: 'rent',
      grantedAt: ctx.now.value - 5 * HOUR,
    });
    const replies = await Promise.all(Array.from({ length: 20 }, () => play(member, 'PR-RENT5')));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await firstPlayed('PR-RENT5')).toEqual({
      first_played_at: ctx.now.value,
      expires_at: ctx.now.value + 48 * HOUR,
    });
  });

  it('a purchase is permanent; nobody else’s right counts', async () => {
    await newTitle(db(), { content_id: 'PR-BUY1', sell_type: 'BUY', dtr_price: 250 });
    // Bought three years ago (moving the clock that far would end the test's sessions).
    await newEntitlement(db(), {
      accountId: member.accountId,
      contentId: 'PR-BUY1',
      kind: 'buy',
      grantedAt: ctx.now.value - 3 * 365 * 24 * HOUR,
    });
    expect((await play(member, 'PR-BUY1')).statusCode).toBe(200);
    expect((await play(stranger, 'PR-BUY1')).statusCode).toBe(403);
  });

  it('a monthly service plays its titles until the paid period ends', async () => {
    await newTitle(db(), { content_id: 'PR-MON1', sell_type: 'MONTHLY', dtr_price: 0 });
    await newTitle(db(), { content_id: 'PR-MON2', sell_type: 'MONTHLY', dtr_price: 0 });
    await db()
      .insertInto('service_title')
      .values({ service_id: 'SVC-T', content_id: 'PR-MON1' })
      .execute();
    const paidUntil = ctx.now.value + 24 * HOUR;
    await db()
      .insertInto('subscription')
      .values({
        account_id: member.accountId,
        service_id: 'SVC-T',
        paid_until: paidUntil,
        updated_at: ctx.now.value,
      })
      .execute();
    const start = ctx.now.value;
    try {
      expect((await play(member, 'PR-MON1')).statusCode).toBe(200);
      // A monthly title outside this service is not covered.
      expect((await play(member, 'PR-MON2')).statusCode).toBe(403);
      expect((await play(stranger, 'PR-MON1')).statusCode).toBe(403);
      ctx.now.value = paidUntil - 1;
      expect((await play(member, 'PR-MON1')).statusCode).toBe(200);
      ctx.now.value = paidUntil;
      const after = await play(member, 'PR-MON1');
      expect(after.statusCode).toBe(403);
      expect(JSON.parse(after.body).status.message).toContain('月租');
    } finally {
      ctx.now.value = start;
    }
  });

  it('a series right covers its episodes; an episode right covers that episode only', async () => {
    await newTitle(db(), {
      content_id: 'PR-SER',
      kind: 'series',
      sell_type: 'RENT',
      dtr_price: 90,
    });
    for (const n of [1, 2]) {
      await newTitle(db(), {
        content_id: `PR-SER-E${n}`,
        kind: 'episode',
        series_id: 'PR-SER',
        season_no: 1,
        episode_no: n,
        sell_type: 'RENT',
        dtr_price: 30,
      });
    }
    await newEntitlement(db(), {
      accountId: stranger.accountId,
      contentId: 'PR-SER-E2',
      kind: 'buy',
      grantedAt: ctx.now.value,
    });
    expect((await play(stranger, 'PR-SER-E2')).statusCode).toBe(200);
    expect((await play(stranger, 'PR-SER-E1')).statusCode).toBe(403);
    await newEntitlement(db(), {
      accountId: member.accountId,
      contentId: 'PR-SER',
      kind: 'buy',
      grantedAt: ctx.now.value,
    });
    expect((await play(member, 'PR-SER-E1')).statusCode).toBe(200);
    const series = await member.browser.get(`${PLAY_RIGHT}?contentId=PR-SER&isSeries=Y`);
    expect(playRightReplySchema.parse(JSON.parse(series.body)).data.contentId).toBe('PR-SER-E1');
  });
});
