import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { requireConsoleBuild, signInStaff } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/** The demo seed's marketer (apps/server/src/demo/staff.ts): no second factor. */
const MARKETER = 'marketing@console.example';
/** M0001 午夜列車: a FREE movie. */
const FREE_MOVIE = '/play/M0001';
/** Segments past the first few are held this long: the player runs dry and waits (stalls). */
const HOLD_MS = 5000;

/** Issue 26 item 6 (docs/adr/0055): a player that stalls reports it; 播放品質 raises the alert. */
describe('quality of experience in Chromium (issue 26 item 6)', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    requireConsoleBuild();
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a player whose segments are held reports its stalls, and the console shows the alert', async () => {
    const staff = await openPage(browser, { viewport: viewports.phone });
    await signInStaff(staff.page, server.origin, MARKETER, '/console/qoe');
    await staff.page.getByRole('heading', { name: '播放品質', level: 1 }).waitFor();
    // Nothing reported yet: no alert.
    await staff.page.getByText('過去 15 分鐘播放品質正常').waitFor();
    expect(await staff.page.getByText('播放品質警示').count()).toBe(0);

    const viewer = await openPage(browser, { viewport: viewports.desktop });
    let segments = 0;
    const beacons: string[] = [];
    viewer.page.on('request', (r) => {
      if (r.url().endsWith('/sas/InsertQoE')) beacons.push(r.postData() ?? '');
    });
    await viewer.page.route('**/*.m4s', async (route) => {
      segments += 1;
      if (segments > 3) await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.continue().catch(() => undefined);
    });
    await viewer.page.goto(`${server.origin}${FREE_MOVIE}`);
    const video = viewer.page.locator('main video');
    await video.waitFor();
    // The first frame, then a stall: the video waits for a held segment.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(
        () =>
          video.evaluate(
            (v: HTMLVideoElement) => v.readyState < HTMLMediaElement.HAVE_FUTURE_DATA && !v.paused,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    await viewer.page.waitForTimeout(1500);
    // What the page does when it is left (pagehide): the reports go out as a beacon.
    await viewer.page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    await expect.poll(() => beacons.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const reports = beacons.flatMap(
      (b) => (JSON.parse(b) as { reports: { contentID: string; stallCount: number }[] }).reports,
    );
    expect(reports.some((r) => r.contentID === 'M0001' && r.stallCount > 0)).toBe(true);

    // The console's alert (asked again on reload): the rebuffer ratio is over the line.
    await expect
      .poll(
        async () => {
          await staff.page.reload();
          await staff.page.getByRole('heading', { name: '播放品質', level: 1 }).waitFor();
          return staff.page.getByText('播放品質警示（過去 15 分鐘）').count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await expect
      .poll(() => staff.page.getByRole('alert').first().textContent())
      .toMatch(/重新緩衝比例 [\d.]+%，超過 0\.50%/);
    // The title's row shows its stalls.
    const row = staff.page.getByRole('row', { name: /午夜列車/ });
    await row.waitFor();
    expect(await axeViolations(staff.page)).toEqual([]);
    expect(realProblems(staff.problems)).toEqual([]);
    await viewer.close();
    await staff.close();
  });
});
