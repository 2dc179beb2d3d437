import { videoListReplySchema } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { newTitle, useTestApp } from '../support/index.js';

describe('catalogue page cache', () => {
  const ctx = useTestApp({ env: { CATALOGUE_CACHE_SECONDS: '10' } });
  const ids = async () =>
    videoListReplySchema
      .parse(
        (
          await ctx.app.inject('/ajax/ajaxFilterCategoryVideoListData.do?mainCategoryId=cache')
        ).json(),
      )
      .data.videoList.video.map((v) => v.contentId);

  it('serves a page from memory for its TTL, then reads the catalogue again', async () => {
    await newTitle(ctx.database.db, {
      content_id: 'C1',
      main_category_id: 'cache',
      subcategory_id: 'cache-sub',
    });
    expect(await ids()).toEqual(['C1']);
    await newTitle(ctx.database.db, {
      content_id: 'C2',
      main_category_id: 'cache',
      subcategory_id: 'cache-sub',
      on_shelf_at: 1_700_000_001,
    });
    expect(await ids()).toEqual(['C1']);
    ctx.now.value += 11;
    expect(await ids()).toEqual(['C2', 'C1']);
  });
});
