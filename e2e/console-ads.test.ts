import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { requireConsoleBuild, signInStaff } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/** The demo seed's marketer (apps/server/src/demo/staff.ts): no second factor. */
const MARKETING = 'marketing@console.example';
const CREATIVE = 'ACE2E15S';

/**
 * A creative already through the ingest queue (the integration test covers the upload and the
 * transcode): a ready console creative on the demo's 15 s ad file.
 */
function addReadyCreative(databasePath: string): void {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.prepare(
      `insert into ad_creative (creative_id, ad_title, advertiser, slot, target_kind, target_id,
         media_path, media_type, width, height, bitrate_kbps, duration_seconds, click_through,
         label, cap_per_hour, priority, active, state, created_at, created_by)
       values (?, '星河飲料 夏季新品 15 秒', '星河飲料', 'preroll', 'campaign', null,
         'ads/ad-15s/ad-15s.mp4', 'video/mp4', 640, 360, 444, 15, 'https://drinks.example.com/',
         null, 0, 0, 1, 'ready', 0, 'e2e')`,
    ).run(CREATIVE);
  } finally {
    db.close();
  }
}

describe('ad campaigns in the console (issue 25 item 6)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    requireConsoleBuild();
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    addReadyCreative(server.databasePath);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a marketer makes a campaign targeted at one channel; its VAST is served there and not elsewhere', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await signInStaff(page, server.origin, MARKETING, '/console/ads');
    await page.getByRole('heading', { name: '廣告活動', level: 1 }).waitFor();
    await page.getByRole('link', { name: '新增廣告活動' }).click();
    await page.getByRole('heading', { name: '新增廣告活動', level: 1 }).waitFor();

    await page.getByLabel('活動名稱').fill('夏季新品上市');
    await page.getByLabel('廣告主').fill('星河飲料');
    await page.getByRole('checkbox', { name: /星河飲料 夏季新品 15 秒/ }).check();
    await page.getByLabel('指定頻道').fill('ch05');
    // A window that ends before it starts is refused before anything is sent.
    const start = await page.getByLabel('開始時間（台北時間）').inputValue();
    await page.getByLabel('結束時間（台北時間）').fill(start);
    await page.getByRole('button', { name: '儲存' }).click();
    await page.getByText('結束時間必須晚於開始時間').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page
      .getByLabel('結束時間（台北時間）')
      .fill(`${Number(start.slice(0, 4)) + 1}-12-31T23:59`);
    await page.getByRole('button', { name: '儲存' }).click();
    await page.getByRole('heading', { name: '編輯廣告活動', level: 1 }).waitFor();

    const vast = async (channelId: string) =>
      (
        await page.request.get(`${server.origin}/ads/vast?slot=preroll&channelId=${channelId}`)
      ).text();
    expect(await vast('ch05')).toContain(`<Ad id="${CREATIVE}">`);
    expect(await vast('ch02')).not.toContain(CREATIVE);

    await page
      .getByRole('navigation', { name: '主選單' })
      .getByRole('link', { name: '廣告活動' })
      .click();
    await page.getByRole('link', { name: '夏季新品上市' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
