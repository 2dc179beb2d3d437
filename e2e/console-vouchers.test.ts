import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { requireConsoleBuild, signInStaff } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/** The demo seed's marketer (apps/server/src/demo/staff.ts): no second factor. */
const MARKETING = 'marketing@console.example';

/** The figure in the batch page's figures table under this column heading. */
const figure = (page: Page, name: string) =>
  page.locator(`td[data-figure="${name}"]`).textContent();

/** A Taipei day 60 days from now, as an <input type="date"> takes it. */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
}

describe('voucher batches in the console, redeemed on the site (issue 25 item 5)', () => {
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

  it('a marketer makes a 1,000-serial batch and exports it; a customer redeems one; the figures move', async () => {
    const staff = await openPage(browser, { viewport: viewports.desktop, acceptDownloads: true });
    const page = staff.page;
    await signInStaff(page, server.origin, MARKETING, '/console/vouchers');
    await page.getByRole('heading', { name: '序號批次', level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: '主選單' })
      .getByRole('link', { name: '序號批次' })
      .waitFor();
    await page.getByRole('link', { name: '新增序號批次' }).click();
    await page.getByRole('heading', { name: '新增序號批次', level: 1 }).waitFor();

    const name = `週年慶儲值卡 ${Date.now()}`;
    await page.getByLabel('批次名稱').fill(name);
    await page.getByRole('radio', { name: '儲值金' }).check();
    await page.getByLabel('金額（新台幣元）').fill('200');
    await page.getByLabel('兌換期限（台北時間當天 23:59 止）').fill(dayAhead(60));
    await page.getByLabel('銷售通路').selectOption('retail');
    // 0 and 10 million are refused in zh-TW before anything is sent.
    await page.getByLabel('數量（組）').fill('0');
    await page.getByRole('button', { name: '產生序號' }).click();
    await page.getByText('數量至少為 1 組').waitFor();
    await page.getByLabel('數量（組）').fill('10000000');
    await page.getByRole('button', { name: '產生序號' }).click();
    await page.getByText('一批最多 100,000 組序號').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('數量（組）').fill('1000');
    await page.getByRole('button', { name: '產生序號' }).click();

    await page.getByRole('heading', { name: new RegExp(name), level: 1 }).waitFor();
    await page.getByText('已產生 1,000 組序號').waitFor();
    expect(await figure(page, 'issued')).toBe('1,000');
    expect(await figure(page, 'redeemed')).toBe('0');
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '匯出序號（CSV）' }).click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(1001);
    const serial = lines[1]!.split(',')[0]!.slice(1, -1);
    expect(serial).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
    await page.getByText('已匯出序號檔。').waitFor();
    // A second export is allowed, but says it is audited and asks first.
    await page.getByRole('button', { name: '重新匯出序號…' }).click();
    const confirm = page.getByRole('dialog', { name: '重新匯出序號' });
    await confirm.getByText('記錄您的名字與時間在稽核紀錄中').waitFor();
    await confirm.getByRole('button', { name: '取消' }).click();

    // The customer, on the site: a typo in the check character is caught before it is sent.
    const customer = await openPage(browser, { viewport: viewports.phone });
    const site = customer.page;
    await site.goto(`${server.origin}/login.do?returnTo=%2Fredeem`);
    const main = site.locator('main');
    await main.getByLabel('帳號').fill('0912345678');
    await main.getByLabel('密碼', { exact: true }).fill('demo5678');
    await main.getByRole('button', { name: '登入' }).click();
    await site.waitForURL(`${server.origin}/redeem`);
    const panel = site.locator('main [role="tabpanel"]:not([hidden])');
    const last = serial.at(-1)!;
    const typo = serial.slice(0, -1) + (last === '2' ? '3' : '2');
    await panel.getByLabel('序號').fill(typo);
    await panel.getByLabel('序號').press('Enter');
    await panel.getByText('序號有誤').waitFor();
    await panel.getByLabel('序號').fill(serial.toLowerCase());
    await panel.getByLabel('序號').press('Enter');
    await panel.getByRole('heading', { name: '確認兌換內容' }).waitFor();
    await panel.getByRole('button', { name: '確認兌換' }).click();
    await panel.getByRole('heading', { name: '兌換成功' }).waitFor();
    expect(realProblems(customer.problems)).toEqual([]);
    await customer.close();

    // The batch's figures moved.
    await page.reload();
    await page.getByRole('heading', { name: new RegExp(name), level: 1 }).waitFor();
    await expect.poll(() => figure(page, 'redeemed')).toBe('1');
    expect(await figure(page, 'open')).toBe('999');
    await page.getByRole('link', { name: '← 序號批次' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.textContent()).toContain('已匯出');
    expect(realProblems(staff.problems)).toEqual([]);
    await staff.close();
  });
});
