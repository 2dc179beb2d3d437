import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 20 items 11–13: the player's keys on the whole page, the next-episode countdown over the
 * player and fullscreen kept into the next episode, and the live page's video area in view.
 */

/** M0001 午夜列車: a FREE movie (30 s, subtitles 中文 and English). */
const FREE_MOVIE = '/play/M0001';
/** 小熊波波: a FREE kids series; its first season has three episodes. */
const FREE_EPISODE = '/play/S0007-S1E01';

const video = (page: Page) => page.locator('main video');
const media = <T>(page: Page, read: (v: HTMLVideoElement) => T) => video(page).evaluate(read);
const currentTime = (page: Page) => media(page, (v) => v.currentTime);
const paused = (page: Page) => media(page, (v) => v.paused);
const controls = (page: Page) => page.getByRole('group', { name: '播放控制' });
const focusedTag = (page: Page) => page.evaluate(() => document.activeElement?.tagName ?? '');

async function playing(page: Page, past = 0.5): Promise<void> {
  await video(page).waitFor({ timeout: 15_000 });
  await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(past);
  await expect.poll(() => paused(page)).toBe(false);
}

/** The box of `selector`, and the room on screen under the sticky header. */
function boxes(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const box = document.querySelector(sel)!.getBoundingClientRect();
    const header = document.querySelector('.site-top')!.getBoundingClientRect();
    return {
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      left: Math.round(box.left),
      right: Math.round(box.right),
      headerBottom: Math.round(header.bottom),
      innerHeight: window.innerHeight,
      innerWidth: window.innerWidth,
    };
  }, selector);
}

/** The live page's picture and control bar, whole, under the header and above the fold. */
async function liveAreaInView(page: Page): Promise<boolean> {
  const stage = await boxes(page, '.live-area__stage');
  const name = await boxes(page, '.live-area__name');
  return (
    name.top >= stage.headerBottom &&
    stage.bottom <= stage.innerHeight &&
    stage.left >= 0 &&
    stage.right <= stage.innerWidth
  );
}

