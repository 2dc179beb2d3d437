import { consoleTitleSchema } from '@site/contract/console';
import {
  autoCompleteKeywordReplySchema,
  findVideoListReplySchema,
  searchPageReplySchema,
  videoListReplySchema,
} from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { reindexTitles } from '../../src/modules/search/reindex.js';
import { TEST_NOW, gatewayUrl, newTitle, signedInStaff, useTestApp } from '../support/index.js';
import type { ConsoleBrowser } from '../support/console.js';

const ctx = useTestApp();

/** 30 titles in two categories, names and years in known orders; the first three drafts. */
const IDS = Array.from({ length: 30 }, (_, i) => `CC${String(i + 1).padStart(3, '0')}`);

let editor: ConsoleBrowser;
let reader: ConsoleBrowser;

beforeAll(async () => {
  const db = ctx.database.db;
  for (const [i, id] of IDS.entries()) {
    await newTitle(db, {
      content_id: id,
      name: `控制台片${String.fromCharCode(0x4e00 + ((i * 7) % 30))}${i}`,
      year: 2000 + (i % 5),
      kind: i % 3 === 0 ? 'series' : 'movie',
      main_category_id: i % 2 === 0 ? 'cc-even' : 'cc-odd',
      subcategory_id: i % 2 === 0 ? 'cc-even-sub' : 'cc-odd-sub',
      on_shelf_at: TEST_NOW - 1000 * (i + 1),
    });
  }
  await db
    .updateTable('title')
    .set({ state: 'draft' })
    .where('content_id', 'in', IDS.slice(0, 3))
    .execute();
  await reindexTitles(db, IDS);
  editor = (await signedInStaff(ctx, ['content_editor'])).browser;
  reader = (await signedInStaff(ctx, ['customer_care'])).browser;
});

