import { switchChannelReplySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/index.js';

/** TEST_NOW's Taipei midnight (2026-11-22, a Sunday). */
const SUNDAY_MIDNIGHT = 1_795_276_800;

/** Issue 20 items 16 and 18: the page shell's answers, and what the live page is told. */
describe('page states in the page shell', () => {
  const ctx = useTestApp({ seed: true });

  it('/play of an unknown title answers 404 like every other unknown page', async () => {
    const unknown = await ctx.app.inject('/play/ZZZ');
    expect(unknown.statusCode).toBe(404);
    expect((await ctx.app.inject('/no-such-page')).statusCode).toBe(404);
  });

  it('/play of a known title answers 200, named after the title', async () => {
    const movie = await ctx.app.inject('/play/M0001');
    expect(movie.statusCode).toBe(200);
    expect(movie.body).toContain('<title>午夜列車｜播放｜星河影音</title>');
    expect((await ctx.app.inject('/play/S0001-S1E02')).statusCode).toBe(200);
  });

  it('/account and its old address /account/settings are pages (帳戶設定)', async () => {
    for (const path of ['/account', '/account/settings']) {
      const res = await ctx.app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<title>帳戶設定｜星河影音</title>');
    }
  });

  it('a channel not yet on air says when it starts; one on air does not', async () => {
    const bean = async (channelId: string) => {
      const res = await ctx.app.inject(`/ajax/ajaxSwitchChannel.do?channelId=${channelId}`);
      return switchChannelReplySchema.parse(res.json()).data.channelBean;
    };
    const soon = await bean('ch09');
    expect(soon.channelStatus).toBe('0');
    // The demo's ch09 opens ten days ahead at 20:00 Taipei.
    expect(soon.airStartAt).toBe(
      new Date((SUNDAY_MIDNIGHT + 10 * 86_400 + 20 * 3_600) * 1000).toISOString(),
    );
    expect((await bean('ch01')).airStartAt).toBeUndefined();
    expect((await bean('ch10')).airStartAt).toBeUndefined();
  });
});