describe('the player screen in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('item 11: on the play page the keys work right after load and after the big play button, not in a text field', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}${FREE_MOVIE}`);
    await playing(page, 1);
    // Nothing was focused: the page itself has the keys.
    expect(await focusedTag(page)).toBe('BODY');

    await page.keyboard.press('k');
    await expect.poll(() => paused(page)).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(() => paused(page)).toBe(false);
    await page.keyboard.press('k');
    await expect.poll(() => paused(page)).toBe(true);
    // Space did not scroll the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    const at = await currentTime(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page)).toBeCloseTo(at + 10, 0);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentTime(page)).toBeCloseTo(at, 0);

    await page.keyboard.press('m');
    await expect.poll(() => media(page, (v) => v.muted)).toBe(true);
    await page.keyboard.press('m');
    await expect.poll(() => media(page, (v) => v.muted)).toBe(false);

    const subtitles = controls(page).getByLabel('字幕');
    expect(await subtitles.inputValue()).toBe('zh-TW');
    await page.keyboard.press('c');
    await expect.poll(() => subtitles.inputValue()).toBe('off');
    await page.keyboard.press('c');
    await expect.poll(() => subtitles.inputValue()).toBe('zh-TW');

    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await expect.poll(() => controls(page).getByLabel('離開全螢幕').count()).toBe(1);
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

    // Paused, the big play button; after its click (it goes away) the keys still work.
    const bigPlay = page.locator('.player__big-play');
    await bigPlay.waitFor();
    await bigPlay.click();
    await expect.poll(() => paused(page)).toBe(false);
    await page.keyboard.press(' ');
    await expect.poll(() => paused(page)).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(() => paused(page)).toBe(false);

    // Typing in the search box types: the player keeps still.
    const search = page.getByRole('combobox').first();
    await search.click();
    await page.keyboard.type('k m');
    expect(await search.inputValue()).toBe('k m');
    expect(await paused(page)).toBe(false);
    expect(await media(page, (v) => v.muted)).toBe(false);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('item 11: on the live page the keys work after load and after a click on a channel', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}/LiveChannel/ch01`);
    await playing(page);
    expect(await focusedTag(page)).toBe('BODY');
    await page.keyboard.press('m');
    await expect.poll(() => media(page, (v) => v.muted)).toBe(true);
    await page.keyboard.press('m');
    await expect.poll(() => media(page, (v) => v.muted)).toBe(false);
    await page.keyboard.press(' ');
    await expect.poll(() => paused(page)).toBe(true);
    await page.keyboard.press('k');
    await expect.poll(() => paused(page)).toBe(false);

    // Focus stays on the strip's link just clicked: the keys reach the new channel's player.
    const strip = page.getByRole('navigation', { name: '直播進行中' });
    await strip.locator('[data-channel-id="ch07"]').click();
    await page.waitForURL(`${server.origin}/LiveChannel/ch07`);
    await expect.poll(() => page.locator('video').count()).toBe(1);
    await playing(page);
    expect(await focusedTag(page)).toBe('A');
    await page.keyboard.press('k');
    await expect.poll(() => paused(page)).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(() => paused(page)).toBe(false);
    await page.keyboard.press('m');
    await expect.poll(() => media(page, (v) => v.muted)).toBe(true);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('item 12: the countdown shows over the player, in fullscreen too, and the next episode starts still in fullscreen', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}${FREE_EPISODE}`);
    await playing(page);
    // Every change of fullscreen is counted. The listener is in place before entering: the
    // event for entering can come a frame after fullscreenElement is set, and on a loaded
    // machine it came after a listener added then (counted as a change at the next episode).
    await page.evaluate(() => {
      (window as unknown as { changes: number }).changes = 0;
      document.addEventListener('fullscreenchange', () => {
        (window as unknown as { changes: number }).changes += 1;
      });
    });
    await page.keyboard.press('f');
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.fullscreenElement !== null &&
            (window as unknown as { changes: number }).changes === 1,
        ),
      )
      .toBe(true);
    // The element in fullscreen is marked, and changes counted from here.
    await page.evaluate(() => {
      (document.fullscreenElement as HTMLElement).dataset.marked = 'yes';
      (window as unknown as { changes: number }).changes = 0;
    });

    await media(page, (v) => (v.currentTime = v.duration - 0.5));
    const countdown = page.locator('.next-episode__text');
    await countdown.waitFor({ timeout: 10_000 });
    expect(await countdown.textContent()).toMatch(/秒後播放下一集：/);
    const seen = await countdown.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const full = document.fullscreenElement;
      return {
        inFullscreen: full !== null && full.contains(el),
        onScreen: box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0,
      };
    });
    expect(seen).toEqual({ inFullscreen: true, onScreen: true });

    await page.waitForURL(`${server.origin}/play/S0007-S1E02`, { timeout: 20_000 });
    await expect.poll(() => page.locator('video').count()).toBe(1);
    await playing(page);
    const after = await page.evaluate(() => {
      const full = document.fullscreenElement as HTMLElement | null;
      return {
        marked: full?.dataset.marked,
        changes: (window as unknown as { changes: number }).changes,
        videoInside: full?.querySelector('video') !== null,
      };
    });
    expect(after).toEqual({ marked: 'yes', changes: 0, videoInside: true });
    await expect.poll(() => controls(page).getByLabel('離開全螢幕').count()).toBe(1);
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('item 12: on a phone the countdown is inside the player, not under it', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await page.goto(`${server.origin}${FREE_EPISODE}`);
    await playing(page);
    await media(page, (v) => (v.currentTime = v.duration - 0.5));
    await page.locator('.next-episode__text').waitFor({ timeout: 10_000 });
    const countdown = await boxes(page, '.next-episode');
    const stage = await boxes(page, '.player__stage');
    expect(countdown.top).toBeGreaterThanOrEqual(stage.top);
    expect(countdown.bottom).toBeLessThanOrEqual(stage.bottom);
    expect(countdown.left).toBeGreaterThanOrEqual(0);
    expect(countdown.right).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: '取消自動播放' }).click();
    await page.getByRole('link', { name: /^播放下一集：/ }).waitFor();
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  for (const [label, viewport, reducedMotion] of [
    ['1280×800', viewports.desktop, 'no-preference'],
    ['375×812', viewports.phone, 'reduce'],
  ] as const) {
    it(`item 13: at ${label} the live player fits, and a channel change from the strip or the grid brings it into view`, async () => {
      const { page, problems, close } = await openPage(browser, { viewport, reducedMotion });
      await page.goto(`${server.origin}/LiveChannel/ch01`);
      await playing(page);
      // Name, picture and control bar on the first screen, under the header.
      expect(await liveAreaInView(page)).toBe(true);
      const stage = await boxes(page, '.live-area__stage');
      // Height-capped 16:9 (the control bar under the picture).
      const picture = await boxes(page, '.player__stage');
      const ratio = (picture.right - picture.left) / (picture.bottom - picture.top);
      expect(ratio).toBeCloseTo(16 / 9, 1);
      expect(stage.right - stage.left).toBeLessThanOrEqual(viewport.width);

      // From the strip, scrolled out of view first.
      const strip = page.getByRole('navigation', { name: '直播進行中' });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await strip.locator('[data-channel-id="ch07"]').click();
      await page.waitForURL(`${server.origin}/LiveChannel/ch07`);
      await expect.poll(() => liveAreaInView(page)).toBe(true);
      await playing(page);

      // From the grid, at the bottom of the page.
      const tile = page
        .locator('.live-page__groups .tabs__panel:not([hidden]) a[data-channel-id="ch01"]')
        .first();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await tile.click();
      await page.waitForURL(`${server.origin}/LiveChannel/ch01`);
      await expect.poll(() => liveAreaInView(page)).toBe(true);
      await playing(page);
      expect(realProblems(problems)).toEqual([]);
      await close();
    });
  }
});
