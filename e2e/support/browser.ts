import fs from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

/** Debian's Chromium; the /usr/bin wrapper prints a shell warning, so the binary is used directly. */
const executablePath = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) =>
  fs.existsSync(p),
);

export async function launchBrowser(): Promise<Browser> {
  if (!executablePath) throw new Error('Chromium is missing: apt-get install -y chromium');
  return chromium.launch({
    executablePath,
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

export const viewports = {
  phone: { width: 375, height: 812 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
} as const;

/** A page in a fresh context that records console errors, page errors and CSP violations. */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({
    locale: 'zh-TW',
    timezoneId: 'Asia/Taipei',
    ...options,
  });
  const page = await context.newPage();
  // A blocked eval or inline script may throw nowhere visible (a library's probe catches it):
  // the violation event still fires, so it is reported as a console error.
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    ),
  );
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return { page, problems, close: () => context.close() };
}
