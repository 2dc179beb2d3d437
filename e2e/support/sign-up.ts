import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server.js';

/** The files of an outbox, oldest first (their names start with the time). */
export const outboxFiles = (dir: string, ext: '.eml' | '.txt' = '.eml'): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((name) => name.endsWith(ext))
        .sort()
    : [];

/** The text of a single-part message, its body decoded (base64 or quoted-printable). */
export function mailText(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = eml.slice(split).trim();
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes);
  }
  return body;
}

/** The text of the newest message to `to` in an outbox (e-mail or SMS), or undefined. */
export function newestMessageTo(dir: string, to: string, ext: '.eml' | '.txt' = '.eml') {
  for (const name of outboxFiles(dir, ext).reverse()) {
    const raw = fs.readFileSync(path.join(dir, name), 'utf8');
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
    if (new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(head))
      return ext === '.eml' ? mailText(raw) : raw.slice(head.length).trim();
  }
  return undefined;
}

/** The path and query of the sign-up link mailed to `loginId` (waits for the mail). */
export async function signUpLinkFor(server: RunningServer, loginId: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const text = newestMessageTo(server.mailOutboxDir, loginId);
      link = text && /\/confirm-sign-up\?token=[\w-]{43}/.exec(text)?.[0];
      return link;
    })
    .toBeDefined();
  return link!;
}

/**
 * Signs a new member up in `page` as a visitor does (docs/adr/0044): the form on
 * /goSignUpPage.do, then the link of the confirmation mail (read from the server's outbox)
 * and its 完成註冊 button; ends on the home page, logged in, this browser a registered device.
 */
export async function signUpInBrowser(
  page: Page,
  server: RunningServer,
  loginId: string,
  password: string,
): Promise<void> {
  await page.goto(`${server.origin}/goSignUpPage.do`);
  const main = page.locator('main');
  await main.getByLabel('帳號').fill(loginId);
  await main.getByLabel('密碼', { exact: true }).fill(password);
  await main.getByLabel('確認密碼').fill(password);
  await main.getByRole('button', { name: '註冊', exact: true }).click();
  await main.getByText(`我們已寄出確認信到 ${loginId}`, { exact: false }).waitFor();
  await page.goto(`${server.origin}${await signUpLinkFor(server, loginId)}`);
  await main.getByRole('button', { name: '完成註冊' }).click();
  await page.waitForURL(`${server.origin}/`);
}
