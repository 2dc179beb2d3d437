import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  adCalls,
  errorEnvelopeSchema,
  getUrlStringReplySchema,
  playRightReplySchema,
} from '@site/contract';
import type { Insertable } from 'kysely';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';
import type { AdCreativeTable } from '../../src/db/schema-ads.js';
import { adEventCounts, liveAdFields } from '../../src/modules/ads/index.js';
import { readyCreative } from '../support/ads.js';
import { newTitle, useTestApp } from '../support/index.js';

const PUBLIC = 'https://tv.example.test';
const XSD = path.join(repoRoot, 'fixtures/standards/vast_4.2.xsd');
const xmlDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vast-'));
let files = 0;

/** xmllint exits non-zero (and the test fails) on any violation of the VAST 4.2 schema. */
function validateVast(xml: string): void {
  const file = path.join(xmlDir, `reply-${(files += 1)}.xml`);
  fs.writeFileSync(file, xml);
  execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
}

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The text of each element with this name (the documents are ours: one line, no CDATA). */
const texts = (xml: string, name: string) =>
  [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((m) =>
    unescape(m[1]!),
  );
const tracking = (xml: string, event: string) =>
  unescape(new RegExp(`<Tracking event="${event}">([^<]*)</Tracking>`).exec(xml)![1]!);
/** Our documents' URLs are site paths, whatever PUBLIC_URL says (issue 20 item 14). */
const sitePath = (url: string) => {
  expect(url).toMatch(/^\/[^/]/);
  return url;
};

const creative = (
  id: string,
  fields: Partial<Insertable<AdCreativeTable>> = {},
): Insertable<AdCreativeTable> => ({
  creative_id: id,
  ad_title: `測試廣告 ${id}`,
  advertiser: '測試廣告主',
  slot: 'preroll',
  target_kind: 'any',
  target_id: null,
  media_path: 'ads/ad-15s/ad-15s.mp4',
  media_type: 'video/mp4',
  width: 640,
  height: 360,
  bitrate_kbps: 444,
  duration_seconds: 15,
  click_through: null,
  label: null,
  cap_per_hour: 100,
  priority: 0,
  active: 1,
  ...fields,
});

describe('the ad server: VAST 4.2 ad tags, targeting, frequency cap, tracking', () => {
  const ctx = useTestApp({ seed: true });
  let viewers = 0;
  /** A fresh viewer (ad cookie) per test, so caps never leak between tests. */
  const newViewer = () => `viewer${String((viewers += 1)).padStart(16, '0')}`;
  const vast = (query: string, viewer = newViewer(), remoteAddress?: string) =>
    ctx.app.inject({
      url: `${adCalls.vast}?${query}`,
      cookies: { ad_vid: viewer },
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  const track = (url: string, remoteAddress?: string) =>
    ctx.app.inject({ url: sitePath(url), ...(remoteAddress ? { remoteAddress } : {}) });
  const servedCreative = (xml: string) => /<Ad id="([^"]+)"/.exec(xml)?.[1] ?? null;

  it('an AVOD title’s play right carries the pre-roll’s ad tag; other titles none', async () => {
    await newTitle(ctx.database.db, { content_id: 'AVOD1', sell_type: 'AVOD' });
    await newTitle(ctx.database.db, { content_id: 'FREE1', sell_type: 'FREE' });
    const avod = playRightReplySchema.parse(
      (await ctx.app.inject('/ajax/ajaxFindVideoPlayRight.do?contentId=AVOD1')).json(),
    ).data;
    expect(avod.rightType).toBe('avod');
    expect(avod.preVastUrl).toBe('/ads/vast?slot=preroll&contentId=AVOD1');
    const free = playRightReplySchema.parse(
      (await ctx.app.inject('/ajax/ajaxFindVideoPlayRight.do?contentId=FREE1')).json(),
    ).data;
    expect(free.preVastUrl).toBeUndefined();
  });

  it('answers a VAST 4.2 InLine ad that validates against the XSD, with our URLs as site paths', async () => {
    // Reached by a name other than PUBLIC_URL's: nothing in the document may point at PUBLIC_URL.
    const res = await ctx.app.inject({
      url: '/ads/vast?slot=preroll&contentId=AVOD1',
      headers: { host: '127.0.0.1:3000' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    // A browser without the ad cookie gets one, for the /ads/ paths only.
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^ad_vid=[\w-]{22}; Max-Age=31536000; Path=\/ads\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    validateVast(res.body);
    // A stand-alone ad, not an ad pod of one.
    expect(res.body).not.toMatch(/<Ad\b[^>]*\bsequence=/);
    expect(res.body).toContain('<VAST xmlns="http://www.iab.com/VAST" version="4.2">');
    expect(servedCreative(res.body)).toBe('AD-HOUSE-15S');
    expect(res.body).not.toContain(PUBLIC);
    expect(res.body).not.toContain('127.0.0.1');
    expect(texts(res.body, 'MediaFile')).toEqual(['/media/ads/ad-15s/ad-15s.mp4']);
    expect(texts(res.body, 'Duration')).toEqual(['00:00:15']);
    expect(texts(res.body, 'ClickThrough')).toEqual(['/']);
    // The seeded creatives name no label: ours is zh-TW ('Advertisement' is for a VAST without).
    expect(texts(res.body, 'AdLabel')).toEqual(['廣告']);
    expect(texts(res.body, 'Error')[0]).toMatch(
      /^\/ads\/track\?e=error&imp=[\w.-]+&code=%5BERRORCODE%5D$/,
    );
    expect(texts(res.body, 'Impression')[0]).toMatch(/^\/ads\/track\?e=impression&imp=/);
    for (const event of ['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete']) {
      expect(tracking(res.body, event)).toMatch(new RegExp(`^/ads/track\\?e=${event}&imp=`));
    }
    // The ad file is there to play, for anyone.
    const media = await ctx.app.inject('/media/ads/ad-15s/ad-15s.mp4');
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp4');
  });

  it('an empty VAST when nothing fits, and it validates too', async () => {
    const res = await vast('slot=postroll&contentId=AVOD1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><VAST xmlns="http://www.iab.com/VAST" version="4.2"/>',
    );
    validateVast(res.body);
  });

  it('targets a channel or a title before the untargeted ad', async () => {
    const db = ctx.database.db;
    await db
      .insertInto('ad_creative')
      .values(creative('AD-T-TITLE', { target_kind: 'title', target_id: 'AVOD2' }))
      .execute();
    await newTitle(db, { content_id: 'AVOD2', sell_type: 'AVOD' });
    expect(servedCreative((await vast('contentId=AVOD2')).body)).toBe('AD-T-TITLE');
    expect(servedCreative((await vast('contentId=AVOD1')).body)).toBe('AD-HOUSE-15S');
    // Seeded: the AVOD news channel has its own advertiser.
    expect(servedCreative((await vast('channelId=ch02')).body)).toBe('AD-FINANCE-15S');
    expect(servedCreative((await vast('channelId=ch07')).body)).toBe('AD-HOUSE-15S');
    // A title id never matches a channel-targeted creative.
    expect(servedCreative((await vast('contentId=ch02')).body)).toBe('AD-HOUSE-15S');
    // Paused creatives are not served.
    await db
      .updateTable('ad_creative')
      .set({ active: 0 })
      .where('creative_id', '=', 'AD-T-TITLE')
      .execute();
    expect(servedCreative((await vast('contentId=AVOD2')).body)).toBe('AD-HOUSE-15S');
  });

  it('caps a creative per viewer per hour, counting impressions once each', async () => {
    const viewer = newViewer();
    const seen: (string | null)[] = [];
    const impress = async () => {
      const res = await vast('channelId=ch02', viewer);
      validateVast(res.body);
      seen.push(servedCreative(res.body));
      const impression = texts(res.body, 'Impression')[0];
      if (impression) {
        expect((await track(impression)).statusCode).toBe(204);
        // A replayed pixel counts once.
        expect((await track(impression)).statusCode).toBe(204);
      }
    };
    for (let i = 0; i < 10; i += 1) await impress();
    // The finance ad 3 times an hour, then the house ad 6 times, then nothing.
    expect(seen).toEqual([
      ...Array(3).fill('AD-FINANCE-15S'),
      ...Array(6).fill('AD-HOUSE-15S'),
      null,
    ]);
    // Another viewer is not capped; served-but-not-shown documents do not count.
    expect(servedCreative((await vast('channelId=ch02')).body)).toBe('AD-FINANCE-15S');
    const before = ctx.now.value;
    ctx.now.value += 3601;
    try {
      const res = await vast('channelId=ch02', viewer);
      expect(servedCreative(res.body)).toBe('AD-FINANCE-15S');
    } finally {
      ctx.now.value = before;
    }
  });

  it('mid-roll breaks get their own creatives: a valid VAST 4.2, targeted, capped, tracked as midroll', async () => {
    const db = ctx.database.db;
    // What the live origin's X-AD-TAG of an AVOD channel asks for (issue 28 item 6).
    const viewer = newViewer();
    const first = await vast('slot=midroll&channelId=ch02', viewer);
    expect(first.statusCode).toBe(200);
    validateVast(first.body);
    expect(servedCreative(first.body)).toBe('AD-FINANCE-MID-15S');
    expect(texts(first.body, 'MediaFile')).toEqual(['/media/ads/ad-15s/ad-15s.mp4']);
    expect(texts(first.body, 'Duration')).toEqual(['00:00:15']);
    expect(texts(first.body, 'AdLabel')).toEqual(['廣告']);
    // An AVOD channel without a targeted mid-roll gets the house one; never a pre-roll creative.
    const other = await vast('slot=midroll&channelId=ch07');
    validateVast(other.body);
    expect(servedCreative(other.body)).toBe('AD-HOUSE-MID-15S');
    // Pre-roll and mid-roll are chosen apart: the pre-roll tag still answers a pre-roll creative.
    expect(servedCreative((await vast('slot=preroll&channelId=ch02', viewer)).body)).toBe(
      'AD-FINANCE-15S',
    );

    // Its pixels are recorded under the mid-roll slot and the channel.
    for (const url of [
      texts(first.body, 'Impression')[0]!,
      tracking(first.body, 'start'),
      tracking(first.body, 'complete'),
    ]) {
      expect((await track(url)).statusCode).toBe(204);
    }
    const rows = await db
      .selectFrom('ad_event')
      .select(['event', 'slot', 'content_id', 'channel_id'])
      .where('creative_id', '=', 'AD-FINANCE-MID-15S')
      .orderBy('event_id')
      .execute();
    expect(rows.map((r) => r.event)).toEqual(['served', 'impression', 'start', 'complete']);
    expect(
      rows.every((r) => r.slot === 'midroll' && r.channel_id === 'ch02' && r.content_id === null),
    ).toBe(true);

    // The channel's mid-roll is capped at 4 an hour, then the house mid-roll's 8, then nothing
    // (an empty VAST, valid too); pre-roll impressions count against pre-roll creatives only.
    const seen: (string | null)[] = ['AD-FINANCE-MID-15S'];
    for (let i = 0; i < 12; i += 1) {
      const res = await vast('slot=midroll&channelId=ch02', viewer);
      validateVast(res.body);
      seen.push(servedCreative(res.body));
      const impression = texts(res.body, 'Impression')[0];
      if (impression) expect((await track(impression)).statusCode).toBe(204);
    }
    expect(seen).toEqual([
      ...Array(4).fill('AD-FINANCE-MID-15S'),
      ...Array(8).fill('AD-HOUSE-MID-15S'),
      null,
    ]);
    expect(servedCreative((await vast('slot=preroll&channelId=ch02', viewer)).body)).toBe(
      'AD-FINANCE-15S',
    );
  });

  it('records each tracking event once, append-only, answering 204 with no body', async () => {
    const db = ctx.database.db;
    await db
      .insertInto('ad_creative')
      .values(creative('AD-T-TRACK', { target_kind: 'title', target_id: 'TRACK1', priority: 5 }))
      .execute();
    const res = await vast('contentId=TRACK1');
    expect(servedCreative(res.body)).toBe('AD-T-TRACK');
    const urls = [
      texts(res.body, 'Impression')[0]!,
      ...['start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete'].map((e) =>
        tracking(res.body, e),
      ),
      texts(res.body, 'ClickTracking')[0]!,
      texts(res.body, 'Error')[0]!.replace('%5BERRORCODE%5D', '405'),
    ];
    for (const url of urls) {
      const reply = await track(url);
      expect(reply.statusCode, url).toBe(204);
      expect(reply.body).toBe('');
      expect(reply.headers['cache-control']).toBe('no-store');
    }
    const rows = await db
      .selectFrom('ad_event')
      .select(['event', 'slot', 'content_id', 'channel_id', 'error_code'])
      .where('creative_id', '=', 'AD-T-TRACK')
      .orderBy('event_id')
      .execute();
    expect(rows.map((r) => r.event)).toEqual([
      'served',
      'impression',
      'start',
      'firstQuartile',
      'midpoint',
      'thirdQuartile',
      'complete',
      'click',
      'error',
    ]);
    expect(rows.every((r) => r.content_id === 'TRACK1' && r.channel_id === null)).toBe(true);
    expect(rows.at(-1)!.error_code).toBe(405);
    for (const url of urls) await track(url);
    const counts = await adEventCounts(db, { creativeId: 'AD-T-TRACK' });
    expect(counts.every((c) => c.count === 1)).toBe(true);
    expect(counts).toHaveLength(9);
  });

  it('refuses forged, damaged, unknown or expired tracking input with a 400 envelope', async () => {
    const res = await vast('contentId=AVOD1');
    const start = tracking(res.body, 'start');
    const token = new URL(start, PUBLIC).searchParams.get('imp')!;
    const [body, mac] = token.split('.') as [string, string];
    const forgedBody = Buffer.from(
      Buffer.from(body, 'base64url').toString().replace('AD-HOUSE-15S', 'AD-FINANCE-15S'),
    ).toString('base64url');
    for (const query of [
      '',
      'e=start',
      `imp=${token}`,
      `e=launch&imp=${token}`,
      `e=start&imp=${forgedBody}.${mac}`,
      // The MAC's last two characters changed, whatever they were (never the same again).
      `e=start&imp=${body}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`,
      `e=start&imp=${'A'.repeat(700)}.x`,
      `e=start&imp=<script>.x`,
      `e=error&imp=${token}&code=abc`,
    ]) {
      const reply = await ctx.app.inject(`${adCalls.track}?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(errorEnvelopeSchema.parse(reply.json()).status.code).toBe('BAD_INPUT');
    }
    const before = ctx.now.value;
    ctx.now.value += 25 * 3600;
    try {
      expect((await track(start)).statusCode).toBe(400);
    } finally {
      ctx.now.value = before;
    }
    expect((await track(start)).statusCode).toBe(204);
    // A player that left the error macro unfilled still reports the error (code unknown).
    const error = texts(res.body, 'Error')[0]!;
    expect((await track(error)).statusCode).toBe(204);
  });

  it('rejects bad ad tag parameters with a 400 envelope', async () => {
    for (const query of [
      '',
      'slot=preroll',
      'contentId=AVOD1&channelId=ch02',
      'slot=overlay&contentId=AVOD1',
      'contentId=%3Cscript%3E',
      `contentId=${'A'.repeat(41)}`,
    ]) {
      const reply = await ctx.app.inject(`${adCalls.vast}?${query}`);
      expect(reply.statusCode, query).toBe(400);
      expect(errorEnvelopeSchema.parse(reply.json()).status.code).toBe('BAD_INPUT');
    }
  });

  it('escapes creative text as XML and drops a click-through that is not http(s)', async () => {
    const db = ctx.database.db;
    await db
      .insertInto('ad_creative')
      .values(
        creative('AD-T-HOSTILE', {
          target_kind: 'title',
          target_id: 'HOSTILE1',
          ad_title: '<img src=x onerror=alert(1)> & ]]> "廣告"',
          advertiser: 'A&B <廣告>',
          click_through: 'javascript:alert(1)',
          label: '<b>贊助</b>',
        }),
      )
      .execute();
    const res = await vast('contentId=HOSTILE1');
    validateVast(res.body);
    expect(texts(res.body, 'AdTitle')).toEqual(['<img src=x onerror=alert(1)> & ]]> "廣告"']);
    expect(res.body).not.toContain('<img');
    expect(res.body).not.toContain('ClickThrough');
    expect(res.body).not.toContain('javascript:');
    expect(texts(res.body, 'AdLabel')).toEqual(['<b>贊助</b>']);
  });

  it('ajaxGetUrlString.do turns a preVastUrl into the ad tag URL, only for our ad service', async () => {
    const ask = (adUrl: string) =>
      ctx.app.inject(`${adCalls.getUrlString}?adUrl=${encodeURIComponent(adUrl)}`);
    const relative = getUrlStringReplySchema.parse(
      (await ask('/ads/vast?slot=preroll&contentId=AVOD1')).json(),
    );
    expect(relative.status.code).toBe('0');
    // A site path, so it works on whatever host the page was reached by.
    expect(relative.data.urlString).toMatch(
      /^\/ads\/vast\?slot=preroll&contentId=AVOD1&seq=[\w-]{12}$/,
    );
    const live = liveAdFields({ channelId: 'ch02', playRightType: 'AVOD' });
    expect(live).toMatchObject({
      preVastUrl: '/ads/vast?slot=preroll&channelId=ch02',
      preRoll: 'Y',
    });
    const withSeq = getUrlStringReplySchema.parse(
      (await ask(`${PUBLIC}${live.preVastUrl}&seq=${live.vastSeqId}`)).json(),
    );
    expect(withSeq.data.urlString).toBe(`${live.preVastUrl}&seq=${live.vastSeqId}`);
    // Absolute on the origin this request came to (not PUBLIC_URL's) is ours too.
    const ownHost = await ctx.app.inject({
      url: `${adCalls.getUrlString}?adUrl=${encodeURIComponent(`http://127.0.0.1:3000${live.preVastUrl}`)}`,
      headers: { host: '127.0.0.1:3000' },
    });
    expect(getUrlStringReplySchema.parse(ownHost.json()).data.urlString).toMatch(
      /^\/ads\/vast\?slot=preroll&channelId=ch02&seq=[\w-]{12}$/,
    );
    expect(liveAdFields({ channelId: 'ch01', playRightType: 'FREE' })).toEqual({
      preVastUrl: '',
      vastSeqId: '',
      preRoll: 'N',
    });
    for (const bad of [
      'https://ads.evil.example/ads/vast?contentId=AVOD1',
      '//evil.example/ads/vast?contentId=AVOD1',
      'javascript:alert(1)',
      '/ajax/ajaxLogout.do',
      '/ads/vast?contentId=AVOD1&channelId=ch02',
      '/ads/vast?contentId=%3Cx%3E',
    ]) {
      const reply = await ask(bad);
      expect(reply.statusCode, bad).toBe(400);
      expect(errorEnvelopeSchema.parse(reply.json()).status.code).toBe('BAD_INPUT');
    }
    expect((await ctx.app.inject(adCalls.getUrlString)).statusCode).toBe(400);
  });

  it('a campaign creative made in the console is served as VAST 4.2 that validates against the XSD (ADR 0050)', async () => {
    await readyCreative(ctx.database.db, 'ACXSD01', {
      durationSeconds: 20,
      clickThrough: 'https://ads.example.com/a?b=1&c=<2>',
    });
    await ctx.database.db
      .insertInto('ad_campaign')
      .values({
        campaign_id: 'CPXSD00001',
        name: '驗證活動',
        advertiser: '測試廣告主',
        state: 'active',
        starts_at: ctx.now.value - 60,
        ends_at: ctx.now.value + 3600,
        slots: '["preroll"]',
        target_titles: '["AVOD1"]',
        target_categories: '[]',
        target_channels: '[]',
        target_devices: '[]',
        cap_per_day: 0,
        priority: 0,
        created_at: 0,
        created_by: 'test',
        updated_at: 0,
      })
      .execute();
    await ctx.database.db
      .insertInto('ad_campaign_creative')
      .values({ campaign_id: 'CPXSD00001', creative_id: 'ACXSD01' })
      .execute();
    const res = await vast('contentId=AVOD1');
    validateVast(res.body);
    expect(servedCreative(res.body)).toBe('ACXSD01');
    expect(texts(res.body, 'Duration')).toEqual(['00:00:20']);
    expect(texts(res.body, 'MediaFile')).toEqual([
      '/media/ads/creatives/ad-ACXSD01/ad-ACXSD01.mp4',
    ]);
    // Written out as a well-formed URL (siteOrHttpUrl), escaped as XML.
    expect(texts(res.body, 'ClickThrough')).toEqual(['https://ads.example.com/a?b=1&c=%3C2%3E']);
    // Its pixels are recorded against the campaign.
    await ctx.app.inject({ url: sitePath(texts(res.body, 'Impression')[0]!) });
    const rows = await ctx.database.db
      .selectFrom('ad_event')
      .select(['event', 'campaign_id'])
      .where('creative_id', '=', 'ACXSD01')
      .orderBy('event')
      .execute();
    expect(rows).toEqual([
      { event: 'impression', campaign_id: 'CPXSD00001' },
      { event: 'served', campaign_id: 'CPXSD00001' },
    ]);
    await ctx.database.db
      .deleteFrom('ad_campaign')
      .where('campaign_id', '=', 'CPXSD00001')
      .execute();
  });

  it('limits ad tags and pixels per IP, lightly', async () => {
    const ip = '203.0.113.9';
    let last = 0;
    for (let i = 0; i < 121; i += 1)
      last = (await vast('contentId=AVOD1', undefined, ip)).statusCode;
    expect(last).toBe(429);
    // Another address is not affected.
    expect((await vast('contentId=AVOD1', undefined, '203.0.113.10')).statusCode).toBe(200);
  });
});
