import type { FastifyInstance } from 'fastify';
import type { Browser, Page } from 'playwright-core';
import type { DatabaseHandle } from '../../apps/server/src/db/index.js';
import { armFirstFrame, hlsVersion, serveBareHlsPage } from '../lib/bare-hls-page.js';
import { launchChromium, timingResult } from '../lib/browser.js';
import { check, fetchReply } from '../lib/check.js';
import type { Benchmark } from '../lib/types.js';

/*
 * Issue 24's two browser figures for start over (從頭看) and catch-up (回看):
 * - start-over: a click on 從頭看 → the first frame of the programme from its start, against a
 *   live channel change (a click on a 直播進行中 strip item → its first frame) on the same page,
 *   in the same run: p50 ≤ 1.3× the channel change;
 * - catchup-seek: a seek inside a 2 h catch-up programme → the first frame at the new position,
 *   p50 ≤ 300 ms, against a bare hls.js page seeking the same signed playlist the same way.
 */

/** Two FREE channels (no pre-roll, no right needed) with a catch-up window in the demo. */
const CHANNELS = ['ch01', 'ch07'] as const;
const HOVER_MS = 300;
const SETTLE_MS = 400;
const QUICK_SETTLE_MS = 150;
const FIRST_FRAME_TIMEOUT_MS = 10_000;
const START_OVER_ROUNDS = 20;
const QUICK_ROUNDS = 2;
const MAX_START_OVER_RATIO = 1.3;

const PAUSE = `document.querySelectorAll('video').forEach((v) => v.pause())`;
const PLAYING = `(() => { const v = [...document.querySelectorAll('video')].find((v) => !v.classList.contains('preroll__video')); return !!v && v.currentTime > 0.1 && !v.paused; })()`;
/** The first frame of a <video> that was not on the page before the click (no ad). */
const ARM_FIRST_FRAME = armFirstFrame(
  `[...document.querySelectorAll('video')].find((v) => v !== before && !v.classList.contains('preroll__video'))`,
);

