import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { signUpLinkFor } from './support/sign-up.js';

const header = (page: Page) => page.locator('header');
/** The header's account button, named by the avatar and the nickname. */
const accountButton = (page: Page, nickname: string) =>
  header(page).getByRole('button', { name: nickname });

async function fillLogin(page: Page, loginId: string, password: string): Promise<void> {
  const main = page.locator('main');
  await main.getByLabel('帳號').fill(loginId);
  await main.getByLabel('密碼', { exact: true }).fill(password);
  await main.getByRole('button', { name: '登入' }).click();
}

/** Logs in through /login.do and, when the select screen shows, picks `pick`. */
async function loginAs(
  page: Page,
  origin: string,
  loginId: string,
  password: string,
  pick?: string,
): Promise<void> {
  await page.goto(`${origin}/login.do`);
  await fillLogin(page, loginId, password);
  if (pick) {
    await page.getByRole('heading', { level: 1, name: '誰在觀看？' }).waitFor();
    await page.locator('main').getByRole('button', { name: pick }).click();
  }
  await page.waitForURL(`${origin}/`);
  await (
    pick ? accountButton(page, pick) : header(page).locator('.account-menu__button')
  ).waitFor();
}

/** Opens the header's account menu and follows 切換使用者 to the select grid. */
async function openSwitchUser(page: Page): Promise<void> {
  await header(page).locator('.account-menu__button').click();
  await header(page).getByRole('link', { name: '切換使用者' }).click();
  await page.getByRole('heading', { level: 1, name: '誰在觀看？' }).waitFor();
}

const activeName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return (
      active?.getAttribute('aria-label') ?? active?.getAttribute('name') ?? active?.textContent
    );
  });
const focusInDialog = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);

