import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';
import { importXmltv, XmltvImportError } from '../../src/modules/live/index.js';
import { parseXmltvTime } from '../../src/modules/live/xmltv-import.js';
import { testDialect, useTestApp } from '../support/index.js';

const HOUR = 3600;
/** 2026-11-23 (Monday) 00:00 Taipei: the day after TEST_NOW. */
const MONDAY = 1_795_363_200;

const guide = (programmes: string, channels = '') => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tv SYSTEM "xmltv.dtd">
<tv source-info-name="測試">
${channels}${programmes}
</tv>
`;
const programme = (channel: string, start: string, stop: string, title: string, desc = '') =>
  `  <programme start="${start}" stop="${stop}" channel="${channel}">
    <title lang="zh">${title}</title>${desc ? `\n    <desc lang="zh">${desc}</desc>` : ''}
  </programme>
`;

async function problemsOf(run: Promise<unknown>): Promise<XmltvImportError['problems']> {
  try {
    await run;
  } catch (error) {
    expect(error).toBeInstanceOf(XmltvImportError);
    return (error as XmltvImportError).problems;
  }
  throw new Error('the import was not refused');
}

function validate(xml: string): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xmltv-'));
  const file = path.join(dir, 'guide.xml');
  fs.writeFileSync(file, xml);
  const dtd = path.join(repoRoot, 'fixtures/standards/xmltv.dtd');
  // xmllint exits non-zero (and the test fails) on any DTD violation.
  execFileSync('xmllint', ['--noout', '--nonet', '--dtdvalid', dtd, file], { stdio: 'pipe' });
}

/**
 * Debian's xmltv-util validator (issue 28 item 8): the DTD and XMLTV's own rules, such as
 * globally unique channel ids. Exit status 0 means valid; its messages say what is not.
 */
function tvValidateFile(xml: string): { status: number | null; output: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xmltv-'));
  const file = path.join(dir, 'guide.xml');
  fs.writeFileSync(file, xml);
  fs.copyFileSync(path.join(repoRoot, 'fixtures/standards/xmltv.dtd'), path.join(dir, 'xmltv.dtd'));
  // The DTD comes from our copy, not from supplement.xmltv.org (no network here or in CI).
  const run = spawnSync('tv_validate_file', [file], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, XMLTV_SUPPLEMENT: dir },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('XMLTV import and export', () => {
  const ctx = useTestApp({ seed: true });
  const db = () => ctx.database.db;
  const schedule = (channelId: string) =>
    db()
      .selectFrom('programme')
      .select(['start_at', 'end_at', 'name', 'description'])
      .where('channel_id', '=', channelId)
      .orderBy('start_at')
      .execute();
  const snapshot = () =>
    db()
      .selectFrom('programme')
      .selectAll()
      .orderBy('programme_id')
      .execute()
      .then((rows) => JSON.stringify(rows));

  it('reads XMLTV times with their offset; without one they are UTC (xmltv.dtd)', () => {
    expect(parseXmltvTime('20261123100000 +0800')).toBe(MONDAY + 10 * HOUR);
    expect(parseXmltvTime('202611231000 +0800')).toBe(MONDAY + 10 * HOUR);
    expect(parseXmltvTime('20261123020000')).toBe(MONDAY + 10 * HOUR);
    expect(parseXmltvTime('20261123020000 -0130')).toBe(MONDAY + 11.5 * HOUR);
    for (const bad of [
      '2026112310',
      '20261332100000 +0800',
      '20261123250000',
      '20261123100000 BST',
      'x',
    ])
      expect(parseXmltvTime(bad), bad).toBeNull();
  });

  it('replaces a channel schedule for a period, cutting programmes at its bounds', async () => {
    const before = await schedule('ch01');
    const guideBefore = (await ctx.app.inject('/epg/xmltv.xml?days=3')).body;
    expect(guideBefore).not.toContain('晨間特報');
    const xml = guide(
      programme(
        'ch01',
        '20261123100000 +0800',
        '20261123110000 +0800',
        '晨間特報',
        '重要 &amp; 即時',
      ) +
        programme('ch01', '20261123110000 +0800', '20261123123000 +0800', '午間新聞') +
        programme('ch01', '20261123123000 +0800', '20261123130000 +0800', '氣象快報'),
      '  <channel id="ch01"><display-name>星河新聞台</display-name></channel>\n',
    );
    const result = await importXmltv(db(), xml, {}, ctx.now.value);
    expect(result.channels).toEqual([
      expect.objectContaining({
        channelId: 'ch01',
        from: MONDAY + 10 * HOUR,
        to: MONDAY + 13 * HOUR,
        inserted: 3,
      }),
    ]);
    const after = await schedule('ch01');
    const inPeriod = after.filter(
      (p) => p.start_at >= MONDAY + 10 * HOUR && p.start_at < MONDAY + 13 * HOUR,
    );
    expect(inPeriod.map((p) => p.name)).toEqual(['晨間特報', '午間新聞', '氣象快報']);
    expect(inPeriod[0]!.description).toBe('重要 & 即時');
    // Nothing overlaps, and outside the period everything is as before (cut at the bounds).
    for (let i = 1; i < after.length; i += 1)
      expect(after[i]!.start_at).toBeGreaterThanOrEqual(after[i - 1]!.end_at);
    const outside = (rows: typeof before) =>
      rows.filter((p) => p.end_at <= MONDAY + 10 * HOUR || p.start_at >= MONDAY + 13 * HOUR);
    const [from, to] = [MONDAY + 10 * HOUR, MONDAY + 13 * HOUR];
    const cut = before.flatMap((p) =>
      [
        { ...p, end_at: Math.min(p.end_at, from) },
        { ...p, start_at: Math.max(p.start_at, to) },
      ].filter(
        (piece) => piece.start_at < piece.end_at && (piece.end_at <= from || piece.start_at >= to),
      ),
    );
    expect(outside(after)).toEqual(cut);
    const rev = await db()
      .selectFrom('channel')
      .select('schedule_rev')
      .where('channel_id', '=', 'ch01')
      .executeTakeFirstOrThrow();
    expect(Number(rev.schedule_rev)).toBe(1);
    // The exported guide shows it at once (its cache follows the schedule).
    const guideAfter = (await ctx.app.inject('/epg/xmltv.xml?days=3')).body;
    expect(guideAfter).toContain(
      '<programme start="20261123100000 +0800" stop="20261123110000 +0800" channel="ch01.tv.example.test">',
    );
    // The page's programme list shows it, in Taipei time.
    const reply = (await ctx.app.inject('/ajax/ajaxSwitchChannel.do?channelId=ch01')).json().data;
    expect(reply.programSchedule['2026-11-23'].programList).toEqual(
      expect.arrayContaining([{ startTime: '11:00', programName: '午間新聞' }]),
    );
  });

  it('refuses overlapping programmes, naming both with their lines, and leaves the old schedule', async () => {
    const before = await snapshot();
    const xml = guide(
      programme('ch02', '20261124100000 +0800', '20261124110000 +0800', '早盤分析') +
        programme('ch02', '20261124103000 +0800', '20261124113000 +0800', '盤中快報') +
        programme('ch03', '20261124100000 +0800', '20261124110000 +0800', '國際焦點'),
    );
    const problems = await problemsOf(importXmltv(db(), xml, {}, ctx.now.value));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.line).toBe(7);
    expect(problems[0]!.message).toContain(
      '「盤中快報」 (ch02, 2026-11-24 10:30–11:30 Taipei) overlaps',
    );
    expect(problems[0]!.message).toContain('「早盤分析」');
    expect(problems[0]!.message).toContain('line 4');
    // Nothing half-imported: not even the valid ch03 programme.
    expect(await snapshot()).toBe(before);
  });

  it('refuses a file that is not valid XMLTV, with xmllint line numbers', async () => {
    const before = await snapshot();
    const bogus = guide(
      programme('ch01', '20261124100000 +0800', '20261124110000 +0800', 'A').replace(
        '</title>',
        '</title><bogus/>',
      ),
    );
    const problems = await problemsOf(importXmltv(db(), bogus, {}, ctx.now.value));
    expect(problems.some((p) => p.line === 4 && /does not follow the DTD/.test(p.message))).toBe(
      true,
    );
    const broken = await problemsOf(
      importXmltv(db(), '<?xml version="1.0"?>\n<tv>\n<programme', {}, ctx.now.value),
    );
    expect(broken[0]!.line).toBeGreaterThan(0);
    expect(await snapshot()).toBe(before);
  });

  it('collects every problem of a file in one run', async () => {
    const before = await snapshot();
    const xml = guide(
      programme('ch99', '20261124100000 +0800', '20261124110000 +0800', '無此頻道') +
        programme('ch01', '20261124120000 +0800', '20261124110000 +0800', '倒轉節目') +
        programme('ch01', '2026-11-24', '20261124110000 +0800', '錯誤時間') +
        programme('ch01', '20261124130000 +0800', '20261124140000 +0800', '  '),
    );
    const problems = await problemsOf(importXmltv(db(), xml, {}, ctx.now.value));
    const text = problems.map((p) => `${p.line}: ${p.message}`).join('\n');
    expect(text).toContain("4: 「無此頻道」: channel 'ch99' is not a channel of this site");
    expect(text).toMatch(
      /7: 「倒轉節目」 \(ch01, 2026-11-24 12:00–11:00 Taipei\): start is not before stop/,
    );
    expect(text).toContain("10: 「錯誤時間」: start '2026-11-24' is not an XMLTV time");
    expect(text).toContain('13: a programme without a title');
    expect(await snapshot()).toBe(before);
  });

  it('with --channel, --from and --to: only that channel, only that period, nothing may cross it', async () => {
    const from = MONDAY + 2 * 24 * HOUR + 20 * HOUR; // Wednesday 20:00 Taipei
    const to = from + 2 * HOUR;
    const xml = guide(
      programme('ch12', '20261125190000 +0800', '20261125200000 +0800', '賽前分析') +
        programme('ch12', '20261125200000 +0800', '20261125220000 +0800', '棒球直播') +
        programme('ch11', '20261125200000 +0800', '20261125220000 +0800', '卡通時間'),
    );
    const result = await importXmltv(db(), xml, { channelId: 'ch12', from, to }, ctx.now.value);
    expect(result.skipped).toBe(2); // ch11's, and ch12's before the period
    const rows = (await schedule('ch12')).filter((p) => p.start_at < to && p.end_at > from);
    expect(rows.map((p) => [p.start_at, p.end_at, p.name])).toEqual([[from, to, '棒球直播']]);
    const crossing = await problemsOf(
      importXmltv(
        db(),
        xml,
        { channelId: 'ch12', from: from + HOUR, to: to + HOUR },
        ctx.now.value,
      ),
    );
    expect(crossing[0]!.message).toContain('crosses the import period');
  });

  it('export is built with an XML library and validates against xmltv.dtd; it imports back unchanged', async () => {
    const exported = (await ctx.app.inject('/epg/xmltv.xml?days=2')).body;
    validate(exported);
    expect(
      exported.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE tv SYSTEM "xmltv.dtd">',
      ),
    ).toBe(true);
    expect(exported).toContain('start="20261121000000 +0800"');
    // Channel ids are qualified with the site's domain (PUBLIC_URL's host here).
    expect(exported).toContain('<channel id="ch01.tv.example.test">');
    expect(exported).toMatch(/<programme [^>]*channel="ch\d\d\.tv\.example\.test"/);
    expect(exported).not.toMatch(/channel="ch\d\d"/);
    // ch12's baseball is blacked out: the export says so as the import reads it (ADR 0043).
    expect(exported).toContain('<category lang="en">no-catchup</category>');
    const before = await snapshot();
    const result = await importXmltv(
      db(),
      exported,
      { idDomain: ctx.config.XMLTV_ID_DOMAIN },
      ctx.now.value,
    );
    expect(result.channels.length).toBe(12);
    const after = JSON.parse(await snapshot()) as {
      channel_id: string;
      start_at: number;
      end_at: number;
      name: string;
      catchup_blackout: number;
    }[];
    const key = (rows: typeof after) =>
      rows
        .map((r) => `${r.channel_id} ${r.start_at} ${r.end_at} ${r.name} ${r.catchup_blackout}`)
        .sort();
    expect(key(after)).toEqual(key(JSON.parse(before) as typeof after));
  });

  it('tv_validate_file accepts the export; bare ids, the old form, it refuses', async () => {
    const exported = (await ctx.app.inject('/epg/xmltv.xml?days=1')).body;
    const checked = tvValidateFile(exported);
    expect(checked.output).not.toMatch(/invalid channel-id/i);
    expect(checked.status, checked.output).toBe(0);
    const bare = exported.replace(/(id|channel)="(ch\d\d)\.tv\.example\.test"/g, '$1="$2"');
    expect(tvValidateFile(bare).status).not.toBe(0);
  });

  it('import takes bare and qualified ids alike, and --channel in either form', async () => {
    const qualified = guide(
      programme('ch06.tv.example.test', '20261127100000 +0800', '20261127110000 +0800', '甲'),
    );
    const result = await importXmltv(
      db(),
      qualified,
      {
        idDomain: 'tv.example.test',
        channelId: 'ch06',
      },
      ctx.now.value,
    );
    expect(result.channels.map((c) => c.channelId)).toEqual(['ch06']);
    const bare = guide(programme('ch06', '20261127110000 +0800', '20261127120000 +0800', '乙'));
    const again = await importXmltv(
      db(),
      bare,
      {
        idDomain: 'tv.example.test',
        channelId: 'ch06.tv.example.test',
      },
      ctx.now.value,
    );
    expect(again.channels.map((c) => c.channelId)).toEqual(['ch06']);
    // Another site's domain is not ours: that channel is unknown.
    const foreign = guide(
      programme('ch06.other.example', '20261127120000 +0800', '20261127130000 +0800', '丙'),
    );
    const problems = await problemsOf(
      importXmltv(db(), foreign, { idDomain: 'tv.example.test' }, ctx.now.value),
    );
    expect(problems[0]!.message).toContain("channel 'ch06.other.example' is not a channel");
  });

  it('marks a programme with <category>no-catchup</category> as blacked out (docs/adr/0043)', async () => {
    const xml = guide(
      `  <programme start="20261123140000 +0800" stop="20261123160000 +0800" channel="ch12">
    <title lang="zh">冠軍賽</title>
    <category lang="en">Sports</category>
    <category lang="en">no-catchup</category>
  </programme>
