import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { requireConsoleBuild, signInStaff } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';
import { signUpInBrowser } from './support/sign-up.js';

/** The demo seed's customer-care member (apps/server/src/demo/staff.ts): no second factor. */
const CARE = 'care@console.example';
/** A RENT movie of the demo catalogue (NT$50). */
const RENT_MOVIE = 'M0003';
const PASSWORD = 'watch2024';
const PHONE = '0922333444';

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

describe('customer care finds a member in the console (issue 26 item 1)', () => {
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

  it('care searches by phone in another spelling, opens the member and sees the order and the wallet', async () => {
    // A member with stored value, a rental paid from it, and a contact phone.
    const member = await openPage(browser, { viewport: viewports.desktop });
    const loginId = `e2e-care-${Date.now()}@example.com`;
    await signUpInBrowser(member.page, server, loginId, PASSWORD);
    await post(member.page, '/ajax/ajaxRedeemVoucherData.do', { exchangeCode: 'DEMOSTORE0001' });
    const order = await post(member.page, '/ajax/ajaxBuildPaymentURLData.do', {
      kind: 'rent',
      contentId: RENT_MOVIE,
      payMethod: 'wallet',
    });
    expect(order.state).toBe('paid');
    await post(member.page, '/ajax/ajaxUpdateAccountContact.do', {
      email: '',
      phone: PHONE,
      password: PASSWORD,
    });
    await member.close();

    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    // Signed in at the console's front door, care lands on its own page, not on 影片.
    await signInStaff(page, server.origin, CARE, '/console');
    await page.getByRole('heading', { name: '客服：查詢會員', level: 1 }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/console/care');
    await page
      .getByRole('navigation', { name: '主選單' })
      .getByRole('link', { name: '客服' })
      .waitFor();
    // Nobody: said plainly.
    await page.getByLabel('查詢內容').fill('0900-000-000');
    await page.getByRole('button', { name: '查詢', exact: true }).click();
    await page.getByText('找不到符合「0900-000-000」的會員').waitFor();
    // The member, by the phone as a caller reads it out.
    await page.getByLabel('查詢內容').fill('+886 922-333-444');
    await page.getByRole('button', { name: '查詢', exact: true }).click();
    const result = page.getByRole('link', { name: loginId });
    await result.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await result.click();

    await page.getByRole('heading', { name: `會員 ${loginId}`, level: 1 }).waitFor();
    const actions = page.getByRole('link', { name: '客服處理' });
    expect(await actions.getAttribute('href')).toMatch(
      /^\/console\/care\/members\/[^/]+\/actions$/,
    );
    const orders = page.getByRole('region', { name: '訂單與付款' });
    await orders.getByText(String(order.orderId)).waitFor();
    const row = orders.getByRole('row').filter({ hasText: String(order.orderId) });
    expect(await row.getByText('已付款', { exact: true }).count()).toBe(1);
    expect(await row.getByText('NT$ 50', { exact: true }).count()).toBe(1);
    const wallet = page.getByRole('region', { name: '錢包' });
    expect(await wallet.locator('dd[data-purse="stored"]').textContent()).toBe('NT$ 450');
    await wallet.getByText('−NT$ 50', { exact: true }).waitFor();
    const rights = page.getByRole('region', { name: '權益' });
    await rights.getByText('尚未開始（開始後 48 小時內看完）').waitFor();
    await rights.getByText(/前須開始觀看$/).waitFor();
    await page.getByRole('region', { name: '帳號' }).getByText(PHONE, { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // At 375 px the tables read as cards, and nothing runs off the side.
    await page.setViewportSize(viewports.phone);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
