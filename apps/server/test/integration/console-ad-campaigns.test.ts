import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { AdCampaign, AdCreative, StaffRole } from '@site/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestSettings } from '../../src/modules/ingest/settings.js';
import { IngestWorker } from '../../src/modules/ingest/worker.js';
import { readyCreative, servedAdId, trackingUrl, validateVast, vastTexts } from '../support/ads.js';
import { makeSource } from '../support/ingest.js';
import {
  newChannel,
  newMember,
  newTitle,
  signedInStaff,
  useTestApp,
  type ConsoleBrowser,
} from '../support/index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-ads-'));
const ctx = useTestApp({
  env: {
    INGEST_UPLOAD_DIR: path.join(dir, 'uploads'),
    MEDIA_DIR: path.join(dir, 'media'),
    CONTENT_KEYS_DIR: path.join(dir, 'keys'),
  },
});
let origin = '';
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A refusal's envelope as the tus routes answer it. */
type Envelope = { status: { code: string; message: string } };
const UPLOADS = '/console/api/ads/uploads';
const CAMPAIGNS = '/console/api/ad-campaigns';
const CREATIVES = '/console/api/ad-creatives';
const DAY = 86_400;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const db = () => ctx.database.db;
let ids = 0;
const uid = (prefix: string) => `${prefix}${(ids += 1)}`;
let viewers = 0;
const newViewer = () => `viewer${String((viewers += 1)).padStart(16, '0')}`;

/** tus requests over real HTTP with the console's cookies and CSRF header. */
const tusHeaders = (browser: ConsoleBrowser, extra: Record<string, string> = {}) => ({
  cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  'x-csrf-token': browser.cookies.get('console_csrf') ?? '',
  'tus-resumable': '1.0.0',
  ...extra,
});
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** Uploads a file whole as a creative; the last response (the finish, or a refusal). */
async function upload(browser: ConsoleBrowser, body: Buffer, fields: Record<string, string>) {
  if (!browser.cookies.has('console_csrf')) await browser.get('/console/api/session');
  const created = await fetch(`${origin}${UPLOADS}`, {
    method: 'POST',
    headers: tusHeaders(browser, {
      'upload-length': String(body.length),
      'upload-metadata': metadata({ adTitle: '夏季新品', advertiser: '星河飲料', ...fields }),
    }),
  });
  if (created.status !== 201) return created;
  return fetch(new URL(created.headers.get('location')!, origin), {
    method: 'PATCH',
    headers: tusHeaders(browser, {
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    }),
    body,
  });
}

const vast = (query: string, viewer: string, ua?: string) =>
  ctx.app.inject({
    url: `/ads/vast?${query}`,
    cookies: { ad_vid: viewer },
    headers: ua ? { 'user-agent': ua } : {},
  });

function campaignBody(creativeIds: string[], extra: Partial<AdCampaign> = {}) {
  return {
    name: '夏季新品上市',
    advertiser: '星河飲料',
    state: 'active',
    startsAt: ctx.now.value - 3600,
    endsAt: ctx.now.value + 7 * DAY,
    slots: ['preroll'],
    creativeIds,
    titles: [],
    categories: [],
    channels: [],
    devices: [],
    capPerDay: 0,
    priority: 10,
    ...extra,
  };
}

