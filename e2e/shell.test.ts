import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

describe('the site in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('renders the home page in zh-TW without errors or CSP violations', async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(`${server.origin}/`);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-Hant-TW');
    await expect.poll(() => page.locator('h1').first().textContent()).toMatch(/[\u4e00-\u9fff]/);
    await expect.poll(() => page.locator('main img').count()).toBeGreaterThan(5);
    expect(await page.locator('header nav').textContent()).toContain('首頁');
    expect(await page.title()).toMatch(/星河影音/);
    expect(problems).toEqual([]);
    await close();
  });

  it('serves a detail page and a channel page with their own Open Graph tags', async () => {
    const { page, close } = await openPage(browser);
    const og = async (property: string) =>
      page.getAttribute(`meta[property="${property}"]`, 'content');
    await page.goto(`${server.origin}/details/M0001/M0001`);
    expect(await og('og:title')).toBe('午夜列車｜星河影音');
    expect(await og('og:url')).toBe(`${server.origin}/details/M0001/M0001`);
    expect(await og('og:image')).toBe(`${server.origin}/media/images/stills/still-01.jpg`);
    const image = await page.request.get(String(await og('og:image')));
    expect(image.headers()['content-type']).toBe('image/jpeg');
    await page.goto(`${server.origin}/LiveChannel/ch07`);
    expect(await og('og:title')).toBe('星河電影台｜直播頻道｜星河影音');
    expect(await og('og:url')).toBe(`${server.origin}/LiveChannel/ch07`);
    await close();
  });

  it('plays a demo clip through hls.js with both renditions and both subtitle tracks', async () => {
    const { page, problems, close } = await openPage(browser);
    await page.goto(`${server.origin}/play/M0001`);
    const video = page.locator('video');
    await video.waitFor();
    // play() is asked again while the video is paused: a first play() may be cut short by
    // hls.js attaching its source ("interrupted by a new load request"), more so on a busy machine.
    await expect
      .poll(
        () =>
          video.evaluate((v: HTMLVideoElement) => {
            if (v.paused) v.play().catch(() => undefined);
            return v.currentTime;
          }),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(1);
    const quality = page.getByLabel('畫質');
    await expect
      .poll(() => quality.locator('option').allTextContents())
      .toEqual(expect.arrayContaining(['360p', '720p']));
    const subtitles = page.getByLabel('字幕');
    await expect
      .poll(() => subtitles.locator('option').allTextContents())
      .toEqual(expect.arrayContaining(['中文', 'English']));
    await quality.selectOption({ label: '720p' });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 20_000 })
      .toBe(720);
    expect(problems).toEqual([]);
    await close();
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`has no serious accessibility violations and no sideways scroll on a ${name}`, async () => {
      // axe is injected by the test, so this context alone lifts the page's CSP.
      const { page, close } = await openPage(browser, { viewport, bypassCSP: true });
      for (const path of [
        '/',
        '/browse',
        '/LiveChannel',
        '/details/M0001/M0001',
        '/my-list/watching',
      ]) {
        await page.goto(`${server.origin}${path}`);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.evaluate(axeSource);
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run(): Promise<{
                  violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
                }>;
              };
            }
          ).axe;
          const result = await axe.run();
          return result.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        });
        expect(violations, `${path} at ${viewport.width}px`).toEqual([]);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${path} scrolls sideways at ${viewport.width}px`).toBeLessThanOrEqual(0);
      }
      await close();
    });
  }
});
