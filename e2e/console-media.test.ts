import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { requireConsoleBuild, signInStaff } from './support/console.js';
import { repoRoot, startServer, type RunningServer } from './support/server.js';

/** The demo seed's staff (apps/server/src/demo/staff.ts). */
const fixtures = path.join(repoRoot, 'fixtures/media');
/** M0001 午夜列車: a FREE demo movie, playable without signing in; this test changes its video. */
const TITLE = 'M0001';

/**
 * A media root of the test's own: the demo's clips and pictures linked in (so the demo still
 * plays), its folders real, so what the ingest worker publishes lands here and never in the
 * repository's fixtures.
 */
function mediaRoot(dir: string) {
  const media = path.join(dir, 'media');
  for (const folder of ['clips', 'images']) {
    fs.mkdirSync(path.join(media, folder), { recursive: true });
    for (const name of fs.readdirSync(path.join(fixtures, folder))) {
      fs.symlinkSync(path.join(fixtures, folder, name), path.join(media, folder, name));
    }
  }
  fs.symlinkSync(path.join(fixtures, 'ads'), path.join(media, 'ads'));
  fs.symlinkSync(path.join(fixtures, 'manifest.json'), path.join(media, 'manifest.json'));
  const keys = path.join(dir, 'keys');
  fs.cpSync(path.join(fixtures, 'keys'), keys, { recursive: true });
  return { media, keys, uploads: path.join(dir, 'uploads') };
}

/** A short real video (4 s test pattern with a tone), made with ffmpeg. */
function makeVideo(file: string) {
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=4'],
      ...['-f', 'lavfi', '-i', 'sine=duration=4'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      file,
    ],
    { stdio: 'ignore' },
  );
  return file;
}

/** A dropped connection is expected here (the test cuts one); the browser logs it. */
const dropped = /net::ERR_CONNECTION_RESET|net::ERR_FAILED/;

