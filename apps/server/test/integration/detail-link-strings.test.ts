import {
  findUxCategoryReplySchema,
  findVideoGroupReplySchema,
  headerVideoReplySchema,
  inboxListReplySchema,
  pageDataMainReplySchema,
  videoDetailReplySchema,
  type LinkedVideo,
} from '@site/contract';
import { describe, expect, it } from 'vitest';
import { TestBrowser, newMember, newTitle, useTestApp } from '../support/index.js';

/** 'prefix:A|B' → the pair (contentId B, otherId A), as SPEC §2 says and the web reads it. */
function pairOf(link: string): { contentId: string; otherId: string } {
  const match = /^video:([^|]+)\|([^|]+)$/.exec(link);
  expect(match, link).not.toBeNull();
  return { contentId: match![2]!, otherId: match![1]! };
}

/**
 * Issue 20 item 20 (docs/adr/0029): banners, home groups and inbox messages that point at a
 * title carry SPEC §2's link string 'video:{otherId}|{contentId}', and the pair it names is one
 * the detail call accepts.
 */
describe('SPEC §2 link strings in banners, groups and inbox messages', () => {
  const ctx = useTestApp({ seed: true });
  const json = async (url: string, browser?: TestBrowser) =>
    (browser ? await browser.get(url) : await ctx.app.inject(url)).json();

  /** Every link names the item's own pair, and the detail call opens it. */
  async function expectLinksOpen(videos: LinkedVideo[]) {
    expect(videos.length).toBeGreaterThan(0);
    for (const video of videos) {
      expect(pairOf(video.linkString)).toEqual({
        contentId: video.contentId,
        otherId: video.otherId,
      });
    }
    const first = pairOf(videos[0]!.linkString);
    const detail = await ctx.app.inject(
      `/ajax/ajaxFindVideoDetail.do?contentId=${first.contentId}&otherId=${first.otherId}`,
    );
    expect(detail.statusCode).toBe(200);
    expect(videoDetailReplySchema.parse(detail.json()).data.contentId).toBe(first.contentId);
  }

  it('the header banner and the home page groups carry each title’s link string', async () => {
    const banner = headerVideoReplySchema.parse(await json('/ajax/ajaxGetHeaderVideo.do')).data;
    await expectLinksOpen(banner.videoList.video);
    const groups = pageDataMainReplySchema.parse(await json('/ajax/ajaxGetPageDataMain.do')).data
      .groupList.group;
    for (const group of groups) await expectLinksOpen(group.videoList.video);
    // A series in a group links to the series itself (the second id first: S…|S…).
    const series = groups.flatMap((g) => g.videoList.video).find((v) => v.isSeries === 'Y');
    if (series) expect(series.linkString).toBe(`video:${series.contentId}|${series.contentId}`);
  });

  it('an episode’s link string puts its series first, and the other group calls carry it too', async () => {
    await newTitle(ctx.database.db, { content_id: 'LNKSER', kind: 'series' });
    await newTitle(ctx.database.db, {
      content_id: 'LNKSER-E1',
      kind: 'episode',
      series_id: 'LNKSER',
    });
    await ctx.database.db
      .insertInto('curated_group_title')
      .values({ group_id: 'editors-picks', content_id: 'LNKSER-E1', sort_order: -1 })
      .execute();
    const group = findVideoGroupReplySchema.parse(
      await json('/ajax/ajaxFindVideoGroup.do?groupId=editors-picks'),
    ).data;
    const episode = group.videoList.video.find((v) => v.contentId === 'LNKSER-E1');
    expect(episode?.linkString).toBe('video:LNKSER|LNKSER-E1');
    await expectLinksOpen(group.videoList.video);
    const ux = findUxCategoryReplySchema.parse(
      await json('/ajax/ajaxFindUxCategory.do?categoryId=ux-home'),
    ).data;
    for (const g of ux.groupList.group) await expectLinksOpen(g.videoList.video);
  });

  it('an inbox message that points at a title carries its link string; others an empty one', async () => {
    const demo = new TestBrowser(ctx.app);
    await demo.post('/ajax/ajaxLogin.do', { loginId: 'demo@example.com', password: 'demo1234' });
    const list = inboxListReplySchema.parse(await json('/ajax/ajaxFindInboxMessageList.do', demo))
      .data.messageList;
    const links = Object.fromEntries(list.map((m) => [m.msgId, m.linkString]));
    expect(links).toEqual({
      'MSG-DEMO-3': 'video:M0003|M0003',
      'MSG-DEMO-2': '',
      'MSG-DEMO-1': '',
      'MSG-WELCOME': '',
    });
    // A message written with a link (migration 0019's column) hands it over as it is.
    const member = await newMember(ctx.app);
    await ctx.database.db
      .insertInto('inbox_message')
      .values({
        msg_id: 'MSG-LINK-1',
        account_id: member.accountId,
        title: '追劇提醒',
        content: '新的一集上架了。',
        sent_at: ctx.now.value,
        link: 'video:S0001|S0001-S1E02',
      })
      .execute();
    const own = inboxListReplySchema.parse(
      await json('/ajax/ajaxFindInboxMessageList.do', member.browser),
    ).data.messageList;
    expect(own.find((m) => m.msgId === 'MSG-LINK-1')?.linkString).toBe('video:S0001|S0001-S1E02');
  });
});
