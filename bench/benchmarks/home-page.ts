import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { launchChromium, measureLcp, timingResult, type LcpSample } from '../lib/browser.js';
import { check, fetchReply } from '../lib/check.js';
import type { Benchmark } from '../lib/types.js';

const SUBJECT_PATH = '/';
const CEILING_PATH = '/__bench/lcp-ceiling';
/** The banner's picture on the home page: the ceiling paints the same file, alone. */
const CEILING_IMAGE = '/media/images/stills/still-02.jpg';
const FULL_RUNS = 10;
const QUICK_RUNS = 1;
const MAX_INITIAL_JS_KB = 150;
/** The line the web build puts at the top of the chunk holding zod's core (ADR 0031, 0035). */
const ZOD_MARK = '__zod_globalConfig';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

/** A bare page: one picture, no script, no stylesheet; the least the server can paint. */
const ceilingHtml = `<!doctype html>
<html lang="zh-Hant-TW">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>LCP ceiling</title>
  </head>
  <body>
    <img src="${CEILING_IMAGE}" width="960" height="540" alt="" />
  </body>
</html>
`;

/**
 * The JavaScript a first visit downloads before anything renders: index.html's module script
 * and its modulepreload links, each gzipped (node:zlib, default level), in kB (1000 bytes, as
 * Vite prints them). Lazy page chunks and hls.js are not part of it.
 */
export function initialJs(distDir: string): {
  kB: number;
  files: { file: string; gzip: number; zod: boolean }[];
} {
  const indexHtml = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexHtml)) throw new Error('apps/web/dist is missing: npm run build first');
  const html = fs.readFileSync(indexHtml, 'utf8');
  const urls = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isModule || isPreload) && url) urls.add(url);
  }
  const files = [...urls].map((url) => {
    const file = path.join(distDir, url.replace(/^\//, ''));
    const bytes = fs.readFileSync(file);
    return { file: url, gzip: gzipSync(bytes).length, zod: bytes.includes(ZOD_MARK) };
  });
  const bytes = files.reduce((sum, f) => sum + f.gzip, 0);
  return { kB: Math.round(bytes / 100) / 10, files };
}

/** The element most runs painted last, for the notes. */
function mostCommon(samples: (LcpSample | null)[]): string {
  const counts = new Map<string, number>();
  for (const s of samples) if (s) counts.set(s.element, (counts.get(s.element) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'none';
}

export const homePage: Benchmark = {
  name: 'home-page',
  description:
    'Home page in Chromium (cold context per run, 1280×800): largest contentful paint vs a bare ' +
    'HTML page with one picture from the same server; and the initial JavaScript, gzipped.',
  target: {
    maxP50Ms: 1500,
    source: 'issue: LCP ≤ 1.5 s and initial JavaScript ≤ 150 KB gzip',
  },

  server: {
    extend(app: FastifyInstance) {
      app.get(CEILING_PATH, async (_request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(ceilingHtml),
      );
    },
  },

  async run(ctx) {
    const js = initialJs(webDist);
    ctx.log(`initial JS ${js.kB} kB gzip (${js.files.map((f) => f.file).join(', ')})`);
    const withZod = js.files.filter((f) => f.zod).map((f) => f.file);
    check(withZod.length === 0, `zod is in the first chunk: ${withZod.join(', ')}`);

    const server = await ctx.startServer();
    const subjectUrl = server.origin + SUBJECT_PATH;
    const ceilingUrl = server.origin + CEILING_PATH;
    const subject = await fetchReply(subjectUrl);
    check(subject.status === 200, `home page answered ${subject.status}`);
    check(subject.body.toString('utf8').includes('id="root"'), 'home page is not the web app');
    const ceiling = await fetchReply(ceilingUrl);
    check(ceiling.status === 200, `ceiling answered ${ceiling.status}`);
    check(
      (await fetchReply(server.origin + CEILING_IMAGE)).status === 200,
      'ceiling image missing',
    );

    const browser = await launchChromium();
    try {
      // One visit of each first: the server's template, media and catalogue caches warm up.
      await measureLcp(browser, subjectUrl);
      await measureLcp(browser, ceilingUrl);
      const runs = ctx.quick ? QUICK_RUNS : FULL_RUNS;
      const subjectSamples: (LcpSample | null)[] = [];
      const ceilingSamples: (LcpSample | null)[] = [];
      for (let i = 0; i < runs; i += 1) {
        // Alternate which goes first, so neither always meets the machine in the same state.
        const pair = i % 2 === 0 ? [subjectUrl, ceilingUrl] : [ceilingUrl, subjectUrl];
        for (const url of pair) {
          const sample = await measureLcp(browser, url);
          (url === subjectUrl ? subjectSamples : ceilingSamples).push(sample);
        }
      }
      const subjectTiming = timingResult(subjectUrl, 'LCP', subjectSamples);
      const ceilingTiming = timingResult(ceilingUrl, 'LCP', ceilingSamples);
      ctx.log(
        `home LCP p50 ${subjectTiming.p50} ms, p95 ${subjectTiming.p95} ms; ` +
          `bare page p50 ${ceilingTiming.p50} ms, p95 ${ceilingTiming.p95} ms (${runs} runs)`,
      );
      return {
        kind: 'timing',
        subject: subjectTiming,
        ceiling: ceilingTiming,
        figures: [
          { label: 'initial JS gzip', value: js.kB, unit: 'kB', max: MAX_INITIAL_JS_KB },
          { label: 'home LCP p95', value: subjectTiming.p95, unit: 'ms' },
        ],
        notes: [
          `${server.dialect}, LCP element: ${mostCommon(subjectSamples)}`,
          `initial JS files: ${js.files.map((f) => `${f.file} ${(f.gzip / 1000).toFixed(1)} kB`).join(', ')}`,
        ],
      };
    } finally {
      await browser.close();
    }
  },
};
