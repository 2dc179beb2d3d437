import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** A RENT movie of the demo catalogue: paid, so it plays the AES-128 clip (docs/adr/0023). */
const RENT_MOVIE = 'M0003';
const KEY = /\/grant\/[\w-]+\/[\w-]+\/content\.key$/;

/** The demo member with one sub-account (no select screen). */
async function login(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login.do?returnTo=%2F`);
  const main = page.locator('main');
  await main.getByLabel('帳號').fill('0912345678');
  await main.getByLabel('密碼', { exact: true }).fill('demo5678');
  await main.getByRole('button', { name: '登入' }).click();
  await page.waitForURL(`${origin}/`);
}

/** A state-changing call as the web app makes it (the CSRF header echoes the csrf cookie). */
async function post(page: Page, path: string, body: object = {}): Promise<number> {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrf')?.value ?? '';
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(`${origin}${path}`, {
    data: body,
    headers: { 'x-csrf-token': csrf, origin },
  });
  return res.status();
}

/** Counts frames the video element presents (requestVideoFrameCallback), from page load. */
async function countFrames(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { framesShown: number };
    w.framesShown = 0;
    new MutationObserver(() => {
      const video = document.querySelector('video') as
        (HTMLVideoElement & { counted?: boolean }) | null;
      if (!video || video.counted) return;
      video.counted = true;
      const onFrame = () => {
        w.framesShown += 1;
        video.requestVideoFrameCallback(onFrame);
      };
      video.requestVideoFrameCallback(onFrame);
    }).observe(document, { childList: true, subtree: true });
  });
}

const videoState = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector('video');
    return {
      currentTime: video?.currentTime ?? 0,
      readyState: video?.readyState ?? 0,
      decoded: video?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
      framesShown: (window as unknown as { framesShown: number }).framesShown,
    };
  });

/** Every /stream request of the page, to check which clip paths the player asked for. */
function streamRequests(page: Page): { url: string; status: () => number | undefined }[] {
  const seen: { url: string; status: () => number | undefined }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/stream/')) return;
    let status: number | undefined;
    request.response().then(
      (r) => (status = r?.status()),
      () => undefined,
    );
    seen.push({ url: url.pathname, status: () => status });
  });
  return seen;
}

describe('protected playback in Chromium (AES-128 behind the play right)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    // One rental of M0003 for the demo member, from a demo voucher.
    const { page, close } = await openPage(browser);
    await login(page, server.origin);
    expect(
      await post(page, '/ajax/ajaxRedeemVoucherData.do', { exchangeCode: 'DEMOTITLE0001' }),
    ).toBe(200);
    await close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a member with the right plays the encrypted title: hls.js gets the key and decrypts', async () => {
    const { page, close } = await openPage(browser, { viewport: viewports.desktop });
    await countFrames(page);
    const requests = streamRequests(page);
    await login(page, server.origin);
    await page.goto(`${server.origin}/play/${RENT_MOVIE}`);
    await expect
      .poll(async () => (await videoState(page)).currentTime, { timeout: 20_000 })
      .toBeGreaterThan(1);
    const state = await videoState(page);
    expect(state.framesShown).toBeGreaterThan(10);
    // Only the encrypted clip was asked for; the key once per attempt, and it was given.
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((r) => r.url.startsWith('/stream/clip-b-enc/'))).toBe(true);
    const keys = requests.filter((r) => KEY.test(r.url));
    expect(keys.length).toBeGreaterThanOrEqual(1);
    expect(keys.every((r) => r.status() === 200)).toBe(true);
    // Segments come from the shared prefix: no per-viewer part in their paths.
    const segments = requests.filter((r) => r.url.endsWith('.m4s'));
    expect(segments.length).toBeGreaterThan(0);
    expect(segments.every((r) => !r.url.includes('/grant/'))).toBe(true);
    await close();
  });

  it('logged out before the key arrives: the player shows an error and never shows a frame', async () => {
    const { page, close } = await openPage(browser, { viewport: viewports.desktop });
    await countFrames(page);
    const requests = streamRequests(page);
    await login(page, server.origin);
    let loggedOut = false;
    // The first key request waits while the member logs out elsewhere (the session ends), then
    // reaches the server with the cookie it was sent with.
    await page.route(KEY, async (route) => {
      if (!loggedOut) {
        loggedOut = true;
        expect(await post(page, '/ajax/ajaxLogout.do')).toBe(200);
      }
      await route.continue();
    });
    await page.goto(`${server.origin}/play/${RENT_MOVIE}`);
    await page.locator('.player [role="alert"]').waitFor({ timeout: 30_000 });
    expect(loggedOut).toBe(true);
    const state = await videoState(page);
    expect(state).toMatchObject({ currentTime: 0, decoded: 0, framesShown: 0 });
    expect(state.readyState).toBeLessThan(2);
    const keys = requests.filter((r) => KEY.test(r.url));
    expect(keys.length).toBeGreaterThanOrEqual(1);
    // The session is gone: 401 for the key (and for the playlists of any retry).
    expect(keys[0]!.status()).toBe(401);
    expect(keys.every((r) => r.status() !== 200)).toBe(true);
    expect(requests.every((r) => r.url.startsWith('/stream/clip-b-enc/'))).toBe(true);
    await close();
  });

  // Retried: under CI's full load this test has twice waited past 80 s for the alert while alone it
  // takes 5–25 s (hls.js switches renditions on key errors before one is fatal; a stall there is
  // being looked into). What it proves — never a frame of the clip without its key — holds on
  // every attempt, retried or not.
  it(
    'the key server down: the player shows an error and never plays the clip unprotected',
    { retry: 2, timeout: 90_000 },
    async () => {
      const { page, close } = await openPage(browser, { viewport: viewports.desktop });
      await countFrames(page);
      const requests = streamRequests(page);
      await login(page, server.origin);
      await page.route(KEY, (route) => route.abort('connectionrefused'));
      await page.goto(`${server.origin}/play/${RENT_MOVIE}`);
      // Eleven attempts (SPEC §4: 10 retries), each failing its key once more inside hls.js: a few
      // seconds on a quiet machine, over 30 s once while the database suites ran beside it.
      await page.locator('.player [role="alert"]').waitFor({ timeout: 80_000 });
      // Let any late fragment land: still nothing on screen.
      await page.waitForTimeout(1000);
      const state = await videoState(page);
      expect(state).toMatchObject({ currentTime: 0, decoded: 0, framesShown: 0 });
      expect(state.readyState).toBeLessThan(2);
      expect(requests.filter((r) => KEY.test(r.url)).length).toBeGreaterThanOrEqual(1);
      // No fall-back to a clear clip: every stream path is the encrypted clip's.
      expect(requests.every((r) => r.url.startsWith('/stream/clip-b-enc/'))).toBe(true);
      await close();
    },
  );
});
