import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** Sums layout shifts not caused by input, from the first paint on (PerformanceObserver). */
function recordLayoutShifts(): void {
  const w = window as unknown as { __cls: number };
  w.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[]) {
      if (!entry.hadRecentInput) w.__cls += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

async function login(page: Page, origin: string, returnTo: string, nickname: string) {
  await page.goto(`${origin}/login.do?returnTo=${encodeURIComponent(returnTo)}`);
  const main = page.locator('main');
  await main.getByLabel('帳號').fill('demo@example.com');
  await main.getByLabel('密碼', { exact: true }).fill('demo1234');
  await main.getByRole('button', { name: '登入' }).click();
  await page.getByRole('heading', { level: 1, name: '誰在觀看？' }).waitFor();
  await main.getByRole('button', { name: nickname }).click();
  await page.waitForURL(`${origin}${returnTo}`);
}

const headerSearch = (page: Page) => page.locator('header').getByRole('combobox');

describe('catalogue pages in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const [name, viewport] of [
    ['desktop', viewports.desktop],
    ['phone', viewports.phone],
  ] as const) {
    it(`home shows 最新上架電影 first and loads its posters without layout shift (${name})`, async () => {
      const { page, problems, close } = await openPage(browser, { viewport });
      await page.addInitScript(recordLayoutShifts);
      await page.goto(`${server.origin}/`);
      const rows = page.locator('main section.poster-row');
      await rows.first().getByRole('heading', { name: '最新上架電影' }).waitFor();
      // The first row's leading posters are eager and urgent; the rest wait until near.
      const posters = rows.first().locator('img');
      await expect.poll(() => posters.count()).toBeGreaterThan(6);
      expect(await posters.first().getAttribute('loading')).toBe('eager');
      expect(await posters.first().getAttribute('fetchpriority')).toBe('high');
      expect(await posters.nth(6).getAttribute('loading')).toBe('lazy');
      // Every poster box has its size before the picture arrives.
      expect(await posters.first().getAttribute('width')).toBe('240');
      expect(await posters.first().getAttribute('height')).toBe('360');
      await expect
        .poll(() =>
          posters.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      await page.waitForLoadState('networkidle');
      // Scroll the row into view so lazy posters load too, then look at what moved.
      await rows.first().scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls).toBeLessThan(0.01);
      // The header banner and the menus from the server.
      await page.getByRole('heading', { name: '編輯精選' }).waitFor();
      const menus = page.getByRole('navigation', { name: '影片分類' });
      await expect.poll(() => menus.getByRole('link').allTextContents()).toContain('電影');
      expect(realProblems(problems)).toEqual([]);
      await close();
    });
  }

  it('browse keeps filters in the URL and the back button restores them', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}/browse`);
    const main = page.locator('main');
    const count = main.locator('#browse-results');
    await expect.poll(() => count.textContent()).toMatch(/共 \d+ 部影片/);
    const allCount = await count.textContent();
    expect(await main.locator('.poster-grid > li').count()).toBe(20);

    await main.getByLabel('國家／地區').selectOption({ label: '日本' });
    await page.waitForURL(/country=JP/);
    await expect.poll(() => count.textContent()).not.toBe(allCount);
    await main.getByLabel('類別', { exact: true }).selectOption({ label: '電影' });
    await page.waitForURL(/mainCategoryId=movie/);
    expect(page.url()).toContain('country=JP');
    const subcategory = main.getByLabel('子類別');
    await expect.poll(() => subcategory.locator('option').allTextContents()).toContain('喜劇');

    await page.goBack();
    await page.waitForURL((url) => url.search === '?country=JP');
    expect(await main.getByLabel('類別', { exact: true }).inputValue()).toBe('');
    expect(await main.getByLabel('國家／地區').inputValue()).toBe('JP');
    await page.goBack();
    await page.waitForURL(`${server.origin}/browse`);
    expect(await main.getByLabel('國家／地區').inputValue()).toBe('');
    await expect.poll(() => count.textContent()).toBe(allCount);
    // The form's submit button: the filters are applied already, so it goes to the results.
    await main.getByRole('button', { name: '查看結果' }).click();
    expect(await count.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it("finds 午夜列車 for the one-character search '列', with hot keywords", async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}/search?inputKeyword=${encodeURIComponent('列')}`);
    const results = page.getByRole('region', { name: '「列」的搜尋結果' });
    await results
      .getByRole('link', { name: /午夜列車/ })
      .first()
      .waitFor();
    // Hot keywords come from their own call and may land after the results.
    await page.getByRole('heading', { name: '熱門搜尋' }).waitFor();
    expect(await page.getByRole('heading', { name: '熱門搜尋' }).count()).toBe(1);
    // The page's own form searches by actor too.
    await page.locator('main').getByLabel('搜尋範圍').selectOption('person');
    await page.locator('main').getByRole('combobox', { name: '搜尋關鍵字' }).fill('林書豪');
    await page.locator('main').getByRole('button', { name: '搜尋' }).click();
    await page.waitForURL(/searchField=person/);
    await page.getByRole('heading', { name: '「林書豪」的搜尋結果' }).waitFor();
    // Nothing found: a message, not an empty grid.
    await page.goto(`${server.origin}/search?inputKeyword=zzzqqq`);
    await page.getByText('找不到與「zzzqqq」相關的影片。').waitFor();
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('suggests at most 8 titles and people while typing, navigable by keyboard', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}/`);
    const input = headerSearch(page);
    await input.pressSequentially('星', { delay: 30 });
    await expect.poll(() => input.getAttribute('aria-expanded')).toBe('true');
    const listbox = page.locator(`#${await input.getAttribute('aria-controls')}`);
    expect(await listbox.getAttribute('role')).toBe('listbox');
    const options = listbox.getByRole('option');
    const count = await options.count();
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThanOrEqual(8);

    await page.keyboard.press('ArrowDown');
    const firstId = await options.nth(0).getAttribute('id');
    expect(await input.getAttribute('aria-activedescendant')).toBe(firstId);
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe(
      await options.nth(1).getAttribute('id'),
    );
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await input.getAttribute('aria-activedescendant')).toBe(
      await options.nth(count - 1).getAttribute('id'),
    );
    await page.keyboard.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await input.getAttribute('aria-activedescendant')).toBeNull();
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);

    // A title suggestion opens its details page.
    await input.fill('');
    await input.pressSequentially('列', { delay: 30 });
    await listbox.getByRole('option', { name: /午夜列車/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.origin}/details/M0001/M0001`);
    await page.getByRole('heading', { level: 1, name: '午夜列車' }).waitFor();

    // Free text (Enter without a highlighted option) searches.
    await input.fill('');
    await input.pressSequentially('夜', { delay: 30 });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?inputKeyword=%E5%A4%9C/);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('shows the people of M0001 and toggles the to-view list for demo@example.com', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    const path = '/details/M0001/M0001';
    await page.goto(`${server.origin}${path}`);
    const people = page.getByRole('region', { name: '演職員' });
    await people.getByText('導演').waitFor();
    const person = people.getByRole('link').first();
    expect(await person.getAttribute('href')).toMatch(
      /^\/search\?inputKeyword=.+&searchField=person$/,
    );
    // Visitors are asked to log in, and come back here.
    const loginLink = page.locator('main').getByRole('link', { name: '登入' });
    expect(await loginLink.getAttribute('href')).toBe(
      `/login.do?returnTo=${encodeURIComponent(path)}`,
    );

    await login(page, server.origin, path, '爸爸');
    const toView = page.getByRole('button', { name: '待看清單' });
    await expect.poll(() => toView.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => toView.isEnabled()).toBe(true);
    await toView.click();
    await expect.poll(() => toView.getAttribute('aria-pressed')).toBe('true');
    await page.getByText('已加入待看清單。').waitFor();
    // The state comes back from the server after a reload.
    await page.reload();
    await expect.poll(() => toView.getAttribute('aria-pressed')).toBe('true');
    await toView.click();
    await expect.poll(() => toView.getAttribute('aria-pressed')).toBe('false');
    await page.getByText('已從待看清單移除。').waitFor();
    // The 'new' badge: shown while the server says so, cleared once the member opens 瀏覽.
    // (The demo catalogue has no title new enough, so the check's reply is set here.)
    await page.route('**/ajax/ajaxCheckNewIconHint.do', (route) =>
      route.fulfill({
        json: {
          status: { code: '0', message: '' },
          data: { hintList: { hint: [{ hintId: 'newTitles', show: 'Y', count: 3 }] } },
        },
      }),
    );
    await page.reload();
    const browse = page.locator('header').getByRole('link', { name: /^瀏覽/ });
    await expect.poll(() => browse.textContent()).toContain('3 部新片');
    await page.unroute('**/ajax/ajaxCheckNewIconHint.do');
    const seen = page.waitForRequest((r) => r.url().endsWith('/ajax/ajaxUpdateNewIconHint.do'));
    await browse.click();
    expect((await seen).postDataJSON()).toEqual({ hintId: 'newTitles' });
    await page.waitForURL(`${server.origin}/browse`);
    expect(await browse.textContent()).toBe('瀏覽');
    await page.goBack();
    await page.waitForURL(`${server.origin}${path}`);

    // The trailer opens in a dialog and closes with Escape, focus back on its button.
    const trailer = page.getByRole('button', { name: '預告片' });
    await trailer.click();
    const dialog = page.getByRole('dialog', { name: '《午夜列車》預告片' });
    await dialog.locator('video').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await trailer.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('shows a series with two seasons of episodes, and an episode with its neighbours', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}/details/S0002/S0002`);
    const seasons = page.getByRole('tablist', { name: '季別' });
    await seasons.waitFor();
    expect(await seasons.getByRole('tab').allTextContents()).toEqual(['第 1 季', '第 2 季']);
    await seasons.getByRole('tab', { name: '第 2 季' }).click();
    const panel = page.getByRole('tabpanel', { name: '第 2 季' });
    await panel.getByRole('link', { name: '首爾不眠夜 第2季 第1集', exact: true }).click();
    await page.waitForURL(`${server.origin}/details/S0002-S2E01/S0002`);
    await page.getByRole('heading', { level: 1, name: '首爾不眠夜 第2季 第1集' }).waitFor();
    const neighbours = page.getByRole('navigation', { name: '上下集' });
    await neighbours.getByRole('link', { name: /上一集/ }).click();
    await page.waitForURL(`${server.origin}/details/S0002-S1E03/S0002`);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('says 網址資料錯誤 with 立即前往 for a pair that does not belong together', async () => {
    const { page, problems, close } = await openPage(browser);
    for (const path of ['/details/M0001/M0002', '/details/M0001']) {
      await page.goto(`${server.origin}${path}`);
      const alert = page.getByRole('alert');
      await alert.getByText('網址資料錯誤').waitFor();
      expect(await alert.getByRole('link', { name: '立即前往' }).getAttribute('href')).toBe('/');
    }
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`home, browse, search and details are axe-clean without sideways scroll (${name})`, async () => {
      const { page, close } = await openPage(browser, { viewport, bypassCSP: true });
      for (const path of [
        '/',
        '/browse?mainCategoryId=movie',
        `/search?inputKeyword=${encodeURIComponent('星')}`,
        '/details/M0001/M0001',
        '/details/S0002-S1E02/S0002',
      ]) {
        await page.goto(`${server.origin}${path}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await page.locator('h1').count(), `${path}: one h1`).toBe(1);
        expect(await axeViolations(page), `${path} at ${viewport.width}px`).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${path} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(0);
      }
      // The suggestions, open.
      if (viewport.width < 1024) await page.locator('.site-header__menu-button').click();
      await headerSearch(page).pressSequentially('星', { delay: 30 });
      await expect.poll(() => headerSearch(page).getAttribute('aria-expanded')).toBe('true');
      expect(await axeViolations(page), `suggestions at ${viewport.width}px`).toEqual([]);
      await close();
    });
  }
});