describe('accounts in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs up a new member, shows 主帳號 in the header, logs out and back in', async () => {
    const { page, problems, close } = await openPage(browser);
    const loginId = `e2e-${Date.now()}@example.com`;
    await page.goto(`${server.origin}/goSignUpPage.do`);
    const main = page.locator('main');
    await main.getByLabel('帳號').fill(loginId);
    await main.getByLabel('密碼', { exact: true }).fill('watch2024');
    await main.getByLabel('確認密碼').fill('watch2025');
    await main.getByRole('button', { name: '註冊' }).click();
    await expect.poll(() => main.getByText('兩次輸入的密碼不一致。').count()).toBe(1);
    await main.getByLabel('確認密碼').fill('watch2024');
    await main.getByRole('button', { name: '註冊' }).click();
    // Sign-up ends at the link of the confirmation mail (docs/adr/0044).
    await main.getByText(`我們已寄出確認信到 ${loginId}`, { exact: false }).waitFor();
    await page.goto(`${server.origin}${await signUpLinkFor(server, loginId)}`);
    await main.getByRole('button', { name: '完成註冊' }).click();
    await page.waitForURL(`${server.origin}/`);
    await accountButton(page, '主帳號').waitFor();

    await accountButton(page, '主帳號').click();
    await header(page).getByRole('button', { name: '登出' }).click();
    const loginLink = header(page).getByRole('link', { name: '登入' });
    await loginLink.waitFor();
    expect(await accountButton(page, '主帳號').count()).toBe(0);

    await loginLink.click();
    await page.waitForURL(`${server.origin}/login.do`);
    await fillLogin(page, loginId, 'wrong-password1');
    await expect
      .poll(() => main.locator('[aria-live="assertive"]').textContent())
      .toContain('帳號或密碼錯誤，請重新輸入。');
    await fillLogin(page, loginId, 'watch2024');
    await page.waitForURL(`${server.origin}/`);
    await accountButton(page, '主帳號').waitFor();
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('comes back to the live simple player after login and the select screen', async () => {
    const { page, problems, close } = await openPage(browser);
    const target = '/LiveSimplePlayer/ch05?x=1';
    await page.goto(`${server.origin}${target}`);
    await page.locator('main h1').first().waitFor();
    const loginUrl = `${server.origin}/login.do?returnTo=%2FLiveSimplePlayer%2Fch05%3Fx%3D1`;
    // The simple player may send a visitor to the login page by itself; otherwise the header does.
    if (!page.url().includes('/login.do')) {
      const link = header(page).getByRole('link', { name: '登入' });
      expect(await link.getAttribute('href')).toBe(
        '/login.do?returnTo=%2FLiveSimplePlayer%2Fch05%3Fx%3D1',
      );
      await link.click();
    }
    await page.waitForURL(loginUrl);
    await fillLogin(page, 'demo@example.com', 'demo1234');
    await page.getByRole('heading', { level: 1, name: '誰在觀看？' }).waitFor();
    await page.locator('main').getByRole('button', { name: '媽媽' }).click();
    await page.waitForURL(`${server.origin}${target}`);
    await accountButton(page, '媽媽').waitFor();
    // The avatar says what it shows.
    expect(await header(page).locator('img.account-menu__icon').getAttribute('alt')).toBe(
      '粉紅兔子',
    );
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('adds a sub-account by keyboard, enters kid mode and leaves it with the PIN', async () => {
    const { page, problems, close } = await openPage(browser);
    await loginAs(page, server.origin, 'demo@example.com', 'demo1234', '爸爸');
    await page.goto(`${server.origin}/account/sub-accounts`);
    await page.getByRole('heading', { level: 2, name: /使用者（3／5）/ }).waitFor();

    // Keyboard only: Tab to the nickname box, type, Tab through the avatars (Space picks the
    // focused one) and the kid switch, Enter on 新增使用者.
    await page.locator('main').focus();
    for (let i = 0; i < 80 && (await activeName(page)) !== 'nickname'; i += 1) {
      await page.keyboard.press('Tab');
    }
    expect(await activeName(page)).toBe('nickname');
    await page.keyboard.type('小明');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe(
      'radio',
    );
    await page.keyboard.press('Space');
    for (let i = 0; i < 10 && (await activeName(page))?.trim() !== '新增使用者'; i += 1) {
      await page.keyboard.press('Tab');
    }
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 3, name: '小明' }).waitFor();
    await page.getByRole('heading', { level: 2, name: /使用者（4／5）/ }).waitFor();
    await expect.poll(() => page.getByText('已新增「小明」。').count()).toBe(1);

    // Into kid mode: nothing is asked.
    await openSwitchUser(page);
    await page.locator('main').getByRole('button', { name: '小寶' }).click();
    await page.waitForURL(`${server.origin}/account/sub-accounts`);
    await accountButton(page, '小寶').waitFor();
    await expect.poll(() => header(page).getByText('兒童模式').count()).toBe(1);

    // Out of kid mode: the PIN is asked; a wrong one is refused in zh-TW.
    await openSwitchUser(page);
    await page.locator('main').getByRole('button', { name: '爸爸' }).click();
    const dialog = page.getByRole('dialog', { name: '需要家長同意' });
    await dialog.waitFor();
    expect(await focusInDialog(page)).toBe(true);
    await dialog.getByLabel('家長密碼或 PIN 碼').fill('0000');
    await dialog.getByRole('button', { name: '確認' }).click();
    await expect
      .poll(() => dialog.locator('[aria-live="assertive"]').textContent())
      .toContain('密碼或 PIN 碼不正確。');
    await dialog.getByLabel('家長密碼或 PIN 碼').fill('1234');
    await dialog.getByRole('button', { name: '確認' }).click();
    await accountButton(page, '爸爸').waitFor();
    expect(await header(page).getByText('兒童模式').count()).toBe(0);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('has no serious accessibility violations or sideways scroll on the account pages', async () => {
    // axe is injected by the test, so this context alone lifts the page's CSP.
    const { page, close } = await openPage(browser, { bypassCSP: true });
    const check = async (label: string) => {
      for (const [name, viewport] of Object.entries(viewports)) {
        await page.setViewportSize(viewport);
        expect(await axeViolations(page), `${label} on a ${name}`).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${label} scrolls sideways on a ${name}`).toBeLessThanOrEqual(0);
      }
    };
    const visit = async (path: string) => {
      await page.goto(`${server.origin}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('h1').count(), `one h1 on ${path}`).toBe(1);
    };

    for (const path of ['/login.do', '/goSignUpPage.do', '/account/sub-account-event']) {
      await visit(path);
      await check(`${path} (visitor)`);
    }
    await visit('/account/sub-accounts');
    await check('/account/sub-accounts (visitor)');

    await loginAs(page, server.origin, 'demo@example.com', 'demo1234', '爸爸');
    await visit('/account/sub-accounts');
    await page.getByRole('heading', { level: 2, name: /使用者（/ }).waitFor();
    await check('/account/sub-accounts');
    await visit('/account/sub-account-event');
    await page.getByText(/已建立 \d／5 個使用者/).waitFor();
    await check('/account/sub-account-event');
    await visit('/account/sub-accounts?select=1');
    await check('the select screen');

    await visit('/account/sub-accounts');
    await page.getByRole('button', { name: '編輯「媽媽」' }).click();
    await page.getByRole('dialog', { name: '編輯「媽媽」' }).waitFor();
    await check('the edit dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '刪除「媽媽」' }).click();
    await page.getByRole('dialog', { name: '刪除「媽媽」？' }).waitFor();
    await check('the delete dialog');
    await close();
  });

  it('keeps focus inside a dialog and gives it back to the opener on Escape', async () => {
    const { page, problems, close } = await openPage(browser);
    await loginAs(page, server.origin, '0912345678', 'demo5678');
    await page.goto(`${server.origin}/account/sub-accounts`);
    const opener = page.getByRole('button', { name: '編輯「阿華」' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '編輯「阿華」' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await activeName(page)).toBe('nickname');

    // Shift+Tab from the first control wraps to the last, Tab from the last back to the first.
    await page.keyboard.press('Shift+Tab');
    expect((await activeName(page))?.trim()).toBe('儲存');
    await page.keyboard.press('Tab');
    expect(await activeName(page)).toBe('nickname');
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(page), `after ${i + 1} Tabs`).toBe(true);
    }

    // Switching the filter off asks for the password in a second dialog; Escape closes only it.
    const filter = dialog.getByRole('switch', { name: '過濾限制級內容' });
    await filter.focus();
    await page.keyboard.press('Space');
    const passwordDialog = page.getByRole('dialog', { name: '關閉限制級內容過濾' });
    await passwordDialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => passwordDialog.count()).toBe(0);
    expect(await filter.isChecked()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('switch');

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await activeName(page)).toBe('編輯「阿華」');
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
