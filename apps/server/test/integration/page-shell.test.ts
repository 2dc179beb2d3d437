import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/index.js';

const ORIGIN = 'https://tv.example.test';

function meta(html: string, attr: 'property' | 'name', key: string): string | undefined {
  const match = new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html);
  return match?.[1];
}

describe('page shell', () => {
  const ctx = useTestApp({ seed: true });

  it('a movie detail page previews with its own name, synopsis and wide still', async () => {
    const res = await ctx.app.inject('/details/M0001/M0001');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const html = res.body;
    expect(html).toContain('<html lang="zh-Hant-TW">');
    expect(html).toContain('<title>午夜列車｜星河影音</title>');
    expect(meta(html, 'property', 'og:title')).toBe('午夜列車｜星河影音');
    expect(meta(html, 'property', 'og:description')).toMatch(/^《午夜列車》/);
    expect(meta(html, 'property', 'og:url')).toBe(`${ORIGIN}/details/M0001/M0001`);
    // A large card shows the wide still with its size and words, not the portrait poster
    // (issue 28 item 10).
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}/media/images/stills/still-01.jpg`);
    expect(meta(html, 'property', 'og:image:width')).toBe('960');
    expect(meta(html, 'property', 'og:image:height')).toBe('540');
    expect(meta(html, 'property', 'og:image:alt')).toBe('《午夜列車》劇照');
    expect(meta(html, 'name', 'twitter:image:alt')).toBe('《午夜列車》劇照');
    expect(meta(html, 'property', 'og:type')).toBe('video.movie');
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/details/M0001/M0001">`);
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(jsonLd!)).toMatchObject({
      '@type': 'Movie',
      name: '午夜列車',
      countryOfOrigin: { '@type': 'Country', identifier: 'TW' },
    });
  });

  it('each page names its largest first picture for preload, and draws the top bar before scripts (ADR 0035)', async () => {
    const preload = (html: string) =>
      /<link rel="preload" as="image" href="([^"]+)" fetchpriority="high">/.exec(html)?.[1];
    // The details page's poster, the channel's picture, the home banner's first still.
    expect(preload((await ctx.app.inject('/details/M0001/M0001')).body)).toBe(
      '/media/images/posters/poster-01.jpg',
    );
    expect(preload((await ctx.app.inject('/LiveChannel/ch01')).body)).toBe(
      '/media/images/channels/channel-01.jpg',
    );
    const home = (await ctx.app.inject('/')).body;
    const banner = (await ctx.app.inject('/ajax/ajaxGetHeaderVideo.do')).json() as {
      data: { videoList: { video: { stillUrl: string }[] } };
    };
    expect(preload(home)).toBe(banner.data.videoList.video[0]?.stillUrl);
    // Browse: the first poster of the plain listing; a filtered address, a 404 preload none.
    const list = (await ctx.app.inject('/ajax/ajaxFilterCategoryVideoListData.do')).json() as {
      data: { videoList: { video: { posterUrl: string }[] } };
    };
    expect(preload((await ctx.app.inject('/browse')).body)).toBe(
      list.data.videoList.video[0]?.posterUrl,
    );
    expect(preload((await ctx.app.inject('/browse?orderBy=hot')).body)).toBeUndefined();
    expect(preload((await ctx.app.inject('/details/NOPE/NOPE')).body)).toBeUndefined();
    // The page's own chunks, named by the web build, load beside the entry.
    const browse = (await ctx.app.inject('/browse')).body;
    expect(browse).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/BrowsePage-x.js">',
    );
    expect(browse).toContain('<link rel="modulepreload" crossorigin href="/assets/envelope-x.js">');
    expect(browse).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/BrowsePage-x.css">',
    );
    expect((await ctx.app.inject('/LiveChannel/ch01')).body).toContain(
      'href="/assets/LivePage-x.js"',
    );
    expect(home).not.toContain('modulepreload');
    // The frame React replaces: the site's name in the header bar, escaped like any text.
    expect(home).toContain(
      '<div id="root"><div class="layout"><div class="site-top"><header class="site-header"><div class="site-header__bar"><a href="/" class="site-header__logo">星河影音</a>',
    );
  });

  it('an episode page names the episode and is a TVEpisode', async () => {
    const html = (await ctx.app.inject('/details/S0001-S1E02/S0001')).body;
    expect(meta(html, 'property', 'og:title')).toContain('第1季 第2集');
    expect(html).toContain('"@type":"TVEpisode"');
  });

  it('a pair that does not belong together answers 404 with the generic head', async () => {
    const res = await ctx.app.inject('/details/S0001-S1E02/M0001');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('og:type" content="video');
    expect((await ctx.app.inject('/details/NOPE/NOPE')).statusCode).toBe(404);
  });

  it('a live channel share link previews with the channel', async () => {
    const html = (await ctx.app.inject('/LiveChannel/ch01')).body;
    expect(meta(html, 'property', 'og:title')).toBe('星河新聞台｜直播頻道｜星河影音');
    expect(meta(html, 'property', 'og:url')).toBe(`${ORIGIN}/LiveChannel/ch01`);
    expect(meta(html, 'property', 'og:image')).toBe(
      `${ORIGIN}/media/images/channels/channel-01.jpg`,
    );
    expect(meta(html, 'property', 'og:description')).toBe('二十四小時即時新聞，掌握國內外大事。');
    expect(meta(html, 'property', 'og:image:alt')).toBe('星河新聞台頻道圖片');
    expect(meta(html, 'property', 'og:image:width')).toBe('480');
    // The channel and the programme on air at the test's moment, for search engines.
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    const graph = (JSON.parse(jsonLd!) as { '@graph': Record<string, unknown>[] })['@graph'];
    expect(graph[0]).toMatchObject({ '@type': 'TelevisionChannel', name: '星河新聞台' });
    expect(graph[1]).toMatchObject({
      '@type': 'BroadcastEvent',
      isLiveBroadcast: true,
      publishedOn: { '@type': 'BroadcastService', name: '星河新聞台' },
    });
    const { startDate, endDate } = graph[1] as { startDate: string; endDate: string };
    expect(Date.parse(startDate) / 1000).toBeLessThanOrEqual(ctx.now.value);
    expect(Date.parse(endDate) / 1000).toBeGreaterThan(ctx.now.value);
  });

  it('a page without its own picture shares the site image, with its size and words', async () => {
    const html = (await ctx.app.inject('/browse')).body;
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}/media/images/site/og-default.jpg`);
    expect(meta(html, 'property', 'og:image:width')).toBe('1200');
    expect(meta(html, 'property', 'og:image:alt')).toBe('星河影音');
    expect(meta(html, 'name', 'twitter:image:alt')).toBe('星河影音');
  });

  it('data is encoded in the head, never injected as markup', async () => {
    await ctx.database.db
      .updateTable('channel')
      .set({
        name: '</title><script>alert(1)</script>',
        description: '"><img src=x onerror=alert(1)>',
      })
      .where('channel_id', '=', 'ch02')
      .execute();
    const html = (await ctx.app.inject('/LiveChannel/ch02')).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;');
  });

  it('replacement patterns in a name stay text ($& and friends)', async () => {
    const name = "頻道$&$`$'$$";
    await ctx.database.db
      .updateTable('channel')
      .set({ name })
      .where('channel_id', '=', 'ch03')
      .execute();
    const html = (await ctx.app.inject('/LiveChannel/ch03')).body;
    expect(meta(html, 'property', 'og:title')).toContain('頻道$&amp;$`$&#39;$$');
    expect(html.match(/<!--app-head-->/g)).toBeNull();
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it.each([
    '/',
    '/browse',
    '/my-list/watching',
    '/my-list/history',
    '/redeem',
    '/search',
    '/play/M0001',
    '/LiveChannel',
    '/LiveSimplePlayer/ch05',
    '/login.do',
    '/goSignUpPage.do',
    '/account/sub-accounts',
    '/account/sub-account-event',
  ])('%s answers the shell with its own title and a CSP that lets hls.js play', async (path) => {
    const res = await ctx.app.inject(path);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>[^<]+｜星河影音<\/title>/);
    expect(meta(res.body, 'property', 'og:url')).toBe(`${ORIGIN}${path}`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("media-src 'self' blob: data:");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    // The live page's external-video pop-up embeds YouTube (nocookie) and Twitch, nothing else.
    expect(csp).toContain(
      'frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.twitch.tv',
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('the password-reset pages are served, kept out of search engines, the link page without a Referer', async () => {
    const forgot = await ctx.app.inject('/forgot-password');
    expect(forgot.statusCode).toBe(200);
    expect(forgot.body).toContain('<title>忘記密碼｜星河影音</title>');
    expect(meta(forgot.body, 'name', 'robots')).toBe('noindex');
    expect(forgot.headers['x-robots-tag']).toBe('noindex');
    expect(forgot.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    const token = 'a'.repeat(43);
    const reset = await ctx.app.inject(`/reset-password?token=${token}`);
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain('<title>重設密碼｜星河影音</title>');
    expect(meta(reset.body, 'name', 'robots')).toBe('noindex');
    expect(reset.headers['x-robots-tag']).toBe('noindex');
    expect(reset.headers['referrer-policy']).toBe('no-referrer');
    expect(meta(reset.body, 'name', 'referrer')).toBe('no-referrer');
    // The token is in no tag of the head (canonical and og:url are the path alone).
    expect(reset.body).not.toContain(token);
    expect(meta(reset.body, 'property', 'og:url')).toBe(`${ORIGIN}/reset-password`);
    // Other pages keep the site's policy and stay indexable.
    const login = await ctx.app.inject('/login.do');
    expect(login.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(login.headers['x-robots-tag']).toBeUndefined();
    expect(meta(login.body, 'name', 'robots')).toBeUndefined();
  });

  it('an unknown list type and an unknown page answer 404 with the shell', async () => {
    const list = await ctx.app.inject('/my-list/everything');
    expect(list.statusCode).toBe(404);
    const page = await ctx.app.inject('/no/such/page');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('<title>找不到網頁｜星河影音</title>');
  });

  it('serves the built assets with long-lived caching', async () => {
    const res = await ctx.app.inject('/assets/app.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });
});
