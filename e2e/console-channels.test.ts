import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { requireConsoleBuild, signInStaff } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/** The demo seed's channel scheduler (apps/server/src/demo/staff.ts): no second factor. */
const SCHEDULER = 'scheduler@console.example';

describe('the channel line-up in the console, on the live page (issue 25 item 1)', () => {
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

  it('a scheduler adds a channel; it shows in the live page strip at once', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await signInStaff(page, server.origin, SCHEDULER, '/console/channels');
    await page.getByRole('heading', { name: '頻道', level: 1 }).waitFor();
    await page.getByRole('link', { name: '新增頻道' }).click();
    await page.getByRole('heading', { name: '新增頻道', level: 1 }).waitFor();
    await page.getByLabel('頻道代碼').fill('e2e-news');
    await page.getByLabel('頻道名稱').fill('端對端新聞台');
    await page.getByLabel('播出的影片檔代碼（以逗號分隔，依序輪播）').fill('clip-a');
    await page.getByRole('checkbox', { name: 'NEWS' }).check();
    // A YouTube channel without its id is refused in zh-TW, next to the field.
    await page.getByRole('radio', { name: 'YouTube' }).check();
    await page.getByRole('button', { name: '新增頻道' }).click();
    await page.getByText('請輸入 11 碼的 YouTube 影片代碼').waitFor();
    await page.getByRole('radio', { name: '本站播出' }).check();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: '新增頻道' }).click();
    await page.getByRole('heading', { name: '編輯頻道：端對端新聞台', level: 1 }).waitFor();

    const live = await openPage(browser, { viewport: viewports.desktop });
    await live.page.goto(`${server.origin}/LiveChannel`);
    const strip = live.page.getByRole('navigation', { name: '直播進行中' });
    await strip.locator('[data-channel-id="e2e-news"]').waitFor();
    expect(await strip.locator('[data-channel-id="e2e-news"]').textContent()).toContain(
      '端對端新聞台',
    );
    expect(realProblems(problems)).toEqual([]);
    await live.close();
    await close();
  });

  it('reorders a group by keyboard alone; the live page grid follows', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await signInStaff(page, server.origin, SCHEDULER, '/console/channels');
    const section = page.getByRole('region', { name: '群組「NEWS」的頻道' });
    await section.waitFor();
    const names = await section.locator('.order-item__name').allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(2);
    await section.getByRole('button', { name: `下移 ${names[0]}` }).focus();
    await page.keyboard.press('Enter');
    // Saved from the keyboard too: the button focused and pressed with Enter.
    await section.getByRole('button', { name: '儲存排序' }).focus();
    await page.keyboard.press('Enter');
    await section.getByText('已儲存群組「NEWS」的頻道的排序。').waitFor();
    expect(await section.locator('.order-item__name').allTextContents()).toEqual([
      names[1],
      names[0],
      ...names.slice(2),
    ]);
    const grid = (await (
      await page.request.get(`${server.origin}/ajax/ajaxFindChannelGroupList.do`)
    ).json()) as {
      data: {
        channelGroupList: {
          channelGroup: {
            channelGroupId: string;
            channelV2List: { channelV2: { channelName: string }[] };
          }[];
        };
      };
    };
    const news = grid.data.channelGroupList.channelGroup.find((g) => g.channelGroupId === 'news')!;
    expect(news.channelV2List.channelV2.slice(0, 2).map((c) => c.channelName)).toEqual([
      names[1],
      names[0],
    ]);
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
