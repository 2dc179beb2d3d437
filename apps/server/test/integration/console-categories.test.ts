import { describe, expect, it } from 'vitest';
import { signedInStaff, useTestApp } from '../support/index.js';

const ctx = useTestApp();

describe("the console's category choices (issue 22, the new-title form)", () => {
  it('lists the main categories in order, each with its own sub-categories in order', async () => {
    const db = ctx.database.db;
    await db
      .insertInto('main_category')
      .values([
        { main_category_id: 'cat-b', name: '影集', sort_order: 20 },
        { main_category_id: 'cat-a', name: '電影', sort_order: 10 },
      ])
      .execute();
    await db
      .insertInto('subcategory')
      .values([
        { subcategory_id: 'sub-a2', main_category_id: 'cat-a', name: '喜劇', sort_order: 2 },
        { subcategory_id: 'sub-a1', main_category_id: 'cat-a', name: '動作', sort_order: 1 },
        { subcategory_id: 'sub-b1', main_category_id: 'cat-b', name: '韓劇', sort_order: 1 },
      ])
      .execute();
    const { browser } = await signedInStaff(ctx, ['marketing']);
    const res = await browser.get('/console/api/categories');
    expect(res.statusCode).toBe(200);
    const categories = res.json().data.categories as {
      id: string;
      subcategories: { id: string }[];
    }[];
    const ours = categories.filter((c) => c.id.startsWith('cat-'));
    expect(ours.map((c) => c.id)).toEqual(['cat-a', 'cat-b']);
    expect(ours[0]).toEqual({
      id: 'cat-a',
      name: '電影',
      subcategories: [
        { id: 'sub-a1', name: '動作' },
        { id: 'sub-a2', name: '喜劇' },
      ],
    });
    expect(ours[1]!.subcategories).toEqual([{ id: 'sub-b1', name: '韓劇' }]);
  });

  it('is for staff only', async () => {
    const res = await ctx.app.inject('/console/api/categories');
    expect(res.statusCode).toBe(401);
  });
});
