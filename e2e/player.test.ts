import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** M0001 午夜列車: a FREE movie (30 s, 360p and 720p, subtitles 中文 and English). */
const FREE_MOVIE = '/play/M0001';
/** 小熊波波: a FREE kids series; its first season has three episodes. */
const FREE_EPISODE = '/play/S0007-S1E01';

const video = (page: Page) => page.locator('main video');
const player = (page: Page) => page.getByRole('region', { name: /影片播放器$/ });
const controls = (page: Page) => page.getByRole('group', { name: '播放控制' });
const media = <T>(page: Page, read: (v: HTMLVideoElement) => T) => video(page).evaluate(read);
const currentTime = (page: Page) => media(page, (v) => v.currentTime);
/** The label of the subtitle track on screen, or '' for none. */
const shownSubtitle = (page: Page) =>
  media(
    page,
    (v) => Array.from(v.textTracks).find((track) => track.mode === 'showing')?.label ?? '',
  );

async function playing(page: Page, past = 0.5): Promise<void> {
  await video(page).waitFor();
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(past);
}

describe('the player in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('plays a free title from a play link, with labelled controls and no hls.js on the home page', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    const scripts: string[] = [];
    const rights: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      if (r.url().includes('/ajax/ajaxFindVideoPlayRight.do')) rights.push(r.url());
    });
    await page.goto(`${server.origin}/details/M0001/M0001`);
    const play = page.locator('main').getByRole('link', { name: '播放', exact: true });
    await play.waitFor();
    expect(scripts.some((s) => /\/hls-[\w-]+\.js$/.test(s))).toBe(false);
    expect(rights).toEqual([]);
    // Aiming at the play link starts fetching the player library, and, for a FREE movie (whose
    // right starts nothing), the play right; the click then uses that reply, not a second one.
    await play.hover();
    await expect.poll(() => scripts.some((s) => /\/hls-[\w-]+\.js$/.test(s))).toBe(true);
    await expect.poll(() => rights.length).toBe(1);
    await play.click();
    await page.waitForURL(`${server.origin}${FREE_MOVIE}`);
    await playing(page);
    expect(rights).toHaveLength(1);

    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('午夜列車');
    const bar = controls(page);
    for (const name of ['暫停', '播放進度', '靜音', '音量', '全螢幕']) {
      expect(await bar.getByLabel(name, { exact: true }).count(), name).toBe(1);
    }
    expect(await bar.getByLabel('字幕').count()).toBe(1);
    expect(await bar.getByLabel('畫質').count()).toBe(1);
    expect(await page.getByRole('link', { name: '回到影片介紹' }).getAttribute('href')).toBe(
      '/details/M0001/M0001',
    );
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('a play link starts the title at once where the play page will show it, on every screen', async () => {
    for (const viewport of [viewports.phone, viewports.tablet, viewports.desktop]) {
      const { page, problems, close } = await openPage(browser, { viewport });
      await page.goto(`${server.origin}/details/M0001/M0001`);
      const play = page.locator('main').getByRole('link', { name: '播放', exact: true });
      await play.waitFor();
      // A video put straight into <body> (not by the player) is marked with its box at that moment.
      await page.evaluate(() =>
        new MutationObserver((changes) => {
          for (const change of changes) {
            change.addedNodes.forEach((node) => {
              if (!(node instanceof HTMLVideoElement)) return;
              const r = node.getBoundingClientRect();
              node.dataset.startedAt = [r.left + scrollX, r.top + scrollY, r.width, r.height]
                .map(Math.round)
                .join(' ');
            });
          }
        }).observe(document.body, { childList: true }),
      );
      const right = page.waitForResponse((r) => r.url().includes('ajaxFindVideoPlayRight.do'));
      await play.hover();
      await right;
      await play.click();
      await page.waitForURL(`${server.origin}${FREE_MOVIE}`);
      await expect.poll(() => page.locator('video').count()).toBe(1);
      await playing(page);
      // The player took that very video, where it already was: nothing moved on screen.
      const seen = await media(page, (v) => {
        const r = v.getBoundingClientRect();
        return {
          startedAt: v.dataset.startedAt,
          now: [r.left + scrollX, r.top + scrollY, r.width, r.height].map(Math.round).join(' '),
          inPlayer: v.parentElement!.classList.contains('player__stage'),
          style: v.style.cssText,
        };
      });
      expect(seen.startedAt, `${viewport.width} px`).toBe(seen.now);
      expect(seen).toMatchObject({ inPlayer: true, style: '' });
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('午夜列車');
      expect(realProblems(problems)).toEqual([]);
      await close();
    }
  });

  it('works at 375 px: every control on screen, nothing wider than the phone', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await page.goto(`${server.origin}${FREE_MOVIE}`);
    await playing(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    const boxes = await controls(page)
      .locator('button, select, input[data-role="seek"]')
      .evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { left: r.left, right: r.right, width: r.width, height: r.height };
        }),
      );
    expect(boxes.length).toBeGreaterThanOrEqual(5);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(375);
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('remembers the subtitle choice across reloads', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}${FREE_MOVIE}`);
    await playing(page);
    const menu = controls(page).getByLabel('字幕');
    // Chinese before any choice (the stream's default track).
    expect(await menu.inputValue()).toBe('zh-TW');
    await expect.poll(() => shownSubtitle(page)).toBe('中文');
    expect(await menu.locator('option').evaluateAll((os) => os.map((o) => o.textContent))).toEqual([
      '關閉',
      '中文',
      'English',
    ]);

    await menu.selectOption('en');
    await expect.poll(() => shownSubtitle(page)).toBe('English');
    await page.reload();
    await playing(page);
    expect(await controls(page).getByLabel('字幕').inputValue()).toBe('en');
    await expect.poll(() => shownSubtitle(page)).toBe('English');

    await controls(page).getByLabel('字幕').selectOption('off');
    await expect.poll(() => shownSubtitle(page)).toBe('');
    await page.goto(`${server.origin}${FREE_EPISODE}`);
    await playing(page);
    expect(await controls(page).getByLabel('字幕').inputValue()).toBe('off');
    expect(await shownSubtitle(page)).toBe('');
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('switches quality, and disables the renditions above maxBitrate', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}${FREE_MOVIE}`);
    await playing(page);
    const menu = controls(page).getByLabel('畫質');
    const options = () =>
      menu
        .locator('option')
        .evaluateAll((os) => os.map((o) => [o.textContent, (o as HTMLOptionElement).disabled]));
    expect(await options()).toEqual([
      ['自動', false],
      ['720p', false],
      ['360p', false],
    ]);
    await menu.selectOption({ label: '720p' });
    await expect.poll(() => media(page, (v) => v.videoHeight), { timeout: 15_000 }).toBe(720);
    await menu.selectOption({ label: '360p' });
    await expect.poll(() => media(page, (v) => v.videoHeight), { timeout: 15_000 }).toBe(360);

    // A play right that caps the bitrate below 720p's BANDWIDTH (1,358,101).
    await page.route('**/ajax/ajaxFindVideoPlayRight.do*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Record<string, unknown> };
      body.data.maxBitrate = 1_000_000;
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await playing(page);
    expect(await options()).toEqual([
      ['自動', false],
      ['720p（不提供）', true],
      ['360p', false],
    ]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(2500);
    expect(await media(page, (v) => v.videoHeight)).toBe(360);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('answers the keys: space/k, arrows, m, c, f', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}${FREE_MOVIE}`);
    await playing(page, 1);
    await video(page).focus();
    const paused = () => media(page, (v) => v.paused);

    await page.keyboard.press('k');
    await expect.poll(paused).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(paused).toBe(false);
    await page.keyboard.press('K');
    await expect.poll(paused).toBe(true);

    const at = await currentTime(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page)).toBeCloseTo(at + 10, 0);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentTime(page)).toBeCloseTo(at, 0);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentTime(page)).toBe(0);

    await page.keyboard.press('m');
    await expect.poll(() => media(page, (v) => v.muted)).toBe(true);
    await expect.poll(() => controls(page).getByLabel('取消靜音').count()).toBe(1);
    await page.keyboard.press('m');
    await expect.poll(() => media(page, (v) => v.muted)).toBe(false);

    const subtitles = controls(page).getByLabel('字幕');
    expect(await subtitles.inputValue()).toBe('zh-TW');
    await page.keyboard.press('c');
    await expect.poll(() => subtitles.inputValue()).toBe('off');
    await page.keyboard.press('c');
    await expect.poll(() => subtitles.inputValue()).toBe('zh-TW');

    // The keys work from the controls too, but space on a button presses that button.
    await controls(page).getByLabel('靜音', { exact: true }).focus();
    await page.keyboard.press('k');
    await expect.poll(paused).toBe(false);

    // The play page's screen goes fullscreen: the player and what shows over it (item 12).
    await page.keyboard.press('f');
    await expect
      .poll(() =>
        page.evaluate(() => Boolean(document.fullscreenElement?.querySelector('.player__frame'))),
      )
      .toBe(true);
    await expect.poll(() => controls(page).getByLabel('離開全螢幕').count()).toBe(1);
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

    expect(await player(page).getAttribute('aria-describedby')).toBeTruthy();
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('retries a failing stream 10 times, then disposes the player with an alert; every error is logged', async () => {
    const { page, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.route('**/*.m4s', (route) => route.fulfill({ status: 500, body: 'down' }));
    const logged: { status: number; body: Record<string, unknown> }[] = [];
    page.on('response', (response) => {
      if (!response.url().endsWith('/sas/InsertAppLog')) return;
      const body = response.request().postDataJSON() as Record<string, unknown>;
      logged.push({ status: response.status(), body });
    });
    const masters: number[] = [];
    page.on('request', (request) => {
      if (/master\.m3u8/.test(request.url())) masters.push(Date.now());
    });

    await page.goto(`${server.origin}${FREE_MOVIE}`);
    const alert = page.locator('main').getByRole('alert');
    await alert.waitFor({ timeout: 45_000 });
    expect(await alert.textContent()).toContain('此影片目前無法播放，請重新整理頁面後再試。');
    expect(await alert.textContent()).toContain('錯誤代碼 2：connection lost');
    // Disposed: no video left, the first attempt and 10 re-sources asked for the playlist.
    expect(await page.locator('main video').count()).toBe(0);
    expect(masters).toHaveLength(11);

    // 11 errors (the first try and 10 retries), each posted to the app log and stored.
    await expect.poll(() => logged.length, { timeout: 10_000 }).toBe(11);
    expect(logged.every((l) => l.status === 200)).toBe(true);
    expect(logged[0]!.body).toMatchObject({
      type: 'playbackError',
      contentID: 'M0001',
      playerErrorCode: 2,
      playType: 'VOD',
    });
    expect(String(logged[0]!.body.errorMessage)).toMatch(/^connection lost \(/);
    expect(typeof logged[0]!.body.videoPosition).toBe('number');
    await close();
  });

  it('counts down to the next episode at the end, and lets the viewer cancel', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}${FREE_EPISODE}`);
    await playing(page);
    const episodes = page.getByRole('region', { name: /選集$/ });
    await episodes.getByRole('link').first().waitFor();
    expect(await episodes.getByRole('link').count()).toBe(3);
    expect(await episodes.getByRole('link', { name: /播放中/ }).count()).toBe(1);

    await media(page, (v) => (v.currentTime = v.duration - 0.5));
    const countdown = page.locator('main .next-episode__text');
    await countdown.waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: '取消自動播放' }).click();
    expect(await countdown.count()).toBe(0);
    const next = page.getByRole('link', { name: /^播放下一集：/ });
    await next.waitFor();
    await page.waitForTimeout(1500);
    expect(page.url()).toBe(`${server.origin}${FREE_EPISODE}`);

    // Played to the end again, this time the countdown runs out and the next episode plays.
    await next.click();
    await page.waitForURL(`${server.origin}/play/S0007-S1E02`);
    await playing(page);
    await media(page, (v) => (v.currentTime = v.duration - 0.5));
    await page.waitForURL(`${server.origin}/play/S0007-S1E03`, { timeout: 20_000 });
    await playing(page);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('shows a viewer without the right how to get it', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    // M0003 is sold for rent: a visitor is asked to log in (401), with the ways to the right.
    await page.goto(`${server.origin}/play/M0003`);
    const alert = page.locator('main').getByRole('alert');
    await alert.waitFor();
    const ways = page.getByRole('navigation', { name: '取得觀看權' });
    await ways.getByRole('link', { name: '查看影片介紹與購買方式' }).waitFor();
    expect(await ways.getByRole('link', { name: '登入會員' }).getAttribute('href')).toBe(
      '/login.do?returnTo=%2Fplay%2FM0003',
    );
    // Redeeming needs a member: a visitor logs in first and lands on /redeem.
    expect(await ways.getByRole('link', { name: '兌換序號' }).getAttribute('href')).toBe(
      '/login.do?returnTo=%2Fredeem',
    );
    expect(
      await ways.getByRole('link', { name: '查看影片介紹與購買方式' }).getAttribute('href'),
    ).toBe('/details/M0003/M0003');
    expect(await page.locator('main video').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
