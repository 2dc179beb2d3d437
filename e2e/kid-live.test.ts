import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const area = (page: Page) => page.locator('section.live-area');

async function loginAsKid(page: Page, origin: string, to: string) {
  await page.goto(`${origin}/login.do?returnTo=${encodeURIComponent(to)}`);
  const main = page.locator('main');
  await main.getByLabel('帳號').fill('demo@example.com');
  await main.getByLabel('密碼', { exact: true }).fill('demo1234');
  await main.getByRole('button', { name: '登入' }).click();
  // The demo family has three sub-accounts: pick the kid, 小寶.
  await page.getByRole('heading', { level: 1, name: '誰在觀看？' }).waitFor();
  await main.getByRole('button', { name: '小寶' }).click();
  await page.waitForURL(`${origin}${to}`);
}

/** Issue 20 item 9 (docs/adr/0028): what a kid sees on the live page. */
describe('the live page as a kid in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    // A red envelope open now on the kids' channel: an adult would see it, a kid must not.
    const db = new Database(server.databasePath, { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    const now = Math.floor(Date.now() / 1000);
    db.prepare(
      `insert into draw_activity (activity_id, channel_id, start_at, end_at, odds_per_mille, created_at)
       values ('E2E-KID', 'ch11', ?, ?, 1000, ?)`,
    ).run(now - 60, now + 3600, now);
    db.prepare(
      `insert into draw_prize (prize_id, activity_id, name, quantity, remaining, sort_order)
       values ('E2E-KID-1', 'E2E-KID', '卡通貼紙', 5, 5, 0)`,
    ).run();
    db.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [name, viewport] of [
    ['desktop', viewports.desktop],
    ['phone', viewports.phone],
  ] as const) {
    it(`kid channels only, no red envelope, no inbox (${name})`, async () => {
      const { page, problems, close } = await openPage(browser, { viewport });
      await loginAsKid(page, server.origin, '/LiveChannel');
      // The page opens on the kids' channel and plays it.
      await area(page).getByRole('heading', { level: 2, name: '兒童卡通台' }).waitFor();
      await area(page).locator('.player__live').waitFor({ timeout: 20_000 });
      // 直播進行中 lists kid channels on air only (the news channel with its sponsor logo is gone).
      const strip = page.getByRole('navigation', { name: '直播進行中' });
      const listed = await strip
        .locator('[data-channel-id]')
        .evaluateAll((items) => items.map((item) => item.getAttribute('data-channel-id')));
      expect(listed).toEqual(['ch11']);
      // The group grid: one group, kid channels only.
      const groups = page.getByRole('tablist', { name: '頻道分類' });
      expect(await groups.getByRole('tab').allTextContents()).toEqual(['兒童與體育']);
      expect(await page.getByText('星河新聞台').count()).toBe(0);
      expect(await page.getByRole('img', { name: '贊助商' }).count()).toBe(0);
      // The reply has come and the channel plays: an envelope would be showing by now.
      expect(await page.getByRole('button', { name: '打開紅包抽獎' }).count()).toBe(0);
      // No inbox button in the header.
      expect(await page.getByRole('button', { name: /^訊息/ }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      // Another channel by its address: the not-found page, as for a channel that does not exist.
      const res = await page.goto(`${server.origin}/LiveChannel/ch01`);
      expect(res?.status()).toBe(404);
      expect(realProblems(problems).filter((p) => !p.includes('404'))).toEqual([]);
      await close();
    });
  }
});