` + programme('ch12', '20261123160000 +0800', '20261123170000 +0800', '賽後分析'),
    );
    validate(xml);
    await importXmltv(db(), xml, {}, ctx.now.value);
    const rows = await db()
      .selectFrom('programme')
      .select(['name', 'catchup_blackout'])
      .where('channel_id', '=', 'ch12')
      .where('start_at', '>=', MONDAY + 14 * HOUR)
      .where('start_at', '<', MONDAY + 17 * HOUR)
      .orderBy('start_at')
      .execute();
    expect(rows.map((r) => [r.name, Number(r.catchup_blackout)])).toEqual([
      ['冠軍賽', 1],
      ['賽後分析', 0],
    ]);
  });

  it('never rewrites what has aired: the import starts after the programme on air', async () => {
    const now = ctx.now.value; // Sunday 12:00 Taipei
    const sunday = MONDAY - 24 * HOUR;
    const before = await schedule('ch01');
    const onAir = before.find((p) => p.start_at <= now && p.end_at > now)!;
    // A whole new Sunday, in half hours, each one named by its hour.
    let programmes = '';
    for (let t = sunday; t < MONDAY; t += HOUR / 2) {
      const at = (u: number) =>
        new Date((u + 8 * HOUR) * 1000).toISOString().replace(/\D/g, '').slice(0, 14) + ' +0800';
      programmes += programme('ch01', at(t), at(t + HOUR / 2), `新排 ${t}`);
    }
    const result = await importXmltv(db(), guide(programmes), {}, now);
    const after = await schedule('ch01');
    const aired = (rows: typeof before) => rows.filter((p) => p.start_at < now);
    expect(aired(after)).toEqual(aired(before));
    expect(after.find((p) => p.start_at === onAir.start_at)).toEqual(onAir);
    const fresh = after.filter((p) => p.start_at >= onAir.end_at && p.start_at < MONDAY);
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.every((p) => p.name.startsWith('新排 '))).toBe(true);
    expect(fresh[0]!.start_at).toBe(onAir.end_at);
    expect(result.channels[0]!.aired).toBe((onAir.end_at - sunday) / (HOUR / 2));
    for (let i = 1; i < after.length; i += 1)
      expect(after[i]!.start_at).toBeGreaterThanOrEqual(after[i - 1]!.end_at);
  });

  it.runIf(testDialect === 'sqlite')(
    'npm run epg:import: imports, or lists problems and exits 1',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epg-cli-'));
      const good = path.join(dir, 'good.xml');
      const bad = path.join(dir, 'bad.xml');
      fs.writeFileSync(
        good,
        guide(programme('ch05', '20361126100000 +0800', '20361126110000 +0800', '綜藝特輯')),
      );
      fs.writeFileSync(
        bad,
        guide(
          programme('ch05', '20361126100000 +0800', '20361126110000 +0800', '甲') +
            programme('ch05', '20361126103000 +0800', '20361126113000 +0800', '乙'),
        ),
      );
      const run = (...args: string[]) =>
        spawnSync(
          process.execPath,
          ['--import', 'tsx', path.join(repoRoot, 'scripts/import-xmltv.ts'), ...args],
          {
            cwd: repoRoot,
            env: { ...process.env, DATABASE_URL: ctx.database.url, LOG_LEVEL: 'silent' },
            encoding: 'utf8',
          },
        );
      // The command runs on the real clock and leaves out what has aired (docs/adr/0043), so
      // the guide is set ten years ahead.
      const ok = run(good);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toContain(
        'ch05: 2036-11-26 10:00 – 2036-11-26 11:00 (Taipei): 1 programmes in',
      );
      const refused = run(bad);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('was not imported; nothing changed');
      expect(refused.stderr).toContain(`${bad}:7: 「乙」`);
    },
    90_000,
  );
});
