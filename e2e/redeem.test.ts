import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** The demo member with one sub-account (no select screen). */
async function login(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login.do?returnTo=%2Fredeem`);
  const main = page.locator('main');
  await main.getByLabel('帳號').fill('0912345678');
  await main.getByLabel('密碼', { exact: true }).fill('demo5678');
  await main.getByRole('button', { name: '登入' }).click();
  await page.waitForURL(`${origin}/redeem`);
}

const panel = (page: Page) => page.locator('main [role="tabpanel"]:not([hidden])');
const step = (page: Page) => panel(page).locator('[data-step]').first().getAttribute('data-step');

async function enterSerial(page: Page, serial: string): Promise<void> {
  const box = panel(page).getByLabel('序號');
  await box.fill(serial);
  await box.press('Enter');
}

/** SPEC §2 redeem screen, docs/adr/0020: each step transition, on a phone-sized screen. */
describe('the redeem screen in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows visitors the tabs, the terms and a login link back here', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await page.goto(`${server.origin}/redeem`);
    const tabs = page.getByRole('tablist', { name: '兌換類型' }).getByRole('tab');
    await expect.poll(() => tabs.allTextContents()).toEqual(['兌換單片或月租', '儲值金或看片金']);
    const link = page.locator('main').getByRole('link', { name: '登入' });
    expect(await link.getAttribute('href')).toBe('/login.do?returnTo=%2Fredeem');
    await page.getByText('請勿重複輸入序號；送出後請稍候幾分鐘，否則序號可能失效。').waitFor();
    expect(await panel(page).getByLabel('序號').isDisabled()).toBe(true);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('walks step0 → step1 → step0 → step1 → step2 → step0, and step0 → step4 → step0', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await login(page, server.origin);

    // A malformed serial stays on step0 with the problem under the field.
    await enterSerial(page, 'AB');
    await panel(page).getByText('序號格式不正確').waitFor();
    expect(await step(page)).toBe('step0');

    // step0 → step1: what it grants; back keeps the serial; step1 → step2.
    await enterSerial(page, 'demo-title-0001');
    await panel(page).getByRole('heading', { name: '確認兌換內容' }).waitFor();
    expect(await step(page)).toBe('step1');
    await panel(page).getByText('單片租借《最後的守門人》').waitFor();
    await panel(page)
      .getByText('兌換後須於 168 小時內開始觀看，開始觀看後 48 小時內看完。')
      .waitFor();
    // The new step's heading has the focus (keyboard and screen-reader users land there).
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('確認兌換內容');
    await panel(page).getByRole('button', { name: '返回修改序號' }).click();
    expect(await step(page)).toBe('step0');
    // The serial comes back in its one spelling.
    expect(await panel(page).getByLabel('序號').inputValue()).toBe('DEMOTITLE0001');
    await panel(page).getByRole('button', { name: '下一步' }).click();
    await panel(page).getByRole('button', { name: '確認兌換' }).click();
    await panel(page).getByRole('heading', { name: '兌換成功' }).waitFor();
    expect(await step(page)).toBe('step2');
    await panel(page)
      .getByText(
        /已兌換《最後的守門人》單片租借，請於 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 前開始觀看。/,
      )
      .waitFor();
    expect(
      await panel(page).getByRole('link', { name: '前往租借/購買清單' }).getAttribute('href'),
    ).toBe('/my-list/purchased');
    await panel(page).getByRole('button', { name: '繼續兌換其他序號' }).click();
    expect(await step(page)).toBe('step0');
    expect(await panel(page).getByLabel('序號').inputValue()).toBe('');

    // Used again: step0 → step4 with the reason and the terms; back to step0, serial kept.
    await enterSerial(page, 'DEMOTITLE0001');
    await panel(page).getByRole('heading', { name: '無法兌換' }).waitFor();
    expect(await step(page)).toBe('step4');
    await panel(page).getByText('您已兌換過這組序號。').waitFor();
    await panel(page).getByText('每組序號限兌換一次，逾期未兌換視同放棄。').waitFor();
    await panel(page).getByRole('button', { name: '返回重新輸入' }).click();
    expect(await step(page)).toBe('step0');
    expect(await panel(page).getByLabel('序號').inputValue()).toBe('DEMOTITLE0001');

    // Expired: waived.
    await enterSerial(page, 'DEMOEXPIRED0001');
    await panel(page)
      .getByText('這組序號已超過兌換期限，逾期未兌換視同放棄，無法再兌換。')
      .waitFor();
    await panel(page).getByRole('button', { name: '返回重新輸入' }).click();

    // A choice: nothing to confirm until a title is picked.
    await enterSerial(page, 'DEMOCHOICE0001');
    const confirm = panel(page).getByRole('button', { name: '確認兌換' });
    await confirm.waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    expect(await panel(page).getByRole('radio').count()).toBe(3);
    await panel(page).getByRole('radio', { name: '黑潮' }).check();
    await confirm.click();
    await panel(page)
      .getByText(/已兌換《黑潮》單片租借/)
      .waitFor();

    // The page reads well on a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('credits stored value and viewing credit on the second tab, with balances and dates', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await login(page, server.origin);
    // Keyboard: the arrow key moves to the second tab and selects it.
    const first = page.getByRole('tab', { name: '兌換單片或月租' });
    await first.focus();
    await first.press('ArrowRight');
    expect(
      await page.getByRole('tab', { name: '儲值金或看片金' }).getAttribute('aria-selected'),
    ).toBe('true');
    await panel(page)
      .getByText('儲值金自售出日起一年內由銀行提供履約保證；儲值金不得轉讓。')
      .waitFor();
    const balance = (name: string) =>
      panel(page).locator('.redeem__balances div', { hasText: name }).locator('dd').textContent();
    await expect.poll(() => balance('儲值金')).toBe('NT$0');

    await enterSerial(page, 'DEMOSTORE0001');
    await panel(page).getByText('儲值金 NT$500').waitFor();
    await panel(page).getByRole('button', { name: '確認兌換' }).click();
    await panel(page).getByText('已存入儲值金 NT$500。').waitFor();
    await expect.poll(() => balance('儲值金')).toBe('NT$500');
    await panel(page).getByRole('button', { name: '繼續兌換其他序號' }).click();

    await enterSerial(page, 'DEMOCREDIT0001');
    await panel(page).getByText('看片金 NT$300，兌換後 30 天內有效').waitFor();
    await panel(page).getByRole('button', { name: '確認兌換' }).click();
    await panel(page)
      .getByText(/已存入看片金 NT\$300，\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 到期。/)
      .waitFor();
    await expect.poll(() => balance('看片金')).toBe('NT$300');
    await panel(page)
      .getByText(/^NT\$300，\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 到期$/)
      .waitFor();
    // The history lists them, newest first.
    const history = page.locator('.redeem__history li');
    await expect
      .poll(async () => (await history.first().textContent()) ?? '')
      .toContain('DEMOCREDIT0001');
    expect(await history.nth(1).textContent()).toContain('DEMOSTORE0001');

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
