import type { FIXED_TEXTS } from '@site/contract/console';
import { KNOWN_WORDINGS, type ConsoleWording } from '@site/contract/console';
import { siteCalls } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/index.js';
import { wordings as demoWordings } from '../../src/demo/catalogue-extras.js';
import { signedInStaff, useTestApp } from '../support/index.js';

const WORDING = '/console/api/wording';
const MINUTES = 'Live_Minutes_Wording';

/**
 * Issue 25 item 9 (docs/adr/0051): the site's wording edited in the console by marketing, on both
 * databases: placeholders kept, fixed texts untouchable, every change audited with old and new
 * text, undone to the previous or the default text, and shown on every instance at once.
 */
describe('wording in the console', () => {
  // The catalogue cache on, as in production: wording must not wait for it.
  const ctx = useTestApp({ env: { CATALOGUE_CACHE_SECONDS: '10' } });
  const db = () => ctx.database.db;
  let seeded = false;

  async function seedWording(): Promise<void> {
    if (seeded) return;
    seeded = true;
    await db()
      .insertInto('wording')
      .values([
        ...demoWordings,
        { code: 'PROMO_BANNER', group_code: 'PROMO', wording: '雙十一$$全館八折', sort_order: 1 },
      ])
      .execute();
  }
  const marketer = async () => {
    await seedWording();
    return (await signedInStaff(ctx, ['marketing'])).browser;
  };
  const entryOf = async (code: string): Promise<ConsoleWording> => {
    const browser = await marketer();
    const res = await browser.get(WORDING);
    return (res.json().data.entries as ConsoleWording[]).find((e) => e.code === code)!;
  };
  const siteWording = async (app: FastifyInstance, code: string) =>
    (await app.inject({ url: `${siteCalls.findWording}?code=${code}` })).json().data.wording;
  const auditOf = (code: string) =>
    db()
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity', '=', 'wording')
      .where('entity_id', '=', code)
      .orderBy('audit_id')
      .execute();
  const rowOf = (code: string) =>
    db().selectFrom('wording').selectAll().where('code', '=', code).executeTakeFirstOrThrow();

  it('ships the texts the demo seeds as the defaults', () => {
    for (const known of KNOWN_WORDINGS) {
      const seededRow = demoWordings.find((row) => row.code === known.code);
      expect(seededRow?.wording, known.code).toBe(known.defaultText);
      expect(seededRow?.group_code).toBe(known.group);
    }
  });

  it('lists every entry with its placeholders and SPEC’s fixed texts; the auditor reads and may not change', async () => {
    const browser = await marketer();
    const res = await browser.get(WORDING);
    expect(res.statusCode).toBe(200);
    const { entries, fixed } = res.json().data as {
      entries: ConsoleWording[];
      fixed: typeof FIXED_TEXTS;
    };
    expect(entries.map((e) => e.code).sort()).toEqual(
      [...demoWordings.map((w) => w.code), 'PROMO_BANNER'].sort(),
    );
    expect(entries.find((e) => e.code === MINUTES)).toMatchObject({
      template: '{minutes}$${message}',
      text: '10$$免費試看時間已到，登入會員即可繼續觀看。',
      defaultText: '10$$免費試看時間已到，登入會員即可繼續觀看。',
      previousText: null,
      version: 0,
      preview: 'liveMinutes',
    });
    // An entry the console does not know keeps its own parts.
    expect(entries.find((e) => e.code === 'PROMO_BANNER')).toMatchObject({
      template: '{part1}$${part2}',
      defaultText: null,
    });
    expect(fixed.map((f) => f.text)).toContain('此頻道目前無法觀看，請稍候再試。');
    expect(fixed.every((f) => f.reason.includes('一字不差'))).toBe(true);

    const auditor = (await signedInStaff(ctx, ['auditor'])).browser;
    expect((await auditor.get(WORDING)).statusCode).toBe(200);
    const refused = await auditor.call('PUT', `${WORDING}/${MINUTES}`, {
      text: '5$$看夠了',
      version: 0,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status.code).toBe('STAFF_FORBIDDEN');
    expect((await rowOf(MINUTES)).wording).toBe('10$$免費試看時間已到，登入會員即可繼續觀看。');
  });

  it('a change shows at once on this instance and another one over the same database, audited with old and new text', async () => {
    const browser = await marketer();
    const { url, schema } = ctx.database;
    const database = connect(url, schema ? { schema } : {});
    const other = await buildApp({ config: ctx.config, database, clock: () => ctx.now.value });
    try {
      // Both instances have answered the old text (any cache would now hold it).
      expect(await siteWording(ctx.app, MINUTES)).toMatch(/^10\$\$/);
      expect(await siteWording(other, MINUTES)).toMatch(/^10\$\$/);
      const before = await entryOf(MINUTES);
      const res = await browser.call('PUT', `${WORDING}/${MINUTES}`, {
        text: '15$$試看結束，登入後繼續收看。',
        version: before.version,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.entry).toMatchObject({
        text: '15$$試看結束，登入後繼續收看。',
        previousText: before.text,
        version: before.version + 1,
        updatedAt: ctx.now.value,
      });
      expect(await siteWording(ctx.app, MINUTES)).toBe('15$$試看結束，登入後繼續收看。');
      expect(await siteWording(other, MINUTES)).toBe('15$$試看結束，登入後繼續收看。');
    } finally {
      await other.close();
      await database.close();
    }
    const [audit] = await auditOf(MINUTES);
    expect(audit).toMatchObject({ call: 'PUT /console/api/wording/:code' });
    expect(JSON.parse(audit!.before_json!)).toEqual({
      text: '10$$免費試看時間已到，登入會員即可繼續觀看。',
    });
    expect(JSON.parse(audit!.after_json!)).toEqual({ text: '15$$試看結束，登入後繼續收看。' });
  });

  it('refuses a text that drops or adds a placeholder, is empty or too long, naming the placeholder; nothing is written', async () => {
    const browser = await marketer();
    const before = await rowOf(MINUTES);
    const audits = (await auditOf(MINUTES)).length;
    const cases: [string, RegExp][] = [
      ['免費試看時間已到，登入會員即可繼續觀看。', /少了代入值「\{minutes\}」/],
      ['10$$免費試看$$時間已到', /多了 1 個「\$\$」分隔/],
      ['10', /少了代入值「\{message\}」/],
      ['0$$免費試看時間已到', /「\{minutes\}」（免費試看分鐘數）須為 1 到 1440 的整數分鐘數/],
      ['{minutes}$$免費試看時間已到', /「\{minutes\}」是代入值的名稱/],
      ['10$$還剩 {seconds} 秒', /多了代入值「\{seconds\}」/],
      ['   ', /請輸入文字內容/],
      [`10$$${'長'.repeat(300)}`, /文字最多 200 個字/],
    ];
    for (const [text, message] of cases) {
      const res = await browser.call('PUT', `${WORDING}/${MINUTES}`, {
        text,
        version: Number(before.version),
      });
      expect(res.statusCode, text).toBe(400);
      expect(res.json().status.code).toBe('BAD_INPUT');
      expect(res.json().status.message, text).toMatch(message);
      expect(res.json().data.fields[0].name).toBe('text');
    }
    // A footer line keeps its '$$' even without a link.
    const footer = await rowOf('FOOTER_REDEEM');
    const dropped = await browser.call('PUT', `${WORDING}/FOOTER_REDEEM`, {
      text: '序號兌換',
      version: Number(footer.version),
    });
    expect(dropped.json().status.message).toMatch(
      /少了代入值「\{link\}」（連結）.*沒有值時也要保留「\$\$」/,
    );
    const badLink = await browser.call('PUT', `${WORDING}/FOOTER_REDEEM`, {
      text: '序號兌換$$javascript:alert(1)',
      version: Number(footer.version),
    });
    expect(badLink.json().status.message).toMatch(/「\{link\}」（連結）須為站內路徑/);

    expect(await rowOf(MINUTES)).toEqual(before);
    expect(await rowOf('FOOTER_REDEEM')).toEqual(footer);
    expect(await auditOf(MINUTES)).toHaveLength(audits);
  });

  it('refuses an edit on an older version, a fixed text and an unknown code', async () => {
    const browser = await marketer();
    const current = await rowOf('FOOTER_SERVICE');
    const stale = await browser.call('PUT', `${WORDING}/FOOTER_SERVICE`, {
      text: '客服專線 0800-999-999$$',
      version: Number(current.version) + 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.code).toBe('STALE_EDIT');
    expect(stale.json().data.fields).toContainEqual({
      name: 'text',
      problem: JSON.stringify(current.wording),
    });

    const fixed = await browser.call('PUT', `${WORDING}/LIVE_NOT_ON_PC`, {
      text: '不能看',
      version: 0,
    });
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().status.message).toMatch(/固定文字.*SPEC §8 規定這段文字必須一字不差/);

    const unknown = await browser.call('PUT', `${WORDING}/NO_SUCH_CODE`, { text: 'x', version: 0 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().status.message).toBe('找不到這段文字。');
    expect(await rowOf('FOOTER_SERVICE')).toEqual(current);
  });

  it('a footer change shows in the footer at once; undo goes back to the previous text, then to the default', async () => {
    const browser = await marketer();
    const footerText = async () =>
      (
        (await ctx.app.inject({ url: siteCalls.getFooterData })).json().data.footerList.footer as {
          code: string;
          wording: string;
          url: string;
        }[]
      ).find((line) => line.code === 'FOOTER_LIVE');

    let entry = await entryOf('FOOTER_LIVE');
    const nothingYet = await browser.post(`${WORDING}/FOOTER_LIVE/revert`, {
      to: 'previous',
      version: entry.version,
    });
    expect(nothingYet.statusCode).toBe(409);
    expect(nothingYet.json().status.message).toMatch(/沒有上一版/);

    for (const text of ['節目表$$/epg/xmltv.xml', '電子節目表（XMLTV）$$/epg/xmltv.xml']) {
      const res = await browser.call('PUT', `${WORDING}/FOOTER_LIVE`, {
        text,
        version: entry.version,
      });
      expect(res.statusCode, res.body).toBe(200);
      entry = res.json().data.entry;
    }
    expect(await footerText()).toEqual({
      code: 'FOOTER_LIVE',
      wording: '電子節目表（XMLTV）',
      url: '/epg/xmltv.xml',
    });

    const back = await browser.post(`${WORDING}/FOOTER_LIVE/revert`, {
      to: 'previous',
      version: entry.version,
    });
    expect(back.statusCode, back.body).toBe(200);
    entry = back.json().data.entry;
    expect(entry).toMatchObject({
      text: '節目表$$/epg/xmltv.xml',
      previousText: '電子節目表（XMLTV）$$/epg/xmltv.xml',
    });
    expect((await footerText())?.wording).toBe('節目表');

    const defaults = await browser.post(`${WORDING}/FOOTER_LIVE/revert`, {
      to: 'default',
      version: entry.version,
    });
    expect(defaults.json().data.entry.text).toBe('直播節目表$$/epg/xmltv.xml');
    expect((await footerText())?.wording).toBe('直播節目表');
    const audits = await auditOf('FOOTER_LIVE');
    expect(audits).toHaveLength(4);
    expect(JSON.parse(audits[3]!.after_json!)).toEqual({
      text: '直播節目表$$/epg/xmltv.xml',
      revertedTo: 'default',
    });
    expect(audits[3]!.call).toBe('POST /console/api/wording/:code/revert');

    // An entry the console does not know has no default to go back to.
    const promo = await entryOf('PROMO_BANNER');
    const noDefault = await browser.post(`${WORDING}/PROMO_BANNER/revert`, {
      to: 'default',
      version: promo.version,
    });
    expect(noDefault.statusCode).toBe(409);
    expect(noDefault.json().status.message).toMatch(/沒有預設文字/);
  });
});
