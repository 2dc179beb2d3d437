import {
  autoCompleteKeywordReplySchema,
  errorEnvelopeSchema,
  hotKeywordReplySchema,
  searchPageReplySchema,
  searchWording,
  siteCalls,
  type KeywordSuggestion,
} from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotKeywords } from '../../src/demo/catalogue-extras.js';
import { sql } from 'kysely';
import { reindexPeople, reindexSearch, reindexTitles } from '../../src/modules/search/reindex.js';
import {
  newMember,
  newTitle,
  testDialect,
  useTestApp,
  type TestBrowser,
} from '../support/index.js';

const SEARCH = siteCalls.buildSearchPage;
const SUGGEST = siteCalls.autoCompleteKeyword;

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();

/**
 * A fixture where the order is unambiguous: every name holds 鑫 (found nowhere in the demo
 * catalogue), and code point order decides ties: 之 U+4E4B < 光 U+5149 < 的 U+7684, and
 * 小 U+5C0F < 老 U+8001 < 黃 U+9EC3 < 鑫 U+946B.
 */
const RANKED = [
  { id: 'SR-A', name: '鑫' },
  { id: 'SR-B1', name: '鑫光大道' },
  { id: 'SR-B2', name: '鑫光大道' },
  { id: 'SR-C', name: '鑫之門' },
  { id: 'SR-D', name: '黃金鑫' },
  { id: 'SR-E', name: '小鑫' },
  { id: 'SR-F', name: '無關片名' },
  { id: 'SR-G', name: '鑫的故事' },
  { id: 'SR-H', name: '鑫光大' },
  { id: 'SR-I', name: '老鑫光大' },
];

