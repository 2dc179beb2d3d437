import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { signUpInBrowser } from './support/sign-up.js';

/** A RENT movie of the demo catalogue (NT$50), visible to members with the filter on. */
const RENT_MOVIE = 'M0003';

async function signUp(page: Page, server: RunningServer): Promise<void> {
  await signUpInBrowser(page, server, `e2e-pay-${Date.now()}@example.com`, 'watch2024');
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('renting through checkout and the sandbox provider in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('details → rent → checkout → sandbox approve → result says paid → 立即觀看', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    const main = page.locator('main');
    await signUp(page, server);

    await page.goto(`${server.origin}/details/${RENT_MOVIE}/${RENT_MOVIE}`);
    const rent = main.getByRole('link', { name: '租借 NT$50' });
    await rent.waitFor();
    await expect
      .poll(() => main.getByText('168 小時內開始觀看，開始後 48 小時內看完').count())
      .toBe(1);
    await rent.click();

    await page.waitForURL(`${server.origin}/checkout?kind=rent&contentId=${RENT_MOVIE}`);
    await main.getByRole('heading', { level: 1, name: '結帳' }).waitFor();
    await main.getByText('NT$50', { exact: true }).waitFor();
    const card = main.getByRole('radio', { name: /信用卡/ });
    expect(await card.isChecked()).toBe(true);
    // A new member has no stored value: that choice is there but cannot be taken.
    expect(await main.getByRole('radio', { name: /儲值金/ }).isDisabled()).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    // Keyboard: the pay button is reachable and works with Enter.
    await main.getByRole('button', { name: '確認付款 NT$50' }).focus();
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/sandbox-pay\/checkout\?/);
    expect(await page.getByText('NT$50').count()).toBeGreaterThan(0);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: '核准付款' }).click();

    await page.waitForURL(/\/checkout\/result\?orderId=/);
    await main.getByText('付款成功！').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole('link', { name: '回到影片介紹' }).click();
    await page.waitForURL(`${server.origin}/details/${RENT_MOVIE}/${RENT_MOVIE}`);
    const watch = main.getByRole('link', { name: '立即觀看' });
    await watch.waitFor();
    expect(await main.getByRole('link', { name: '租借 NT$50' }).count()).toBe(0);
    // A rental's link never asks for the play right ahead: granting it starts the 48 hours.
    const rights: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/ajax/ajaxFindVideoPlayRight.do')) rights.push(r.url());
    });
    await watch.hover();
    await page.waitForTimeout(500);
    expect(rights).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('viewing credit (看片金) pays for a rental at once; a subscription does not offer it', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    const main = page.locator('main');
    await signUp(page, server);
    // NT$300 of viewing credit from a demo voucher (the redeem screen is redeem.test.ts's).
    const redeemed = await page.evaluate(async () => {
      const token = /(?:^|; )csrf=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch('/ajax/ajaxRedeemVoucherData.do', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify({ exchangeCode: 'DEMOCREDIT0002' }),
      });
      return res.status;
    });
    expect(redeemed).toBe(200);

    await page.goto(`${server.origin}/checkout?kind=rent&contentId=${RENT_MOVIE}`);
    const credit = main.getByRole('radio', { name: /看片金（餘額 NT\$300/ });
    await credit.waitFor();
    expect(await credit.isDisabled()).toBe(false);
    await credit.check();
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole('button', { name: '確認付款 NT$50' }).click();
    await page.waitForURL(/\/checkout\/result\?orderId=/);
    await main.getByText('付款成功！').waitFor();

    await page.goto(`${server.origin}/checkout?kind=subscribe&serviceId=SVC-MONTHLY`);
    await main.getByRole('radio', { name: /信用卡/ }).waitFor();
    expect(await main.getByRole('radio', { name: /看片金/ }).count()).toBe(0);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('a visitor is asked to log in and comes back to the same checkout', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}/checkout?kind=rent&contentId=${RENT_MOVIE}`);
    const login = page.locator('main').getByRole('link', { name: '登入' });
    expect(await login.getAttribute('href')).toBe(
      `/login.do?returnTo=${encodeURIComponent(`/checkout?kind=rent&contentId=${RENT_MOVIE}`)}`,
    );
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
