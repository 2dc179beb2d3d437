import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import { armFirstFrame, hlsVersion, serveBareHlsPage } from '../lib/bare-hls-page.js';
import { launchChromium, timingResult } from '../lib/browser.js';
import { check, fetchReply } from '../lib/check.js';
import type { Benchmark } from '../lib/types.js';

/** Two FREE channels on air all the time (no pre-roll, no right needed), both in the strip. */
const CHANNELS = ['ch07', 'ch01'] as const;
const SUBJECT_START = `/LiveChannel/${CHANNELS[1]}`;
const CEILING_PATH = '/__bench/channel-change/ceiling';
const CEILING_SCRIPT = '/__bench/channel-change/ceiling.js';
const HLS_SCRIPT = '/__bench/channel-change/hls.min.js';
const FULL_SWITCHES = 30;
const QUICK_SWITCHES = 2;
/** The pointer rests on the strip item this long before the click (people aim, then click). */
const HOVER_MS = 300;
/** After a first frame, the new channel plays this long before the next switch. */
const SETTLE_MS = 400;
const QUICK_SETTLE_MS = 150;
const FIRST_FRAME_TIMEOUT_MS = 10_000;
const MAX_RATIO = 1.3;
const MAX_P95_MS = 2_000;

/**
 * The ceiling: a bare page holding only hls.js and one button per stream. A click destroys the
 * playing hls.js and its <video> and starts the other stream in a new one (as the live page's
 * player does), with the start-up settings of notes/MEDIA.md that the site's player uses too.
 */
const ceilingHtml = `<!doctype html>
<html lang="zh-Hant-TW">
  <head>
    <meta charset="utf-8" />
    <title>channel-change ceiling</title>
    <script src="${HLS_SCRIPT}"></script>
    <script src="${CEILING_SCRIPT}" defer></script>
  </head>
  <body>
    <nav><button type="button" data-channel="${CHANNELS[0]}">${CHANNELS[0]}</button>
    <button type="button" data-channel="${CHANNELS[1]}">${CHANNELS[1]}</button></nav>
    <main id="stage"></main>
  </body>
</html>
`;

const ceilingScript = `
var params = new URLSearchParams(location.search);
var hls = null;
function play(channel) {
  if (hls) hls.destroy();
  var old = document.querySelector('video');
  if (old) old.remove();
  var video = document.createElement('video');
  video.playsInline = true; video.muted = true; video.width = 1280; video.height = 720;
  document.getElementById('stage').append(video);
  hls = new Hls({ testBandwidth: false, startLevel: 0, startFragPrefetch: true, enableWorker: false });
  hls.on(Hls.Events.MANIFEST_PARSED, function () { video.play(); });
  hls.attachMedia(video);
  hls.loadSource(params.get(channel));
}
document.querySelectorAll('button[data-channel]').forEach(function (button) {
  button.addEventListener('click', function () { play(button.dataset.channel); });
});
play(params.get('start'));
`;

/** Times a click to the first on-screen frame of a <video> not on the page before it (no ad). */
const ARM_FIRST_FRAME = armFirstFrame(
  `[...document.querySelectorAll('video')].find((v) => v !== before && !v.classList.contains('preroll__video'))`,
);

const PAUSE = `document.querySelectorAll('video').forEach((v) => v.pause())`;
const PLAYING = `(() => { const v = document.querySelector('video'); return !!v && v.currentTime > 0.1 && !v.paused; })()`;

/** Polled from here: waitForFunction would evaluate a string in the page, which the CSP forbids. */
async function waitPlaying(page: Page): Promise<void> {
  const until = Date.now() + FIRST_FRAME_TIMEOUT_MS;
  while (!((await page.evaluate(PLAYING)) as boolean)) {
    if (Date.now() > until) throw new Error(`${page.url()} did not start playing`);
    await page.waitForTimeout(50);
  }
}

/** One switch: hover the control of `channel`, click, the new channel's first frame. */
async function measureSwitch(
  page: Page,
  selector: string,
  settleMs = SETTLE_MS,
): Promise<number | null> {
  const target = page.locator(selector).first();
  await target.waitFor();
  await target.hover();
  await page.waitForTimeout(HOVER_MS);
  await page.evaluate(ARM_FIRST_FRAME);
  await target.click();
  const ms = await Promise.race([
    page.evaluate('window.__firstFrame') as Promise<number>,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), FIRST_FRAME_TIMEOUT_MS)),
  ]);
  if (ms !== null) {
    await waitPlaying(page).catch(() => undefined);
    await page.waitForTimeout(settleMs);
  }
  // Paused while the other page is measured: two pages decoding at once on a small machine
  // would slow each other down (the next switch starts a new <video> that plays by itself).
  await page.evaluate(PAUSE);
  return ms === null ? null : Math.round(ms * 10) / 10;
}

async function openAt(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
  });
  const page = await context.newPage();
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
  await waitPlaying(page);
  return page;
}

