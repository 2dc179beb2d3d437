import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { AD_TIMEOUT_MS } from '@site/contract';
import {
  loadAd,
  MAX_WRAPPER_DEPTH,
  plainText,
  safeHttpUrl,
  type AdLoadOptions,
} from './vast-loader';

/**
 * Hostile VAST (issue 12, "Bad input and faults"): the loader with a fake fetch, in Node with
 * xmldom standing in for the browser's DOMParser.
 */
const BASE = 'https://tv.example.test/play/M0002';
const TAG = 'https://tv.example.test/ads/vast?slot=preroll&contentId=M0002';

// Silence xmldom's warnings about the deliberately broken documents.
const parseXml = (text: string) =>
  new DOMParser({ errorHandler: () => undefined }).parseFromString(
    text,
    'text/xml',
  ) as unknown as Document;

function inline({
  clickThrough = 'https://advertiser.example/offer',
  media = 'https://tv.example.test/media/ads/ad-15s/ad-15s.mp4',
  title = '星河影音 15 秒',
  label = '',
  type = 'video/mp4',
} = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST xmlns="http://www.iab.com/VAST" version="4.2"><Ad id="A1"><InLine>
<AdSystem>test</AdSystem>
<Error>https://tv.example.test/ads/track?e=error&amp;imp=x.y&amp;code=%5BERRORCODE%5D</Error>
${label ? `<Extensions><Extension type="AdLabel"><AdLabel>${label}</AdLabel></Extension></Extensions>` : ''}
<Impression>https://tv.example.test/ads/track?e=impression&amp;imp=x.y</Impression>
<AdServingId>s1</AdServingId><AdTitle>${title}</AdTitle>
<Creatives><Creative id="C1"><Linear>
<TrackingEvents><Tracking event="start">https://tv.example.test/ads/track?e=start&amp;imp=x.y</Tracking></TrackingEvents>
<Duration>00:00:15</Duration>
<MediaFiles><MediaFile delivery="progressive" type="${type}" width="640" height="360">${media}</MediaFile></MediaFiles>
<VideoClicks><ClickThrough>${clickThrough}</ClickThrough></VideoClicks>
</Linear><UniversalAdId idRegistry="unknown">unknown</UniversalAdId></Creative></Creatives>
</InLine></Ad></VAST>`;
}

const wrapper = (next: string) => `<?xml version="1.0" encoding="UTF-8"?>
<VAST xmlns="http://www.iab.com/VAST" version="4.2"><Ad id="W"><Wrapper>
<AdSystem>loop</AdSystem><Impression>https://tv.example.test/px</Impression>
<VASTAdTagURI>${next}</VASTAdTagURI></Wrapper></Ad></VAST>`;

type Responder = (url: string, init: RequestInit | undefined) => Promise<Response>;

function fakeFetch(respond: Responder) {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(url);
    return respond(url, init);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const xml = (body: string) =>
  new Response(body, { status: 200, headers: { 'content-type': 'application/xml' } });

const options = (fetch: typeof globalThis.fetch, more: AdLoadOptions = {}): AdLoadOptions => ({
  fetch,
  parseXml,
  canPlay: (type) => type === 'video/mp4',
  baseUrl: BASE,
  ...more,
});

/** A server that accepts the request and never answers (but lets an abort end it). */
const hang: Responder = (_url, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('aborted', 'AbortError')),
    );
  });

describe('loading a VAST ad tag', () => {
  it('reads an InLine ad: media, duration, click-through, label as text', async () => {
    const { fetch, calls } = fakeFetch(async () => xml(inline({ label: '贊助' })));
    const result = await loadAd(TAG, options(fetch));
    expect(calls).toEqual([TAG]);
    expect(result.kind).toBe('ad');
    if (result.kind !== 'ad') return;
    expect(result.plan).toMatchObject({
      mediaUrl: 'https://tv.example.test/media/ads/ad-15s/ad-15s.mp4',
      mediaType: 'video/mp4',
      durationSeconds: 15,
      clickThrough: 'https://advertiser.example/offer',
      label: '贊助',
    });
  });

  it('an empty VAST is "empty"; a broken document, an HTTP error or no usable media "error"', async () => {
    const empty = fakeFetch(async () =>
      xml('<VAST xmlns="http://www.iab.com/VAST" version="4.2"/>'),
    );
    expect(await loadAd(TAG, options(empty.fetch))).toEqual({ kind: 'empty' });
    for (const respond of [
      async () => xml('<VAST version="4.2"><Ad><InLine></InLine></Ad></VAST>'),
      async () => xml('not xml at all'),
      async () => new Response('oops', { status: 500 }),
      async () => xml(inline({ media: 'javascript:alert(1)' })),
      async () => xml(inline({ media: 'https://tv.example.test/ad.flv', type: 'video/x-flv' })),
      async () => {
        throw new TypeError('network down');
      },
    ]) {
      const { fetch } = fakeFetch(respond);
      expect((await loadAd(TAG, options(fetch))).kind, String(respond)).toBe('error');
    }
    // A truncated document (the browser's DOMParser reports it; xmldom may not) plays no ad.
    const truncated = fakeFetch(async () => xml('<VAST version="4.2"><Ad><InLine>'));
    expect((await loadAd(TAG, options(truncated.fetch))).kind).not.toBe('ad');
    // A tag that is not http(s) is never fetched.
    const never = fakeFetch(async () => xml(inline()));
    expect((await loadAd('javascript:alert(1)', options(never.fetch))).kind).toBe('error');
    expect(never.calls).toEqual([]);
  });

  it('drops a javascript: (or any non-http) click-through; the ad still plays', async () => {
    for (const clickThrough of [
      'javascript:alert(document.cookie)',
      ' JavaScript:alert(1)',
      'data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;',
      'vbscript:msgbox(1)',
    ]) {
      const { fetch } = fakeFetch(async () => xml(inline({ clickThrough })));
      const result = await loadAd(TAG, options(fetch));
      expect(result.kind, clickThrough).toBe('ad');
      if (result.kind === 'ad') expect(result.plan.clickThrough, clickThrough).toBeNull();
    }
  });

  it('resolves relative references against the document that carried them, wrappers included', async () => {
    // Our ad server writes site paths (issue 20 item 14): a page reached on 127.0.0.1 while
    // PUBLIC_URL says localhost gets its ad from 127.0.0.1, the only origin its CSP allows.
    const page = 'http://127.0.0.1:3000/play/M0002';
    const ours = fakeFetch(async () =>
      xml(inline({ media: '/media/ads/ad-15s/ad-15s.mp4', clickThrough: '/' })),
    );
    const own = await loadAd('/ads/vast?slot=preroll&contentId=M0002', {
      ...options(ours.fetch),
      baseUrl: page,
    });
    expect(ours.calls).toEqual(['http://127.0.0.1:3000/ads/vast?slot=preroll&contentId=M0002']);
    expect(own.kind).toBe('ad');
    if (own.kind === 'ad') {
      expect(own.plan.mediaUrl).toBe('http://127.0.0.1:3000/media/ads/ad-15s/ad-15s.mp4');
      expect(own.plan.clickThrough).toBe('http://127.0.0.1:3000/');
    }
    // A wrapper on another server: its relative tag URI and its InLine's media are that
    // server's, not the page's.
    const chain = fakeFetch(async (url) =>
      xml(
        url.endsWith('/w')
          ? wrapper('/inline?x=1&amp;y=2')
          : inline({ media: 'm.mp4', clickThrough: '//advertiser.example/offer' }),
      ),
    );
    const wrapped = await loadAd('https://ads.other.example/v/w', options(chain.fetch));
    expect(chain.calls).toEqual([
      'https://ads.other.example/v/w',
      'https://ads.other.example/inline?x=1&y=2',
    ]);
    expect(wrapped.kind).toBe('ad');
    if (wrapped.kind === 'ad') {
      expect(wrapped.plan.mediaUrl).toBe('https://ads.other.example/m.mp4');
      expect(wrapped.plan.clickThrough).toBe('https://advertiser.example/offer');
    }
  });

  it('keeps markup in VAST text as text (the component renders it as text)', async () => {
    const { fetch } = fakeFetch(async () =>
      xml(inline({ label: '<![CDATA[<img src=x onerror="alert(1)">]]>' })),
    );
    const result = await loadAd(TAG, options(fetch));
    expect(result.kind).toBe('ad');
    if (result.kind === 'ad') expect(result.plan.label).toBe('<img src=x onerror="alert(1)">');
    expect(plainText('a\u0000b\n\tc  d')).toBe('a b c d');
    expect(plainText('長'.repeat(100))).toHaveLength(40);
  });

  it('stops a wrapper loop at the wrapper depth limit, quickly, as an error', async () => {
    const loop = 'https://tv.example.test/ads/loop';
    const { fetch, calls } = fakeFetch(async () => xml(wrapper(loop)));
    const started = Date.now();
    const result = await loadAd(TAG, options(fetch));
    expect(result.kind).toBe('error');
    expect(calls.length).toBeLessThanOrEqual(MAX_WRAPPER_DEPTH + 1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a wrapper pointing at javascript: never fetches anything but http(s)', async () => {
    const { fetch, calls } = fakeFetch(async () => xml(wrapper('javascript:alert(1)')));
    expect((await loadAd(TAG, options(fetch))).kind).toBe('error');
    expect(calls.length).toBeLessThanOrEqual(MAX_WRAPPER_DEPTH + 1);
    expect(calls.every((url) => url.startsWith('https://tv.example.test/'))).toBe(true);
  });

  it('refuses a 5 MB document without reading it all', async () => {
    const padding = `<!--${'x'.repeat(5 * 1024 * 1024)}-->`;
    const big = inline().replace('<VAST', `${padding}<VAST`);
    // Declared length, and a stream that does not say how long it is.
    const declared = fakeFetch(async () => xml(big));
    const started = Date.now();
    expect((await loadAd(TAG, options(declared.fetch))).kind).toBe('error');
    let pulled = 0;
    const streamed = fakeFetch(async () => {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          if (pulled > 80) controller.close();
          else controller.enqueue(chunk);
        },
      });
      return new Response(body, { status: 200 });
    });
    expect((await loadAd(TAG, options(streamed.fetch))).kind).toBe('error');
    expect(pulled).toBeLessThan(10);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it(
    'an ad server that hangs gives "timeout" at the ad timeout (5000 ms), the request aborted',
    async () => {
      let aborted = false;
      const { fetch } = fakeFetch((url, init) => {
        init?.signal?.addEventListener('abort', () => (aborted = true));
        return hang(url, init);
      });
      const started = Date.now();
      const result = await loadAd(TAG, options(fetch));
      const took = Date.now() - started;
      expect(result).toEqual({ kind: 'timeout' });
      expect(took).toBeGreaterThanOrEqual(AD_TIMEOUT_MS - 50);
      expect(took).toBeLessThan(AD_TIMEOUT_MS + 500);
      expect(aborted).toBe(true);
    },
    AD_TIMEOUT_MS + 3000,
  );

  it('a slow wrapper chain counts against the same deadline; so does a fetch deaf to aborts', async () => {
    let n = 0;
    const slow = fakeFetch(
      () =>
        new Promise((resolve) =>
          setTimeout(() => resolve(xml(wrapper(`https://tv.example.test/ads/w${(n += 1)}`))), 60),
        ),
    );
    const result = await loadAd(TAG, options(slow.fetch, { timeoutMs: 100 }));
    expect(result).toEqual({ kind: 'timeout' });
    const deaf = fakeFetch(() => new Promise<Response>(() => undefined));
    const started = Date.now();
    expect(await loadAd(TAG, options(deaf.fetch, { timeoutMs: 150 }))).toEqual({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(600);
  });

  it('an unmount aborts loading', async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(hang);
    const pending = loadAd(TAG, options(fetch, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    expect((await pending).kind).toBe('error');
  });

  it('safeHttpUrl accepts only absolute http(s) URLs', () => {
    expect(safeHttpUrl('https://a.example/x?y=1')).toBe('https://a.example/x?y=1');
    expect(safeHttpUrl('HTTP://A.example')).toBe('http://a.example/');
    for (const bad of ['javascript:alert(1)', 'data:,x', '/path', '//host/x', '', 42, null]) {
      expect(safeHttpUrl(bad)).toBeNull();
    }
  });
});
