import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { mailText, outboxFiles, signUpInBrowser } from './support/sign-up.js';

/**
 * Issue 23 item 2, in the browser: 忘記密碼 from the login page, the same confirmation for any
 * id, the e-mail's link (read from the development outbox), the new password, the old sessions
 * ended, and the link refused the second time.
 */

const CONFIRMATION =
  '如果這個帳號存在並綁定電子郵件，我們已寄出重設密碼的連結，連結 30 分鐘內有效。請到信箱查看。';

/** The reset link of the newest message in the outbox. */
function newestResetLink(dir: string): string {
  const newest = outboxFiles(dir).at(-1);
  if (!newest) throw new Error('the outbox is empty');
  const text = mailText(fs.readFileSync(path.join(dir, newest), 'utf8'));
  const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no reset link in:\n${text}`);
  return link;
}

async function fillLogin(page: Page, loginId: string, password: string): Promise<void> {
  const main = page.locator('main');
  await main.getByLabel('帳號').fill(loginId);
  await main.getByLabel('密碼', { exact: true }).fill(password);
  await main.getByRole('button', { name: '登入' }).click();
}

async function noSidewaysScroll(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${label} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
}

describe('password reset in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-outbox-'));
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { MAIL_OUTBOX_DIR: outbox } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(outbox, { recursive: true, force: true });
  });

  it('mails a link from 忘記密碼, sets a new password with it, ends the old sessions, and refuses the link again', async () => {
    const loginId = `reset-${Date.now()}@example.com`;
    // A new member, logged in on another device (context) that the reset should sign out.
    const other = await openPage(browser);
    await signUpInBrowser(other.page, server, loginId, 'before2024');
    await other.page.locator('header .account-menu__button').waitFor();

    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await page.goto(`${server.origin}/login.do`);
    const main = page.locator('main');
    await main.getByRole('link', { name: '忘記密碼？' }).click();
    await page.waitForURL(`${server.origin}/forgot-password`);
    await page.getByRole('heading', { level: 1, name: '忘記密碼' }).waitFor();
    await expect.poll(() => page.title()).toBe('忘記密碼｜星河影音');
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hant-TW');
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page, '/forgot-password');

    // By keyboard: the field, then Enter.
    const field = main.getByLabel('帳號（電子郵件或手機號碼）');
    await field.focus();
    await page.keyboard.type(loginId);
    await page.keyboard.press('Enter');
    const confirmation = main.getByText(CONFIRMATION);
    await confirmation.waitFor();
    // The confirmation took the focus, so it is read out.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(CONFIRMATION);
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page, 'the confirmation');
    expect(await main.getByRole('link', { name: '返回登入' }).getAttribute('href')).toBe(
      '/login.do',
    );
    // The sign-up confirmation, then the reset.
    await expect.poll(() => outboxFiles(outbox).length).toBe(2);
    const link = newestResetLink(outbox);
    expect(link.startsWith(`${server.origin}/reset-password?token=`)).toBe(true);

    // The link, in the same browser: the page sends no Referer, so the token goes nowhere.
    const opened = await page.goto(link);
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    await page.getByRole('heading', { level: 1, name: '重設密碼' }).waitFor();
    await expect.poll(() => page.title()).toBe('重設密碼｜星河影音');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await axeViolations(page)).toEqual([]);
    await noSidewaysScroll(page, '/reset-password');

    await main.getByLabel('新密碼', { exact: true }).fill('after2025x');
    await main.getByLabel('確認新密碼').fill('after2025y');
    await main.getByRole('button', { name: '設定新密碼' }).click();
    await main.getByText('兩次輸入的密碼不一致。').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'newPasswordConfirm',
    );
    await main.getByLabel('確認新密碼').fill('after2025x');
    await main.getByRole('button', { name: '設定新密碼' }).click();
    await main.getByText('已設定新密碼，所有裝置都已登出。請用新密碼登入。').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The other device is signed out.
    await other.page.reload();
    await other.page.locator('header').getByRole('link', { name: '登入' }).waitFor();
    expect(await other.page.locator('header .account-menu__button').count()).toBe(0);
    await other.close();

    // The old password no longer works, the new one does.
    await main.getByRole('link', { name: '前往登入' }).click();
    await page.waitForURL(`${server.origin}/login.do`);
    await fillLogin(page, loginId, 'before2024');
    // A refused login costs a full scrypt (32768): give a busy machine time for it.
    await expect
      .poll(() => main.locator('[aria-live="assertive"]').textContent(), { timeout: 10_000 })
      .toContain('帳號或密碼錯誤');
    await fillLogin(page, loginId, 'after2025x');
    await page.waitForURL(`${server.origin}/`);
    await page.locator('header .account-menu__button').waitFor();

    // The same link again: spent.
    await page.goto(link);
    await main.getByLabel('新密碼', { exact: true }).fill('again2026z');
    await main.getByLabel('確認新密碼').fill('again2026z');
    await main.getByRole('button', { name: '設定新密碼' }).click();
    await main
      .getByText('這個重設密碼連結已失效（已使用、逾時或已有較新的連結），請重新申請。')
      .waitFor();
    expect(await main.getByRole('link', { name: '重新申請重設密碼' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('answers an unknown id with the same confirmation and mails nothing', async () => {
    const before = outboxFiles(outbox).length;
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await page.goto(`${server.origin}/forgot-password`);
    const main = page.locator('main');
    await main.getByLabel('帳號').fill(`nobody-${Date.now()}@example.com`);
    await main.getByRole('button', { name: '送出' }).click();
    await main.getByText(CONFIRMATION).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(outboxFiles(outbox).length).toBe(before);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('shows a refusal (429) in the words of the envelope and keeps the form', async () => {
    // The server answers every id alike and limits silently; a refusal from in front of it
    // (or a later limit) still reads as the envelope says.
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await page.route('**/ajax/ajaxRequestPasswordReset.do', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          status: { code: 'TOO_MANY_REQUESTS', message: '操作太頻繁，請稍候再試。' },
          data: {},
        }),
      }),
    );
    await page.goto(`${server.origin}/forgot-password`);
    const main = page.locator('main');
    await main.getByLabel('帳號').fill('demo@example.com');
    await main.getByRole('button', { name: '送出' }).click();
    await expect
      .poll(() => main.locator('[aria-live="assertive"]').textContent())
      .toBe('操作太頻繁，請稍候再試。');
    expect(await main.getByText(CONFIRMATION).count()).toBe(0);
    expect(await main.getByRole('button', { name: '送出' }).isEnabled()).toBe(true);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('shows a link without a well-formed token as invalid without asking the server', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/ajax/ajaxResetPassword.do')) calls.push(request.url());
    });
    for (const address of ['/reset-password', '/reset-password?token=short']) {
      await page.goto(`${server.origin}${address}`);
      const main = page.locator('main');
      await main.getByText('這個重設密碼連結不正確，請重新申請。').waitFor();
      expect(await main.getByRole('textbox').count()).toBe(0);
      expect(await main.getByRole('link', { name: '重新申請重設密碼' }).getAttribute('href')).toBe(
        '/forgot-password',
      );
    }
    expect(calls).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
