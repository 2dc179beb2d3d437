import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** Logs the demo member in through /login.do and picks `nickname` on the select screen. */
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

const tabs = (page: Page) => page.getByRole('navigation', { name: '片單分類' });
const entries = (page: Page) => page.locator('main .list-entries > li');
const currentTime = (page: Page) =>
  page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);

/** The number in a tab's label, '繼續觀看（3）' → 3. */
async function tabCount(page: Page, name: string): Promise<number> {
  const link = tabs(page).getByRole('link', { name: new RegExp(`^${name}（\\d+）$`) });
  await link.waitFor();
  return Number(/（(\d+)）/.exec((await link.textContent()) ?? '')?.[1]);
}

describe('the personal lists in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks visitors to log in and come back to the list', async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(`${server.origin}/my-list/history`);
    const link = page.locator('main').getByRole('link', { name: '登入' });
    expect(await link.getAttribute('href')).toBe('/login.do?returnTo=%2Fmy-list%2Fhistory');
    expect(await tabs(page).getByRole('link').count()).toBe(5);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('lists a paused movie under continue watching, removes it there, keeps and deletes its history', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    // 媽媽 starts with empty lists.
    await loginAs(page, server.origin, '媽媽');

    await page.goto(`${server.origin}/play/M0001`);
    await page.locator('video').waitFor();
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(3);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/ajax/ajaxSaveWatchPosition.do') && r.status() === 200,
    );
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());
    const beat = (await (await saved).request().postDataJSON()) as {
      positionSeconds: number;
      durationSeconds: number;
      seq: number;
    };
    expect(beat.positionSeconds).toBeGreaterThanOrEqual(3);
    expect(beat.durationSeconds).toBe(30);
    expect(beat.seq).toBeGreaterThan(Date.now() - 60_000);

    // Continue watching lists it with its position, and the home row resumes it.
    await page.goto(`${server.origin}/my-list/watching`);
    const entry = entries(page).filter({ hasText: '午夜列車' });
    await entry.waitFor();
    const at = `0:${String(beat.positionSeconds).padStart(2, '0')}`;
    expect(await entry.textContent()).toContain(`看到 ${at}`);
    expect(await tabCount(page, '繼續觀看')).toBe(1);
    expect(
      await tabs(page)
        .getByRole('link', { name: /^繼續觀看/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    await page.goto(`${server.origin}/`);
    const row = page.getByRole('region', { name: '繼續觀看' });
    const card = row.getByRole('link', { name: /午夜列車/ });
    expect(await card.getAttribute('href')).toBe('/play/M0001');

    // Playing it again starts at the resume point.
    await card.click();
    await page.waitForURL(`${server.origin}/play/M0001`);
    await page.getByText(`從 ${at} 繼續播放`).waitFor();
    await expect
      .poll(() => currentTime(page), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(beat.positionSeconds);
    await page.locator('video').evaluate((v: HTMLVideoElement) => v.pause());

    // Removing it from continue watching keeps it in the history.
    await page.goto(`${server.origin}/my-list/watching`);
    await page.getByRole('button', { name: '從繼續觀看移除「午夜列車」' }).click();
    await page.getByText('已從繼續觀看移除「午夜列車」。').waitFor();
    await page.getByText('「繼續觀看」目前沒有影片。').waitFor();
    await expect.poll(() => tabCount(page, '繼續觀看')).toBe(0);
    // Focus goes to the list's heading, not to the page's start.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('my-list-heading');

    await tabs(page).getByRole('link', { name: '觀看紀錄' }).click();
    await page.waitForURL(`${server.origin}/my-list/history`);
    const record = entries(page).filter({ hasText: '午夜列車' });
    await record.waitFor();
    expect(await record.textContent()).toMatch(/最後觀看：\d{4}\/\d{2}\/\d{2}/);
    await page.getByRole('button', { name: '刪除紀錄：午夜列車' }).click();
    // Deleting asks first (issue 20 item 18).
    await page
      .getByRole('dialog', { name: '刪除「午夜列車」的觀看紀錄？' })
      .getByRole('button', { name: '刪除紀錄' })
      .click();
    await page.getByText('已刪除「午夜列車」的觀看紀錄。').waitFor();
    await page.getByText('「觀看紀錄」目前沒有影片。').waitFor();
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('shows counts in the tabs that match each list, and every tab is axe-clean', async () => {
    const { page, problems, close } = await openPage(browser, {
      viewport: viewports.phone,
      bypassCSP: true,
    });
    // 爸爸 has something in every list (README demo data).
    await loginAs(page, server.origin, '爸爸');
    const lists = [
      ['watching', '繼續觀看'],
      ['viewlist', '待看清單'],
      ['purchased', '租借/購買'],
      ['favorite', '我的最愛'],
    ] as const;
    for (const [type, name] of lists) {
      await page.goto(`${server.origin}/my-list/${type}`);
      const count = await tabCount(page, name);
      await page.locator('.my-list__total, .my-list__empty').first().waitFor();
      const shown = await entries(page).count();
      expect(shown, `${name}: entries on the page`).toBe(Math.min(count, 20));
      if (count > 0) {
        expect(await page.locator('.my-list__total').textContent()).toBe(`共 ${count} 部`);
      }
      expect(await page.locator('h1').count()).toBe(1);
      expect(await axeViolations(page), `${type} at 375px`).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${type} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    // A member's home page has the continue-watching row; details have the list toggles.
    for (const path of ['/', '/details/S0001/S0001']) {
      await page.goto(`${server.origin}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), `${path} as a member at 375px`).toEqual([]);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${path} as a member scrolls sideways`).toBeLessThanOrEqual(0);
    }
    expect(await page.getByRole('button', { name: '待看清單' }).count()).toBe(1);
    await page.goto(`${server.origin}/`);
    const row = page.getByRole('region', { name: '繼續觀看' });
    await row.getByRole('link').first().waitFor();
    expect(await row.getByRole('link', { name: /市場裡的家/ }).getAttribute('href')).toBe(
      '/play/S0001-S1E02',
    );

    // Rentals say where they stand, in the server's words.
    await page.goto(`${server.origin}/my-list/purchased`);
    await entries(page).first().waitFor();
    // An entry can be drawn a moment before its state label (seen once under CI load).
    await page.locator('.rental-state').first().waitFor();
    const states = await page.locator('.rental-state').allTextContents();
    expect(states.length).toBeGreaterThan(0);
    for (const state of states) expect(['未開始', '觀看中', '已購買', '已到期']).toContain(state);

    // The history has a month period of two labelled selects, kept in the URL.
    await page.goto(`${server.origin}/my-list/history`);
    await entries(page).first().waitFor();
    const start = page.getByLabel('起始月份');
    const firstMonth = await start.locator('option').nth(1).getAttribute('value');
    await start.selectOption(firstMonth ?? '');
    await page.waitForURL(new RegExp(`periodStartMonth=${firstMonth}`));
    expect(await page.getByLabel('結束月份').inputValue()).toBe('');
    expect(await axeViolations(page), 'history at 375px').toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
