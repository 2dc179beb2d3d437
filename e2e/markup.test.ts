import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { markupErrors } from './support/markup.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 28 item 9: the rendered DOM of the main pages, once their data has arrived, has no
 * html-validate errors (docs/adr/0032). The DOM, not the served index.html: React writes the
 * markup. Before the fixes that came with this test these pages had 11 errors between them.
 */

/** Logs a demo member in through the login page, which then goes to `returnTo`. */
async function login(page: Page, origin: string, loginId: string, password: string) {
  await page.goto(`${origin}/login.do?returnTo=%2Fredeem`);
  const main = page.locator('main');
  await main.getByLabel('帳號').fill(loginId);
  await main.getByLabel('密碼', { exact: true }).fill(password);
  await main.getByRole('button', { name: '登入' }).click();
}

/** Each page, and what shows that the parts the validator should see have arrived. */
const visitorPages: { path: string; ready(page: Page): Promise<void> }[] = [
  {
    path: '/',
    ready: async (page) => {
      await page.getByRole('heading', { name: '最新上架電影' }).waitFor();
      await page.getByRole('group', { name: '選擇精選影片' }).getByRole('button').first().waitFor();
    },
  },
  {
    path: '/details/S0002/S0002',
    ready: (page) => page.getByRole('tablist', { name: '季別' }).waitFor(),
  },
  {
    path: '/browse',
    ready: (page) => page.locator('main .poster-grid > li a').first().waitFor(),
  },
  {
    path: `/search?inputKeyword=${encodeURIComponent('列')}`,
    ready: async (page) => {
      const results = page.getByRole('region', { name: '「列」的搜尋結果' });
      await results.getByRole('link').first().waitFor();
      await page.getByRole('heading', { name: '熱門搜尋' }).waitFor();
    },
  },
  {
    path: '/LiveChannel/ch01',
    ready: async (page) => {
      await page.locator('.live-area video').first().waitFor({ timeout: 15_000 });
      await page
        .getByRole('navigation', { name: '直播進行中' })
        .getByRole('link')
        .first()
        .waitFor();
    },
  },
  {
    path: '/play/M0001',
    ready: (page) => page.locator('main video').waitFor({ timeout: 15_000 }),
  },
  {
    // Logged out, a monthly-service episode: the refusal with its offers.
    path: '/play/S0016-S1E01',
    ready: (page) =>
      page
        .locator('.play__refused')
        .getByRole('link', { name: /^登入並訂閱/ })
        .waitFor(),
  },
  {
    path: '/login.do',
    ready: (page) => page.locator('main').getByLabel('帳號').waitFor(),
  },
  {
    path: '/forgot-password',
    ready: (page) => page.locator('main').getByLabel('帳號').waitFor(),
  },
  {
    // A well-formed token (not a live one): the form shows without a call.
    path: `/reset-password?token=${'a'.repeat(43)}`,
    ready: (page) => page.locator('main').getByLabel('確認新密碼').waitFor(),
  },
];

describe('the rendered markup of the main pages', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const { path, ready } of visitorPages) {
    it(`${path} has no html-validate errors`, async () => {
      const { page, close } = await openPage(browser, { viewport: viewports.desktop });
      await page.goto(`${server.origin}${path}`);
      await ready(page);
      expect(await markupErrors(page)).toEqual([]);
      await close();
    });
  }

  it('the search boxes are text inputs with the combobox role, which type="search" may not have', async () => {
    // The W3C validator refuses role="combobox" and aria-expanded on a search input;
    // html-validate does not look at which roles an input type allows, so this checks it.
    const { page, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}/search?inputKeyword=${encodeURIComponent('列')}`);
    // The header's and the results page's own.
    const boxes = page.locator('[name="inputKeyword"]');
    await expect.poll(() => boxes.count()).toBe(2);
    for (const box of await boxes.all()) {
      expect(
        await box.evaluate((el) => [el.tagName, el.getAttribute('type'), el.getAttribute('role')]),
      ).toEqual(['INPUT', 'text', 'combobox']);
    }
    await close();
  });

  it('/redeem, logged in, has no html-validate errors', async () => {
    const { page, close } = await openPage(browser, { viewport: viewports.desktop });
    // The member with one sub-account goes straight back to /redeem.
    await login(page, server.origin, '0912345678', 'demo5678');
    await page.waitForURL(`${server.origin}/redeem`);
    await page.locator('main [role="tabpanel"]:not([hidden])').getByLabel('序號').waitFor();
    expect(await markupErrors(page)).toEqual([]);
    await close();
  });

  it('the who-is-watching screen after login has no html-validate errors', async () => {
    const { page, close } = await openPage(browser, { viewport: viewports.desktop });
    await login(page, server.origin, 'demo@example.com', 'demo1234');
    await page.getByRole('group', { name: '使用者' }).getByRole('button').first().waitFor();
    expect(await markupErrors(page)).toEqual([]);
    await close();
  });
});
