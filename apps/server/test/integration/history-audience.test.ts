import { listDataReplySchema } from '@site/contract';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { finishMigrations } from '../support/database.js';
import { AUDIENCE } from '../../src/modules/catalogue/audience.js';
import { restampHistoryAudience } from '../../src/modules/lists/positions.js';
import {
  createTestDatabase,
  newMember,
  newTitle,
  useTestApp,
  type TestBrowser,
} from '../support/index.js';

/** Play history filters on its copy of each title's audience level (migration 0009). */
describe('history audience', () => {
  const ctx = useTestApp();
  const history = async (browser: TestBrowser, query = '') =>
    listDataReplySchema.parse(
      (
        await browser.get(
          `/ajax/ajaxFindVideoListData.do?menuType=ViewRecord&maxRecord=100${query}`,
        )
      ).json(),
    ).data;
  const ids = async (browser: TestBrowser, query = '') =>
    (await history(browser, query)).videoList.video.map((v) => v.contentId);
  const beat = (browser: TestBrowser, contentId: string, seq: number) =>
    browser.post('/ajax/ajaxSaveWatchPosition.do', {
      contentId,
      positionSeconds: 10,
      durationSeconds: 1000,
      seq,
    });

  const kidOf = async () => {
    const { browser } = await newMember(ctx.app);
    const kid = await browser.post('/ajax/ajaxCreateSubAccount.do', {
      nickname: '小孩',
      kidmode: '1',
    });
    await browser.post('/ajax/ajaxChangeSubAccount.do', {
      newSubaccountID: kid.json().data.subAccount.subAccountUid,
    });
    return browser;
  };

  it('an episode is listed with its series’ audience, and the count agrees with the page', async () => {
    const series = await newTitle(ctx.database.db, { kind: 'series', kid_safe: 0 });
    const episode = await newTitle(ctx.database.db, {
      kind: 'episode',
      series_id: series.content_id,
      season_no: 1,
      episode_no: 1,
      kid_safe: 1,
    });
    const forKids = await newTitle(ctx.database.db, { kid_safe: 1 });
    const kid = await kidOf();
    expect((await beat(kid, episode.content_id!, 1)).statusCode).toBe(200);
    expect((await beat(kid, forKids.content_id!, 2)).statusCode).toBe(200);

    const seen = await history(kid);
    expect(seen.videoList.video.map((v) => v.contentId)).toEqual([forKids.content_id]);
    expect(seen.totalCount).toBe(1);
  });

  it('a sexual title never shows in history; a changed flag shows once restamped', async () => {
    const sexual = await newTitle(ctx.database.db, { is_sexual: 1 });
    const plain = await newTitle(ctx.database.db);
    const { browser } = await newMember(ctx.app);
    await beat(browser, sexual.content_id!, 1);
    await beat(browser, plain.content_id!, 2);
    expect(await ids(browser, '&filterRestrict=N')).toEqual([plain.content_id]);
    expect((await history(browser)).totalCount).toBe(1);

    const changing = await newTitle(ctx.database.db, { kid_safe: 1 });
    const kid = await kidOf();
    await beat(kid, changing.content_id!, 1);
    expect(await ids(kid)).toEqual([changing.content_id]);
    await ctx.database.db
      .updateTable('title')
      .set({ kid_safe: 0 })
      .where('content_id', '=', changing.content_id!)
      .execute();
    await restampHistoryAudience(ctx.database.db, {
      content_id: changing.content_id!,
      kid_safe: 0,
      is_restricted: 0,
      is_sexual: 0,
    });
    expect(await ids(kid)).toEqual([]);
  });
});

describe('migration 0009 fills the audience of existing history', () => {
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => drop?.());

  it('copies each title’s level, and the narrowest for a record without a title', async () => {
    const database = await createTestDatabase({ upTo: '0007-search' });
    drop = () => database.drop();
    const kids = await newTitle(database.db, { kid_safe: 1 });
    const general = await newTitle(database.db);
    const restricted = await newTitle(database.db, { is_restricted: 1, kid_safe: 1 });
    const sexual = await newTitle(database.db, { is_sexual: 1 });
    const titles = [kids, general, restricted, sexual].map((t) => t.content_id!);
    // Rows as they were before the column existed (the old table has no audience).
    const db = database.db.withoutPlugins() as unknown as Kysely<{
      view_record: Record<string, string | number>;
    }>;
    await db
      .insertInto('view_record')
      .values(
        [...titles, 'GONE'].map((titleId, i) => ({
          sub_account_uid: 'U-old',
          title_id: titleId,
          last_content_id: titleId,
          last_viewed_at: 1000 + i,
        })),
      )
      .execute();
    await finishMigrations(database);
    const rows = await database.db
      .selectFrom('view_record')
      .select(['title_id', 'audience'])
      .orderBy('last_viewed_at')
      .execute();
    expect(rows.map((r) => r.audience)).toEqual([
      AUDIENCE.kids,
      AUDIENCE.general,
      AUDIENCE.restricted,
      AUDIENCE.sexual,
      AUDIENCE.sexual,
    ]);
  });
});