export const channelChange: Benchmark = {
  name: 'channel-change',
  description:
    'Live channel change in Chromium (1280×800): a click on a 直播進行中 strip item → the first ' +
    'frame of the new channel, switching back and forth between two free channels, vs a bare ' +
    'page holding only hls.js switching between the same two signed live streams.',
  target: {
    maxP50Ms: 1_000,
    minRatio: 1 / MAX_RATIO,
    source: 'issue 13: p50 ≤ 1.0 s, p95 ≤ 2.0 s, ≤ 1.3× the bare hls.js page in the same run',
  },

  server: {
    extend(app: FastifyInstance) {
      serveBareHlsPage(
        app,
        { page: CEILING_PATH, script: CEILING_SCRIPT, hls: HLS_SCRIPT },
        { html: ceilingHtml, script: ceilingScript },
      );
    },
  },

  async run(ctx) {
    const started = performance.now();
    const server = await ctx.startServer();
    ctx.log(`server ready after ${Math.round(performance.now() - started)} ms`);
    const streams: Record<string, string> = {};
    for (const channel of CHANNELS) {
      const reply = await fetchReply(
        `${server.origin}/ajax/ajaxSwitchChannel.do?channelId=${channel}`,
      );
      check(reply.status === 200, `switch-channel ${channel} answered ${reply.status}`);
      const data = (
        JSON.parse(reply.body.toString('utf8')) as {
          data: { videoUrl: string; preRoll: string };
        }
      ).data;
      check(data.preRoll === 'N', `${channel} has a pre-roll; pick a FREE channel`);
      const url = Buffer.from(data.videoUrl, 'base64').toString('utf8');
      check((await fetchReply(server.origin + url)).status === 200, `${channel} master missing`);
      streams[channel] = url;
    }
    const query = new URLSearchParams({ ...streams, start: CHANNELS[1] });
    const subjectUrl = server.origin + SUBJECT_START;
    const ceilingUrl = `${server.origin}${CEILING_PATH}?${query.toString()}`;

    const switches = ctx.quick ? QUICK_SWITCHES : FULL_SWITCHES;
    const browser = await launchChromium();
    try {
      const [subjectPage, ceilingPage] = await Promise.all([
        openAt(browser, subjectUrl),
        openAt(browser, ceilingUrl),
      ]);
      await Promise.all([subjectPage.evaluate(PAUSE), ceilingPage.evaluate(PAUSE)]);
      ctx.log(`both pages playing after ${Math.round(performance.now() - started)} ms`);
      const settle = ctx.quick ? QUICK_SETTLE_MS : SETTLE_MS;
      const subjectMs: (number | null)[] = [];
      const ceilingMs: (number | null)[] = [];
      const strip = (channel: string) => `.live-strip a[data-channel-id="${channel}"]`;
      const button = (channel: string) => `button[data-channel="${channel}"]`;
      // One switch of each first (code caches, the server's playout caches), not counted; the
      // quick run leaves it out to stay short.
      let from = 0;
      if (!ctx.quick) {
        await measureSwitch(subjectPage, strip(CHANNELS[0]), settle);
        await measureSwitch(ceilingPage, button(CHANNELS[0]), settle);
        from = 1;
      }
      for (let i = from; i < from + switches; i += 1) {
        const channel = CHANNELS[i % 2]!;
        const subject = () => measureSwitch(subjectPage, strip(channel), settle);
        const ceiling = () => measureSwitch(ceilingPage, button(channel), settle);
        // Alternate which goes first, so neither always meets the machine in the same state.
        if (i % 2 === 0) {
          subjectMs.push(await subject());
          ceilingMs.push(await ceiling());
        } else {
          ceilingMs.push(await ceiling());
          subjectMs.push(await subject());
        }
      }
      const asSamples = (list: (number | null)[]) =>
        list.map((ms) => (ms === null ? null : { ms, element: 'video' }));
      const subjectTiming = timingResult(subjectUrl, 'first frame', asSamples(subjectMs));
      const ceilingTiming = timingResult(ceilingUrl, 'first frame', asSamples(ceilingMs));
      const ratio = Math.round((subjectTiming.p50 / ceilingTiming.p50) * 100) / 100;
      ctx.log(
        `live page channel change p50 ${subjectTiming.p50} ms, p95 ${subjectTiming.p95} ms; ` +
          `bare hls.js page p50 ${ceilingTiming.p50} ms, p95 ${ceilingTiming.p95} ms; ` +
          `${ratio}× (${switches} switches each)`,
      );
      return {
        kind: 'timing',
        subject: subjectTiming,
        ceiling: ceilingTiming,
        figures: [
          { label: 'live page ÷ bare page (p50)', value: ratio, unit: '×', max: MAX_RATIO },
          {
            label: 'live page channel change p95',
            value: subjectTiming.p95,
            unit: 'ms',
            max: MAX_P95_MS,
          },
        ],
        notes: [
          `${server.dialect}; ${SUBJECT_START}, switching ${CHANNELS.join(' ⇄ ')} from the ` +
            `直播進行中 strip: hover ${HOVER_MS} ms, click; timed from the click event’s ` +
            'timeStamp to the new <video>’s first presentationTime (requestVideoFrameCallback)',
          `ceiling: hls.js ${hlsVersion()} loaded with the page, the same two signed live master ` +
            'playlists, a new hls.js and <video> per switch, testBandwidth off, startLevel 0, ' +
            'startFragPrefetch, no worker',
        ],
      };
    } finally {
      await browser.close();
    }
  },
};