async function makeCampaign(browser: ConsoleBrowser, body: object): Promise<AdCampaign> {
  const res = await browser.post(CAMPAIGNS, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.campaign as AdCampaign;
}
const auditOf = (entityId: string) =>
  db().selectFrom('audit_entry').selectAll().where('entity_id', '=', entityId).execute();

describe('ad campaigns in the console (issue 25 item 6)', () => {
  const marketer = () => signedInStaff(ctx, ['marketing']);

  it('an uploaded creative is transcoded by the ingest queue into an MP4 whose length is the VAST duration, audited', async () => {
    const { browser, email } = await marketer();
    const source = fs.readFileSync(
      makeSource(path.join(dir, 'spot.mp4'), { size: '320x240', seconds: 2 }),
    );
    const res = await upload(browser, source, {
      filename: 'spot.mp4',
      clickThrough: 'https://drinks.example.com/summer?utm=tv',
    });
    expect(res.status).toBe(200);
    const { creativeId, jobId } = (
      (await res.json()) as { data: { creativeId: string; jobId: string } }
    ).data;
    const processing = (await browser.get(`${CREATIVES}/${creativeId}`)).json().data
      .creative as AdCreative;
    expect(processing).toMatchObject({ state: 'processing', jobId, mediaUrl: null });

    const worker = new IngestWorker(db(), {
      ...ingestSettings(ctx.config),
      preset: 'ultrafast',
      pollMs: 100,
    });
    worker.start();
    let creative = processing;
    try {
      for (let i = 0; i < 600 && creative.state === 'processing'; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        creative = (await browser.get(`${CREATIVES}/${creativeId}`)).json().data.creative;
      }
    } finally {
      await worker.stop();
    }
    expect(creative).toMatchObject({
      state: 'ready',
      durationSeconds: 2,
      width: 320,
      height: 240,
      clickThrough: 'https://drinks.example.com/summer?utm=tv',
      createdBy: email,
      seeded: false,
    });
    expect(fs.existsSync(path.join(dir, 'media', creative.mediaUrl!.replace('/media/', '')))).toBe(
      true,
    );
    expect((await auditOf(creativeId)).map((a) => a.staff_email)).toEqual([email]);

    // Served on its campaign's channel: a VAST 4.2 document valid against the XSD.
    const channel = await newChannel(db(), { play_right_type: 'AVOD' });
    await makeCampaign(browser, campaignBody([creativeId], { channels: [channel.channel_id] }));
    const served = await vast(`slot=preroll&channelId=${channel.channel_id}`, newViewer());
    validateVast(served.body);
    expect(servedAdId(served.body)).toBe(creativeId);
    expect(vastTexts(served.body, 'Duration')).toEqual(['00:00:02']);
    expect(vastTexts(served.body, 'MediaFile')).toEqual([creative.mediaUrl]);
    expect(vastTexts(served.body, 'ClickThrough')).toEqual([
      'https://drinks.example.com/summer?utm=tv',
    ]);
  });

  it('refuses a file that is not video, and a bad click-through, in zh-TW with nothing saved', async () => {
    const { browser } = await marketer();
    const count = async () => ({
      creatives: (await db().selectFrom('ad_creative').select('creative_id').execute()).length,
      jobs: (await db().selectFrom('ingest_job').select('job_id').execute()).length,
    });
    const before = await count();
    const text = await upload(browser, Buffer.from('這不是影片\n'.repeat(50)), {
      filename: 'spot.mp4',
    });
    expect(text.status).toBe(415);
    expect(((await text.json()) as Envelope).status).toMatchObject({
      code: 'INGEST_NOT_MEDIA',
      message: expect.stringContaining('不是影音檔'),
    });
    const audio = fs.readFileSync(
      makeSource(path.join(dir, 'tone.m4a'), { size: '320x240', seconds: 1, video: false }),
    );
    const noVideo = await upload(browser, audio, { filename: 'tone.mp4' });
    expect(noVideo.status).toBe(415);
    expect(((await noVideo.json()) as Envelope).status.code).toBe('INGEST_NO_VIDEO');
    for (const bad of [
      'http://ads.example.com/',
      'javascript:alert(1)',
      'https://',
      'https://a b.com/',
      'https://user:pw@ads.example.com/',
    ]) {
      const res = await upload(browser, Buffer.from('x'), { filename: 'a.mp4', clickThrough: bad });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as Envelope).status.message, bad).toContain('https://');
    }
    expect(await count()).toEqual(before);

    const id = uid('ACBAD');
    await readyCreative(db(), id);
    const patched = await browser.call('PATCH', `${CREATIVES}/${id}`, {
      adTitle: '改名',
      advertiser: '星河',
      clickThrough: 'ftp://ads.example.com/',
    });
    expect(patched.statusCode).toBe(400);
    expect(JSON.stringify(patched.json().data.fields)).toContain('https://');
    const good = await browser.call('PATCH', `${CREATIVES}/${id}`, {
      adTitle: '改名',
      advertiser: '星河',
      clickThrough: 'https://ads.example.com/new',
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data.creative.clickThrough).toBe('https://ads.example.com/new');
  });

  it('creates and edits a campaign, audited; an end before the start, unknown titles, categories or channels and unready creatives are refused with nothing saved', async () => {
    const { browser, email } = await marketer();
    const id = uid('ACED');
    await readyCreative(db(), id);
    const campaign = await makeCampaign(browser, campaignBody([id]));
    expect(campaign).toMatchObject({
      status: 'running',
      createdBy: email,
      creatives: [{ creativeId: id }],
    });
    const saved = await db().selectFrom('ad_campaign').select('campaign_id').execute();

    const backwards = await browser.post(
      CAMPAIGNS,
      campaignBody([id], { startsAt: ctx.now.value + DAY, endsAt: ctx.now.value }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().data.fields).toContainEqual({
      name: 'endsAt',
      problem: '結束時間必須晚於開始時間',
    });
    const unknown = await browser.post(CAMPAIGNS, campaignBody([id], { channels: ['nochannel'] }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().status.message).toContain('找不到頻道');
    // Each target list names only the ids that exist nowhere: a category may be a main
    // category or a subcategory.
    const title = await newTitle(db());
    const [channel] = await db().selectFrom('channel').select('channel_id').execute();
    const mixed = await browser.post(
      CAMPAIGNS,
      campaignBody([id], {
        titles: [title.content_id, 'NOTITLE'],
        categories: [title.main_category_id, 'nocat', title.subcategory_id],
        channels: [channel!.channel_id],
      }),
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().data.fields).toEqual([
      { name: 'titles', problem: '找不到影片：NOTITLE' },
      { name: 'categories', problem: '找不到分類：nocat' },
    ]);
    await db()
      .insertInto('ad_creative')
      .values({
        ...(await db()
          .selectFrom('ad_creative')
          .selectAll()
          .where('creative_id', '=', id)
          .executeTakeFirstOrThrow()),
        creative_id: `${id}P`,
        state: 'processing',
      })
      .execute();
    const unready = await browser.post(CAMPAIGNS, campaignBody([`${id}P`]));
    expect(unready.statusCode).toBe(400);
    expect(unready.json().status.message).toContain('轉檔中');
    expect(await db().selectFrom('ad_campaign').select('campaign_id').execute()).toEqual(saved);

    const edited = await browser.call('PUT', `${CAMPAIGNS}/${campaign.campaignId}`, {
      ...campaignBody([id]),
      name: '夏季新品 第二波',
      state: 'paused',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.campaign).toMatchObject({
      name: '夏季新品 第二波',
      status: 'paused',
    });
    const trail = await auditOf(campaign.campaignId);
    expect(trail).toHaveLength(2);
    expect(JSON.parse(trail[1]!.after_json!)).toEqual({ name: '夏季新品 第二波', state: 'paused' });
  });

  it('targets: a channel campaign runs on that channel and not another; devices; pausing and the end stop it at once', async () => {
    const { browser } = await marketer();
    const [a, b] = [await newChannel(db()), await newChannel(db())];
    const id = uid('ACTG');
    await readyCreative(db(), id);
    const campaign = await makeCampaign(
      browser,
      campaignBody([id], { channels: [a.channel_id], endsAt: ctx.now.value + 600 }),
    );
    const viewer = newViewer();
    expect(servedAdId((await vast(`channelId=${a.channel_id}`, viewer)).body)).toBe(id);
    const elsewhere = await vast(`channelId=${b.channel_id}`, viewer);
    expect(servedAdId(elsewhere.body)).toBeNull();
    validateVast(elsewhere.body);
    // Not in a title's break either, nor in a mid-roll (the campaign is pre-roll only).
    const title = await newTitle(db(), { sell_type: 'AVOD' });
    expect(servedAdId((await vast(`contentId=${title.content_id}`, viewer)).body)).toBeNull();
    expect(
      servedAdId((await vast(`slot=midroll&channelId=${a.channel_id}`, viewer)).body),
    ).toBeNull();

    // Devices: an iPhone campaign on the title's category.
    const phone = uid('ACPH');
    await readyCreative(db(), phone);
    await makeCampaign(
      browser,
      campaignBody([phone], { categories: [title.main_category_id!], devices: ['iPhone'] }),
    );
    expect(servedAdId((await vast(`contentId=${title.content_id}`, viewer, IPHONE)).body)).toBe(
      phone,
    );
    expect(servedAdId((await vast(`contentId=${title.content_id}`, viewer)).body)).toBeNull();

    // Paused: the next request no longer gets it.
    await browser.call('PUT', `${CAMPAIGNS}/${campaign.campaignId}`, {
      ...campaignBody([id], { channels: [a.channel_id], endsAt: ctx.now.value + 600 }),
      state: 'paused',
    });
    expect(servedAdId((await vast(`channelId=${a.channel_id}`, viewer)).body)).toBeNull();
    await browser.call('PUT', `${CAMPAIGNS}/${campaign.campaignId}`, {
      ...campaignBody([id], { channels: [a.channel_id], endsAt: ctx.now.value + 600 }),
    });
    expect(servedAdId((await vast(`channelId=${a.channel_id}`, viewer)).body)).toBe(id);
    const saved = ctx.now.value;
    ctx.now.value += 601;
    try {
      expect(servedAdId((await vast(`channelId=${a.channel_id}`, viewer)).body)).toBeNull();
    } finally {
      ctx.now.value = saved;
    }
  });

  it('holds the daily frequency cap per viewer, falls back to the seeded creatives, and counts the figures', async () => {
    const { browser } = await marketer();
    const channel = await newChannel(db());
    const id = uid('ACCAP');
    await readyCreative(db(), id);
    await db()
      .insertInto('ad_creative')
      .values({
        ...(await db()
          .selectFrom('ad_creative')
          .selectAll()
          .where('creative_id', '=', id)
          .executeTakeFirstOrThrow()),
        creative_id: uid('HOUSE'),
        target_kind: 'channel',
        target_id: channel.channel_id,
        cap_per_hour: 100,
      })
      .execute();
    const campaign = await makeCampaign(
      browser,
      campaignBody([id], { channels: [channel.channel_id], capPerDay: 2 }),
    );
    const viewer = newViewer();
    const impress = async () => {
      const res = await vast(`channelId=${channel.channel_id}`, viewer);
      if (servedAdId(res.body) === id) {
        for (const e of ['impression', 'firstQuartile', 'midpoint']) {
          expect((await ctx.app.inject(trackingUrl(res.body, e))).statusCode).toBe(204);
        }
      }
      return servedAdId(res.body);
    };
    expect(await impress()).toBe(id);
    expect(await impress()).toBe(id);
    // Capped: the seeded fallback answers for this viewer; another viewer still gets it.
    expect(await impress()).toMatch(/^HOUSE/);
    expect(servedAdId((await vast(`channelId=${channel.channel_id}`, newViewer())).body)).toBe(id);

    const last = await vast(`channelId=${channel.channel_id}`, newViewer());
    for (const e of ['impression', 'complete', 'thirdQuartile'])
      await ctx.app.inject(trackingUrl(last.body, e));
    await ctx.app.inject(trackingUrl(last.body, 'error').replace('%5BERRORCODE%5D', '405'));

    const range = `from=${ctx.now.value - DAY}&to=${ctx.now.value + DAY}`;
    const figures = (
      await browser.get(`${CAMPAIGNS}/figures?${range}&campaignId=${campaign.campaignId}`)
    ).json().data.figures;
    expect(figures).toEqual([
      {
        campaignId: campaign.campaignId,
        name: campaign.name,
        served: 4,
        impressions: 3,
        firstQuartile: 2,
        midpoint: 2,
        thirdQuartile: 1,
        complete: 1,
        errors: 1,
        clicks: 0,
      },
    ]);
    const before = (
      await browser.get(
        `${CAMPAIGNS}/figures?from=0&to=${ctx.now.value - DAY}&campaignId=${campaign.campaignId}`,
      )
    ).json().data.figures;
    expect(before[0]).toMatchObject({ served: 0, impressions: 0 });

    // The next Asia/Taipei day the cap starts again.
    const saved = ctx.now.value;
    ctx.now.value += DAY;
    try {
      expect(await impress()).toBe(id);
    } finally {
      ctx.now.value = saved;
    }
  });

  it('refuses every call to roles other than marketing and admin (the auditor reads), to customers and to nobody', async () => {
    const { browser } = await marketer();
    const id = uid('ACRL');
    await readyCreative(db(), id);
    const campaign = await makeCampaign(browser, campaignBody([id]));
    const count = async () =>
      (await db().selectFrom('audit_entry').select('audit_id').execute()).length;
    const before = await count();
    const calls = (b: ConsoleBrowser) => [
      () => b.post(CAMPAIGNS, campaignBody([id])),
      () => b.call('PUT', `${CAMPAIGNS}/${campaign.campaignId}`, campaignBody([id])),
      () =>
        b.call('PATCH', `${CREATIVES}/${id}`, { adTitle: 'x', advertiser: 'x', clickThrough: '' }),
    ];
    const reads = [
      CAMPAIGNS,
      `${CAMPAIGNS}/${campaign.campaignId}`,
      CREATIVES,
      `${CREATIVES}/${id}`,
      `${CAMPAIGNS}/figures?from=0&to=10`,
    ];
    const roles: StaffRole[] = ['content_editor', 'channel_scheduler', 'customer_care', 'auditor'];
    for (const role of roles) {
      const staff = await signedInStaff(ctx, [role]);
      for (const change of calls(staff.browser)) {
        const res = await change();
        expect(res.statusCode, role).toBe(403);
        expect(res.json().status.code).toBe('STAFF_FORBIDDEN');
      }
      for (const url of reads) {
        expect((await staff.browser.get(url)).statusCode, `${role} ${url}`).toBe(
          role === 'auditor' ? 200 : 403,
        );
      }
      const up = await upload(staff.browser, Buffer.from('x'), { filename: 'a.mp4' });
      expect(up.status, role).toBe(403);
    }
    const member = await newMember(ctx.app);
    for (const url of reads) {
      expect(
        (await ctx.app.inject({ url, cookies: Object.fromEntries(member.browser.cookies) }))
          .statusCode,
      ).toBe(401);
      expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    }
    const nobody = await ctx.app.inject({
      method: 'POST',
      url: CAMPAIGNS,
      payload: campaignBody([id]),
    });
    expect([401, 403]).toContain(nobody.statusCode);
    expect(await count()).toBe(before);
    const admin = await signedInStaff(ctx, ['admin']);
    expect((await admin.browser.post(CAMPAIGNS, campaignBody([id]))).statusCode).toBe(200);
  });
});
