import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestSettings } from '../../src/modules/ingest/settings.js';
import { IngestWorker } from '../../src/modules/ingest/worker.js';
import { makeSource } from '../support/ingest.js';
import { signedInStaff, useTestApp, type ConsoleBrowser } from '../support/index.js';

/*
 * Issue 22 item 5: an SRT uploaded in the console, named in a video upload's tus metadata,
 * becomes the finished clip's HLS subtitle rendition; the files go with the source.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-subtitles-'));
const uploadDir = path.join(dir, 'uploads');
const mediaDir = path.join(dir, 'media');
const ctx = useTestApp({
  env: {
    INGEST_UPLOAD_DIR: uploadDir,
    MEDIA_DIR: mediaDir,
    CONTENT_KEYS_DIR: path.join(dir, 'keys'),
  },
});
let origin = '';
let editor: ConsoleBrowser;
let reader: ConsoleBrowser;
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  editor = (await signedInStaff(ctx, ['content_editor'])).browser;
  reader = (await signedInStaff(ctx, ['auditor'])).browser;
  await editor.get('/console/api/session');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const UPLOADS = '/console/api/media/uploads';
const SRT =
  '1\n00:00:00,500 --> 00:00:01,500\n第一句字幕\n\n2\n00:00:01,600 --> 00:00:01,900\n第二句\n';

function form(file: Buffer, filename: string) {
  const boundary = `----console${Math.random().toString(16).slice(2)}`;
  return {
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\n` +
          `content-type: application/x-subrip\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const uploadSrt = (browser: ConsoleBrowser, text: string | Buffer, filename = '中文.srt') => {
  const { body, headers } = form(Buffer.from(text), filename);
  return browser.call('POST', '/console/api/media/subtitles', body, headers);
};

function tusHeaders(browser: ConsoleBrowser, extra: Record<string, string> = {}) {
  return {
    cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-csrf-token': browser.cookies.get('console_csrf') ?? '',
    'tus-resumable': '1.0.0',
    ...extra,
  };
}

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

const createUpload = (size: number, fields: Record<string, string>) =>
  fetch(`${origin}${UPLOADS}`, {
    method: 'POST',
    headers: tusHeaders(editor, {
      'upload-length': String(size),
      'upload-metadata': metadata(fields),
    }),
  });

describe('subtitles uploaded with a video (issue 22)', () => {
  it('refuses what is not SRT, too big, and a reader', async () => {
    const bad = await uploadSrt(editor, 'not subtitles at all');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.code).toBe('INGEST_BAD_SUBTITLES');
    expect(bad.json().status.message).toMatch(/SRT/);
    const notSrt = await uploadSrt(editor, SRT, 'subs.txt');
    expect(notSrt.json().status.code).toBe('INGEST_BAD_SUBTITLES');
    const big = await uploadSrt(editor, Buffer.alloc(2 * 1024 * 1024 + 1, 0x41));
    expect(big.statusCode).toBe(400);
    expect(big.json().status.code).toBe('INGEST_BAD_SUBTITLES');
    expect((await uploadSrt(reader, SRT)).statusCode).toBe(403);
  });

  it('refuses upload metadata naming an unknown or malformed subtitle', async () => {
    const unknown = await createUpload(1000, {
      filename: 'a.mp4',
      subtitles: 'zh-TW:sub-0123456789abcdef:中文',
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { status: { code: string } }).status.code).toBe(
      'INGEST_BAD_SUBTITLES',
    );
    for (const subtitles of ['zh_TW!:sub-0123456789abcdef:中文', 'zh-TW:../../etc:中文']) {
      const res = await createUpload(1000, { filename: 'a.mp4', subtitles });
      expect(res.status, subtitles).toBe(400);
    }
    const { subtitleId } = (await uploadSrt(editor, SRT)).json().data;
    const long = await createUpload(1000, {
      filename: 'a.mp4',
      subtitles: `zh-TW:${subtitleId}:${'長'.repeat(21)}`,
    });
    expect(long.status).toBe(400);
  });

  it('turns the SRT into the clip subtitle rendition, then removes the files', async () => {
    const up = await uploadSrt(editor, SRT);
    expect(up.statusCode, up.body).toBe(200);
    const { subtitleId } = up.json().data as { subtitleId: string };
    expect(subtitleId).toMatch(/^sub-[0-9a-f]{16}$/);
    const srtFile = path.join(uploadDir, 'subtitles', `${subtitleId}.srt`);
    expect(fs.existsSync(srtFile)).toBe(true);

    const source = fs.readFileSync(
      makeSource(path.join(dir, 'src.mp4'), { size: '320x240', seconds: 2 }),
    );
    const created = await createUpload(source.length, {
      filename: 'ep1.mp4',
      subtitles: `zh-TW:${subtitleId}:繁體中文`,
    });
    expect(created.status).toBe(201);
    const last = await fetch(new URL(created.headers.get('location')!, origin), {
      method: 'PATCH',
      headers: tusHeaders(editor, {
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      }),
      body: source,
    });
    expect(last.status).toBe(200);
    const jobId = last.headers.get('upload-job-id')!;

    const worker = new IngestWorker(ctx.database.db, {
      ...ingestSettings(ctx.config),
      preset: 'ultrafast',
      pollMs: 100,
    });
    worker.start();
    let job: { state: string; result: { clipId: string } } | undefined;
    try {
      for (let i = 0; i < 600 && job?.state !== 'done'; i += 1) {
        job = (await editor.get(`/console/api/media/jobs/${jobId}`)).json().data.job;
        expect(['queued', 'running', 'done']).toContain(job!.state);
        if (job!.state !== 'done') await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await worker.stop();
    }
    expect(job?.state).toBe('done');
    const clip = path.join(mediaDir, 'clips', job!.result.clipId);
    const master = fs.readFileSync(path.join(clip, 'master.m3u8'), 'utf8');
    const media = master.split('\n').find((l) => l.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'));
    expect(media).toContain('NAME="繁體中文"');
    expect(media).toContain('LANGUAGE="zh-TW"');
    const uri = /URI="([^"]+)"/.exec(media!)![1]!;
    expect(master).toContain('SUBTITLES="subs"');
    const playlist = fs.readFileSync(path.join(clip, uri), 'utf8');
    expect(playlist).toContain('subtitles.vtt');
    const vtt = fs.readFileSync(path.join(clip, path.dirname(uri), 'subtitles.vtt'), 'utf8');
    expect(vtt).toMatch(/^WEBVTT\n/);
    expect(vtt).toContain('00:00:00.500 --> 00:00:01.500\n第一句字幕');
    // Gone with the source.
    expect(fs.existsSync(srtFile)).toBe(false);
  });

  it('removes the subtitle files with the source when the job is cancelled', async () => {
    const { subtitleId } = (await uploadSrt(editor, SRT)).json().data as { subtitleId: string };
    const srtFile = path.join(uploadDir, 'subtitles', `${subtitleId}.srt`);
    const source = fs.readFileSync(
      makeSource(path.join(dir, 'src2.mp4'), { size: '320x240', seconds: 2 }),
    );
    const created = await createUpload(source.length, {
      filename: 'ep2.mp4',
      subtitles: `en:${subtitleId}:English`,
    });
    const last = await fetch(new URL(created.headers.get('location')!, origin), {
      method: 'PATCH',
      headers: tusHeaders(editor, {
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      }),
      body: source,
    });
    const jobId = last.headers.get('upload-job-id')!;
    expect(fs.existsSync(srtFile)).toBe(true);
    const cancelled = await editor.post(`/console/api/media/jobs/${jobId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(fs.existsSync(srtFile)).toBe(false);
  });
});