describe('media ingest in the console, in Chromium (issue 22)', () => {
  let server: RunningServer;
  let browser: Browser;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-media-e2e-'));
  const stamp = Date.now().toString(36);
  const videoName = `e2e 預告片 ${stamp}.mp4`;
  let video = '';
  let notVideo = '';
  /** The clip the first test's job made. */
  let clipId = '';

  beforeAll(async () => {
    requireConsoleBuild();
    const roots = mediaRoot(dir);
    video = makeVideo(path.join(dir, videoName));
    notVideo = path.join(dir, `notes-${stamp}.mp4`);
    fs.writeFileSync(notVideo, '這不是影片，只是一段文字。\n'.repeat(50));
    [server, browser] = await Promise.all([
      startServer({
        env: {
          MEDIA_DIR: roots.media,
          CONTENT_KEYS_DIR: roots.keys,
          INGEST_UPLOAD_DIR: roots.uploads,
          INGEST_X264_PRESET: 'ultrafast',
          INGEST_POLL_MS: '500',
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a video (resuming after a dropped connection), follows its job to 完成 and shows the result', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await signInStaff(page, server.origin, 'editor@console.example', '/console/media');
    await page.getByRole('heading', { name: '媒體', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: '主選單' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['影片', '排序', '媒體']);
    expect(await axeViolations(page)).toEqual([]);

    // The first PATCH is cut off: tus asks the server where it stopped and sends the rest.
    let cut = 0;
    const patches: string[] = [];
    await page.route('**/console/api/media/uploads/*', async (route) => {
      const request = route.request();
      if (request.method() === 'PATCH') {
        patches.push(request.headers()['x-csrf-token'] ?? '');
        if (cut === 0) {
          cut += 1;
          return route.abort('connectionreset');
        }
      }
      return route.continue();
    });

    await page.getByLabel('影片原始檔').setInputFiles(video);
    await page.getByRole('button', { name: '開始上傳' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent(), { timeout: 30_000 })
      .toContain(`已上傳「${videoName}」`);
    expect(cut).toBe(1);
    expect(patches.length).toBeGreaterThanOrEqual(2);
    const csrf = (await page.context().cookies()).find((c) => c.name === 'console_csrf')!.value;
    expect(new Set(patches)).toEqual(new Set([csrf]));

    // The job appears, newest first, and reaches 完成 (the list polls while it is active).
    const table = page.getByRole('table', { name: '轉檔工作清單（新的在前）' });
    const row = table.locator('tbody tr').first();
    await expect.poll(() => row.textContent()).toContain(videoName);
    await expect
      .poll(() => row.textContent(), { timeout: 150_000, interval: 1000 })
      .toContain('完成');
    expect(await row.textContent()).toContain('editor@console.example');
    expect(await row.getByRole('button', { name: /^取消/ }).count()).toBe(0);

    // Only finished jobs when filtered so; the filter stays in the address.
    await page.getByLabel('狀態').selectOption('done');
    await expect.poll(() => page.url()).toContain('state=done');
    await expect.poll(() => row.textContent()).toContain(videoName);

    await row.getByRole('link', { name: videoName }).click();
    await page.getByRole('heading', { name: videoName, level: 1 }).waitFor();
    clipId = (await page.getByTestId('clip-id').textContent())!.trim();
    expect(clipId).toMatch(/\S/);
    const renditions = page.getByRole('table', { name: '畫質' });
    expect(await renditions.textContent()).toContain('640 × 360');
    expect(await page.locator('.facts').first().textContent()).toContain('完成');
    expect(await page.locator('main').textContent()).toMatch(/長度\s*0:0[34]/);
    const poster = page.getByRole('img', { name: `${videoName} 的海報畫面` });
    await expect
      .poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect((await page.locator('pre.log').textContent())!.length).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    // Published into the test's media root, nothing into the repository.
    expect(fs.existsSync(path.join(dir, 'media/clips', clipId, 'master.m3u8'))).toBe(true);
    expect(fs.existsSync(path.join(fixtures, 'clips', clipId))).toBe(false);

    expect(realProblems(problems).filter((p) => !dropped.test(p))).toEqual([]);
    await close();
  }, 240_000);

  it('attaches the finished clip to a FREE title as its video, and the site plays it', async (test) => {
    expect(clipId, 'the upload test made a clip').toMatch(/\S/);
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await signInStaff(page, server.origin, 'editor@console.example', `/console/titles/${TITLE}`);
    // Signed in and on the title's page (the sign-in page has a heading of its own).
    await page.getByRole('navigation', { name: '主選單' }).waitFor();
    const csrf = (await page.context().cookies()).find((c) => c.name === 'console_csrf')!.value;
    const headers = { 'x-csrf-token': csrf, origin: server.origin };
    // attachClip comes with the catalogue's console calls; until the server has it, skip.
    const probe = await page.request.post(`${server.origin}/console/api/titles/${TITLE}/clip`, {
      headers,
      data: {},
    });
    if (probe.status() === 404) {
      await close();
      return test.skip();
    }
    const panel = page.getByRole('region', { name: '影片檔' });
    await panel.waitFor();
    const before = (await panel.getByTestId('title-clip-id').textContent())!.trim();
    expect(before).not.toBe(clipId);
    const choice = panel.getByLabel('轉檔完成的影片檔');
    const option = choice.locator('option', { hasText: videoName });
    await expect.poll(() => option.count()).toBe(1);
    expect(await option.textContent()).toMatch(/（\d{4}\/\d{2}\/\d{2}\s\d{2}:\d{2}）$/);

    // Someone else edits the title meanwhile: the attach is refused as stale, like any edit.
    const current = await (
      await page.request.get(`${server.origin}/console/api/titles/${TITLE}`)
    ).json();
    const renamed = await page.request.patch(`${server.origin}/console/api/titles/${TITLE}`, {
      headers,
      data: { version: current.data.title.version, synopsis: '另一位編輯改的簡介。' },
    });
    expect(renamed.status()).toBe(200);
    await choice.selectOption((await option.getAttribute('value'))!);
    await panel.getByRole('button', { name: '用作正片' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('已被其他人修改');
    await page.getByRole('button', { name: '重新載入最新版本' }).click();
    await expect.poll(() => page.getByLabel('簡介').inputValue()).toBe('另一位編輯改的簡介。');

    await choice.selectOption((await option.getAttribute('value'))!);
    await panel.getByRole('button', { name: '用作正片' }).click();
    // The attach panel's own status (the people panel has a live region of its own).
    await page.getByRole('status').filter({ hasText: '設為正片' }).waitFor();
    await expect.poll(() => panel.getByTestId('title-clip-id').textContent()).toBe(clipId);
    if ((await page.locator('.facts').first().textContent())!.includes('草稿')) {
      await page.getByRole('button', { name: '發布' }).click();
      await page.getByRole('button', { name: '下架' }).waitFor();
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);

    // A visitor of the site plays the title: hls.js streams the new clip.
    const viewer = await openPage(browser, { viewport: viewports.desktop });
    const streamed: string[] = [];
    viewer.page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/stream/')) streamed.push(url.pathname);
    });
    await viewer.page.goto(`${server.origin}/play/${TITLE}`);
    const video = viewer.page.locator('main video');
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    expect(streamed.some((p) => p.startsWith(`/stream/${clipId}/`))).toBe(true);
    expect(streamed.filter((p) => !p.startsWith(`/stream/${clipId}/`))).toEqual([]);
    expect(realProblems(viewer.problems)).toEqual([]);
    await viewer.close();
    await close();
  }, 120_000);

  it('shows the server’s refusal of a text file named .mp4', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await signInStaff(page, server.origin, 'editor@console.example', '/console/media');
    await page.getByRole('heading', { name: '媒體', level: 1 }).waitFor();
    await page.getByLabel('影片原始檔').setInputFiles(notVideo);
    await page.getByLabel('加密（付費影片）').check();
    await page.getByRole('button', { name: '開始上傳' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 30_000 })
      .toContain('它不是影音檔或已經損壞');
    // Nothing was queued for it.
    const jobs = await (await page.request.get(`${server.origin}/console/api/media/jobs`)).json();
    expect(
      (jobs.data.jobs as { sourceName: string }[]).some((job) =>
        job.sourceName.startsWith('notes-'),
      ),
    ).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('shows the upload’s progress, and pauses and resumes it', async () => {
    // 20 MB (three 8 MB chunks) of noise: slowed here so the page can be seen mid-way.
    const big = path.join(dir, `noise-${stamp}.mp4`);
    fs.writeFileSync(big, crypto.randomBytes(20 * 1024 * 1024));
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await signInStaff(page, server.origin, 'editor@console.example', '/console/media');
    await page.getByRole('heading', { name: '媒體', level: 1 }).waitFor();
    const offsets: number[] = [];
    await page.route('**/console/api/media/uploads/*', async (route) => {
      if (route.request().method() === 'PATCH') {
        offsets.push(Number(route.request().headers()['upload-offset']));
        await new Promise((r) => setTimeout(r, 1500));
      }
      // A paused upload's request is gone by now.
      await route.continue().catch(() => undefined);
    });
    await page.getByLabel('影片原始檔').setInputFiles(big);
    await page.getByRole('button', { name: '開始上傳' }).click();
    const bar = page.getByRole('progressbar', { name: /^上傳中/ });
    await bar.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // At least one chunk is in: some of it sent, not all.
    const fraction = () => bar.evaluate((p: HTMLProgressElement) => p.value);
    await expect.poll(fraction, { timeout: 20_000 }).toBeGreaterThan(0.3);
    await page.getByRole('button', { name: '暫停' }).click();
    const paused = page.getByRole('progressbar', { name: /^已暫停/ });
    await paused.waitFor();
    const at = await paused.evaluate((p: HTMLProgressElement) => p.value);
    expect(at).toBeLessThan(1);
    expect(await page.locator('.upload-progress').textContent()).toMatch(/\d+%/);
    await page.getByRole('button', { name: '繼續' }).click();
    // The last byte arrives and the server probes it: noise is not a video.
    await expect
      .poll(() => page.getByRole('alert').textContent(), { timeout: 60_000 })
      .toMatch(/不是影音檔|沒有影像/);
    // Resumed where the server had stopped: the file was sent from its start only once.
    expect(offsets.filter((offset) => offset === 0)).toHaveLength(1);
    expect(Math.max(...offsets)).toBeGreaterThan(0);
    expect(realProblems(problems).filter((p) => !dropped.test(p))).toEqual([]);
    await close();
  }, 120_000);

  it('cancels a running job after confirming, focus kept in the dialog and given back', async () => {
    // Ten minutes of a cheap picture: long enough to be caught while transcoding.
    const longName = `e2e 長片 ${stamp}.mp4`;
    const long = path.join(dir, longName);
    execFileSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=600'],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '45', '-pix_fmt', 'yuv420p'],
        long,
      ],
      { stdio: 'ignore' },
    );
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await signInStaff(page, server.origin, 'editor@console.example', '/console/media');
    await page.getByRole('heading', { name: '媒體', level: 1 }).waitFor();
    await page.getByLabel('影片原始檔').setInputFiles(long);
    await page.getByRole('button', { name: '開始上傳' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent(), { timeout: 30_000 })
      .toContain(`已上傳「${longName}」`);
    const row = page
      .getByRole('table', { name: '轉檔工作清單（新的在前）' })
      .locator('tbody tr', { hasText: longName });
    // The list follows it by itself: 排隊中, then 轉檔中 with its progress bar.
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toContain('轉檔中');
    await row.getByRole('progressbar', { name: `${longName} 轉檔進度` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const cancel = row.getByRole('button', { name: `取消 ${longName}` });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: '取消轉檔工作' });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Tab stays inside the modal dialog.
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await cancel.evaluate((b) => b === document.activeElement)).toBe(true);

    await cancel.click();
    await dialog.getByRole('button', { name: '確定取消' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.textContent()).toContain('已取消');
    expect(await row.getByRole('button', { name: /^取消/ }).count()).toBe(0);
    // What it made so far is gone.
    await expect
      .poll(() =>
        fs.readdirSync(path.join(dir, 'media')).includes('.ingest-work')
          ? fs.readdirSync(path.join(dir, 'media/.ingest-work')).length
          : 0,
      )
      .toBe(0);
    expect(realProblems(problems)).toEqual([]);
    await close();
  }, 180_000);

  it('lets the auditor read the jobs, with no upload and no cancel', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await signInStaff(page, server.origin, 'auditor@console.example', '/console/media');
    await page.getByRole('heading', { name: '媒體', level: 1 }).waitFor();
    await expect
      .poll(() => page.getByRole('table', { name: '轉檔工作清單（新的在前）' }).textContent())
      .toContain(videoName);
    expect(await page.getByLabel('影片原始檔').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^取消/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });
});
