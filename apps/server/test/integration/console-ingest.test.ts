import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestSettings } from '../../src/modules/ingest/settings.js';
import { IngestWorker } from '../../src/modules/ingest/worker.js';
import { makeSource } from '../support/ingest.js';
import {
  TestBrowser,
  newEntitlement,
  newMember,
  newTitle,
  signedInStaff,
  useTestApp,
  type ConsoleBrowser,
} from '../support/index.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-ingest-'));
const uploadDir = path.join(dir, 'uploads');
const ctx = useTestApp({
  env: {
    INGEST_UPLOAD_DIR: uploadDir,
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

const UPLOADS = '/console/api/media/uploads';

/** tus requests over real HTTP with the browser's console cookies and CSRF header. */
function tusHeaders(browser: ConsoleBrowser, extra: Record<string, string> = {}) {
  return {
    cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrf-token': browser.cookies.get('console_csrf') ?? '',
    'tus-resumable': '1.0.0',
    ...extra,
  };
}

function metadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
}

async function createUpload(
  browser: ConsoleBrowser,
  size: number,
  filename: string,
  encrypt: 'Y' | 'N' = 'N',
) {
  const res = await fetch(`${origin}${UPLOADS}`, {
    method: 'POST',
    headers: tusHeaders(browser, {
      'upload-length': String(size),
      'upload-metadata': metadata({ filename, encrypt }),
    }),
  });
  return res;
}

/** Uploads a short source and runs the real queue until its job is done; the job. */
async function ingest(browser: ConsoleBrowser, name: string, encrypt: 'Y' | 'N') {
  const source = fs.readFileSync(makeSource(path.join(dir, name), { size: '320x240', seconds: 2 }));
  const created = await createUpload(browser, source.length, name, encrypt);
  const location = created.headers.get('location')!;
  const jobId = (await patch(browser, location, 0, source)).headers.get('upload-job-id')!;
  const worker = new IngestWorker(ctx.database.db, {
    ...ingestSettings(ctx.config),
    preset: 'ultrafast',
    pollMs: 100,
  });
  worker.start();
  try {
    for (let i = 0; i < 600; i += 1) {
      const { job } = (await browser.get(`/console/api/media/jobs/${jobId}`)).json().data;
      if (job.state === 'done') return job as { jobId: string; result: { clipId: string } };
      expect(['queued', 'running']).toContain(job.state);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('job not done');
  } finally {
    await worker.stop();
  }
}

async function patch(browser: ConsoleBrowser, location: string, offset: number, body: Buffer) {
  return fetch(new URL(location, origin), {
    method: 'PATCH',
    headers: tusHeaders(browser, {
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    }),
    body,
  });
}

describe('resumable upload of a source video (issue 22)', () => {
  it('takes a video in two pieces (resumed after asking the offset) and queues its job, audited', async () => {
    const { browser, email } = await signedInStaff(ctx, ['content_editor']);
    const source = fs.readFileSync(
      makeSource(path.join(dir, 'src.mp4'), { size: '320x240', seconds: 2 }),
    );
    const created = await createUpload(browser, source.length, '預告片 final.mp4');
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(new URL(location, origin).pathname).toMatch(
      /^\/console\/api\/media\/uploads\/[0-9a-f]{32}$/,
    );

    const half = Math.floor(source.length / 2);
    expect((await patch(browser, location, 0, source.subarray(0, half))).status).toBe(204);
    // The connection "dropped": ask where to go on from.
    const head = await fetch(new URL(location, origin), {
      method: 'HEAD',
      headers: tusHeaders(browser),
    });
    expect(head.headers.get('upload-offset')).toBe(String(half));
    const last = await patch(browser, location, half, source.subarray(half));
    expect(last.status).toBe(200);
    const jobId = last.headers.get('upload-job-id')!;
    expect(((await last.json()) as { data: unknown }).data).toEqual({ jobId });

    const jobs = await browser.get('/console/api/media/jobs');
    const job = jobs.json().data.jobs.find((j: { jobId: string }) => j.jobId === jobId);
    expect(job).toMatchObject({
      state: 'queued',
      sourceName: '預告片 final.mp4',
      createdBy: email,
      encrypt: false,
    });
    const trail = await ctx.database.db
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity', '=', 'media_job')
      .where('entity_id', '=', jobId)
      .execute();
    expect(trail).toHaveLength(1);

    const cancelled = await browser.post(`/console/api/media/jobs/${jobId}/cancel`);
    expect(cancelled.json().data.job.state).toBe('cancelled');
    // A cancelled job's upload is removed (a done one's too, by the worker).
    expect(fs.existsSync(path.join(uploadDir, location.split('/').pop()!))).toBe(false);
    const again = await browser.post(`/console/api/media/jobs/${jobId}/cancel`);
    expect(again.statusCode).toBe(409);
  });

  it('refuses a file that is not video, and keeps nothing of it', async () => {
    const { browser } = await signedInStaff(ctx, ['content_editor']);
    const text = Buffer.from('這不是影片，只是一段文字。\n'.repeat(50));
    const created = await createUpload(browser, text.length, 'movie.mp4');
    const location = created.headers.get('location')!;
    const res = await patch(browser, location, 0, text);
    expect(res.status).toBe(415);
    const body = (await res.json()) as { status: { code: string } };
    expect(body.status.code).toBe('INGEST_NOT_MEDIA');
    const id = location.split('/').pop()!;
    expect(fs.existsSync(path.join(uploadDir, id))).toBe(false);
  });

  it('refuses a zero-byte file and an upload that is not named as a video', async () => {
    const { browser } = await signedInStaff(ctx, ['content_editor']);
    const empty = await createUpload(browser, 0, 'empty.mp4');
    // A zero-length upload is complete at creation: refused there.
    expect([400, 415]).toContain(empty.status);
    expect(((await empty.json()) as { status: { code: string } }).status.code).toBe(
      'INGEST_EMPTY_FILE',
    );
    const named = await createUpload(browser, 10, 'notes.txt');
    expect(named.status).toBe(415);
    expect(((await named.json()) as { status: { message: string } }).status.message).toContain(
      '請上傳影片檔',
    );
  });

  it('refuses uploads to staff whose roles may not ingest, and without the CSRF proof', async () => {
    const marketing = await signedInStaff(ctx, ['marketing']);
    const refused = await createUpload(marketing.browser, 100, 'a.mp4');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { status: { code: string } }).status.code).toBe(
      'STAFF_FORBIDDEN',
    );

    const editor = await signedInStaff(ctx, ['content_editor']);
    const noCsrf = await fetch(`${origin}${UPLOADS}`, {
      method: 'POST',
      headers: { ...tusHeaders(editor.browser), 'x-csrf-token': 'nope', 'upload-length': '10' },
    });
    expect(noCsrf.status).toBe(403);
    const nobody = await fetch(`${origin}${UPLOADS}`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(nobody.status).toBe(403);
  });
});

describe('a finished clip attached to a title', () => {
  it("becomes the title's video on the version seen, audited, and is what the play right hands out", async () => {
    const { browser } = await signedInStaff(ctx, ['content_editor']);
    const title = await newTitle(ctx.database.db, { sell_type: 'FREE' });
    const contentId = String(title.content_id);
    // A job that has not run yet cannot be attached.
    const queued = fs.readFileSync(
      makeSource(path.join(dir, 'early.mp4'), { size: '320x240', seconds: 1 }),
    );
    const created = await createUpload(browser, queued.length, 'early.mp4');
    const early = await browser.post(`/console/api/titles/${contentId}/clip`, {
      jobId: (await patch(browser, created.headers.get('location')!, 0, queued)).headers.get(
        'upload-job-id',
      )!,
      use: 'main',
      version: 0,
    });
    expect(early.statusCode).toBe(409);

    const job = await ingest(browser, 'attach.mp4', 'N');
    const { jobId } = job;
    const attached = await browser.post(`/console/api/titles/${contentId}/clip`, {
      jobId,
      use: 'main',
      version: 0,
    });
    expect(attached.statusCode).toBe(200);
    expect(attached.json().data).toEqual({ contentId, clipId: job.result.clipId, version: 1 });
    const stale = await browser.post(`/console/api/titles/${contentId}/clip`, {
      jobId,
      use: 'trailer',
      version: 0,
    });
    expect(stale.json().status.code).toBe('STALE_EDIT');
    const auditor = await signedInStaff(ctx, ['auditor']);
    const trail = await auditor.browser.get(
      `/console/api/audit?entity=title&entityId=${contentId}`,
    );
    expect(trail.json().data.entries[0]).toMatchObject({
      call: 'POST /console/api/titles/:contentId/clip',
      after: { clipId: job.result.clipId },
    });

    // The customer's play right now hands out the new clip.
    const member = new TestBrowser(ctx.app);
    const right = await member.get(`/ajax/ajaxFindVideoPlayRight.do?contentId=${contentId}`);
    expect(JSON.stringify(right.json().data)).toContain(`/stream/${job.result.clipId}/`);
  }, 60_000);
});

describe('a paid title on an encrypted clip made by ingest', () => {
  it('plays only with the right: its key goes to the member who holds it, never to another', async () => {
    const { browser } = await signedInStaff(ctx, ['content_editor']);
    const job = await ingest(browser, 'paid.mp4', 'Y');
    const clipId = job.result.clipId;
    expect(fs.readFileSync(path.join(dir, 'keys', `${clipId}.key`))).toHaveLength(16);
    const title = await newTitle(ctx.database.db, { sell_type: 'BUY', dtr_price: 120 });
    const contentId = String(title.content_id);
    const attached = await browser.post(`/console/api/titles/${contentId}/clip`, {
      jobId: job.jobId,
      use: 'main',
      version: 0,
    });
    expect(attached.statusCode).toBe(200);

    const buyer = await newMember(ctx.app);
    const stranger = await newMember(ctx.app);
    await newEntitlement(ctx.database.db, {
      accountId: buyer.accountId,
      contentId,
      kind: 'buy',
      grantedAt: ctx.now.value,
    });
    const cookie = (who: typeof buyer) => `sid=${who.browser.cookies.get('sid')}`;
    const get = (target: string, who: typeof buyer) =>
      fetch(new URL(target, origin), { headers: { cookie: cookie(who) } });

    const refused = await stranger.browser.get(
      `/ajax/ajaxFindVideoPlayRight.do?contentId=${contentId}`,
    );
    expect(JSON.stringify(refused.json())).not.toContain(`/stream/${clipId}/`);

    const right = await buyer.browser.get(`/ajax/ajaxFindVideoPlayRight.do?contentId=${contentId}`);
    const videoUrl = right.json().data.videoUrl as string;
    expect(videoUrl).toContain(`/stream/${clipId}/`);
    const master = await (await get(videoUrl, buyer)).text();
    const variantPath = master.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const variant = await (
      await get(new URL(variantPath, new URL(videoUrl, origin)).pathname, buyer)
    ).text();
    const keyUri = /#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)"/.exec(variant)![1]!;
    const keyPath = new URL(keyUri, new URL(variantPath, new URL(videoUrl, origin))).pathname;
    const key = await get(keyPath, buyer);
    expect(key.status).toBe(200);
    expect(Buffer.from(await key.arrayBuffer())).toEqual(
      fs.readFileSync(path.join(dir, 'keys', `${clipId}.key`)),
    );
    const stolen = await get(keyPath, stranger);
    expect(stolen.status).toBeGreaterThanOrEqual(400);
    expect(stolen.status).toBeLessThan(500);
  }, 60_000);
});
