import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** The ad-supported news channel (AVOD): a pre-roll, and ad breaks marked in its playlists. */
const CHANNEL = 'ch02';
const EMPTY_VAST =
  '<?xml version="1.0" encoding="UTF-8"?><VAST xmlns="http://www.iab.com/VAST" version="4.2"/>';

/** The channel's own video: any video outside an ad break. */
const channelPlaying = (page: Page, timeout: number) =>
  page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('video')).some(
        (v) => !v.closest('.preroll') && v.currentTime > 0 && !v.paused,
      ),
    undefined,
    { timeout, polling: 100 },
  );

/**
 * Puts an ad break `inSeconds` from now on the channel: the programme on air is cut there and a
 * new one starts (the origin opens every programme with a break and re-reads the schedule within
 * a second of a change, as after an EPG import). The start is on a 2 s segment boundary.
 */
function breakSoon(databasePath: string, inSeconds: number): number {
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const start = Math.ceil((Date.now() / 1000 + inSeconds) / 2) * 2;
    db.prepare(
      `update programme set end_at = ? where channel_id = ? and start_at < ? and end_at > ?`,
    ).run(start, CHANNEL, start, start);
    db.prepare(
      `insert into programme (channel_id, start_at, end_at, name, description)
       values (?, ?, ?, '盤中快報', '')`,
    ).run(CHANNEL, start, start + 600);
    return start;
  } finally {
    db.close();
  }
}

/** Issue 28 item 6: a viewer of an AVOD channel sees the mid-roll at a break, then the channel. */
describe('a live channel’s mid-roll break in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    // PUBLIC_URL on localhost, the page on 127.0.0.1: the playlists' ad tag must not depend on it.
    [server, browser] = await Promise.all([
      startServer({ publicHost: 'localhost' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the break’s mid-roll plays (labelled, focused, reported), then the channel again at its live edge', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    // The pre-roll is not what this test is about: its ad server answers "no ad" (SPEC §4: an
    // empty break goes on to content), so the channel starts at once.
    await page.route(
      (url) => url.pathname === '/ads/vast' && url.searchParams.get('slot') === 'preroll',
      (route) => route.fulfill({ status: 200, contentType: 'application/xml', body: EMPTY_VAST }),
    );
    const adTags = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!/\/v\d+\.m3u8$/.test(url.pathname)) return;
      void response.text().then(
        (body) => {
          for (const m of body.matchAll(/X-AD-TAG="([^"]*)"/g)) adTags.add(m[1]!);
        },
        () => undefined,
      );
    });
    const vastRequests: string[] = [];
    const tracked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/ads/vast') vastRequests.push(url.origin + url.pathname + url.search);
    });

    // The break comes 24 s from now: the channel is playing well before its playhead (about 7 s
    // behind live) gets there.
    const breakAt = breakSoon(server.databasePath, 24);
    await page.goto(`${server.origin}/LiveChannel/${CHANNEL}`);
    await channelPlaying(page, 20_000);
    // The viewer works the player with the keyboard: focus on the channel's video.
    await page.locator('video.player__video').focus();

    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/ads/track' && response.status() === 204) {
        tracked.push(url.searchParams.get('e') ?? '?');
      }
    });

    // At the break: the mid-roll takes the player's place (SPEC §4 state midroll).
    const ad = page.locator('section.preroll[data-ad-slot="midroll"]');
    await ad.waitFor({ timeout: 45_000 }).catch((error: unknown) => {
      const late = Math.round(Date.now() / 1000 - breakAt);
      throw new Error(`no mid-roll ${late} s after the break; X-AD-TAG seen: ${[...adTags]}`, {
        cause: error,
      });
    });
    expect(Date.now() / 1000).toBeGreaterThanOrEqual(breakAt);
    await page.waitForFunction(
      () => document.querySelector('section.preroll')?.getAttribute('data-ad-phase') === 'playing',
      undefined,
      { timeout: 8000 },
    );
    expect(await ad.getAttribute('aria-label')).toBe('插播廣告');
    expect(await ad.locator('.preroll__label').textContent()).toBe('廣告');
    expect(await ad.getByRole('timer').textContent()).toMatch(/^廣告剩餘 \d+ 秒，結束後回到頻道$/);
    // The focus the player had is on the break, not lost to the top of the page.
    expect(
      await page.evaluate(() => document.activeElement?.matches('section.preroll') ?? false),
    ).toBe(true);
    // The channel's video is gone meanwhile; the ad plays from this page's origin.
    expect(await page.locator('video.player__video').count()).toBe(0);
    expect(
      await page.evaluate(
        () => document.querySelector<HTMLVideoElement>('video.preroll__video')!.currentSrc,
      ),
    ).toBe(`${server.origin}/media/ads/ad-15s/ad-15s.mp4`);

    // After the 15 s ad: the channel again (state content), near its live edge, focus on it.
    await page.waitForFunction(() => !document.querySelector('section.preroll'), undefined, {
      timeout: 25_000,
    });
    await channelPlaying(page, 15_000);
    const behind = await page.evaluate(() => {
      const video = document.querySelector<HTMLVideoElement>('video.player__video')!;
      return video.seekable.end(video.seekable.length - 1) - video.currentTime;
    });
    expect(behind).toBeLessThan(12);
    expect(
      await page.evaluate(() => document.activeElement?.matches('video.player__video') ?? false),
    ).toBe(true);

    // The playlists announced the break with an origin-relative ad tag (not PUBLIC_URL's host),
    // and the player asked our ad server on the page's origin for the channel's mid-roll.
    expect([...adTags]).toEqual([`/ads/vast?slot=midroll&channelId=${CHANNEL}`]);
    expect(vastRequests.filter((u) => u.includes('slot=midroll'))).toEqual([
      `${server.origin}/ads/vast?slot=midroll&channelId=${CHANNEL}`,
    ]);
    await expect
      .poll(() => [...new Set(tracked)].sort())
      .toEqual(
        ['complete', 'firstQuartile', 'impression', 'midpoint', 'start', 'thirdQuartile'].sort(),
      );
    // The server recorded the mid-roll's events once each, for the channel's mid-roll creative.
    const db = new Database(server.databasePath, { readonly: true, fileMustExist: true });
    try {
      const rows = db
        .prepare(
          `select creative_id, event, count(*) as n from ad_event
           where channel_id = ? and slot = 'midroll' group by creative_id, event`,
        )
        .all(CHANNEL) as { creative_id: string; event: string; n: number }[];
      expect(new Set(rows.map((r) => r.creative_id))).toEqual(new Set(['AD-FINANCE-MID-15S']));
      expect(Object.fromEntries(rows.map((r) => [r.event, r.n]))).toEqual({
        served: 1,
        impression: 1,
        start: 1,
        firstQuartile: 1,
        midpoint: 1,
        thirdQuartile: 1,
        complete: 1,
      });
    } finally {
      db.close();
    }
    expect(realProblems(problems)).toEqual([]);
    await close();
  }, 120_000);
});
