import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { newestMessageTo, signUpLinkFor } from './support/sign-up.js';

/**
 * Sign-up in two steps by keyboard (issue 23 item 2, docs/adr/0044): the form, the same answer
 * for a new and a taken id, the e-mail's link (from the outbox) and its 完成註冊 button; for a
 * mobile number, the SMS's code (from the SMS outbox) typed on the sign-up page.
 */
const PASSWORD = 'join2024';

const isLoggedIn = (page: Page) =>
  page.evaluate(async () => {
    const reply = await fetch('/ajax/ajaxGetLoginInfo.do', {
      headers: { accept: 'application/json' },
    });
    return ((await reply.json()) as { data: { isLogin: string } }).data.isLogin;
  });

/** Fills the sign-up form by keyboard (Tab between fields) and sends it with Enter. */
async function typeSignUp(page: Page, server: RunningServer, loginId: string): Promise<void> {
  await page.goto(`${server.origin}/goSignUpPage.do`);
  await page.locator('main').getByLabel('帳號').focus();
  await page.keyboard.type(loginId);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent);

describe('sign-up by keyboard in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('an e-mail id: the confirmation mail, its link, 完成註冊, home logged in; a taken id reads the same', async () => {
    const loginId = `join-${Date.now()}@example.com`;
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await typeSignUp(page, server, loginId);
    const sent = `我們已寄出確認信到 ${loginId}。請在 30 分鐘內開啟信中的連結完成註冊。`;
    await page.locator('main').getByText(sent).waitFor();
    // The answer took the focus, so it is read out.
    expect(await focusedText(page)).toBe(sent);
    expect(await axeViolations(page)).toEqual([]);
    expect(await isLoggedIn(page)).toBe('N');

    const link = await signUpLinkFor(server, loginId);
    const opened = await page.goto(`${server.origin}${link}`);
    expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
    await page.getByRole('heading', { level: 1, name: '完成註冊' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Nothing is created by opening the link; the button does it.
    expect(await isLoggedIn(page)).toBe('N');
    // Tab through the page (its header first) to the button, then Enter.
    for (let i = 0; i < 40 && (await focusedText(page)) !== '完成註冊'; i += 1)
      await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('完成註冊');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.origin}/`);
    expect(await isLoggedIn(page)).toBe('Y');

    // The link again: refused, with the way back to sign-up.
    await page.goto(`${server.origin}${link}`);
    await page.locator('main').getByRole('button', { name: '完成註冊' }).click();
    await page.locator('main').getByText('這個註冊確認連結已失效', { exact: false }).waitFor();

    // The same id again, in another browser: the very same answer; the mail says why.
    const other = await openPage(browser, { viewport: viewports.phone });
    await typeSignUp(other.page, server, loginId);
    await other.page.locator('main').getByText(sent).waitFor();
    await expect
      .poll(() => newestMessageTo(server.mailOutboxDir, loginId))
      .toContain('已經是星河影音的會員帳號');
    await other.close();

    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('a mobile number: the SMS code typed on the sign-up page logs in', async () => {
    const loginId = `09${String(Date.now()).slice(-8)}`;
    const { page, problems, close } = await openPage(browser);
    await typeSignUp(page, server, loginId);
    await page.locator('main').getByText(`我們已傳送簡訊到 ${loginId}`, { exact: false }).waitFor();
    let code: string | undefined;
    await expect
      .poll(() => {
        code = /驗證碼為 (\d{6})/.exec(
          newestMessageTo(server.smsOutboxDir, loginId, '.txt') ?? '',
        )?.[1];
        return code;
      })
      .toBeDefined();
    // From the focused answer: Tab to the code, type it, Enter.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('code');
    await page.keyboard.type(code!);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.origin}/`);
    expect(await isLoggedIn(page)).toBe('Y');
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
