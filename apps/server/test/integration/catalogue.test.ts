import { mainCategoryMenuReplySchema, videoListReplySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { newTitle, useTestApp } from '../support/index.js';

const LIST = '/ajax/ajaxFilterCategoryVideoListData.do';

describe('catalogue list and menu', () => {
  const ctx = useTestApp({ seed: true });
  const list = async (query: string) => {
    const res = await ctx.app.inject(`${LIST}?${query}`);
    expect(res.statusCode).toBe(200);
    return videoListReplySchema.parse(res.json()).data;
  };

  it('pages through every listed title in one total order', async () => {
    const first = await list('maxRecord=20');
    expect(first.recordCount).toBe(20);
    const ids: string[] = [];
    for (let start = 0; start < first.totalCount; start += 20) {
      ids.push(
        ...(await list(`maxRecord=20&startIndex=${start}`)).videoList.video.map((v) => v.contentId),
      );
    }
    expect(new Set(ids).size).toBe(first.totalCount);
    const all = await list('maxRecord=100');
    expect(all.videoList.video.map((v) => v.contentId)).toEqual(ids);
  });

  it('breaks ties by contentId', async () => {
    for (const id of ['TIE-B', 'TIE-A', 'TIE-C']) {
      await newTitle(ctx.database.db, {
        content_id: id,
        main_category_id: 'tie',
        subcategory_id: 'tie-sub',
        on_shelf_at: 1_000,
      });
    }
    const data = await list('mainCategoryId=tie');
    expect(data.videoList.video.map((v) => v.contentId)).toEqual(['TIE-A', 'TIE-B', 'TIE-C']);
  });

  it.each([
    ['sellType=RENT', (v: { sellType: string }) => v.sellType === 'RENT'],
    ['country=JP', (v: { country: string }) => v.country === 'JP'],
    ['mainCategoryId=kids', (v: { mainCategoryId: string }) => v.mainCategoryId === 'kids'],
    ['year=2020', (v: { year: number }) => v.year === 2020],
  ] as const)('filters by %s', async (query, predicate) => {
    const data = await list(`${query}&maxRecord=100`);
    expect(data.totalCount).toBeGreaterThan(0);
    expect(data.videoList.video.every(predicate as (v: unknown) => boolean)).toBe(true);
  });

  it('orders by price both ways', async () => {
    const low = (await list('orderBy=priceLow&maxRecord=100')).videoList.video.map(
      (v) => v.dtrPrice,
    );
    expect(low).toEqual([...low].sort((a, b) => a - b));
    const high = (await list('orderBy=priceHigh&maxRecord=100')).videoList.video.map(
      (v) => v.dtrPrice,
    );
    expect(high).toEqual([...high].sort((a, b) => b - a));
  });

  it('hides titles before their shelf date and after their off-shelf date', async () => {
    await newTitle(ctx.database.db, {
      content_id: 'FUTURE1',
      main_category_id: 'shelf',
      subcategory_id: 'shelf-sub',
      on_shelf_at: ctx.now.value + 60,
    });
    await newTitle(ctx.database.db, {
      content_id: 'GONE1',
      main_category_id: 'shelf',
      subcategory_id: 'shelf-sub',
      off_shelf_at: ctx.now.value,
    });
    await newTitle(ctx.database.db, {
      content_id: 'HERE1',
      main_category_id: 'shelf',
      subcategory_id: 'shelf-sub',
    });
    const data = await list('mainCategoryId=shelf');
    expect(data.videoList.video.map((v) => v.contentId)).toEqual(['HERE1']);
  });

  it('an empty match is an empty list, not an error', async () => {
    const data = await list('mainCategoryId=nothing-here');
    expect(data).toEqual({ totalCount: 0, recordCount: 0, videoList: { video: [] } });
  });

  it('rejects values outside their sets', async () => {
    for (const query of [
      'country=XX',
      'orderBy=random',
      'sellType=free',
      'year=abc',
      "mainCategoryId=a'or'1",
    ]) {
      expect((await ctx.app.inject(`${LIST}?${query}`)).statusCode).toBe(400);
    }
  });

  it('lists main categories with their subcategories, or one of them', async () => {
    const all = mainCategoryMenuReplySchema.parse(
      (await ctx.app.inject('/ajax/ajaxFindMainCategoryMenu3.do')).json(),
    );
    const ids = all.data.mainCategoryList.mainCategory.map((m) => m.mainCategoryId);
    expect(ids.slice(0, 4)).toEqual(['movie', 'drama', 'kids', 'documentary']);
    const one = mainCategoryMenuReplySchema.parse(
      (await ctx.app.inject('/ajax/ajaxFindMainCategoryMenu3.do?mainCategoryId=kids')).json(),
    );
    expect(one.data.mainCategoryList.mainCategory).toHaveLength(1);
    expect(
      one.data.mainCategoryList.mainCategory[0]!.subcategoryList.subcategory.map(
        (s) => s.subcategoryName,
      ),
    ).toEqual(['卡通動畫', '學習成長']);
  });
});
