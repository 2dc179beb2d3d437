import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { STAFF_PASSWORD, requireConsoleBuild, signInStaff } from './support/console.js';
import { repoRoot, startServer, type RunningServer } from './support/server.js';

const webDist = path.join(repoRoot, 'apps/web/dist');

/** No sideways scrolling: the layout fits the viewport. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the operator console in Chromium (issue 22)', () => {
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

  it('enrols the admin’s authenticator, adds a staff member and shows it in the audit trail', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await page.goto(`${server.origin}/console`);
    expect(await page.getAttribute('html', 'lang')).toBe('zh-Hant-TW');
    await page.getByRole('heading', { name: '營運後台登入' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A wrong password: the envelope's message, in an alert.
    await page.getByLabel('電子郵件').fill('admin@console.example');
    await page.getByLabel('密碼', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: '登入', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('電子郵件或密碼不正確');

    await page.getByLabel('密碼', { exact: true }).fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: '登入', exact: true }).click();
    // First sign-in of an admin: the secret as text and as a QR code, then the code.
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const qr = page.getByRole('img', { name: '驗證器設定 QR 碼' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await axeViolations(page)).toEqual([]);
    const code = new TOTP({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    }).generate();
    await page.getByLabel('驗證碼（6 位數字）').fill(code);
    await page.getByRole('button', { name: '驗證並登入' }).click();

    const nav = page.getByRole('navigation', { name: '主選單' });
    await nav.waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      '影片',
      '排序',
      '媒體',
      '頻道',
      '節目排程',
      '站內訊息',
      '公告',
      '序號批次',
      '抽獎活動',
      '廣告活動',
      '文字管理',
      '播放品質',
      '報表',
      '員工',
      '稽核紀錄',
      '客服',
    ]);
    expect(await page.locator('header').textContent()).toContain('系統管理員 王大明');

    await nav.getByRole('link', { name: '員工' }).click();
    await page.getByRole('heading', { name: '員工', level: 1 }).waitFor();
    await expect
      .poll(() => page.getByRole('table').textContent())
      .toContain('editor@console.example');

    // Add a member in the dialog: focus moves into it and comes back to the opener.
    const opener = page.getByRole('button', { name: '新增員工' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: '新增員工' });
    await dialog.waitFor();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // An empty form: the contract's own messages beside the fields, nothing sent.
    await dialog.getByRole('button', { name: '新增', exact: true }).click();
    await expect.poll(() => dialog.textContent()).toContain('請至少選一個角色');
    await dialog.getByLabel('電子郵件').fill('new.member@console.example');
    await dialog.getByLabel('姓名').fill('行銷 新同事');
    await dialog.getByRole('checkbox', { name: '行銷' }).check();
    await dialog.getByLabel('初始密碼').fill('a-first-password-2026');
    await dialog.getByRole('button', { name: '新增', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('已新增員工');
    await expect
      .poll(() => page.getByRole('table').textContent())
      .toContain('new.member@console.example');
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);

    // Another admin renames the member while this one edits it: the save is refused, the
    // dialog says what changed, and reloading brings the new version to edit.
    await page.getByRole('button', { name: /^編輯\s*行銷 新同事$/ }).click();
    const editor = page.getByRole('dialog', { name: '編輯員工：行銷 新同事' });
    await editor.waitFor();
    const listed = await (await page.request.get(`${server.origin}/console/api/staff`)).json();
    const member = (
      listed.data.staff as { staffId: string; email: string; version: number }[]
    ).find((m) => m.email === 'new.member@console.example')!;
    const csrf = (await page.context().cookies()).find((c) => c.name === 'console_csrf')!.value;
    const renamed = await page.request.patch(
      `${server.origin}/console/api/staff/${member.staffId}`,
      {
        headers: { 'x-csrf-token': csrf, origin: server.origin },
        data: { version: member.version, displayName: '行銷 新同事（改名）' },
      },
    );
    expect(renamed.status()).toBe(200);
    await editor.getByRole('checkbox', { name: '客服' }).check();
    await editor.getByRole('button', { name: '儲存', exact: true }).click();
    await expect.poll(() => editor.getByRole('alert').textContent()).toContain('已被其他人修改');
    expect(await editor.getByRole('table', { name: '其他人做的變更' }).textContent()).toContain(
      '行銷 新同事（改名）',
    );
    await editor.getByRole('button', { name: '重新載入最新版本' }).click();
    await expect.poll(() => editor.getByLabel('姓名').inputValue()).toBe('行銷 新同事（改名）');
    await editor.getByRole('checkbox', { name: '客服' }).check();
    await editor.getByRole('button', { name: '儲存', exact: true }).click();
    await editor.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('table').textContent()).toContain('行銷、客服');

    await nav.getByRole('link', { name: '稽核紀錄' }).click();
    await page.getByRole('heading', { name: '稽核紀錄', level: 1 }).waitFor();
    const rows = page.getByRole('table').locator('tbody tr');
    // Newest first: the role change (with the roles' names), then the addition.
    await expect.poll(() => rows.first().textContent()).toContain('PATCH /console/api/staff');
    expect(await rows.first().textContent()).toContain('角色：行銷 → 行銷、客服');
    const added = rows.filter({ hasText: 'POST /console/api/staff' });
    expect(await added.count()).toBe(1);
    expect(await added.textContent()).toContain('new.member@console.example');
    expect(await added.textContent()).toContain('admin@console.example');
    expect(await axeViolations(page)).toEqual([]);

    // Filtered to the staff entity; the CSV link carries the same filters.
    await page.getByLabel('對象類型').selectOption('staff');
    await page.getByRole('button', { name: '篩選' }).click();
    await expect.poll(() => page.url()).toContain('entity=staff');
    const csv = page.getByRole('link', { name: '匯出 CSV' });
    // The link is drawn again from the address after it changes.
    await expect.poll(() => csv.getAttribute('href')).toBe('/console/api/audit.csv?entity=staff');
    const href = (await csv.getAttribute('href'))!;
    const reply = await page.request.get(`${server.origin}${href}`);
    expect(reply.status()).toBe(200);
    expect(await reply.text()).toContain('new.member@console.example');

    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('shows a content editor no staff section, and the server refuses it the staff list', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    // By keyboard alone: Tab to the fields, Enter to sign in, Tab to the skip link first.
    await page.goto(`${server.origin}/console`);
    await page.getByLabel('電子郵件').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.type('editor@console.example');
    await page.keyboard.press('Tab');
    await page.keyboard.type(STAFF_PASSWORD);
    await page.keyboard.press('Enter');
    const nav = page.getByRole('navigation', { name: '主選單' });
    await nav.waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('跳到主要內容');
    expect(await nav.getByRole('link').allTextContents()).toEqual(['影片', '排序', '媒體']);
    expect(await page.locator('header').textContent()).toContain('內容編輯');
    const staff = await page.request.get(`${server.origin}/console/api/staff`);
    expect(staff.status()).toBe(403);
    expect((await staff.json()).status.code).toBe('STAFF_FORBIDDEN');
    // The address of the staff page names no page for this role.
    await page.goto(`${server.origin}/console/staff`);
    await page.getByRole('heading', { name: '找不到這個頁面' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);

    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('returns an auditor whose session ended to the sign-in page, saying why', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await signInStaff(page, server.origin, 'auditor@console.example', '/console');
    const nav = page.getByRole('navigation', { name: '主選單' });
    await nav.waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      '影片',
      '排序',
      '媒體',
      '頻道',
      '節目排程',
      '站內訊息',
      '公告',
      '序號批次',
      '抽獎活動',
      '廣告活動',
      '文字管理',
      '播放品質',
      '報表',
      '稽核紀錄',
      '客服',
    ]);
    await nav.getByRole('link', { name: '稽核紀錄' }).click();
    await page.getByRole('heading', { name: '稽核紀錄', level: 1 }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    // The session ends (here: its cookie is dropped); the next call brings 登入 back, with a word.
    await page.context().clearCookies({ name: 'csid' });
    await page.getByLabel('對象類型').selectOption('staff');
    await page.getByRole('button', { name: '篩選' }).click();
    await page.getByRole('heading', { name: '營運後台登入' }).waitFor();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('請重新登入');
    expect(await fitsWidth(page)).toBe(true);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('lists, sorts, filters and edits titles; a stale edit shows what changed', async (test) => {
    // The catalogue's console calls come from their own change; until they are there, skip.
    const probe = await fetch(`${server.origin}/console/api/titles`);
    if (probe.status === 404) return test.skip();
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await signInStaff(page, server.origin, 'editor@console.example', '/console/titles');
    await page.getByRole('heading', { name: '影片', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: '影片清單' });
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(5);

    // Sorting by a header: asked of the server, kept in the address, said by aria-sort.
    await table.getByRole('button', { name: '片名' }).click();
    await expect.poll(() => page.url()).toMatch(/sort=name/);
    const nameHeader = table.locator('th', { has: page.getByRole('button', { name: '片名' }) });
    // The header is drawn again when the server's sorted page arrives, after the address changes.
    await expect
      .poll(() => nameHeader.getAttribute('aria-sort'))
      .toMatch(/^(ascending|descending)$/);

    await page.getByLabel('搜尋片名或編號').fill('M0001');
    await page.getByRole('button', { name: '篩選' }).click();
    await expect.poll(() => page.url()).toContain('q=M0001');
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('M0001');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${server.origin}/console/titles/M0001`);
    const name = page.getByLabel('片名');
    await name.waitFor();
    const loaded = await name.inputValue();

    // Someone else renames the title meanwhile (the same call, on the version now current).
    const csrf = (await page.context().cookies()).find((c) => c.name === 'console_csrf')!.value;
    const current = await (
      await page.request.get(`${server.origin}/console/api/titles/M0001`)
    ).json();
    const other = await page.request.patch(`${server.origin}/console/api/titles/M0001`, {
      headers: { 'x-csrf-token': csrf, origin: server.origin },
      data: { version: current.data.title.version, name: `${loaded}（導演版）` },
    });
    expect(other.status()).toBe(200);

    await page.getByLabel('簡介').fill('編輯在舊版本上寫的簡介。');
    await page.getByRole('button', { name: '儲存', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('已被其他人修改');
    const changes = page.getByRole('table', { name: '其他人做的變更' });
    expect(await changes.textContent()).toContain(`${loaded}（導演版）`);
    expect(await changes.textContent()).toContain('片名');
    await page.getByRole('button', { name: '重新載入最新版本' }).click();
    await expect.poll(() => name.inputValue()).toBe(`${loaded}（導演版）`);

    // On the version now loaded, the edit goes through.
    await page.getByLabel('簡介').fill('編輯在新版本上寫的簡介。');
    await page.getByRole('button', { name: '儲存', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '已儲存' }).waitFor();
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`${server.origin}/console/api/titles/M0001`)).json()).data
            .title.synopsis,
      )
      .toBe('編輯在新版本上寫的簡介。');

    // 下架 takes it back to draft, 發布 shows it again (each on the version loaded).
    await page.getByRole('button', { name: '下架' }).click();
    await page.getByRole('button', { name: '發布' }).waitFor();
    expect(await page.locator('.facts').textContent()).toContain('草稿');
    await page.getByRole('status').filter({ hasText: '已下架' }).waitFor();
    await page.getByRole('button', { name: '發布' }).click();
    await page.getByRole('button', { name: '下架' }).waitFor();
    expect(await page.locator('.facts').textContent()).toContain('已發布');
    expect(await axeViolations(page)).toEqual([]);
    expect(realProblems(problems)).toEqual([]);
    await close();
  });

  it('loads nothing of the console on the customers’ home page', async () => {
    const { page, close } = await openPage(browser, { viewport: viewports.desktop });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${server.origin}/`);
    await expect.poll(() => page.locator('main img').count()).toBeGreaterThan(5);
    expect(requested.filter((p) => p.startsWith('/console'))).toEqual([]);
    await close();

    // Nor does any file of the customers' build name the console's calls or pages.
    const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
    expect(html).not.toMatch(/console/i);
    const assets = fs.readdirSync(path.join(webDist, 'assets')).filter((f) => f.endsWith('.js'));
    for (const file of assets) {
      const text = fs.readFileSync(path.join(webDist, 'assets', file), 'utf8');
      expect(text.includes('/console/api/'), file).toBe(false);
    }
    // The first chunk stays within the customers' budget (bench home-page: ≤ 150 kB gzip).
    const initial = [
      ...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+\.js)"/g),
    ];
    const bytes = initial.reduce(
      (sum, [, url]) => sum + gzipSync(fs.readFileSync(path.join(webDist, url!))).length,
      0,
    );
    expect(bytes).toBeLessThanOrEqual(150_000);
  });
});
