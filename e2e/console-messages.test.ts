import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { requireConsoleBuild, signInStaff } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';
import { signUpInBrowser } from './support/sign-up.js';

/** The demo seed's marketer (apps/server/src/demo/staff.ts): no second factor. */
const MARKETER = 'marketing@console.example';
const PASSWORD = 'watch2024';

/** A state-changing call as the web app makes it (the CSRF header echoes the csrf cookie). */
async function post(page: Page, path: string, body: object): Promise<void> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(`${origin}${path}`, {
    data: body,
    headers: { 'x-csrf-token': csrf, origin },
  });
  expect(res.status(), path).toBe(200);
}

/** The titles in the site's inbox dialog (訊息 in the header). */
async function inboxTitles(page: Page): Promise<string> {
  await page.reload();
  await page.getByRole('button', { name: /^訊息/ }).click();
  const dialog = page.getByRole('dialog', { name: '我的訊息' });
  await dialog.waitFor();
  await expect.poll(() => dialog.textContent()).toContain('歡迎');
  return (await dialog.textContent()) ?? '';
}

/** Issue 25 item 8: a message to a segment reaches a member of it and not one outside it. */
describe('console messages in Chromium (issue 25 item 8)', () => {
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

  it('a marketer sends to members with a monthly service; a subscriber sees it, another member does not', async () => {
    // Two members: one takes the monthly service with a demo voucher, the other does not.
    const subscriber = await openPage(browser, { viewport: viewports.phone });
    await signUpInBrowser(
      subscriber.page,
      server,
      `e2e-subscriber-${Date.now()}@example.com`,
      PASSWORD,
    );
    await post(subscriber.page, '/ajax/ajaxRedeemVoucherData.do', {
      exchangeCode: 'DEMOMONTH0001',
    });
    const outsider = await openPage(browser, { viewport: viewports.phone });
    await signUpInBrowser(
      outsider.page,
      server,
      `e2e-outsider-${Date.now()}@example.com`,
      PASSWORD,
    );

    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await signInStaff(page, server.origin, MARKETER, '/console/messages');
    await page.getByRole('heading', { name: '站內訊息', level: 1 }).waitFor();
    await page
      .getByRole('navigation', { name: '主選單' })
      .getByRole('link', { name: '公告' })
      .waitFor();

    // Nothing typed: the form's own messages, nothing sent.
    await page.getByRole('button', { name: '送出訊息' }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('請輸入標題');
    expect(await axeViolations(page)).toEqual([]);

    const title = `月租會員加映通知 ${Date.now()}`;
    await page.getByRole('radio', { name: '有月租服務的會員' }).check();
    await page.getByLabel('標題').fill(title);
    await page.getByLabel('內容', { exact: true }).fill('本週末月租片單加映三部。');
    await page.getByRole('button', { name: '送出訊息' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `「${title}」已送出` })
      .waitFor();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    expect(await row.textContent()).toContain('已送出');
    expect(await row.textContent()).toContain('有月租服務的會員');
    expect(await axeViolations(page)).toEqual([]);

    expect(await inboxTitles(subscriber.page)).toContain(title);
    expect(await inboxTitles(outsider.page)).not.toContain(title);

    // The subscriber marks it read: the console's read count says 1.
    const dialog = subscriber.page.getByRole('dialog', { name: '我的訊息' });
    await dialog.getByRole('button', { name: `將「${title}」標示為已讀` }).click();
    const markRead = dialog.getByRole('button', { name: `將「${title}」標示為已讀` });
    await markRead.waitFor({ state: 'detached' });
    await page.reload();
    const after = page.getByRole('row').filter({ hasText: title });
    await after.waitFor();
    // 標題, 對象, 傳送時間, 狀態, 已讀, 已刪除, …
    expect((await after.getByRole('cell').allTextContents())[4]).toBe('1');

    expect(realProblems(problems)).toEqual([]);
    expect(realProblems(subscriber.problems)).toEqual([]);
    expect(realProblems(outsider.problems)).toEqual([]);
    await Promise.all([close(), subscriber.close(), outsider.close()]);
  }, 90_000);
});
