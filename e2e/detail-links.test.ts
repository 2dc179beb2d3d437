import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, realProblems } from './support/axe.js';
import { launchBrowser, openPage, viewports } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

interface Linked {
  contentId: string;
  otherId: string;
  contentName: string;
  linkString: string;
}

/** SPEC §2: 'prefix:A|B' opens /details/B/A (the second id first). */
const pathOf = (link: string) => {
  const [a, b] = link.slice(link.indexOf(':') + 1).split('|') as [string, string];
  return `/details/${b}/${a}`;
};

/** Logs in through /login.do as the demo member and picks who watches. */
async function loginAsDemo(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/login.do`);
  const main = page.locator('main');
  await main.getByLabel('帳號').fill('demo@example.com');
  await main.getByLabel('密碼', { exact: true }).fill('demo1234');
  await main.getByRole('button', { name: '登入' }).click();
  await page.getByRole('heading', { level: 1, name: '誰在觀看？' }).waitFor();
  await main.getByRole('button', { name: '爸爸' }).click();
  await page.waitForURL(`${origin}/`);
}

/**
 * Issue 20 item 20 (docs/adr/0029): the replies carry SPEC §2 link strings and the web opens
 * the detail page from them, end to end: banner, home row, inbox message; an empty id in a link
 * gives the 網址資料錯誤 state.
 */
describe('detail links from SPEC §2 link strings in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    // Two messages to everyone, written as an operator would: one whose link lacks its first id.
    const db = new Database(server.databasePath, { fileMustExist: true });
    try {
      const now = Math.floor(Date.now() / 1000);
      const insert = db.prepare(
        `insert into inbox_message (msg_id, account_id, title, content, sent_at, link)
         values (?, null, ?, ?, ?, ?)`,
      );
      insert.run('MSG-E2E-EPISODE', '追劇提醒', '第二集上架了。', now, 'video:S0001|S0001-S1E02');
      insert.run(
        'MSG-E2E-EMPTY',
        '壞掉的連結',
        '這則訊息的連結少了一個編號。',
        now - 1,
        'video:|M0001',
      );
    } finally {
      db.close();
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the banner’s 影片介紹 and a home row’s poster open the page their link string names', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.desktop });
    const bannerReply = page.waitForResponse((r) =>
      r.url().includes('/ajax/ajaxGetHeaderVideo.do'),
    );
    const rowsReply = page.waitForResponse((r) => r.url().includes('/ajax/ajaxGetPageDataMain.do'));
    await page.goto(`${server.origin}/`);
    const banner = (
      (await (await bannerReply).json()) as { data: { videoList: { video: Linked[] } } }
    ).data.videoList.video;
    const rows = (
      (await (await rowsReply).json()) as {
        data: { groupList: { group: { videoList: { video: Linked[] } }[] } };
      }
    ).data.groupList.group;

    const featured = banner[0]!;
    expect(featured.linkString).toBe(`video:${featured.otherId}|${featured.contentId}`);
    const more = page.getByRole('link', { name: `影片介紹：${featured.contentName}` });
    expect(await more.getAttribute('href')).toBe(pathOf(featured.linkString));
    await more.click();
    await page.waitForURL(`${server.origin}${pathOf(featured.linkString)}`);
    await page.getByRole('heading', { level: 1, name: featured.contentName }).waitFor();

    await page.goBack();
    const first = rows[0]!.videoList.video[0]!;
    const poster = page.locator('a.poster-card').filter({ hasText: first.contentName }).first();
    expect(await poster.getAttribute('href')).toBe(pathOf(first.linkString));
    await poster.click();
    await page.waitForURL(`${server.origin}${pathOf(first.linkString)}`);
    await page.getByRole('heading', { level: 1, name: first.contentName }).waitFor();
    expect(realProblems(problems)).toEqual([]);
    await close();
  }, 60_000);

  it('an inbox message’s 立即前往 opens its title; an empty id gives 網址資料錯誤', async () => {
    const { page, problems, close } = await openPage(browser, { viewport: viewports.phone });
    await loginAsDemo(page, server.origin);
    const openInbox = async () => {
      await page.getByRole('button', { name: /^訊息/ }).click();
      await page.getByRole('dialog', { name: '我的訊息' }).waitFor();
    };

    // The seeded new-title notice points at 《最後的守門人》 (video:M0003|M0003).
    await openInbox();
    await page.getByRole('link', { name: '立即前往：新片上架通知' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: '立即前往：新片上架通知' }).click();
    await page.waitForURL(`${server.origin}/details/M0003/M0003`);
    await page.getByRole('heading', { level: 1, name: '最後的守門人' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // An episode: the second id is the episode, the first its series.
    await openInbox();
    await page.getByRole('link', { name: '立即前往：追劇提醒' }).click();
    await page.waitForURL(`${server.origin}/details/S0001-S1E02/S0001`);
    await page.locator('main h1').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: '網址資料錯誤' }).count()).toBe(0);

    // 'video:|M0001': the first id is empty, so the page refuses it.
    await openInbox();
    await page.getByRole('link', { name: '立即前往：壞掉的連結' }).click();
    await page.waitForURL(`${server.origin}/details/M0001/`);
    await page.getByRole('alert').filter({ hasText: '網址資料錯誤' }).waitFor();
    await page.getByRole('link', { name: '立即前往' }).waitFor();
    expect(realProblems(problems)).toEqual([]);
    await close();
  }, 60_000);
});
