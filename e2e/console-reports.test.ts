import fs from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { requireConsoleBuild, signInStaff } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/** The demo seed's finance officer (apps/server/src/demo/staff.ts): a second factor on first sign-in. */
const FINANCE = 'finance@console.example';

describe('reports in the console (issue 26 items 4 and 7)', () => {
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

  it('finance opens the revenue report, sees its chart and table, and downloads the CSV', async () => {
    const { page, problems, close } = await openPage(browser, {
      viewport: viewports.phone,
      acceptDownloads: true,
    });
    await signInStaff(page, server.origin, FINANCE, '/console/reports');
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    await page.getByLabel('驗證碼（6 位數字）').fill(code);
    await page.getByRole('button', { name: '驗證並登入' }).click();

    // Finance reads the money reports only; the section opens on the first.
    const tabs = page.getByRole('navigation', { name: '報表' });
    await tabs.waitFor();
    expect(await tabs.getByRole('link').allTextContents()).toEqual([
      '營收',
      '儲值金餘額',
      '序號兌換',
    ]);
    await page.getByRole('heading', { name: /^營收（/, level: 2 }).waitFor();

    // The chart is drawn by uPlot (loaded on demand) and its figures are a table too.
    const chart = page.getByRole('figure', { name: '每日營收（台北）' });
    await chart.locator('canvas').waitFor();
    const toggle = chart.getByRole('button', { name: '以表格顯示' });
    await toggle.click();
    await chart.getByRole('button', { name: '隱藏表格' }).waitFor();
    const chartRows = await chart.getByRole('row').count();
    expect(chartRows).toBe(31);

    const table = page.getByRole('table', { name: '每日營收與退款' });
    await table.waitFor();
    // 30 Taipei days, the totals in the foot, a header.
    expect(await table.getByRole('row').count()).toBe(32);
    expect(await table.locator('tfoot th').textContent()).toBe('合計');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: '下載 CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^report-revenue-\d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const lines = fs
      .readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toMatch(/^"日期（台北）","租借筆數","租借金額"/);
    const days = lines.slice(1, 31).map((line) => line.slice(1, 11));
    const shown = await table.locator('tbody th').allTextContents();
    expect(days).toEqual(shown);
    expect(lines[31]).toMatch(/^"合計",/);

    // A report finance may not read is not offered, and its address finds nothing.
    await page.goto(`${server.origin}/console/reports/viewing`);
    await tabs.waitFor();
    expect(await page.getByRole('heading', { name: /^收視/ }).count()).toBe(0);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
