import type { ConsoleProgramme, ScheduleWeek, StaffRole } from '@site/contract/console';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/index.js';
import { importXmltv } from '../../src/modules/live/index.js';
import {
  newChannel,
  newMember,
  newProgramme,
  signedInStaff,
  useTestApp,
} from '../support/index.js';

const HOUR = 3600;
const DAY = 86_400;
/** 2026-11-23 (Monday) 00:00 Taipei: the day after TEST_NOW (Sunday 12:00 Taipei). */
const MONDAY = 1_795_363_200;
const API = '/console/api/schedule';

const guide = (programmes: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tv SYSTEM "xmltv.dtd">
<tv source-info-name="測試">
${programmes}</tv>
`;
/** XMLTV time of Unix seconds, in Taipei. */
const xt = (unix: number) =>
  `${new Date((unix + 8 * HOUR) * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0800`;
const prog = (channel: string, start: number, end: number, title: string) =>
  `  <programme start="${xt(start)}" stop="${xt(end)}" channel="${channel}">
    <title lang="zh">${title}</title>
  </programme>
`;

/**
 * Issue 25 items 2 and 3 (docs/adr/0048): the week grid's calls, programme edits with the import's
 * overlap rule, copy, the catch-up blackout, and XMLTV preview then apply, on both databases.
 */
describe('schedules in the console', () => {
  const ctx = useTestApp();
  const db = () => ctx.database.db;
  const scheduler = () => signedInStaff(ctx, ['channel_scheduler']);
  const channel = async () => (await newChannel(db())).channel_id;
  const rev = async (channelId: string) =>
    Number(
      (
        await db()
          .selectFrom('channel')
          .select('schedule_rev')
          .where('channel_id', '=', channelId)
          .executeTakeFirstOrThrow()
      ).schedule_rev,
    );
  const rows = (channelId: string) =>
    db()
      .selectFrom('programme')
      .select(['start_at', 'end_at', 'name', 'catchup_blackout'])
      .where('channel_id', '=', channelId)
      .orderBy('start_at')
      .execute()
      .then((list) =>
        list.map((p) => [Number(p.start_at), Number(p.end_at), p.name, Number(p.catchup_blackout)]),
      );
  const auditOf = (entity: string, entityId: string) =>
    db()
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity', '=', entity)
      .where('entity_id', '=', entityId)
      .execute();
  type Browser = Awaited<ReturnType<typeof scheduler>>['browser'];
  const add = async (browser: Browser, channelId: string, body: object) =>
    browser.post(`${API}/channels/${channelId}/programmes`, body);
  const added = async (browser: Browser, channelId: string, body: object) => {
    const res = await add(browser, channelId, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.programme as ConsoleProgramme;
  };

  it('adds, moves, resizes and deletes a programme; each change audited and bumps the revision', async () => {
    const { browser } = await scheduler();
    const ch = await channel();
    const rev0 = await rev(ch);
    const p = await added(browser, ch, {
      start: MONDAY + 20 * HOUR,
      end: MONDAY + 21 * HOUR,
      title: '晚間新聞',
      clipId: 'clip-a',
    });
    expect(p).toMatchObject({ title: '晚間新聞', clipId: 'clip-a', blackout: false });
    expect(await rev(ch)).toBe(rev0 + 1);
    const moved = await browser.call('PUT', `${API}/programmes/${p.programmeId}`, {
      start: MONDAY + 22 * HOUR,
      end: MONDAY + 23 * HOUR + 30 * 60,
      title: '晚間新聞',
      clipId: 'clip-a',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await rows(ch)).toEqual([[MONDAY + 22 * HOUR, MONDAY + 23.5 * HOUR, '晚間新聞', 0]]);
    const week = await browser.get(`${API}/week?date=2026-11-25&channels=${ch}`);
    expect(week.statusCode, week.body).toBe(200);
    const data = week.json().data as ScheduleWeek;
    expect(data).toMatchObject({ week: '2026-11-23', from: MONDAY, to: MONDAY + 7 * DAY });
    expect(data.channels.map((c) => c.programmes.length)).toEqual([1]);
    const gone = await browser.call('DELETE', `${API}/programmes/${p.programmeId}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await rows(ch)).toEqual([]);
    expect(await rev(ch)).toBe(rev0 + 3);
    const audit = await auditOf('programme', String(p.programmeId));
    expect(audit.map((a) => a.call)).toEqual([
      'POST /console/api/schedule/channels/:channelId/programmes',
      'PUT /console/api/schedule/programmes/:programmeId',
      'DELETE /console/api/schedule/programmes/:programmeId',
    ]);
  });

  it('refuses an overlap with the import’s rule, touching allowed, nothing half-saved; bad times and clips too', async () => {
    const { browser } = await scheduler();
    const ch = await channel();
    await added(browser, ch, { start: MONDAY + 20 * HOUR, end: MONDAY + 21 * HOUR, title: 'A' });
    const touching = await added(browser, ch, {
      start: MONDAY + 21 * HOUR,
      end: MONDAY + 22 * HOUR,
      title: 'B',
    });
    const before = await rows(ch);
    const revBefore = await rev(ch);
    const overlap = await add(browser, ch, {
      start: MONDAY + 20.5 * HOUR,
      end: MONDAY + 20.75 * HOUR,
      title: 'C',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().status.code).toBe('PROGRAMME_OVERLAP');
    expect(overlap.json().status.message).toContain('overlaps 「A」');
    const moveInto = await browser.call('PUT', `${API}/programmes/${touching.programmeId}`, {
      start: MONDAY + 20 * HOUR + 59 * 60,
      end: MONDAY + 22 * HOUR,
      title: 'B',
    });
    expect(moveInto.json().status.code).toBe('PROGRAMME_OVERLAP');
    const backwards = await add(browser, ch, {
      start: MONDAY + 23 * HOUR,
      end: MONDAY + 22 * HOUR,
      title: 'D',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('結束時間必須晚於開始時間');
    const badClip = await add(browser, ch, {
      start: MONDAY + 23 * HOUR,
      end: MONDAY + 24 * HOUR,
      title: 'E',
      clipId: 'no-such-clip',
    });
    expect(badClip.statusCode).toBe(400);
    expect(await rows(ch)).toEqual(before);
    expect(await rev(ch)).toBe(revBefore);
  });

  it('what has aired is frozen; on air only the end moves, not before now; nothing starts in the past', async () => {
    const { browser } = await scheduler();
    const ch = await channel();
    const now = ctx.now.value;
    await newProgramme(db(), {
      channel_id: ch,
      start_at: now - 2 * HOUR,
      end_at: now - HOUR,
      name: '已播',
      description: '',
    });
    await newProgramme(db(), {
      channel_id: ch,
      start_at: now - HOUR,
      end_at: now + HOUR,
      name: '播出中',
      description: '',
    });
    const list = (await browser.get(`${API}/week?date=2026-11-22&channels=${ch}`)).json().data
      .channels[0].programmes as ConsoleProgramme[];
    const [aired, onAir] = list;
    const put = (p: ConsoleProgramme, body: object) =>
      browser.call('PUT', `${API}/programmes/${p.programmeId}`, {
        start: p.start,
        end: p.end,
        title: p.title,
        ...body,
      });
    expect((await put(aired!, { title: '改名' })).json().status.code).toBe('PROGRAMME_AIRED');
    expect(
      (await browser.call('DELETE', `${API}/programmes/${aired!.programmeId}`)).json().status.code,
    ).toBe('PROGRAMME_AIRED');
    expect((await put(onAir!, { title: '改名' })).json().status.code).toBe('PROGRAMME_ON_AIR');
    expect((await put(onAir!, { end: now - 60 })).json().status.code).toBe('PROGRAMME_ON_AIR');
    expect((await put(onAir!, { blackout: true })).json().status.code).toBe('PROGRAMME_ON_AIR');
    expect(
      (await browser.call('DELETE', `${API}/programmes/${onAir!.programmeId}`)).json().status.code,
    ).toBe('PROGRAMME_ON_AIR');
    const shortened = await put(onAir!, { end: now });
    expect(shortened.statusCode, shortened.body).toBe(200);
    const past = await add(browser, ch, { start: now - 60, end: now + HOUR, title: 'X' });
    expect(past.json().status.code).toBe('PROGRAMME_IN_PAST');
  });

  it('toggles the catch-up blackout in place, bumping the revision (ADR 0043)', async () => {
    const { browser } = await scheduler();
    const ch = await channel();
    const p = await added(browser, ch, {
      start: MONDAY + HOUR,
      end: MONDAY + 2 * HOUR,
      title: '球賽',
    });
    const r = await rev(ch);
    const res = await browser.call('PUT', `${API}/programmes/${p.programmeId}`, {
      start: p.start,
      end: p.end,
      title: p.title,
      blackout: true,
    });
    expect(res.json().data.programme.blackout).toBe(true);
    expect((await rows(ch))[0]![3]).toBe(1);
    expect(await rev(ch)).toBe(r + 1);
    const audit = await auditOf('programme', String(p.programmeId));
    expect(JSON.parse(audit.at(-1)!.after_json!)).toEqual({ blackout: true });
  });

  it('copies a day and a week; refused whole when any copy would overlap or start before now', async () => {
    const { browser } = await scheduler();
    const ch = await channel();
    for (const h of [6, 8, 20])
      await added(browser, ch, {
        start: MONDAY + h * HOUR,
        end: MONDAY + (h + 1) * HOUR,
        title: `節目${h}`,
      });
    const day = await browser.post(`${API}/channels/${ch}/copy`, {
      from: '2026-11-23',
      to: '2026-11-24',
      days: 1,
    });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json().data.copied).toBe(3);
    const before = await rows(ch);
    // Tuesday now has programmes at 06, 08 and 20: copying Monday onto it again overlaps.
    const again = await browser.post(`${API}/channels/${ch}/copy`, {
      from: '2026-11-23',
      to: '2026-11-24',
      days: 1,
    });
    expect(again.json().status.code).toBe('PROGRAMME_OVERLAP');
    const intoPast = await browser.post(`${API}/channels/${ch}/copy`, {
      from: '2026-11-23',
      to: '2026-11-22',
      days: 1,
    });
    expect(intoPast.json().status.code).toBe('PROGRAMME_IN_PAST');
    expect(await rows(ch)).toEqual(before);
    const week = await browser.post(`${API}/channels/${ch}/copy`, {
      from: '2026-11-25',
      to: '2026-11-30',
      days: 7,
    });
    expect(week.statusCode, week.body).toBe(200);
    expect(week.json().data.copied).toBe(6);
    expect((await rows(ch)).filter((p) => Number(p[0]) >= MONDAY + 7 * DAY)).toHaveLength(6);
  });

  it('XMLTV: preview then apply gives what epg:import gives; a stale preview and a bad file are refused', async () => {
    const { browser } = await scheduler();
    const [a, b] = [await channel(), await channel()];
    for (const ch of [a, b]) {
      await newProgramme(db(), {
        channel_id: ch,
        start_at: MONDAY,
        end_at: MONDAY + 2 * HOUR,
        name: '舊節目',
        description: '',
      });
      await newProgramme(db(), {
        channel_id: ch,
        start_at: MONDAY + 5 * HOUR,
        end_at: MONDAY + 7 * HOUR,
        name: '跨界',
        description: '',
      });
    }
    const fileOf = (ch: string) =>
      guide(
        prog(ch, MONDAY, MONDAY + HOUR, '新一') +
          prog(ch, MONDAY + HOUR, MONDAY + 6 * HOUR, '新二'),
      );
    const preview = await browser.post(`${API}/xmltv/preview`, { xml: fileOf(a) });
    expect(preview.statusCode, preview.body).toBe(200);
    const data = preview.json().data;
    expect(data.problems).toEqual([]);
    expect(data.channels[0]).toMatchObject({
      channelId: a,
      added: [
        { title: '新一', line: 4 },
        { title: '新二', line: 7 },
      ],
      replaced: [{ title: '舊節目' }],
      cut: [{ title: '跨界', start: MONDAY + 6 * HOUR, end: MONDAY + 7 * HOUR }],
    });
    const applied = await browser.post(`${API}/xmltv/apply`, { xml: fileOf(a), token: data.token });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.channels).toEqual([
      { channelId: a, inserted: 2, removed: 1, trimmed: 1, aired: 0 },
    ]);
    // The same file through the command's function on the twin channel: the same schedule.
    await importXmltv(db(), fileOf(b), {}, ctx.now.value);
    expect(await rows(a)).toEqual(await rows(b));
    expect(await auditOf('channel_schedule', a)).toHaveLength(1);

    // Stale: a change between the preview and the apply.
    const second = guide(prog(a, MONDAY + 8 * HOUR, MONDAY + 9 * HOUR, '新三'));
    const token = (await browser.post(`${API}/xmltv/preview`, { xml: second })).json().data.token;
    await added(browser, a, { start: MONDAY + 10 * HOUR, end: MONDAY + 11 * HOUR, title: '插入' });
    const before = await rows(a);
    const stale = await browser.post(`${API}/xmltv/apply`, { xml: second, token });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status).toMatchObject({
      code: 'SCHEDULE_CHANGED',
      message: '預覽之後排程已經有變更，請重新預覽後再套用。',
    });
    expect(await rows(a)).toEqual(before);

    // Bad: overlapping programmes and an unknown channel, named by line.
    const bad = guide(
      prog(a, MONDAY + 8 * HOUR, MONDAY + 10 * HOUR, '甲') +
        prog(a, MONDAY + 9 * HOUR, MONDAY + 11 * HOUR, '乙') +
        prog('nope', MONDAY, MONDAY + HOUR, '丙'),
    );
    const refused = (await browser.post(`${API}/xmltv/preview`, { xml: bad })).json().data;
    expect(refused.token).toBeNull();
    expect(refused.problems.map((p: { line: number }) => p.line).sort()).toEqual([10, 7]);
    expect(refused.problems.some((p: { message: string }) => p.message.includes('overlaps'))).toBe(
      true,
    );
    const applyBad = await browser.post(`${API}/xmltv/apply`, { xml: bad, token: 'x' });
    expect(applyBad.statusCode).toBe(400);
    expect(applyBad.json().status.code).toBe('XMLTV_REFUSED');
    expect(applyBad.json().data.problems.length).toBeGreaterThan(0);
    const notXml = (await browser.post(`${API}/xmltv/preview`, { xml: '<tv><programme' })).json()
      .data;
    expect(notXml.problems[0].line).toBe(1);
    expect(await rows(a)).toEqual(before);
  });

  it('every call is refused to marketing, content editors, customer care, customers and nobody; the auditor reads', async () => {
    const ch = await channel();
    const { browser } = await scheduler();
    const p = await added(browser, ch, {
      start: MONDAY + HOUR,
      end: MONDAY + 2 * HOUR,
      title: '甲',
    });
    const body = { start: MONDAY + 3 * HOUR, end: MONDAY + 4 * HOUR, title: '乙' };
    const xml = guide(prog(ch, MONDAY + 5 * HOUR, MONDAY + 6 * HOUR, '丙'));
    const changes = (s: Browser) => [
      () => s.post(`${API}/channels/${ch}/programmes`, body),
      () => s.call('PUT', `${API}/programmes/${p.programmeId}`, body),
      () => s.call('DELETE', `${API}/programmes/${p.programmeId}`),
      () => s.post(`${API}/channels/${ch}/copy`, { from: '2026-11-23', to: '2026-11-24', days: 1 }),
      () => s.post(`${API}/xmltv/preview`, { xml }),
      () => s.post(`${API}/xmltv/apply`, { xml, token: 'x' }),
    ];
    const reads = (s: Browser) => [
      () => s.get(`${API}/week?date=2026-11-23`),
      () => s.get(`${API}/assets`),
    ];
    const auditCount = async () =>
      (await db().selectFrom('audit_entry').select('audit_id').execute()).length;
    const before = await auditCount();
    for (const role of ['marketing', 'content_editor', 'customer_care', 'auditor'] as StaffRole[]) {
      const staff = await signedInStaff(ctx, [role]);
      for (const change of changes(staff.browser)) {
        const res = await change();
        expect(res.statusCode, role).toBe(403);
      }
      for (const read of reads(staff.browser))
        expect((await read()).statusCode, role).toBe(role === 'auditor' ? 200 : 403);
    }
    const member = await newMember(ctx.app);
    for (const url of [`${API}/week?date=2026-11-23`, `${API}/assets`]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const asCustomer = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { cookie: [...member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      expect(asCustomer.statusCode).toBe(401);
    }
    const nobody = await ctx.app.inject({
      method: 'POST',
      url: `${API}/channels/${ch}/programmes`,
      payload: body,
    });
    expect([401, 403]).toContain(nobody.statusCode);
    expect(await auditCount()).toBe(before);
    const admin = await signedInStaff(ctx, ['admin']);
    expect((await admin.browser.post(`${API}/channels/${ch}/programmes`, body)).statusCode).toBe(
      200,
    );
  });

  it('a second instance on the same database sees a change at once (the guide and the grid)', async () => {
    const { browser } = await scheduler();
    const ch = await channel();
    const p = await added(browser, ch, {
      start: MONDAY + HOUR,
      end: MONDAY + 2 * HOUR,
      title: '第一版',
    });
    const { url, schema } = ctx.database;
    const database = connect(url, schema ? { schema } : {});
    const other = await buildApp({ config: ctx.config, database, clock: () => ctx.now.value });
    try {
      const guideThere = async () =>
        (await other.inject({ method: 'GET', url: '/epg/xmltv.xml?days=3' })).body;
      expect(await guideThere()).toContain('第一版');
      // An edit in place changes neither the programme count nor the highest id: the revision does it.
      const res = await browser.call('PUT', `${API}/programmes/${p.programmeId}`, {
        start: p.start,
        end: p.end,
        title: '第二版',
      });
      expect(res.statusCode, res.body).toBe(200);
      const there = await guideThere();
      expect(there).toContain('第二版');
      expect(there).not.toContain('第一版');
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('the live origin plays a programme’s own clip at its time, the channel’s clips around it', async () => {
    const { browser } = await scheduler();
    const ch = await channel();
    await newChannel(db(), { clip_id: 'clip-b' }); // so clip-b is a playout clip one may pick
    const start = Math.ceil(ctx.now.value / 60) * 60 + 600;
    await added(browser, ch, { start, end: start + 600, title: '特別節目', clipId: 'clip-b' });
    const playlistAt = async (moment: number) => {
      ctx.now.value = moment;
      const res = await ctx.app.inject(`/ajax/ajaxSwitchChannel.do?channelId=${ch}`);
      const url = Buffer.from(res.json().data.videoUrl as string, 'base64').toString();
      const media = await ctx.app.inject(url.replace('master.m3u8', 'v0.m3u8'));
      expect(media.statusCode, media.body).toBe(200);
      return media.body.split('\n').filter((line) => line.endsWith('.m4s'));
    };
    const saved = ctx.now.value;
    try {
      expect((await playlistAt(start + 300)).every((uri) => uri.startsWith('clip-b/'))).toBe(true);
      expect((await playlistAt(start - 60)).every((uri) => uri.startsWith('clip-a/'))).toBe(true);
    } finally {
      ctx.now.value = saved;
    }
  });
});
