import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { requireConsoleBuild, signInStaff } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/** No sideways scrolling at 375 px: the layout fits the viewport. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The demo seed's marketer (apps/server/src/demo/staff.ts): no second factor. */
const MARKETING = 'marketing@console.example';

describe('wording in the console, shown on the site (issue 25 item 9)', () => {
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

  it('a marketer edits a footer line with its preview (a dropped $$ refused first); the customer page shows it', async () => {
    const staff = await openPage(browser, { viewport: viewports.phone });
    const page = staff.page;
    await signInStaff(page, server.origin, MARKETING, '/console/wording');
    await page.getByRole('heading', { name: '文字管理', level: 1 }).waitFor();
    // SPEC's fixed texts are listed, read-only, with the reason.
    await page.getByRole('table', { name: '固定文字（唯讀）' }).getByText('您未登入').waitFor();

    await page.getByRole('button', { name: '編輯「頁尾：客服專線」' }).click();
    const text = page.getByLabel('文字內容（格式：{text}$${link}）');
    await text.waitFor();
    // Dropping the '$$' (the {link} placeholder) is refused as it is typed, naming it.
    await text.fill('客服專線 0800-555-888（24 小時）');
    await page.getByText('少了代入值「{link}」（連結）').waitFor();
    expect(await page.getByRole('button', { name: '儲存' }).isDisabled()).toBe(true);

    await text.fill('客服專線 0800-555-888（24 小時）$$');
    await expect
      .poll(() => page.getByTestId('wording-preview').textContent())
      .toContain('頁尾：客服專線 0800-555-888（24 小時）');
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await page.getByRole('button', { name: '儲存' }).click();
    await page.getByText('已儲存「頁尾：客服專線」：客服專線 0800-555-888（24 小時）$$').waitFor();
    await page.getByRole('button', { name: '編輯「頁尾：客服專線」' }).waitFor();

    const customer = await openPage(browser, { viewport: viewports.desktop });
    await customer.page.goto(`${server.origin}/`);
    await customer.page
      .getByRole('contentinfo')
      .getByText('客服專線 0800-555-888（24 小時）')
      .waitFor();
    expect(realProblems(staff.problems)).toEqual([]);
    expect(realProblems(customer.problems)).toEqual([]);
    await customer.close();
    await staff.close();
  });
});
