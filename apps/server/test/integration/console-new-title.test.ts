import { describe, expect, it } from 'vitest';
import { newTitle, signedInStaff, useTestApp } from '../support/index.js';

const ctx = useTestApp();

const details = (id: string) =>
  ctx.app.inject(`/ajax/ajaxFindVideoDetail.do?contentId=${id}&otherId=${id}`);

describe('a new title from the console (issue 22)', () => {
  it('is added as a draft, audited, and cannot be published until it has pictures and a video', async () => {
    await newTitle(ctx.database.db, { main_category_id: 'test-main', subcategory_id: 'test-sub' });
    const { browser } = await signedInStaff(ctx, ['content_editor']);
    const created = await browser.post('/console/api/titles', {
      kind: 'movie',
      name: '新上架的電影',
      mainCategoryId: 'test-main',
      subcategoryId: 'test-sub',
      year: 2026,
    });
    expect(created.statusCode).toBe(200);
    const title = created.json().data.title;
    expect(title).toMatchObject({
      kind: 'movie',
      name: '新上架的電影',
      state: 'draft',
      version: 0,
    });
    expect(title.contentId).toMatch(/^M[A-Z0-9x]{8}$/i);
    expect((await details(title.contentId)).statusCode).toBe(404);

    const refused = await browser.post(`/console/api/titles/${title.contentId}/publish`, {
      version: 0,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fields.map((f: { name: string }) => f.name)).toEqual([
      'posterPath',
      'stillPath',
      'clipId',
    ]);

    await ctx.database.db
      .updateTable('title')
      .set({
        poster_path: 'images/posters/poster-01.jpg',
        still_path: 'images/stills/still-01.jpg',
        clip_id: 'clip-a',
      })
      .where('content_id', '=', title.contentId)
      .execute();
    const published = await browser.post(`/console/api/titles/${title.contentId}/publish`, {
      version: 0,
    });
    expect(published.json().data.title.state).toBe('published');
    expect((await details(title.contentId)).statusCode).toBe(200);

    const trail = await ctx.database.db
      .selectFrom('audit_entry')
      .select(['call', 'before_json'])
      .where('entity', '=', 'title')
      .where('entity_id', '=', title.contentId)
      .orderBy('audit_id')
      .execute();
    expect(trail.map((t) => t.call)).toEqual([
      'POST /console/api/titles',
      'POST /console/api/titles/:contentId/publish',
    ]);
    expect(trail[0]!.before_json).toBeNull();
  });

  it("needs an episode's series, and a category that exists", async () => {
    const { browser } = await signedInStaff(ctx, ['content_editor']);
    const episode = await browser.post('/console/api/titles', {
      kind: 'episode',
      name: '第一集',
      mainCategoryId: 'test-main',
      year: 2026,
      seriesId: 'NO_SUCH_SERIES',
      episodeNo: 1,
    });
    expect(episode.statusCode).toBe(400);
    expect(episode.json().data.fields).toEqual([
      { name: 'seriesId', problem: '請選擇這一集所屬的影集' },
    ]);
    const category = await browser.post('/console/api/titles', {
      kind: 'movie',
      name: '沒有分類',
      mainCategoryId: 'nowhere',
      year: 2026,
    });
    expect(category.statusCode).toBe(400);
    expect(category.json().data.fields[0].name).toBe('mainCategoryId');
    // No sub-category: refused by name (the column is required), not by the database.
    const noSub = await browser.post('/console/api/titles', {
      kind: 'movie',
      name: '沒有子分類',
      mainCategoryId: 'test-main',
      year: 2026,
    });
    expect(noSub.statusCode).toBe(400);
    expect(noSub.json().data.fields).toEqual([{ name: 'subcategoryId', problem: '請選擇子分類' }]);
  });
});
