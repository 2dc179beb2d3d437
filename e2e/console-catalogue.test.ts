import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { requireConsoleBuild, signInStaff } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/** The demo seed's content editor (apps/server/src/demo/staff.ts): no second factor. */
const EDITOR = 'editor@console.example';

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** A real JPEG of one colour (the server reads the pixels, not the name). */
const jpeg = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe("the console's catalogue screens in Chromium (issue 22)", () => {
  let server: RunningServer;
  let browser: Browser;
  let mediaDir: string;
  beforeAll(async () => {
    requireConsoleBuild();
    // Uploaded pictures go to a folder of the test's own, not the repository's fixtures.
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-media-'));
    [server, browser] = await Promise.all([
      startServer({ env: { MEDIA_DIR: mediaDir } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('adds a movie as a draft, refuses to publish it without pictures, and takes a poster and a still', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await signInStaff(page, server.origin, EDITOR, '/console/titles');
    await page.getByRole('heading', { name: '影片', level: 1 }).waitFor();

    await page.getByRole('button', { name: '新增影片' }).click();
    const dialog = page.getByRole('dialog', { name: '新增影片' });
    await dialog.waitFor();
    // Nothing chosen: the form's own message, nothing sent.
    await dialog.getByRole('button', { name: '新增草稿' }).click();
    await expect.poll(() => dialog.textContent()).toContain('請選擇主分類');
    expect(await axeViolations(page)).toEqual([]);

    const name = `主控台測試電影 ${Date.now()}`;
    await dialog.getByRole('radio', { name: '電影' }).check();
    await dialog.getByLabel('片名').fill(name);
    const main = dialog.getByLabel('主分類');
    await expect.poll(() => main.locator('option').count()).toBeGreaterThan(1);
    const firstCategory = await main.locator('option').nth(1).getAttribute('value');
    await main.selectOption(firstCategory!);
    const sub = dialog.getByLabel('子分類');
    await expect.poll(() => sub.locator('option').count()).toBeGreaterThan(1);
    await sub.selectOption((await sub.locator('option').nth(1).getAttribute('value'))!);
    await dialog.getByLabel('年份').fill('2026');
    await dialog.getByRole('button', { name: '新增草稿' }).click();

    // The new draft's page.
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await expect.poll(() => page.url()).toMatch(/\/console\/titles\/M[A-Za-z0-9]+$/);
    expect(await page.locator('.facts').textContent()).toContain('草稿');
    const panel = page.getByRole('region', { name: '圖片' });
    expect(await panel.textContent()).toContain('尚未上傳海報');

    await page.getByRole('button', { name: '發布' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('還缺：海報、劇照、影片檔');

    // A file the server cannot read as a picture: its refusal, beside the control.
    await panel.getByLabel('上傳海報').setInputFiles({
      name: 'poster.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not a picture at all'),
    });
    await expect.poll(() => panel.getByRole('alert').textContent()).toContain('圖片');

    await panel.getByLabel('上傳海報').setInputFiles({
      name: 'poster.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpeg(640, 960, '#1f4e9c'),
    });
    const poster = panel.getByRole('img', { name: `${name}的海報` });
    await poster.waitFor();
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('版本 1');

    // The next upload is made on the version the first one answered, and what the editor typed
    // but has not saved stays in the form (issue 22).
    const synopsis = page.getByLabel('簡介');
    await synopsis.fill('上傳劇照前打的簡介，還沒儲存。');
    await panel.getByLabel('上傳劇照').setInputFiles({
      name: 'still.png',
      mimeType: 'image/png',
      buffer: await sharp({
        create: { width: 1920, height: 1080, channels: 3, background: '#9c1f4e' },
      })
        .png()
        .toBuffer(),
    });
    const still = panel.getByRole('img', { name: `${name}的劇照` });
    await still.waitFor();
    await expect.poll(() => still.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(960);
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('版本 2');
    expect(await synopsis.inputValue()).toBe('上傳劇照前打的簡介，還沒儲存。');
    await page.getByRole('button', { name: '儲存', exact: true }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('版本 3');
    expect(await synopsis.inputValue()).toBe('上傳劇照前打的簡介，還沒儲存。');

    // Prices per way of selling: buying priced besides; a typo is caught before anything is sent.
    const prices = page.getByRole('region', { name: '價格' });
    await prices.getByLabel('購買價格（新台幣）').fill('2.5');
    await prices.getByRole('button', { name: '儲存價格' }).click();
    await expect.poll(() => prices.textContent()).toContain('價格須為整數');
    await prices.getByLabel('購買價格（新台幣）').fill('250');
    await prices.getByRole('checkbox', { name: /星河暢看月租/ }).check();
    await prices.getByRole('button', { name: '儲存價格' }).click();
    await page.getByRole('status').filter({ hasText: '已儲存價格（版本 4）' }).waitFor();
    expect(await prices.getByLabel('購買價格（新台幣）').inputValue()).toBe('250');
    expect(await prices.getByRole('checkbox', { name: /星河暢看月租/ }).isChecked()).toBe(true);

    // Now only the video is missing.
    await page.getByRole('button', { name: '發布' }).click();
    await expect
      .poll(() => page.getByRole('alert').first().textContent())
      .toContain('還缺：影片檔');
    expect(await page.getByRole('alert').first().textContent()).not.toContain('海報');
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize(viewports.phone);
    expect(await fitsWidth(page)).toBe(true);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('adds an episode to a series picked from a search', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await signInStaff(page, server.origin, EDITOR, '/console/titles');
    await page.getByRole('button', { name: '新增影片' }).click();
    const dialog = page.getByRole('dialog', { name: '新增影片' });
    await dialog.getByRole('radio', { name: '單集' }).check();
    const series = dialog.getByLabel('選擇影集');
    // Without a search, the series by name; a search narrows them.
    await expect.poll(() => series.locator('option').count()).toBeGreaterThan(1);
    const firstSeries = (await series.locator('option').nth(1).textContent())!;
    const seriesName = firstSeries.replace(/（[^（]*）$/, '');
    await dialog.getByLabel('搜尋影集').fill(seriesName);
    await dialog.getByRole('button', { name: '搜尋', exact: true }).click();
    await expect.poll(() => series.locator('option').allTextContents()).toContain(firstSeries);
    await series.selectOption({ label: firstSeries });
    await dialog.getByRole('button', { name: '新增草稿' }).click();
    await expect.poll(() => dialog.textContent()).toContain('請輸入集數');
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    const name = `主控台測試單集 ${Date.now()}`;
    await dialog.getByLabel('片名').fill(name);
    const main = dialog.getByLabel('主分類');
    await main.selectOption((await main.locator('option').nth(1).getAttribute('value'))!);
    const sub = dialog.getByLabel('子分類');
    await expect.poll(() => sub.locator('option').count()).toBeGreaterThan(1);
    await sub.selectOption((await sub.locator('option').nth(1).getAttribute('value'))!);
    await dialog.getByLabel('第幾季').fill('1');
    await dialog.getByLabel('第幾集').fill('99');
    await dialog.getByRole('button', { name: '新增草稿' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    expect(await page.locator('.facts').textContent()).toContain('單集');
    expect(await fitsWidth(page)).toBe(true);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('reorders by dragging, and puts the home groups in a new order by keyboard, kept after a reload', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await signInStaff(page, server.origin, EDITOR, '/console/order');
    await page.getByRole('heading', { name: '排序', level: 1 }).waitFor();
    const groups = page.getByRole('region', { name: '首頁群組' });
    const names = () => groups.locator('.order-item__name').allTextContents();
    await expect.poll(async () => (await names()).length).toBeGreaterThan(1);
    const before = await names();
    expect(await fitsWidth(page)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // By mouse: a main category dragged onto the next one takes its place (not saved: 還原).
    const categories = page.getByRole('region', { name: '主分類' });
    const categoryNames = () => categories.locator('.order-item__name').allTextContents();
    const loadedCategories = await categoryNames();
    expect(loadedCategories.length).toBeGreaterThan(1);
    const rows = categories.locator('.order-item');
    await rows.nth(0).dragTo(rows.nth(1));
    await expect
      .poll(categoryNames)
      .toEqual([loadedCategories[1], loadedCategories[0], ...loadedCategories.slice(2)]);
    await categories.getByRole('button', { name: '還原' }).click();
    await expect.poll(categoryNames).toEqual(loadedCategories);

    // Keyboard only: focus the first group's 下移 and press Enter twice (focus follows the row).
    const first = before[0]!;
    await groups.getByRole('button', { name: `下移 ${first}` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual([before[1], first, ...before.slice(2)]);
    await expect.poll(() => groups.getByRole('status').textContent()).toContain('第 2 個');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      `下移 ${first}`,
    );
    const expected = [before[1]!, first, ...before.slice(2)];
    if (before.length > 2) {
      await page.keyboard.press('Enter');
      expected.splice(1, 2, before[2]!, first);
      await expect.poll(names).toEqual(expected);
    }
    await groups.getByRole('button', { name: '儲存排序' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => groups.getByRole('alert').textContent()).toContain('已儲存');

    await page.reload();
    await page.getByRole('heading', { name: '排序', level: 1 }).waitFor();
    await expect.poll(names).toEqual(expected);
    expect(await fitsWidth(page)).toBe(true);

    // Someone else reorders meanwhile: the save is refused and the current order is loaded.
    const csrf = (await page.context().cookies()).find((c) => c.name === 'console_csrf')!.value;
    const reversed = [...expected].reverse();
    const ids = (
      (await (await page.request.get(`${server.origin}/console/api/order/homeGroups`)).json()).data
        .items as { id: string; name: string }[]
    ).map((item) => item.id);
    const other = await page.request.put(`${server.origin}/console/api/order/homeGroups`, {
      headers: { 'x-csrf-token': csrf, origin: server.origin },
      data: { seen: ids, order: [...ids].reverse() },
    });
    expect(other.status()).toBe(200);
    await groups.getByRole('button', { name: `上移 ${expected[1]}` }).click();
    await groups.getByRole('button', { name: '儲存排序' }).click();
    await expect.poll(() => groups.getByRole('alert').textContent()).toContain('已被其他人變更');
    await expect.poll(names).toEqual(reversed);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('shows a reader the titles and the orders without a way to change them', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await signInStaff(page, server.origin, 'auditor@console.example', '/console/titles');
    await page.getByRole('heading', { name: '影片', level: 1 }).waitFor();
    await page.getByRole('table', { name: '影片清單' }).waitFor();
    expect(await page.getByRole('button', { name: '新增影片' }).count()).toBe(0);
    await page
      .getByRole('navigation', { name: '主選單' })
      .getByRole('link', { name: '排序' })
      .click();
    await page.getByRole('heading', { name: '排序', level: 1 }).waitFor();
    const groups = page.getByRole('region', { name: '首頁群組' });
    await expect.poll(() => groups.locator('.order-item').count()).toBeGreaterThan(1);
    expect(await page.getByText('您的角色只能檢視順序。').count()).toBe(1);
    expect(await page.getByRole('button', { name: '儲存排序' }).count()).toBe(0);
    expect(await groups.locator('[draggable="true"]').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