async function waitPlaying(page: Page): Promise<void> {
  const until = Date.now() + FIRST_FRAME_TIMEOUT_MS;
  while (!((await page.evaluate(PLAYING)) as boolean)) {
    if (Date.now() > until) throw new Error(`${page.url()} did not start playing`);
    await page.waitForTimeout(50);
  }
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

/** Hover, click, the first frame of the video the click leads to (ms), or null on a timeout. */
async function timeClick(page: Page, selector: string, settleMs: number): Promise<number | null> {
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
  return ms === null ? null : Math.round(ms * 10) / 10;
}

const asSamples = (list: (number | null)[]) =>
  list.map((ms) => (ms === null ? null : { ms, element: 'video' }));

export const startOver: Benchmark = {
  name: 'start-over',
  description:
    'Start over in Chromium (1280×800): a click on 從頭看 on the live page → the first frame of ' +
    'the programme on air from its start, vs a live channel change (a 直播進行中 strip click → ' +
    'the first frame) on the same page, alternating two free channels.',
  target: {
    minRatio: 1 / MAX_START_OVER_RATIO,
    source: 'issue 24: start over click → first frame p50 ≤ 1.3× a live channel change',
  },

  async run(ctx) {
    const server = await ctx.startServer();
    for (const channel of CHANNELS) {
      const reply = await fetchReply(
        `${server.origin}/ajax/ajaxFindCatchupProgramList.do?channelId=${channel}`,
      );
      check(reply.status === 200, `catch-up list of ${channel} answered ${reply.status}`);
      const list = (
        JSON.parse(reply.body.toString('utf8')) as {
          data: { programList: { onAir: string; catchup: string }[] };
        }
      ).data.programList;
      check(
        list.some((p) => p.onAir === 'Y' && p.catchup === 'Y'),
        `${channel}'s programme on air cannot be started over`,
      );
    }
    const url = `${server.origin}/LiveChannel/${CHANNELS[0]}`;
    const rounds = ctx.quick ? QUICK_ROUNDS : START_OVER_ROUNDS;
    const settle = ctx.quick ? QUICK_SETTLE_MS : SETTLE_MS;
    const startOverButton = '.live-area__actions button[aria-label^="從頭看"]';
    const strip = (channel: string) => `.live-strip a[data-channel-id="${channel}"]`;
    const browser = await launchChromium();
    try {
      const page = await openAt(browser, url);
      const back = async () => {
        await page.locator('.live-back-to-live').first().click();
        await page.waitForURL((u) => !u.search.includes('program='));
        await waitPlaying(page);
        await page.waitForTimeout(settle);
      };
      const subjectMs: (number | null)[] = [];
      const ceilingMs: (number | null)[] = [];
      let current = 0;
      const change = async () => {
        current = 1 - current;
        return timeClick(page, strip(CHANNELS[current]!), settle);
      };
      // One of each first, not counted (code caches, the origin's playout caches).
      if (!ctx.quick) {
        await timeClick(page, startOverButton, settle);
        await back();
        await change();
      }
      for (let i = 0; i < rounds; i += 1) {
        // Alternate which goes first, so neither always meets the machine in the same state.
        if (i % 2 === 0) {
          subjectMs.push(await timeClick(page, startOverButton, settle));
          await back();
          ceilingMs.push(await change());
        } else {
          ceilingMs.push(await change());
          subjectMs.push(await timeClick(page, startOverButton, settle));
          await back();
        }
      }
      const subject = timingResult(url, 'start over first frame', asSamples(subjectMs));
      const ceiling = timingResult(url, 'channel change first frame', asSamples(ceilingMs));
      const ratio = Math.round((subject.p50 / ceiling.p50) * 100) / 100;
      ctx.log(`start over p50 ${subject.p50} ms, channel change p50 ${ceiling.p50} ms: ${ratio}×`);
      return {
        kind: 'timing',
        subject,
        ceiling,
        figures: [
          {
            label: 'start over ÷ channel change (p50)',
            value: ratio,
            unit: '×',
            max: MAX_START_OVER_RATIO,
          },
        ],
        notes: [
          `${server.dialect}; ${CHANNELS.join(' ⇄ ')}: 從頭看 (hover ${HOVER_MS} ms, click) timed ` +
            'from the click event’s timeStamp to the programme’s first presented frame ' +
            '(requestVideoFrameCallback); then 回到直播 (not timed); then a strip click to the ' +
            'other channel, timed the same way, as the ceiling',
        ],
      };
    } finally {
      await browser.close();
    }
  },
};

/* ---------------------------------------------------------------------------------------- */

const SEEK_CHANNEL = 'ch01';
const PROGRAMME_SECONDS = 2 * 3600;
const SEEK_NAME = '兩小時特別節目';
const SEEKS = 30;
const QUICK_SEEKS = 3;
const MAX_SEEK_P50_MS = 300;
const CEILING_PATH = '/__bench/catchup-seek/ceiling';
const CEILING_SCRIPT = '/__bench/catchup-seek/ceiling.js';
const HLS_SCRIPT = '/__bench/catchup-seek/hls.min.js';

/** The 2 h programme's start: ended a quarter of an hour ago, on a 2 s segment boundary. */
function seekProgrammeStart(nowSeconds: number): number {
  return Math.floor((nowSeconds - PROGRAMME_SECONDS - 900) / 2) * 2;
}

/** Makes [start, end) one programme of the channel; what overlapped keeps its outer parts. */
async function carveProgramme(database: DatabaseHandle, start: number, end: number) {
  const db = database.db;
  const overlapping = await db
    .selectFrom('programme')
    .select(['start_at', 'end_at', 'name', 'description'])
    .where('channel_id', '=', SEEK_CHANNEL)
    .where('start_at', '<', end)
    .where('end_at', '>', start)
    .execute();
  await db.transaction().execute(async (trx) => {
    for (const row of overlapping) {
      await trx
        .deleteFrom('programme')
        .where('channel_id', '=', SEEK_CHANNEL)
        .where('start_at', '=', row.start_at)
        .execute();
      const parts: [number, number][] = [];
      if (row.start_at < start) parts.push([row.start_at, start]);
      if (row.end_at > end) parts.push([end, row.end_at]);
      for (const [from, to] of parts) {
        await trx
          .insertInto('programme')
          .values({
            channel_id: SEEK_CHANNEL,
            start_at: from,
            end_at: to,
            name: row.name,
            description: row.description,
          })
          .execute();
      }
    }
    await trx
      .insertInto('programme')
      .values({
        channel_id: SEEK_CHANNEL,
        start_at: start,
        end_at: end,
        name: SEEK_NAME,
        description: '',
      })
      .execute();
  });
}

const seekCeilingHtml = `<!doctype html>
<html lang="zh-Hant-TW">
  <head>
    <meta charset="utf-8" />
    <title>catchup-seek ceiling</title>
    <script src="${HLS_SCRIPT}"></script>
    <script src="${CEILING_SCRIPT}" defer></script>
  </head>
  <body><video id="video" playsinline muted width="1280" height="720"></video></body>
</html>
`;

const seekCeilingScript = `
var video = document.getElementById('video');
var hls = new Hls({ testBandwidth: false, startLevel: 0, startFragPrefetch: true, enableWorker: false });
hls.on(Hls.Events.MANIFEST_PARSED, function () { video.play(); });
hls.attachMedia(video);
hls.loadSource(new URLSearchParams(location.search).get('src'));
`;

/**
 * In-page: seeks the programme's video to `target` seconds — through the site's seek bar (an
 * input event, as a drag) when there is one, else on the video — and resolves with the time
 * from then to the first presented frame within 2 s of the target.
 */
const seekAndTime = (target: number) => `new Promise((resolve) => {
  const video = [...document.querySelectorAll('video')].find((v) => !v.classList.contains('preroll__video'));
  const bar = document.querySelector('input[data-role="seek"]');
  const startedAt = performance.now();
  const onFrame = (now, frame) => {
    if (Math.abs(frame.mediaTime - ${target}) <= 2) resolve(frame.presentationTime - startedAt);
    else video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  if (bar) {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    setter.call(bar, String(${target}));
    bar.dispatchEvent(new Event('input', { bubbles: true }));
  } else {
    video.currentTime = ${target};
  }
  if (video.paused) video.play();
})`;

async function timeSeek(page: Page, target: number, settleMs: number): Promise<number | null> {
  const ms = await Promise.race([
    page.evaluate(seekAndTime(target)) as Promise<number>,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), FIRST_FRAME_TIMEOUT_MS)),
  ]);
  await page.waitForTimeout(settleMs);
  return ms === null ? null : Math.round(ms * 10) / 10;
}

