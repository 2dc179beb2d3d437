import { playRightReplySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { newTitle, useTestApp } from '../support/index.js';

const PLAY_RIGHT = '/ajax/ajaxFindVideoPlayRight.do';

describe('play right (free titles)', () => {
  const ctx = useTestApp({ seed: true });
  const ask = (query: string) => ctx.app.inject(`${PLAY_RIGHT}?${query}`);

  it('a free title plays its clip, for anyone', async () => {
    await newTitle(ctx.database.db, { content_id: 'FREE1', clip_id: 'clip-b' });
    const res = await ask('contentId=FREE1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(playRightReplySchema.parse(res.json()).data).toMatchObject({
      contentId: 'FREE1',
      playRight: 'Y',
      videoUrl: expect.stringMatching(/^\/stream\/clip-b\/\d+\/[\w-]{32}\/master\.m3u8$/),
    });
  });

  it('a series plays its first episode', async () => {
    await newTitle(ctx.database.db, { content_id: 'SER1', kind: 'series' });
    await newTitle(ctx.database.db, {
      content_id: 'SER1-E2',
      kind: 'episode',
      series_id: 'SER1',
      season_no: 1,
      episode_no: 2,
    });
    await newTitle(ctx.database.db, {
      content_id: 'SER1-E1',
      kind: 'episode',
      series_id: 'SER1',
      season_no: 1,
      episode_no: 1,
    });
    const reply = playRightReplySchema.parse((await ask('contentId=SER1&isSeries=Y')).json());
    expect(reply.data.contentId).toBe('SER1-E1');
  });

  it('a rental, a restricted title and a title off the shelf are refused', async () => {
    await newTitle(ctx.database.db, { content_id: 'RENT1', sell_type: 'RENT', dtr_price: 50 });
    await newTitle(ctx.database.db, { content_id: 'R18', is_restricted: 1, grade: '18+' });
    await newTitle(ctx.database.db, { content_id: 'OFF1', off_shelf_at: ctx.now.value - 1 });
    // Anonymous: a paid title first needs a login (the rights themselves: play-rights.test.ts);
    // a restricted title is hidden from anonymous viewers, so answered as a missing one (ADR 0016).
    const rent = await ask('contentId=RENT1');
    expect(rent.statusCode).toBe(401);
    expect((await ask('contentId=R18')).statusCode).toBe(404);
    expect((await ask('contentId=OFF1')).statusCode).toBe(404);
  });

  it('rejects malformed ids', async () => {
    for (const query of [
      '',
      'contentId=',
      'contentId=%3Cscript%3E',
      `contentId=${'A'.repeat(41)}`,
      'contentId=M0001&isSeries=X',
    ]) {
      expect((await ask(query)).statusCode, query).toBe(400);
    }
  });
});
