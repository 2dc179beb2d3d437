import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import type { TimingResult } from './types.js';

/** Debian's Chromium (the /usr/bin wrapper prints a shell warning), with e2e/support's flags. */
const executablePath = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) =>
  fs.existsSync(p),
);

/** The Chromium binary, for tools that launch it themselves (Lighthouse's chrome-launcher). */
export function chromiumPath(): string {
  if (!executablePath) throw new Error('Chromium is missing: apt-get install -y chromium');
  return executablePath;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

export interface LcpSample {
  ms: number;
  /** The element painted last, as tag.class (for the notes). */
  element: string;
}

/**
 * Runs in the page (a string: this package is typed for Node, not the DOM): the last
 * largest-contentful-paint entry, read through a buffered observer.
 */
const LAST_LCP = `new Promise((resolve) => {
  let last = null;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      last = { ms: entry.startTime, element: el ? el.tagName.toLowerCase() + '.' + el.className : '?' };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(last), 250);
})`;

/**
 * The largest contentful paint of one cold visit: a fresh context (empty cache, no cookies),
 * the page loaded until the network is idle, then the last 'largest-contentful-paint' entry
 * (buffered). Null when the page reported none.
 */
export async function measureLcp(
  browser: Browser,
  url: string,
  viewport = { width: 1280, height: 800 },
): Promise<LcpSample | null> {
  const context = await browser.newContext({
    viewport,
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
  });
  try {
    const page = await context.newPage();
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
    return (await page.evaluate(LAST_LCP)) as LcpSample | null;
  } finally {
    await context.close();
  }
}

/** Nearest-rank percentile of samples (q in 0–1). */
export function percentile(samples: number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function timingResult(
  url: string,
  metric: string,
  samples: (LcpSample | null)[],
): TimingResult {
  const values = samples.filter((s): s is LcpSample => s !== null).map((s) => Math.round(s.ms));
  const missing = samples.length - values.length;
  return {
    url,
    metric,
    samplesMs: values,
    p50: percentile(values, 0.5),
    p95: percentile(values, 0.95),
    problems: missing > 0 ? [`${missing} of ${samples.length} runs reported no ${metric}`] : [],
  };
}