/** Seek targets spread over the programme, the same for both sides, never near its ends. */
function seekTargets(count: number): number[] {
  const targets: number[] = [];
  let x = 0.37;
  for (let i = 0; i < count; i += 1) {
    x = (x * 7.31 + 0.113) % 1;
    targets.push(Math.round(60 + x * (PROGRAMME_SECONDS - 180)));
  }
  return targets;
}

export const catchupSeek: Benchmark = {
  name: 'catchup-seek',
  description:
    'Seek inside a 2 h catch-up programme in Chromium (1280×800): the seek bar moved on the ' +
    'live page playing it → the first frame at the new position, vs a bare hls.js page seeking ' +
    'the same signed programme playlist.',
  target: {
    maxP50Ms: MAX_SEEK_P50_MS,
    source: 'issue 24: seek inside a 2 h catch-up programme → first frame p50 ≤ 300 ms',
  },

  server: {
    extend(app: FastifyInstance) {
      serveBareHlsPage(
        app,
        { page: CEILING_PATH, script: CEILING_SCRIPT, hls: HLS_SCRIPT },
        { html: seekCeilingHtml, script: seekCeilingScript },
      );
    },
    async ready(_app: FastifyInstance, database: DatabaseHandle) {
      const start = seekProgrammeStart(Math.floor(Date.now() / 1000));
      await carveProgramme(database, start, start + PROGRAMME_SECONDS);
    },
  },

  async run(ctx) {
    const server = await ctx.startServer();
    // The server carved the programme at its start, moments ago: the same even second or the
    // one before it.
    const list = (
      JSON.parse(
        (
          await fetchReply(
            `${server.origin}/ajax/ajaxFindCatchupProgramList.do?channelId=${SEEK_CHANNEL}`,
          )
        ).body.toString('utf8'),
      ) as { data: { programList: { programStart: string; programName: string }[] } }
    ).data.programList;
    const programme = list.find((p) => p.programName === SEEK_NAME);
    check(programme !== undefined, `the 2 h programme is not in ${SEEK_CHANNEL}'s window`);
    const reply = await fetchReply(
      `${server.origin}/ajax/ajaxGetProgramPlay.do?channelId=${SEEK_CHANNEL}&programStart=${programme.programStart}`,
    );
    check(reply.status === 200, `getProgramPlay answered ${reply.status}`);
    const data = (
      JSON.parse(reply.body.toString('utf8')) as {
        data: { videoUrl: string; mode: string; preRoll: string };
      }
    ).data;
    check(data.mode === 'catchup', `the 2 h programme plays as ${data.mode}`);
    check(data.preRoll === 'N', `${SEEK_CHANNEL} has a pre-roll; pick a FREE channel`);
    const src = Buffer.from(data.videoUrl, 'base64').toString('utf8');

    const subjectUrl = `${server.origin}/LiveChannel/${SEEK_CHANNEL}?program=${programme.programStart}`;
    const ceilingUrl = `${server.origin}${CEILING_PATH}?${new URLSearchParams({ src }).toString()}`;
    const targets = seekTargets(ctx.quick ? QUICK_SEEKS : SEEKS);
    const settle = ctx.quick ? QUICK_SETTLE_MS : SETTLE_MS;
    const browser = await launchChromium();
    try {
      const [subjectPage, ceilingPage] = await Promise.all([
        openAt(browser, subjectUrl),
        openAt(browser, ceilingUrl),
      ]);
      const subjectMs: (number | null)[] = [];
      const ceilingMs: (number | null)[] = [];
      for (const [i, target] of targets.entries()) {
        const subject = async () => {
          subjectMs.push(await timeSeek(subjectPage, target, settle));
          await subjectPage.evaluate(PAUSE);
        };
        const ceiling = async () => {
          ceilingMs.push(await timeSeek(ceilingPage, target, settle));
          await ceilingPage.evaluate(PAUSE);
        };
        if (i % 2 === 0) {
          await subject();
          await ceiling();
        } else {
          await ceiling();
          await subject();
        }
      }
      const subject = timingResult(subjectUrl, 'seek first frame', asSamples(subjectMs));
      const ceiling = timingResult(ceilingUrl, 'seek first frame', asSamples(ceilingMs));
      ctx.log(`catch-up seek p50 ${subject.p50} ms; bare hls.js page p50 ${ceiling.p50} ms`);
      return {
        kind: 'timing',
        subject,
        ceiling,
        figures: [
          {
            label: 'catch-up seek first frame p50',
            value: subject.p50,
            unit: 'ms',
            max: MAX_SEEK_P50_MS,
          },
        ],
        notes: [
          `${server.dialect}; a ${PROGRAMME_SECONDS / 3600} h programme carved into ` +
            `${SEEK_CHANNEL}'s schedule, ended 15 min before the run; ${targets.length} seeks ` +
            'spread over it (the same targets on both sides), each timed from the seek bar’s ' +
            'input event to the first presented frame within 2 s of the target ' +
            '(requestVideoFrameCallback), the video paused between seeks',
          `ceiling: hls.js ${hlsVersion()} on a bare page, the same signed master playlist, ` +
            'video.currentTime set directly',
        ],
      };
    } finally {
      await browser.close();
    }
  },
};
