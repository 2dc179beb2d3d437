import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** Issue 20 items 15–18: what pages say when their data fails, and the smaller page states. */

/** Logs a demo member in through /login.do and picks `nickname` on the select screen. */
async function loginAs(page: Page, origin: string, nickname: string): Promise<void> {
  await page.goto(`${origin}/login.do`);
  const main = page.locator('main');
  await main.getByLabel('帳號').fill('demo@example.com');
  await main.getByLabel('密碼', { exact: true }).fill('demo1234');
  await main.getByRole('button', { name: '登入' }).click();
  await page.getByRole('heading', { level: 1, name: '誰在觀看？' }).waitFor();
  await main.getByRole('button', { name: nickname }).click();
  await page.waitForURL(`${origin}/`);
}

/** A state-changing call as the web app makes it (the CSRF header echoes the csrf cookie). */
async function post(page: Page, path: string, body: object): Promise<number> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(`${origin}${path}`, {
    data: body,
    headers: { 'x-csrf-token': csrf, origin },
  });
  return res.status();
}

/** The failed calls a test caused on purpose show as console errors; nothing else may. */
const otherProblems = (problems: string[]) =>
  realProblems(problems).filter((p) => !/Failed to load resource|ERR_FAILED/.test(p));

describe('page states in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the home page says when its rows fail and 重試 brings them', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    const rows = '**/ajax/ajaxGetPageDataMain.do*';
    await page.route(rows, (route) => route.abort('failed'));
    await page.goto(`${server.origin}/`);
    const alert = page.locator('main').getByRole('alert').filter({ hasText: '首頁內容載入失敗' });
    await alert.waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).toContain('資料載入失敗，請稍後再試。');
    expect(await axeViolations(page)).toEqual([]);
    await page.unroute(rows);
    await alert.getByRole('button', { name: '重試' }).click();
    await page.getByRole('heading', { name: '最新上架電影' }).waitFor();
    expect(await alert.count()).toBe(0);
    expect(otherProblems(problems)).toEqual([]);
    await close();
  });

  it("the play page's load error offers 重試, which starts the title", async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    const right = '**/ajax/ajaxFindVideoPlayRight.do*';
    await page.route(right, (route) => route.abort('failed'));
    await page.goto(`${server.origin}/play/M0001`);
    const alert = page.locator('main').getByRole('alert').filter({ hasText: '無法確認觀看權限' });
    await alert.waitFor({ timeout: 20_000 });
    await page.unroute(right);
    await alert.getByRole('button', { name: '重試' }).click();
    await page.locator('main video').waitFor();
    expect(await alert.count()).toBe(0);
    expect(otherProblems(problems)).toEqual([]);
    await close();
  });

  it('an unknown title on /play answers 404', async () => {
    const { page, close } = await openPage(browser);
    expect((await page.goto(`${server.origin}/play/ZZZ`))?.status()).toBe(404);
    expect((await page.goto(`${server.origin}/play/M0001`))?.status()).toBe(200);
    await close();
  });

  it('logged out, a monthly-service episode shows its price and logs in back to it', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await page.goto(`${server.origin}/play/S0016-S1E01`);
    const refused = page.locator('.play__refused');
    await refused.waitFor();
    expect(await refused.textContent()).toContain('您未登入');
    const offer = refused.getByRole('link', { name: '登入並訂閱「星河暢看月租」NT$199' });
    await offer.waitFor();
    const checkout = new URLSearchParams((await offer.getAttribute('href'))!.split('?')[1]);
    expect(checkout.get('returnTo')).toMatch(/^\/checkout\?/);
    expect(await refused.textContent()).toContain('每 30 天');
    expect(await refused.getByRole('link', { name: '登入會員' }).getAttribute('href')).toBe(
      '/login.do?returnTo=%2Fplay%2FS0016-S1E01',
    );
    expect(await refused.getByRole('link', { name: '註冊會員' }).getAttribute('href')).toBe(
      '/goSignUpPage.do?returnTo=%2Fplay%2FS0016-S1E01',
    );
    expect(await axeViolations(page)).toEqual([]);

    // Logging in from there comes back to the episode, which then asks to subscribe.
    await refused.getByRole('link', { name: '登入會員' }).click();
    const main = page.locator('main');
    await main.getByLabel('帳號').fill('0912345678');
    await main.getByLabel('密碼', { exact: true }).fill('demo5678');
    await main.getByRole('button', { name: '登入' }).click();
    await page.waitForURL(`${server.origin}/play/S0016-S1E01`);
    await page
      .locator('.play__refused')
      .getByRole('link', { name: '訂閱「星河暢看月租」NT$199' })
      .waitFor();
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('帳戶設定 in the account menu opens /account: wallet, password, log out everywhere, partners', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await page.goto(`${server.origin}/login.do`);
    // 忘記密碼 leads to its page (issue 23; the flow itself is e2e/password-reset.test.ts).
    expect(await page.getByRole('link', { name: /忘記密碼/ }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await loginAs(page, server.origin, '爸爸');
    await page.locator('.account-menu__button').click();
    await page.getByRole('link', { name: '帳戶設定' }).click();
    await page.waitForURL(`${server.origin}/account`);
    await page.getByRole('heading', { level: 1, name: '帳戶設定' }).waitFor();
    const wallet = page.getByRole('region', { name: '錢包' });
    await wallet.locator('dt').getByText('儲值金', { exact: true }).waitFor();
    expect(await wallet.locator('dt').getByText('看片金', { exact: true }).count()).toBe(1);
    await page.getByRole('heading', { name: '密碼', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: '變更密碼' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /登出所有裝置/ }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { name: '合作夥伴綁定' }).count()).toBe(1);
    // The old address still leads there (issue 23 item 1).
    await page.goto(`${server.origin}/account/settings`);
    await page.waitForURL(`${server.origin}/account`);
    await page.getByRole('heading', { level: 1, name: '帳戶設定' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('deleting a history record asks first; a backwards period shows its error alone', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await loginAs(page, server.origin, '媽媽');
    const seq = Date.now();
    const saved = await post(page, '/ajax/ajaxSaveWatchPosition.do', {
      contentId: 'M0001',
      positionSeconds: 5,
      durationSeconds: 30,
      seq,
    });
    expect(saved).toBe(200);
    await page.goto(`${server.origin}/my-list/history`);
    const record = page.locator('main .list-entries > li').filter({ hasText: '午夜列車' });
    await record.waitFor();

    // 取消 keeps it; Escape too.
    await page.getByRole('button', { name: '刪除紀錄：午夜列車' }).click();
    const dialog = page.getByRole('dialog', { name: '刪除「午夜列車」的觀看紀錄？' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: '取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await record.count()).toBe(1);
    await page.getByRole('button', { name: '刪除紀錄：午夜列車' }).click();
    await dialog.getByRole('button', { name: '刪除紀錄' }).click();
    await page.getByText('已刪除「午夜列車」的觀看紀錄。').waitFor();
    await page.getByText('「觀看紀錄」目前沒有影片。').waitFor();

    await page.goto(
      `${server.origin}/my-list/history?periodStartMonth=202611&periodEndMonth=202601`,
    );
    await page.getByRole('alert').filter({ hasText: '起始月份不能晚於結束月份。' }).waitFor();
    expect(await page.getByText('目前沒有影片').count()).toBe(0);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('the search box says when a keyword is over 50 characters instead of cutting it', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}/`);
    const box = page.getByRole('search', { name: '搜尋影片' }).getByRole('combobox');
    const long = '夏'.repeat(51);
    await box.fill(long);
    expect(await box.inputValue()).toBe(long);
    const alert = page.getByRole('alert').filter({ hasText: '搜尋關鍵字最多 50 個字' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('目前 51 個字');
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await box.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');
    await box.press('Backspace');
    await alert.waitFor({ state: 'detached' });
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('live page: 新聞 tab, the programme on air marked, 已複製連結 in view', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.origin });
    await page.goto(`${server.origin}/LiveChannel/ch07`);
    const groups = page.getByRole('tablist', { name: '頻道分類' });
    await groups.waitFor();
    const names = await groups.getByRole('tab').allTextContents();
    expect(names).toContain('新聞');
    expect(names).not.toContain('NEWS');

    const area = page.locator('section.live-area');
    const opener = area.getByRole('button', { name: '節目表' });
    await expect.poll(() => opener.isEnabled(), { timeout: 10_000 }).toBe(true);
    await opener.click();
    const dialog = page.getByRole('dialog', { name: '星河電影台 節目表' });
    const now = dialog.locator('[aria-current="time"]');
    await now.waitFor();
    expect(await now.count()).toBe(1);
    expect(await now.textContent()).toContain('播出中');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The share button just under the sticky header: the outcome must not go under it.
    const share = area.getByRole('button', { name: '分享' });
    await page.evaluate(() => {
      const button = document.querySelector('.live-share > button')!;
      const header = document.querySelector('.site-header')!;
      const gap = button.getBoundingClientRect().top - header.getBoundingClientRect().bottom;
      window.scrollBy(0, gap - 4);
    });
    await share.click();
    await area.getByRole('button', { name: '複製連結' }).click();
    const status = area.locator('.live-share__status');
    await expect.poll(() => status.textContent()).toBe('已複製連結');
    const visible = await status.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const header = document.querySelector('.site-header')!.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return box.top >= header.bottom && hit !== null && el.contains(hit);
    });
    expect(visible).toBe(true);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('a channel not yet on air says when it opens; the site has a favicon', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}/LiveChannel/ch09`);
    const alert = page.locator('.live-area__stage').getByRole('alert');
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toMatch(
      /^目前本頻道尚未開播 敬請期待~（\d{4}\/\d{1,2}\/\d{1,2} 週[日一二三四五六] 20:00 開播）$/,
    );
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toMatch(/^\/assets\/favicon-.*\.svg$/);
    const res = await page.request.get(`${server.origin}${icon}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