async function list(browser: ConsoleBrowser, query: string) {
  const res = await browser.get(`/console/api/titles?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    titles: { contentId: string; name: string; year: number; state: string; version: number }[];
    total: number;
  };
}

async function title(id: string) {
  const res = await editor.get(`/console/api/titles/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return consoleTitleSchema.parse(res.json().data.title);
}

const ours = (ids: string[]) => ids.filter((id) => id.startsWith('CC'));

describe('console title list (issue 22)', () => {
  it('pages, sorts and filters on the server', async () => {
    const all = await list(reader, 'sort=contentId&order=asc&pageSize=100');
    expect(ours(all.titles.map((t) => t.contentId))).toEqual(IDS);
    const page2 = await list(reader, 'sort=contentId&order=asc&pageSize=7&page=2');
    expect(page2.titles.map((t) => t.contentId)).toEqual(IDS.slice(7, 14));
    expect(page2.total).toBe(30);
    const byNameDesc = await list(reader, 'sort=name&order=desc&pageSize=100');
    const names = byNameDesc.titles.map((t) => t.name);
    expect(names).toEqual([...names].sort().reverse());
    const byYear = await list(reader, 'sort=year&order=asc&pageSize=100');
    const years = byYear.titles.map((t) => t.year);
    expect(years).toEqual([...years].sort((a, b) => a - b));
    const drafts = await list(reader, 'state=draft&pageSize=100');
    expect(drafts.titles.map((t) => t.contentId).sort()).toEqual(IDS.slice(0, 3));
    const series = await list(reader, 'kind=series&mainCategoryId=cc-even&pageSize=100');
    expect(series.total).toBe(5);
    expect(
      series.titles.every((t) =>
        ['CC001', 'CC007', 'CC013', 'CC019', 'CC025'].includes(t.contentId),
      ),
    ).toBe(true);
    const found = await list(reader, `q=${encodeURIComponent('CC02')}&sort=contentId&order=asc`);
    expect(found.titles.map((t) => t.contentId)).toEqual(IDS.slice(19, 29));
    // A LIKE wildcard in the text is taken literally.
    expect((await list(reader, 'q=%25')).total).toBe(0);
    expect((await list(reader, 'q=_')).total).toBe(0);
  });

  it('refuses bad paging and unknown sorts in the envelope', async () => {
    for (const query of ['page=0', 'pageSize=1000', 'sort=price', 'order=up', 'kind=film']) {
      const res = await reader.get(`/console/api/titles?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status.code).toBe('BAD_INPUT');
    }
  });

  it('answers odd, foreign and percent-encoded ids in the envelope, never 500', async () => {
    for (const id of ['%E4%B8%AD', 'a%2Fb', '..%2F..', 'x'.repeat(41), '%00', 'CC%30%30%31x']) {
      const res = await reader.get(`/console/api/titles/${id}`);
      expect(res.statusCode, id).toBeLessThan(500);
      expect(res.json().status.code, id).toMatch(/^(BAD_INPUT|NOT_FOUND|BAD_URL)$/);
    }
    const missing = await reader.get('/console/api/titles/NOPE');
    expect(missing.statusCode).toBe(404);
    const odd = await editor.call('PATCH', '/console/api/titles/CC010', { version: 'x' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().status.code).toBe('BAD_INPUT');
  });
});

describe('console title edits (issue 22)', () => {
  it('lets a reader read and not change', async () => {
    expect((await reader.get('/console/api/titles/CC010')).statusCode).toBe(200);
    const res = await reader.call('PATCH', '/console/api/titles/CC010', { version: 0, name: '改' });
    expect(res.statusCode).toBe(403);
    expect(
      (await reader.post('/console/api/titles/CC010/publish', { version: 0 })).statusCode,
    ).toBe(403);
    expect((await title('CC010')).name).not.toBe('改');
  });

  it('changes on the version seen, bumps it and records before and after', async () => {
    const before = await title('CC010');
    const res = await editor.call('PATCH', '/console/api/titles/CC010', {
      version: before.version,
      name: '改過的片名',
      year: 1999,
      isRestricted: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = consoleTitleSchema.parse(res.json().data.title);
    expect(after).toMatchObject({
      name: '改過的片名',
      year: 1999,
      isRestricted: true,
      version: before.version + 1,
    });
    expect(after.updatedAt).toBe(ctx.now.value);
    const audit = await ctx.database.db
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity', '=', 'title')
      .where('entity_id', '=', 'CC010')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({
      name: before.name,
      year: before.year,
      isRestricted: false,
    });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({
      name: '改過的片名',
      year: 1999,
      isRestricted: true,
    });
    expect(audit[0]!.call).toBe('PATCH /console/api/titles/:contentId');
  });

  it('refuses a stale edit with STALE_EDIT and what the title is now, changing nothing', async () => {
    const seen = await title('CC011');
    const first = await editor.call('PATCH', '/console/api/titles/CC011', {
      version: seen.version,
      synopsis: '第一',
    });
    expect(first.statusCode).toBe(200);
    const count = async () =>
      Number(
        (
          await ctx.database.db
            .selectFrom('audit_entry')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const entries = await count();
    const stale = await editor.call('PATCH', '/console/api/titles/CC011', {
      version: seen.version,
      synopsis: '第二',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.code).toBe('STALE_EDIT');
    const fields = stale.json().data.fields as { name: string; problem: string }[];
    expect(fields).toContainEqual({ name: 'synopsis', problem: JSON.stringify('第一') });
    expect(fields).toContainEqual({ name: 'version', problem: String(seen.version + 1) });
    expect((await title('CC011')).synopsis).toBe('第一');
    expect(await count()).toBe(entries);
  });

  it('refuses unknown categories and a window that ends before it starts', async () => {
    const seen = await title('CC012');
    for (const body of [
      { mainCategoryId: 'nope' },
      { subcategoryId: 'cc-even-sub' },
      { offShelfAt: seen.onShelfAt - 1 },
      { name: '' },
      { price: -1 },
    ]) {
      const res = await editor.call('PATCH', '/console/api/titles/CC012', {
        version: seen.version,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status.code).toBe('BAD_INPUT');
    }
    expect((await title('CC012')).version).toBe(seen.version);
  });
});

describe('drafts and publishing (issue 22, the one visibility rule)', () => {
  const detail = (id: string) =>
    ctx.app.inject(`/ajax/ajaxFindVideoDetail.do?contentId=${id}&otherId=${id}`);
  const browse = async () =>
    videoListReplySchema
      .parse(
        (
          await ctx.app.inject(
            '/ajax/ajaxFilterCategoryVideoListData.do?mainCategoryId=cc-even&maxRecord=100',
          )
        ).json(),
      )
      .data.videoList.video.map((v) => v.contentId);
  const search = async () =>
    searchPageReplySchema
      .parse(
        (
          await ctx.app.inject(
            `/ajax/ajaxBuildSearchPage.do?inputKeyword=${encodeURIComponent('控制台片')}&maxRecord=100`,
          )
        ).json(),
      )
      .data.videoList.video.map((v) => v.contentId);
  const suggest = async () =>
    autoCompleteKeywordReplySchema
      .parse(
        (
          await ctx.app.inject(
            `/ajax/ajaxAutoCompleteKeyword.do?prefix=${encodeURIComponent('控制台片')}`,
          )
        ).json(),
      )
      .data.keywordList.keyword.filter((k) => k.type === 'title')
      .map((k) => k.contentId!);
  const gateway = async () =>
    findVideoListReplySchema
      .parse(
        (
          await ctx.app.inject(
            gatewayUrl(ctx, 'GET', '/gw/FindVideoList.json', {
              categoryId: 'cc-even',
              maxRecord: '100',
            }),
          )
        ).json(),
      )
      .data.videoList.video.map((v) => v.contentId);
  const brief = async (id: string) =>
    (
      await ctx.app.inject(
        gatewayUrl(ctx, 'GET', '/gw/FindVideoContentBrief.json', { contentId: id }),
      )
    ).statusCode;

  it('hides a draft from customers on every face', async () => {
    expect((await detail('CC001')).statusCode).toBe(404);
    expect((await detail('CC005')).statusCode).toBe(200);
    expect(await browse()).not.toContain('CC001');
    expect(await browse()).toContain('CC005');
    expect(await search()).not.toContain('CC001');
    expect(await search()).toContain('CC005');
    expect(await suggest()).not.toContain('CC001');
    expect(await gateway()).not.toContain('CC001');
    expect(await gateway()).toContain('CC005');
    expect(await brief('CC001')).toBe(404);
    expect((await ctx.app.inject('/details/CC001/CC001')).statusCode).toBe(404);
  });

  it('shows a title once published and hides it again when unpublished, audited, without a restart', async () => {
    const seen = await title('CC001');
    const published = await editor.post('/console/api/titles/CC001/publish', {
      version: seen.version,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.title).toMatchObject({
      state: 'published',
      version: seen.version + 1,
    });
    expect((await detail('CC001')).statusCode).toBe(200);
    expect(await browse()).toContain('CC001');
    expect(await search()).toContain('CC001');
    expect(await suggest()).toContain('CC001');
    expect(await gateway()).toContain('CC001');
    expect(await brief('CC001')).toBe(200);

    // A rename is found by its new name at once (its search rows move in the same transaction).
    const renamed = await editor.call('PATCH', '/console/api/titles/CC001', {
      version: seen.version + 1,
      name: '嶄新鬮名',
    });
    expect(renamed.statusCode).toBe(200);
    const found = searchPageReplySchema.parse(
      (
        await ctx.app.inject(
          `/ajax/ajaxBuildSearchPage.do?inputKeyword=${encodeURIComponent('鬮名')}`,
        )
      ).json(),
    ).data.videoList.video;
    expect(found.map((v) => v.contentId)).toEqual(['CC001']);

    const stale = await editor.post('/console/api/titles/CC001/unpublish', {
      version: seen.version,
    });
    expect(stale.statusCode).toBe(409);
    const unpublished = await editor.post('/console/api/titles/CC001/unpublish', {
      version: seen.version + 2,
    });
    expect(unpublished.statusCode).toBe(200);
    expect((await detail('CC001')).statusCode).toBe(404);
    expect(await search()).not.toContain('CC001');
    expect(await gateway()).not.toContain('CC001');

    const audit = await ctx.database.db
      .selectFrom('audit_entry')
      .select(['call', 'before_json', 'after_json'])
      .where('entity', '=', 'title')
      .where('entity_id', '=', 'CC001')
      .orderBy('audit_id')
      .execute();
    expect(
      audit.map((a) => [a.call, JSON.parse(a.before_json!).state, JSON.parse(a.after_json!).state]),
    ).toEqual([
      ['POST /console/api/titles/:contentId/publish', 'draft', 'published'],
      ['PATCH /console/api/titles/:contentId', undefined, undefined],
      ['POST /console/api/titles/:contentId/unpublish', 'published', 'draft'],
    ]);
  });

  it('publishing a published title changes nothing and records nothing', async () => {
    const seen = await title('CC020');
    const res = await editor.post('/console/api/titles/CC020/publish', { version: seen.version });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.title.version).toBe(seen.version);
    const audit = await ctx.database.db
      .selectFrom('audit_entry')
      .select('audit_id')
      .where('entity_id', '=', 'CC020')
      .execute();
    expect(audit).toHaveLength(0);
  });

  it('keeps a title shown and hidden on time by its availability window', async () => {
    const seen = await title('CC007');
    const res = await editor.call('PATCH', '/console/api/titles/CC007', {
      version: seen.version,
      onShelfAt: ctx.now.value + 3600,
      offShelfAt: ctx.now.value + 7200,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await browse()).not.toContain('CC007');
    ctx.now.value += 3600;
    try {
      expect(await browse()).toContain('CC007');
      expect((await detail('CC007')).statusCode).toBe(200);
      ctx.now.value += 3600;
      expect(await browse()).not.toContain('CC007');
      expect((await detail('CC007')).statusCode).toBe(404);
    } finally {
      ctx.now.value = TEST_NOW;
    }
  });
});

describe('drag-to-order (issue 22)', () => {
  it('puts main categories in a new order made on the order seen, audited', async () => {
    const read = await reader.get('/console/api/order/mainCategories');
    expect(read.statusCode, read.body).toBe(200);
    const seen = (read.json().data.items as { id: string }[]).map((item) => item.id);
    expect(seen).toEqual(expect.arrayContaining(['cc-even', 'cc-odd']));
    const order = [...seen].reverse();
    expect(
      (await reader.call('PUT', '/console/api/order/mainCategories', { seen, order })).statusCode,
    ).toBe(403);
    const res = await editor.call('PUT', '/console/api/order/mainCategories', { seen, order });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data.items as { id: string }[]).map((item) => item.id)).toEqual(order);
    const audit = await ctx.database.db
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity', '=', 'order:mainCategories')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!)).toEqual({ order: seen });
    expect(JSON.parse(audit.after_json!)).toEqual({ order });

    // Made on the old order: refused with the order as it now is.
    const stale = await editor.call('PUT', '/console/api/order/mainCategories', {
      seen,
      order: seen,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.fields).toContainEqual({
      name: 'order',
      problem: JSON.stringify(order),
    });
    const missing = await editor.call('PUT', '/console/api/order/mainCategories', {
      seen: order,
      order: order.slice(1),
    });
    expect(missing.statusCode).toBe(400);
    const unknown = await editor.call('PUT', '/console/api/order/titles', { seen: [], order: [] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().status.code).toBe('BAD_INPUT');
  });
});
