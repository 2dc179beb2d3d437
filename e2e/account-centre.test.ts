import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { markupErrors } from './support/markup.js';
import { startServer, type RunningServer } from './support/server.js';
import { signUpInBrowser } from './support/sign-up.js';

/** A RENT movie of the demo catalogue (NT$50). */
const RENT_MOVIE = 'M0003';
const PASSWORD = 'watch2024';

const SECTIONS = [
  '個人資料',
  '電子郵件與手機',
  '密碼',
  '錢包',
  '訂單與收據',
  '月租服務',
  '合作夥伴綁定',
  '子帳號',
  '裝置管理',
  '登出所有裝置',
];

async function signUp(page: Page, server: RunningServer): Promise<void> {
  await signUpInBrowser(page, server, `e2e-centre-${Date.now()}@example.com`, PASSWORD);
}

/** A state-changing call as the web app makes it (the CSRF header echoes the csrf cookie). */
async function post(page: Page, path: string, body: object): Promise<Record<string, unknown>> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(`${origin}${path}`, {
    data: body,
    headers: { 'x-csrf-token': csrf, origin },
  });
  expect(res.status(), path).toBe(200);
  return (await res.json()).data as Record<string, unknown>;
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the account centre in Chromium (issue 23 item 1)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('帳戶設定 opens /account: sections, a phone change, an order and its receipt', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await signUp(page, server);
    // Stored value from a demo serial pays for a rental at once.
    await post(page, '/ajax/ajaxRedeemVoucherData.do', { exchangeCode: 'DEMOSTORE0001' });
    const order = await post(page, '/ajax/ajaxBuildPaymentURLData.do', {
      kind: 'rent',
      contentId: RENT_MOVIE,
      payMethod: 'wallet',
    });
    expect(order.state).toBe('paid');

    await page.locator('.account-menu__button').click();
    await page.getByRole('link', { name: '帳戶設定' }).click();
    await page.waitForURL(`${server.origin}/account`);
    const main = page.locator('main');
    await main.getByRole('heading', { level: 1, name: '帳戶設定' }).waitFor();
    for (const name of SECTIONS) {
      await main.getByRole('region', { name, exact: true }).waitFor();
    }

    // 錢包: the balance after the rental, and the ledger's two entries.
    const wallet = main.getByRole('region', { name: '錢包', exact: true });
    await wallet.getByText('NT$450', { exact: true }).waitFor();
    await wallet.getByText('−NT$50', { exact: true }).waitFor();
    await wallet.getByText('+NT$500', { exact: true }).waitFor();

    // 電子郵件與手機: a change needs the current password.
    const contact = main.getByRole('region', { name: '電子郵件與手機' });
    await contact.getByLabel('手機號碼').fill('0812');
    await contact.getByLabel('目前的密碼').fill(PASSWORD);
    await contact.getByRole('button', { name: '儲存聯絡方式' }).click();
    await contact.getByText('手機號碼需為 09 開頭的 10 位數字。').waitFor();
    await contact.getByLabel('手機號碼').fill('0912345678');
    await contact.getByLabel('目前的密碼').fill(PASSWORD);
    await contact.getByRole('button', { name: '儲存聯絡方式' }).click();
    await contact.getByText('已更新聯絡方式。').waitFor();
    await contact.locator('dd').getByText('0912345678', { exact: true }).waitFor();
    expect(await contact.getByLabel('目前的密碼').inputValue()).toBe('');

    // 訂單與收據: the rental, paid by stored value, and its receipt.
    const orders = main.getByRole('region', { name: '訂單與收據' });
    const row = orders.getByRole('listitem').first();
    await row.getByText('已付款', { exact: true }).waitFor();
    expect(await row.getByText('租借', { exact: true }).count()).toBe(1);
    expect(await row.getByText('儲值金', { exact: true }).count()).toBe(1);
    expect(await row.getByText('NT$50', { exact: true }).count()).toBe(1);
    const receiptButton = row.getByRole('button', { name: /的收據$/ });
    expect(await receiptButton.getAttribute('aria-expanded')).toBe('false');
    await receiptButton.click();
    const receipt = row.getByRole('article');
    await receipt.getByText(new RegExp(`^R\\d{8}-${String(order.orderId)}$`)).waitFor();
    await receipt.getByText('金額已含 5% 營業稅（其中稅額 NT$2）。').waitFor();
    expect(await receiptButton.getAttribute('aria-expanded')).toBe('true');

    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await markupErrors(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('a kid sub-account is refused, with the way to switch user', async () => {
    const { page, close } = await openPage(browser, { viewport: viewports.phone });
    await page.goto(`${server.origin}/login.do`);
    const main = page.locator('main');
    await main.getByLabel('帳號').fill('demo@example.com');
    await main.getByLabel('密碼', { exact: true }).fill('demo1234');
    await main.getByRole('button', { name: '登入' }).click();
    await page.getByRole('heading', { level: 1, name: '誰在觀看？' }).waitFor();
    await main.getByRole('button', { name: '小寶' }).click();
    await page.waitForURL(`${server.origin}/`);
    await page.goto(`${server.origin}/account`);
    await main.getByText('兒童模式無法開啟帳戶設定，請切換為一般使用者後再試。').waitFor();
    expect(await main.getByRole('link', { name: '切換使用者' }).count()).toBe(1);
    expect(await main.getByRole('region', { name: '錢包' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });

  it('a visitor is asked to log in', async () => {
    const { page, close } = await openPage(browser, { viewport: viewports.phone });
    await page.goto(`${server.origin}/account`);
    const main = page.locator('main');
    await main.getByText('請先登入會員再查看帳戶設定。').waitFor();
    expect(await main.getByRole('link', { name: '登入' }).getAttribute('href')).toBe(
      '/login.do?returnTo=%2Faccount',
    );
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });
});
