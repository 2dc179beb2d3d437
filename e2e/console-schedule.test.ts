import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { requireConsoleBuild, signInStaff } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/** The demo seed's channel scheduler (apps/server/src/demo/staff.ts): no second factor. */
const SCHEDULER = 'scheduler@console.example';
/** ch01 plays clip-b on its own; the programme picks clip-c from the media list. */
const CHANNEL = 'ch01';
const TAIPEI = 8 * 3600;

/** Unix seconds as an <input type="datetime-local" step="1"> value in Taipei time. */
const local = (unix: number) => new Date((unix + TAIPEI) * 1000).toISOString().slice(0, 19);

/**
 * Frees ch01's next hour (the demo's schedule is wall to wall): the programme on air ends now and
 * those starting within the hour go, as a scheduler would make room for a special. Set-up only.
 */
function clearNextHour(databasePath: string, now: number): void {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      'update programme set end_at = ? where channel_id = ? and start_at < ? and end_at > ?',
    ).run(now, CHANNEL, now, now);
    db.prepare('delete from programme where channel_id = ? and start_at >= ? and start_at < ?').run(
      CHANNEL,
      now,
      now + 3600,
    );
    db.prepare('update channel set schedule_rev = schedule_rev + 1 where channel_id = ?').run(
      CHANNEL,
    );
  } finally {
    db.close();
  }
}

describe('the schedule in the console (issue 25 items 2 and 3)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    requireConsoleBuild();
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a scheduler adds a programme in the week grid; the live page plays it at its time', async () => {
    const now = Math.floor(Date.now() / 1000);
    clearNextHour(server.databasePath, now);
    // A few seconds ahead (on a segment boundary), long enough to fill in the dialog.
    const start = Math.ceil((now + 20) / 2) * 2;
    const title = `特別節目 ${now}`;
    const staff = await openPage(browser, { viewport: viewports.desktop });
    const page = staff.page;
    await signInStaff(page, server.origin, SCHEDULER, `/console/schedule?channel=${CHANNEL}`);
    await page.getByRole('heading', { name: '節目排程', level: 1 }).waitFor();
    await page.getByRole('group', { name: '一週節目表' }).waitFor();
    await page.getByRole('button', { name: '新增節目' }).click();
    const dialog = page.getByRole('dialog', { name: '新增節目' });
    await dialog.getByLabel('開始時間（台北）').fill(local(start));
    await dialog.getByLabel('結束時間（台北）').fill(local(start + 1800));
    await dialog.getByLabel('節目名稱').fill(title);
    await dialog.getByLabel('播出素材').selectOption('clip-c');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: '儲存' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The block is in the grid, named with its times (a button: the keyboard's way in); one
    // that runs past midnight, Taipei time, is a block on each of its two days.
    await page
      .getByRole('button', { name: new RegExp(`^${title}，`) })
      .first()
      .waitFor();
    expect(realProblems(staff.problems)).toEqual([]);
    await staff.close();

    const viewer = await openPage(browser, { viewport: viewports.desktop });
    const segments: string[] = [];
    viewer.page.on('response', (r) => {
      if (r.url().endsWith('.m4s')) segments.push(r.url());
    });
    // Wait for its time on the clock, then watch: the origin plays the programme's own clip.
    await viewer.page.waitForFunction((at) => Date.now() >= at * 1000 + 4000, start, {
      timeout: 60_000,
    });
    await viewer.page.goto(`${server.origin}/LiveChannel/${CHANNEL}`);
    await viewer.page.getByRole('button', { name: `從頭看「${title}」` }).waitFor();
    await expect
      .poll(() => segments.some((url) => url.includes('/clip-c/')), { timeout: 20_000 })
      .toBe(true);
    const video = viewer.page.locator('.live-area video:not(.preroll__video)');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0.2 && !v.paused), {
        timeout: 20_000,
      })
      .toBe(true);
    await viewer.close();
  });

  it('an XMLTV upload shows its preview, then applies', async () => {
    const day = Math.floor(Date.now() / 1000 / 86_400) * 86_400 + 3 * 86_400 - TAIPEI;
    const xt = (unix: number) =>
      `${new Date((unix + TAIPEI) * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14)} +0800`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tv SYSTEM "xmltv.dtd">
<tv>
  <programme start="${xt(day)}" stop="${xt(day + 3600)}" channel="${CHANNEL}">
    <title lang="zh">匯入節目一</title>
  </programme>
  <programme start="${xt(day + 3600)}" stop="${xt(day + 7200)}" channel="${CHANNEL}">
    <title lang="zh">匯入節目二</title>
  </programme>
</tv>
`;
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'xmltv-')), 'guide.xml');
    fs.writeFileSync(file, xml);
    const staff = await openPage(browser, { viewport: viewports.phone });
    const page = staff.page;
    await signInStaff(page, server.origin, SCHEDULER, '/console/schedule/xmltv');
    await page.getByRole('heading', { name: '匯入 XMLTV', level: 1 }).waitFor();
    await page.getByLabel('XMLTV 檔案').setInputFiles(file);
    const preview = page.getByRole('region', { name: '預覽' });
    await preview.getByText('新增：匯入節目一').waitFor();
    await preview.getByText(/第 7 行/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await preview.getByRole('button', { name: '套用' }).click();
    await page.getByText(/已套用：ch01 新增 2/).waitFor();
    expect(realProblems(staff.problems)).toEqual([]);
    await staff.close();
  });
});