describe('search', () => {
  const ctx = useTestApp({ seed: true });

  beforeAll(async () => {
    const { db } = ctx.database;
    for (const { id, name } of RANKED) await newTitle(db, { content_id: id, name });
    // 鑫哥 plays in F (whose name lacks 鑫) and in G (whose name has it).
    await db
      .insertInto('person')
      .values({ person_id: 'SP-1', name: '鑫哥', picture_path: null })
      .execute();
    await db
      .insertInto('title_person')
      .values([
        { content_id: 'SR-F', person_id: 'SP-1', role: 'actor', sort_order: 0 },
        { content_id: 'SR-G', person_id: 'SP-1', role: 'actor', sort_order: 0 },
      ])
      .execute();
    const literal = [
      { content_id: 'SL-1', name: 'Abc 特攻隊' },
      { content_id: 'SL-2', name: 'ＸＹＺ物語' },
      { content_id: 'SL-3', name: '100% 純愛' },
      { content_id: 'SL-4', name: 'a_b<script>' },
      { content_id: 'SL-5', name: 'C:\\路徑' },
      { content_id: 'SL-6', name: '𠀀𠀁傳說' },
    ];
    for (const row of literal) await newTitle(db, row);
    // 淼: what a kid may and may not find.
    await newTitle(db, { content_id: 'SK-1', name: '淼淼兒歌', kid_safe: 1 });
    await newTitle(db, { content_id: 'SK-2', name: '淼淼限制', kid_safe: 1, is_restricted: 1 });
    await newTitle(db, { content_id: 'SK-3', name: '淼淼大人', kid_safe: 0 });
    await newTitle(db, { content_id: 'SK-4', name: '淼淼成人', kid_safe: 1, is_sexual: 1 });
    await newTitle(db, { content_id: 'SK-5', name: '淼淼下架', off_shelf_at: 1_700_000_001 });
    await newTitle(db, { content_id: 'SK-6', name: '淼淼未上架', on_shelf_at: ctx.now.value + 60 });
    const ids = [
      ...RANKED.map((r) => r.id),
      ...literal.map((r) => r.content_id),
      ...['SK-1', 'SK-2', 'SK-3', 'SK-4', 'SK-5', 'SK-6'],
    ];
    expect(await reindexTitles(db, ids)).toBeGreaterThan(0);
    expect(await reindexPeople(db, ['SP-1'])).toBeGreaterThan(0);
  });

  async function search(params: Record<string, string | number>, browser?: TestBrowser) {
    const url = `${SEARCH}?${query(params)}`;
    const res = browser ? await browser.get(url) : await ctx.app.inject(url);
    expect(res.statusCode, res.body).toBe(200);
    return searchPageReplySchema.parse(res.json()).data;
  }
  const ids = async (params: Record<string, string | number>, browser?: TestBrowser) =>
    (await search({ maxRecord: 100, ...params }, browser)).videoList.video.map((v) => v.contentId);
  const names = async (params: Record<string, string | number>) =>
    (await search({ maxRecord: 100, ...params })).videoList.video.map((v) => v.contentName);

  async function suggest(params: Record<string, string | number>, browser?: TestBrowser) {
    const url = `${SUGGEST}?${query({ searchType: 'Video', ...params })}`;
    const res = browser ? await browser.get(url) : await ctx.app.inject(url);
    expect(res.statusCode, res.body).toBe(200);
    return autoCompleteKeywordReplySchema.parse(res.json()).data.keywordList.keyword;
  }

  /** A member who switched the restricted-content filter off (anonymous viewers have it on). */
  async function unfilteredBrowser(): Promise<TestBrowser> {
    const { browser, uid, password } = await newMember(ctx.app);
    const off = await browser.post('/ajax/ajaxUpdateSubAccount.do', {
      newSubaccountID: uid,
      filterRestrict: 'N',
      password,
    });
    expect(off.statusCode, off.body).toBe(200);
    return browser;
  }

  async function kidBrowser(): Promise<TestBrowser> {
    const { browser } = await newMember(ctx.app);
    const res = await browser.post('/ajax/ajaxCreateSubAccount.do', {
      nickname: '小孩',
      kidmode: '1',
    });
    await browser.post('/ajax/ajaxChangeSubAccount.do', {
      newSubaccountID: res.json().data.subAccount.subAccountUid,
    });
    return browser;
  }

  it('finds a title by any substring, one and two characters included', async () => {
    for (const keyword of ['列', '車', '夜列', '午夜', '列車', '夜列車', '午夜列車']) {
      expect(await names({ inputKeyword: keyword }), keyword).toContain('午夜列車');
    }
    const page = await search({ inputKeyword: '午夜列車' });
    expect(page.keyword).toBe('午夜列車');
    expect(page.videoList.video[0]).toMatchObject({ contentId: 'M0001', contentName: '午夜列車' });
    expect(page.totalCount).toBe(page.recordCount);
  });

  it('lists exact, then prefix, then other substring, then person matches, each by name and id', async () => {
    const order = [
      'SR-A',
      'SR-C',
      'SR-H',
      'SR-B1',
      'SR-B2',
      'SR-G',
      'SR-E',
      'SR-I',
      'SR-D',
      'SR-F',
    ];
    expect(await ids({ inputKeyword: '鑫' })).toEqual(order);
    expect(await ids({ inputKeyword: '鑫', searchField: 'all' })).toEqual(order);
    expect(await ids({ inputKeyword: '鑫', searchField: 'title' })).toEqual(
      order.filter((id) => id !== 'SR-F'),
    );
    expect(await ids({ inputKeyword: '鑫', searchField: 'person' })).toEqual(['SR-F', 'SR-G']);
    expect(await ids({ inputKeyword: '鑫光' })).toEqual(['SR-H', 'SR-B1', 'SR-B2', 'SR-I']);
    expect(await ids({ inputKeyword: '鑫光大' })).toEqual(['SR-H', 'SR-B1', 'SR-B2', 'SR-I']);
    expect(await ids({ inputKeyword: '光大道' })).toEqual(['SR-B1', 'SR-B2']);
    expect(await ids({ inputKeyword: '鑫哥' })).toEqual(['SR-F', 'SR-G']);
    expect(await ids({ inputKeyword: '鑫哥', searchField: 'title' })).toEqual([]);
    expect(await ids({ inputKeyword: '哥' })).toEqual(['SR-F', 'SR-G']);
  });

  it('finds titles by the names of their people', async () => {
    const cast = await ctx.database.db
      .selectFrom('title_person')
      .innerJoin('person', 'person.person_id', 'title_person.person_id')
      .innerJoin('title', 'title.content_id', 'title_person.content_id')
      .select(['title.content_id', 'title.name', 'title.is_restricted', 'title.is_sexual'])
      .where('person.name', '=', '林書豪')
      .execute();
    const shown = cast.filter((c) => c.is_restricted === 0 && c.is_sexual === 0);
    // The demo cast has titles on both sides of the restricted-content filter.
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(cast.length);
    // Anonymous viewers have the filter on (ADR 0016); a member who switched it off finds all.
    const found = await ids({ inputKeyword: '林書豪', searchField: 'person' });
    expect([...found].sort()).toEqual(shown.map((c) => c.content_id).sort());
    const member = await unfilteredBrowser();
    const everything = await ids({ inputKeyword: '林書豪', searchField: 'person' }, member);
    expect([...everything].sort()).toEqual(cast.map((c) => c.content_id).sort());
    const all = await ids({ inputKeyword: '書豪' }, member);
    for (const c of cast) expect(all).toContain(c.content_id);
  });

  it('normalises width and case on both sides', async () => {
    for (const keyword of ['ＡＢＣ', 'abc', 'ABC', 'aBc', 'ｂｃ 特']) {
      expect(await ids({ inputKeyword: keyword }), keyword).toContain('SL-1');
    }
    for (const keyword of ['xyz', 'XYZ', 'ｙ', 'Z物']) {
      expect(await ids({ inputKeyword: keyword }), keyword).toContain('SL-2');
    }
  });

  it('counts a character outside the BMP as one, and finds it', async () => {
    expect(await ids({ inputKeyword: '𠀁' })).toEqual(['SL-6']);
    expect(await ids({ inputKeyword: '𠀀𠀁' })).toEqual(['SL-6']);
    expect(await ids({ inputKeyword: '𠀁傳說' })).toEqual(['SL-6']);
    const fifty = '𠀀'.repeat(50);
    expect((await ctx.app.inject(`${SEARCH}?${query({ inputKeyword: fifty })}`)).statusCode).toBe(
      200,
    );
  });

  it('matches SQL and HTML characters literally, never as patterns', async () => {
    expect(await ids({ inputKeyword: "' or 1=1 --" })).toEqual([]);
    expect(await ids({ inputKeyword: '" or ""="' })).toEqual([]);
    expect(await ids({ inputKeyword: '%' })).toEqual(['SL-3']);
    expect(await ids({ inputKeyword: '0%' })).toEqual(['SL-3']);
    expect(await ids({ inputKeyword: '_' })).toEqual(['SL-4']);
    expect(await ids({ inputKeyword: '<script>' })).toEqual(['SL-4']);
    expect(await ids({ inputKeyword: '<' })).toEqual(['SL-4']);
    expect(await ids({ inputKeyword: '\\' })).toEqual(['SL-5']);
    expect(await ids({ inputKeyword: "'; drop table title; --" })).toEqual([]);
    expect(await ids({ inputKeyword: '%%%' })).toEqual([]);
    // NUL is no text at all: refused like every field's (ADR 0018), not searched for.
    const nul = await ctx.app.inject(`${SEARCH}?${query({ inputKeyword: '\u0000' })}`);
    expect(nul.statusCode).toBe(400);
    const page = await search({ inputKeyword: '<script>alert(1)</script>' });
    expect(page).toMatchObject({
      totalCount: 0,
      recordCount: 0,
      keyword: '<script>alert(1)</script>',
    });
    expect((await suggest({ prefix: '%' })).map((s) => s.contentId)).toEqual(['SL-3']);
  });

  it('answers an empty or blank keyword with an empty list', async () => {
    for (const inputKeyword of ['', '   ', '\u3000', '\t']) {
      const res = await ctx.app.inject(`${SEARCH}?${query({ inputKeyword })}`);
      expect(res.statusCode).toBe(200);
      const body = searchPageReplySchema.parse(res.json());
      expect(body.status.code).toBe('0');
      expect(body.data).toMatchObject({ totalCount: 0, recordCount: 0, videoList: { video: [] } });
    }
    expect((await ctx.app.inject(SEARCH)).statusCode).toBe(200);
    expect(await suggest({ prefix: ' ' })).toEqual([]);
  });

  it('refuses a keyword over 50 characters quickly, with a clear message', async () => {
    for (const keyword of ['a'.repeat(10_240), '長'.repeat(10_240), 'x'.repeat(51)]) {
      const started = performance.now();
      const res = await ctx.app.inject(`${SEARCH}?${query({ inputKeyword: keyword })}`);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(res.statusCode).toBe(400);
      const body = errorEnvelopeSchema.parse(res.json());
      expect(body.status).toEqual({ code: 'BAD_INPUT', message: searchWording.keywordTooLong });
      expect(body.data.fields?.[0]?.name).toBe('inputKeyword');
      const typed = await ctx.app.inject(`${SUGGEST}?${query({ prefix: keyword })}`);
      expect(typed.statusCode).toBe(400);
      expect(typed.json().status.message).toBe(searchWording.keywordTooLong);
    }
    expect(
      (await ctx.app.inject(`${SEARCH}?${query({ inputKeyword: 'x'.repeat(50) })}`)).statusCode,
    ).toBe(200);
  });

  it('refuses other bad parameters with BAD_INPUT', async () => {
    const bad: Record<string, string | number>[] = [
      { inputKeyword: '鑫', searchField: 'synopsis' },
      { inputKeyword: '鑫', maxRecord: 0 },
      { inputKeyword: '鑫', maxRecord: 101 },
      { inputKeyword: '鑫', startIndex: -1 },
    ];
    for (const params of bad) {
      const res = await ctx.app.inject(`${SEARCH}?${query(params)}`);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().status.code).toBe('BAD_INPUT');
    }
    const badSuggest: Record<string, string | number>[] = [
      { count: 9 },
      { count: 0 },
      { searchType: 'Live' },
    ];
    for (const params of badSuggest) {
      const res = await ctx.app.inject(`${SUGGEST}?${query({ prefix: '鑫', ...params })}`);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'POST', url: SEARCH })).statusCode).toBe(405);
  });

  it('pages through a total, stable order', async () => {
    const full = await ids({ inputKeyword: '鑫' });
    const paged: string[] = [];
    for (let startIndex = 0; startIndex < full.length + 3; startIndex += 3) {
      const page = await search({ inputKeyword: '鑫', startIndex, maxRecord: 3 });
      expect(page.totalCount).toBe(full.length);
      expect(page.recordCount).toBe(page.videoList.video.length);
      paged.push(...page.videoList.video.map((v) => v.contentId));
    }
    expect(paged).toEqual(full);

    const common = await ids({ inputKeyword: '的' });
    expect(common.length).toBeGreaterThan(5);
    const pagedCommon: string[] = [];
    for (let startIndex = 0; startIndex < common.length; startIndex += 2) {
      pagedCommon.push(...(await ids({ inputKeyword: '的', startIndex, maxRecord: 2 })));
    }
    expect(pagedCommon).toEqual(common);
    expect(await ids({ inputKeyword: '的' })).toEqual(common);
    expect(await ids({ inputKeyword: '的', startIndex: 5000 })).toEqual([]);
  });

  it('lists movies and series on the shelf, never episodes', async () => {
    expect(await ids({ inputKeyword: '第1集' })).toEqual([]);
    expect(await ids({ inputKeyword: '小熊波波' })).toEqual(['S0007']);
    // Anonymous viewers have the restricted-content filter on (ADR 0016); a member who switched
    // it off also finds the restricted and the sexual title.
    expect(await ids({ inputKeyword: '淼' })).toEqual(['SK-1', 'SK-3']);
    expect(await ids({ inputKeyword: '淼' }, await unfilteredBrowser())).toEqual([
      'SK-1',
      'SK-3',
      'SK-4',
      'SK-2',
    ]);
  });

  it('gives a kid session only kid titles that are not restricted, whatever is asked', async () => {
    const kid = await kidBrowser();
    expect(await ids({ inputKeyword: '淼' }, kid)).toEqual(['SK-1']);
    expect(await ids({ inputKeyword: '淼淼', kidMode: '0', filterRestrict: 'N' }, kid)).toEqual([
      'SK-1',
    ]);
    expect((await suggest({ prefix: '淼' }, kid)).map((s) => s.contentId)).toEqual(['SK-1']);
    for (const keyword of ['的', '之', '列車', '小', '鑫']) {
      for (const id of await ids({ inputKeyword: keyword }, kid)) {
        const title = await ctx.database.db
          .selectFrom('title')
          .selectAll()
          .where('content_id', '=', id)
          .executeTakeFirstOrThrow();
        expect(title, keyword).toMatchObject({ kid_safe: 1, is_restricted: 0, is_sexual: 0 });
      }
    }
    // A member's restricted-content filter (on by default) hides restricted titles too.
    const { browser: member } = await newMember(ctx.app);
    expect(await ids({ inputKeyword: '淼' }, member)).toEqual(['SK-1', 'SK-3']);
  });

  it('never shows a hidden title even before the index is told about a change', async () => {
    const kid = await kidBrowser();
    await newTitle(ctx.database.db, { content_id: 'SK-7', name: '淼淼改變', kid_safe: 1 });
    await reindexTitles(ctx.database.db, ['SK-7']);
    expect(await ids({ inputKeyword: '淼淼改' }, kid)).toEqual(['SK-7']);
    await ctx.database.db
      .updateTable('title')
      .set({ is_restricted: 1 })
      .where('content_id', '=', 'SK-7')
      .execute();
    expect(await ids({ inputKeyword: '淼淼改' }, kid)).toEqual([]);
    expect((await suggest({ prefix: '淼淼改' }, kid)).length).toBe(0);
    await reindexTitles(ctx.database.db, ['SK-7']);
    const page = await search({ inputKeyword: '淼淼改' }, kid);
    expect(page).toMatchObject({ totalCount: 0, recordCount: 0 });
  });

  it('suggests at most count names: exact, prefix, inner; titles before people', async () => {
    const all = await suggest({ prefix: '鑫' });
    expect(all.length).toBe(8);
    expect(all.map((s: KeywordSuggestion) => [s.keyword, s.type])).toEqual([
      ['鑫', 'title'],
      ['鑫之門', 'title'],
      ['鑫光大', 'title'],
      ['鑫光大道', 'title'],
      ['鑫光大道', 'title'],
      ['鑫的故事', 'title'],
      ['鑫哥', 'person'],
      ['小鑫', 'title'],
    ]);
    expect(all[0]).toEqual({ keyword: '鑫', type: 'title', contentId: 'SR-A', otherId: 'SR-A' });
    expect(all[6]).toEqual({ keyword: '鑫哥', type: 'person' });
    expect((await suggest({ prefix: '鑫', count: 3 })).map((s) => s.keyword)).toEqual([
      '鑫',
      '鑫之門',
      '鑫光大',
    ]);
    expect((await suggest({ prefix: '書豪' })).map((s) => [s.keyword, s.type])).toEqual([
      ['林書豪', 'person'],
    ]);
    for (const prefix of ['的', '之', '小', 'a']) {
      expect((await suggest({ prefix })).length, prefix).toBeLessThanOrEqual(8);
    }
    expect((await suggest({ prefix: '鑫光大' })).map((s) => s.contentId)).toEqual([
      'SR-H',
      'SR-B1',
      'SR-B2',
      'SR-I',
    ]);
  });

  it('lists the hot keywords in rank order', async () => {
    const res = await ctx.app.inject(siteCalls.getHotKeyword);
    expect(res.statusCode).toBe(200);
    const list = hotKeywordReplySchema.parse(res.json()).data.hotKeywordList.hotKeyword;
    expect(list).toEqual(hotKeywords.map(({ keyword, rank }) => ({ keyword, rank })));
    expect(list.map((k) => k.rank)).toEqual([...list.map((k) => k.rank)].sort((a, b) => a - b));
  });

  it('finds a renamed title by its new name after reindexTitles, and not by the old one', async () => {
    const { db } = ctx.database;
    await newTitle(db, { content_id: 'SN-1', name: '舊名字壹號' });
    expect(await reindexTitles(db, ['SN-1'])).toBeGreaterThan(0);
    expect(await reindexTitles(db, ['SN-1'])).toBe(0);
    expect(await ids({ inputKeyword: '壹號' })).toEqual(['SN-1']);
    await db
      .updateTable('title')
      .set({ name: '新名字貳號' })
      .where('content_id', '=', 'SN-1')
      .execute();
    expect(await reindexTitles(db, ['SN-1'])).toBeGreaterThan(0);
    expect(await ids({ inputKeyword: '貳號' })).toEqual(['SN-1']);
    expect(await ids({ inputKeyword: '壹' })).toEqual([]);
    expect(await ids({ inputKeyword: '舊名字壹號' })).toEqual([]);
    expect((await search({ inputKeyword: '新名字貳號' })).videoList.video[0]?.contentName).toBe(
      '新名字貳號',
    );
    // Gone from the catalogue: gone from the index.
    await db.deleteFrom('title').where('content_id', '=', 'SN-1').execute();
    await reindexTitles(db, ['SN-1']);
    const left = await db
      .selectFrom('search_term')
      .select('term')
      .where('owner_id', '=', 'SN-1')
      .execute();
    expect(left).toEqual([]);
  });

  it('rebuilds the whole index as a first build, lookup index included, with the same answers', async () => {
    const { db } = ctx.database;
    const before = await ids({ inputKeyword: '鑫' });
    const rows = async () =>
      Number(
        (
          await db
            .selectFrom('search_term')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const stored = await rows();
    await db.deleteFrom('search_term').execute();
    expect(await ids({ inputKeyword: '鑫' })).toEqual([]);
    // Every title lacks rows: over the (lowered) threshold, the lookup index is dropped and rebuilt.
    expect(await reindexSearch(db, { bulkTitles: 1 })).toBe(stored);
    expect(await rows()).toBe(stored);
    expect(await reindexSearch(db, { bulkTitles: 1 })).toBe(0);
    expect(await ids({ inputKeyword: '鑫' })).toEqual(before);
    const indexes =
      testDialect === 'postgres'
        ? await sql<{ name: string }>`select indexname as name from pg_indexes
            where schemaname = current_schema() and tablename = 'search_term'`.execute(db)
        : await sql<{ name: string }>`select name from sqlite_master
            where type = 'index' and tbl_name = 'search_term'`.execute(db);
    expect(indexes.rows.map((r) => r.name)).toContain('search_term_lookup');
  });
});
