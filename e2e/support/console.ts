import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from './server.js';

/** The demo seed's staff password (apps/server/src/demo/staff.ts). */
export const STAFF_PASSWORD = 'console-demo-2026';

/** The console's browser tests serve its build; say how to make it rather than fail obscurely. */
export function requireConsoleBuild(): void {
  if (!fs.existsSync(path.join(repoRoot, 'apps/console/dist/index.html'))) {
    throw new Error('apps/console/dist is missing: run `npm run build` first');
  }
}

/** Opens `at` in the console and signs in there as a demo staff member (no second factor). */
export async function signInStaff(page: Page, origin: string, email: string, at: string) {
  await page.goto(`${origin}${at}`);
  await page.getByLabel('電子郵件').fill(email);
  await page.getByLabel('密碼', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: '登入', exact: true }).click();
}
