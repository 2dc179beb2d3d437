import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { markupErrors } from './support/markup.js';
import { startServer, type RunningServer } from './support/server.js';
import { signUpInBrowser } from './support/sign-up.js';

/** M0001 午夜列車: a FREE movie (30 s); a member's play of it still takes a stream lease. */
const FREE_MOVIE = '/play/M0001';
const PASSWORD = 'watch2024';

const main = (page: Page) => page.locator('main');
const video = (page: Page) => page.locator('main video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

async function playing(page: Page, past = 0.5): Promise<void> {
  await video(page).waitFor();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(past);
}

/** Signs a new member up through /goSignUpPage.do (which registers this browser as a device). */
async function signUp(page: Page, server: RunningServer, loginId: string): Promise<void> {
  await signUpInBrowser(page, server, loginId, PASSWORD);
}

async function fillLogin(page: Page, origin: string, loginId: string): Promise<void> {
  await page.goto(`${origin}/login.do`);
  await main(page).getByLabel('帳號').fill(loginId);
  await main(page).getByLabel('密碼', { exact: true }).fill(PASSWORD);
  await main(page).getByRole('button', { name: '登入' }).click();
}

/**
 * html-validate on 帳戶設定 but for the partner-binding form's phone field, whose
 * autocomplete="tel-national" it refuses on type="tel" (that form's, not the panel's).
 */
const panelMarkupErrors = async (page: Page) =>
  (await markupErrors(page)).filter((e) => !e.includes('"tel-national"'));

/** isLogin of ajaxGetLoginInfo.do for the page's browser. */
const isLoggedIn = (page: Page) =>
  page.evaluate(async () => {
    const reply = await fetch('/ajax/ajaxGetLoginInfo.do', {
      headers: { accept: 'application/json' },
    });
    return ((await reply.json()) as { data: { isLogin: string } }).data.isLogin;
  });

async function login(page: Page, origin: string, loginId: string): Promise<void> {
  await fillLogin(page, origin, loginId);
  await page.waitForURL(`${origin}/`);
}

describe('registered devices and concurrent streams in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ env: { MAX_DEVICES: '2', MAX_STREAMS: '1' } }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('past the device limit, login lists the devices; removing one (by keyboard) logs in', async () => {
    const loginId = `devices-${Date.now()}@example.com`;
    const first = await openPage(browser, { viewport: viewports.desktop });
    await signUp(first.page, server, loginId);
    const second = await openPage(browser, { viewport: viewports.desktop });
    await login(second.page, server.origin, loginId);

    // A third browser on a two-device account: the refusal, and the two devices.
    const third = await openPage(browser, { viewport: viewports.phone });
    const { page } = third;
    await fillLogin(page, server.origin, loginId);
    await main(page).getByText('這個帳號登錄的裝置已達上限').waitFor();
    const devices = main(page).getByRole('group', { name: '這個帳號已登錄的裝置' });
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(2);
    expect(await devices.getByText('最後使用').count()).toBe(2);
    const removeButtons = devices.getByRole('button', { name: '移除這部裝置並登入' });
    expect(await removeButtons.count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    expect(await markupErrors(page)).toEqual([]);
    // Nothing wider than a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // By keyboard: from the login button, Tab reaches the first device's button; Enter removes it.
    await main(page).getByRole('button', { name: '登入', exact: true }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      '移除這部裝置並登入',
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.origin}/`);
    await page.locator('header .account-menu__button').waitFor();
    expect(realProblems(third.problems)).toEqual([]);

    // One of the other two browsers (the device listed first, the one used last) was logged
    // out; the other is still in.
    const states = await Promise.all([first.page, second.page].map(isLoggedIn));
    expect(states.sort()).toEqual(['N', 'Y']);
    await Promise.all([first.close(), second.close(), third.close()]);
  });

  it('past the stream limit, 「停止該裝置播放」 plays here and stops the other player', async () => {
    const loginId = `streams-${Date.now()}@example.com`;
    const a = await openPage(browser, { viewport: viewports.desktop });
    await signUp(a.page, server, loginId);
    const b = await openPage(browser, { viewport: viewports.phone });
    await login(b.page, server.origin, loginId);

    // A member's hover asks no play right ahead (it would take this device's stream lease).
    const rights: string[] = [];
    a.page.on('request', (r) => {
      if (r.url().includes('/ajax/ajaxFindVideoPlayRight.do')) rights.push(r.url());
    });
    await a.page.goto(`${server.origin}/details/M0001/M0001`);
    const play = main(a.page).getByRole('link', { name: '播放', exact: true });
    await play.hover();
    await a.page.waitForTimeout(500);
    expect(rights).toEqual([]);
    await play.click();
    await a.page.waitForURL(`${server.origin}${FREE_MOVIE}`);
    await playing(a.page);
    expect(rights).toHaveLength(1);

    // The second browser is refused with the stream playing now.
    await b.page.goto(`${server.origin}${FREE_MOVIE}`);
    await main(b.page).getByText('這個帳號同時播放的裝置已達上限').waitFor();
    const streams = main(b.page).getByRole('group', { name: '正在播放的裝置' });
    await expect.poll(() => streams.getByRole('listitem').count()).toBe(1);
    expect(await streams.getByText('播放：午夜列車').count()).toBe(1);
    expect(await axeViolations(b.page)).toEqual([]);
    expect(await markupErrors(b.page)).toEqual([]);
    expect(await b.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await streams.getByRole('button', { name: '停止該裝置播放' }).click();
    await playing(b.page);

    // The first player's next heartbeat (sent at once on pause) is refused: it stops and says why.
    await a.page.getByRole('group', { name: '播放控制' }).getByLabel('暫停').click();
    const stopped = a.page.getByRole('alert').filter({ hasText: '另一部裝置停止' });
    await stopped.waitFor({ timeout: 10_000 });
    expect(await video(a.page).count()).toBe(0);
    expect(await a.page.getByRole('button', { name: '重新播放' }).count()).toBe(1);
    expect(await axeViolations(a.page)).toEqual([]);
    expect(await markupErrors(a.page)).toEqual([]);

    // 重新播放 asks again: now the second browser holds the one stream, so it is refused here.
    await a.page.getByRole('button', { name: '重新播放' }).click();
    await main(a.page).getByText('這個帳號同時播放的裝置已達上限').waitFor();

    expect(realProblems(a.problems)).toEqual([]);
    expect(realProblems(b.problems)).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  });

  it('the live page: STREAM_LIMIT offers 「停止該裝置播放」, and the stopped channel says why at its next bookmark', async () => {
    const loginId = `live-${Date.now()}@example.com`;
    const a = await openPage(browser, { viewport: viewports.desktop });
    await signUp(a.page, server, loginId);
    const b = await openPage(browser, { viewport: viewports.desktop });
    await login(b.page, server.origin, loginId);
    const liveVideo = (page: Page) => page.locator('.live-area video:not(.preroll__video)');
    const livePlaying = (page: Page) =>
      expect
        .poll(
          () => liveVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime > 0.2 && !v.paused),
          { timeout: 20_000 },
        )
        .toBe(true);

    const bookmarks: string[] = [];
    a.page.on('request', (r) => {
      if (r.url().includes('/ajax/ajaxInsertLiveBookmark.do')) bookmarks.push(r.postData() ?? '');
    });
    await a.page.goto(`${server.origin}/LiveChannel/ch01`);
    await liveVideo(a.page).waitFor({ timeout: 15_000 });
    await livePlaying(a.page);

    await b.page.goto(`${server.origin}/LiveChannel/ch07`);
    const stage = b.page.locator('.live-area__stage');
    await stage.getByText('這個帳號同時播放的裝置已達上限').waitFor();
    const streams = stage.getByRole('group', { name: '正在播放的裝置' });
    expect(await streams.getByText('播放：星河新聞台').count()).toBe(1);
    expect(await axeViolations(b.page)).toEqual([]);
    await streams.getByRole('button', { name: '停止該裝置播放' }).click();
    await liveVideo(b.page).waitFor({ timeout: 15_000 });
    await livePlaying(b.page);

    // The first browser's bookmark on pause carries its streamId and is refused.
    await a.page.getByRole('group', { name: '播放控制' }).getByLabel('暫停').click();
    await a.page
      .locator('.live-area__stage')
      .getByRole('alert')
      .filter({ hasText: '另一部裝置停止' })
      .waitFor({ timeout: 10_000 });
    expect(bookmarks.some((body) => body.includes('"streamId"'))).toBe(true);
    expect(await liveVideo(a.page).count()).toBe(0);
    expect(await a.page.getByRole('button', { name: '重新播放' }).count()).toBe(1);
    expect(await axeViolations(a.page)).toEqual([]);
    expect(realProblems(a.problems)).toEqual([]);
    expect(realProblems(b.problems)).toEqual([]);
    await Promise.all([a.close(), b.close()]);
  }, 120_000);

  it('裝置管理 in the account centre renames a device, with no serious axe problems', async () => {
    const loginId = `panel-${Date.now()}@example.com`;
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await signUp(page, server, loginId);
    await page.goto(`${server.origin}/account`);
    const panel = page.getByRole('region', { name: '裝置管理' });
    await panel.getByText('已登錄 1 / 2 部裝置').waitFor();
    expect(await panel.getByText('同時播放上限 1 部').count()).toBe(1);
    const devices = panel.getByRole('group', { name: '已登錄的裝置' });
    expect(await devices.getByText('這部裝置').count()).toBe(1);
    expect(await panel.getByText('目前沒有裝置在播放。').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await panelMarkupErrors(page)).toEqual([]);

    await devices.getByRole('button', { name: '重新命名' }).click();
    const name = devices.getByLabel('裝置名稱');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await name.fill('   ');
    await devices.getByRole('button', { name: '儲存' }).click();
    await devices.getByText('請輸入裝置名稱。').waitFor();
    expect(await panelMarkupErrors(page)).toEqual([]);
    await name.fill('客廳的電腦');
    await page.keyboard.press('Enter');
    await panel.getByText('已將裝置名稱改為「客廳的電腦」。').waitFor();
    await expect.poll(() => devices.getByText('客廳的電腦', { exact: true }).count()).toBe(1);
    // Focus went back to the rename button.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('重新命名');
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    // Removing this very device, by keyboard from the confirmation: this browser is logged out.
    await devices.getByRole('button', { name: '移除' }).click();
    const dialog = page.getByRole('dialog', { name: '移除「客廳的電腦」？' });
    await dialog.waitFor();
    expect(await dialog.getByText('這是您正在使用的裝置').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('取消');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/login\.do\?returnTo=%2Faccount$/);
    expect(await isLoggedIn(page)).toBe('N');
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
