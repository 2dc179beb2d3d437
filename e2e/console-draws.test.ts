import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { requireConsoleBuild, signInStaff } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/** The demo seed's marketer (apps/server/src/demo/staff.ts): no second factor. */
const MARKETER = 'marketing@console.example';
/** A channel without demo envelopes, so the activity made here is the only one. */
const CHANNEL = 'ch07';
const PRIZE = '主控台紅包獎';

/** Unix seconds as an <input type="datetime-local"> value in Taipei time. */
const taipeiLocal = (unixSeconds: number) =>
  new Date((unixSeconds + 8 * 3600) * 1000).toISOString().slice(0, 16);

async function memberLogin(page: Page, origin: string, to: string) {
  await page.goto(`${origin}/login.do?returnTo=${encodeURIComponent(to)}`);
  const main = page.locator('main');
  await main.getByLabel('帳號').fill('0912345678');
  await main.getByLabel('密碼', { exact: true }).fill('demo5678');
  await main.getByRole('button', { name: '登入' }).click();
  await page.waitForURL(`${origin}${to}`);
  // The demo announcement is shown once, at the foot of the page: dismiss it.
  const notice = page.getByRole('complementary', { name: /^公告：/ });
  await notice.waitFor({ timeout: 10_000 });
  await notice.getByRole('button', { name: '我知道了' }).click();
  await notice.waitFor({ state: 'detached' });
}

/** Issue 25 item 7: an activity made in the console is drawn on the live page. */
describe('console prize draws in Chromium (issue 25 item 7)', () => {
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

  it('a marketer makes an activity; a member draws it on the live page; the winners list shows it', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    await signInStaff(page, server.origin, MARKETER, '/console/draws/new');
    await page.getByRole('heading', { name: '新增抽獎活動', level: 1 }).waitFor();
    const title = `主控台活動 ${Date.now()}`;
    // The end before the start: the form's own words, nothing made.
    const now = Math.floor(Date.now() / 1000);
    await page.getByLabel('活動名稱').fill(title);
    await page.getByLabel('頻道').selectOption(CHANNEL);
    await page.getByLabel('開始時間（台北時間）').fill(taipeiLocal(now));
    await page.getByLabel('結束時間（台北時間）').fill(taipeiLocal(now - 3600));
    await page.getByLabel('中獎機率（%）').fill('100');
    await page.getByLabel('獎項 1 名稱').fill(PRIZE);
    await page.getByLabel('獎項 1 數量').fill('3');
    await page.getByRole('button', { name: '建立活動' }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('結束時間須晚於開始時間');
    expect(await axeViolations(page)).toEqual([]);
    // Open from this minute (a moment past is taken as now) for ten minutes.
    await page.getByLabel('結束時間（台北時間）').fill(taipeiLocal(now + 600));
    await page.getByRole('button', { name: '建立活動' }).click();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.getByText('已建立抽獎活動。').waitFor();
    expect(await page.locator('dl.facts').textContent()).toContain('進行中');

    // A member on the live page: the envelope is there, the draw wins the console's prize.
    const member = await openPage(browser, { viewport: viewports.phone });
    await memberLogin(member.page, server.origin, `/LiveChannel/${CHANNEL}`);
    const envelope = member.page.getByRole('button', { name: '打開紅包抽獎' });
    await envelope.waitFor({ timeout: 10_000 });
    await envelope.click();
    const won = member.page.getByRole('dialog', { name: '恭喜中獎！' });
    await won.getByText(`恭喜您抽中「${PRIZE}」！`).waitFor();
    await won.getByRole('button', { name: '確定' }).click();

    // The console: the figures moved, the winner is listed with the contact masked (marketing).
    await page.reload();
    const winners = page.getByRole('region', { name: '中獎名單' });
    await expect.poll(() => winners.textContent()).toContain(PRIZE);
    expect(await winners.textContent()).toContain('09****5678');
    expect(await winners.textContent()).toContain('聯絡資料已遮蔽');
    expect(await page.locator('dl.facts').textContent()).toContain('1／2');
    expect(await axeViolations(page)).toEqual([]);
    // The list of running activities shows it too, with its figures.
    await page.getByRole('link', { name: '← 抽獎活動' }).click();
    await page.getByLabel('狀態').selectOption('running');
    const row = page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    // 活動, 頻道, 開始, 結束, 狀態, 中獎機率, 參加人數, 抽獎次數, 已送出獎項, 剩餘獎項
    expect((await row.getByRole('cell').allTextContents()).slice(4)).toEqual([
      '進行中',
      '100%',
      '1',
      '1',
      '1',
      '2',
    ]);
    expect(realProblems(problems)).toEqual([]);
    expect(realProblems(member.problems)).toEqual([]);
    await Promise.all([close(), member.close()]);
  }, 90_000);
});
