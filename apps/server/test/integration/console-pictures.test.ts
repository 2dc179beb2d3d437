import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { consoleTitleSchema } from '@site/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTitle, signedInStaff, useTestApp } from '../support/index.js';
import type { ConsoleBrowser } from '../support/console.js';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-pictures-'));
fs.mkdirSync(path.join(mediaDir, 'images'), { recursive: true });
fs.mkdirSync(path.join(mediaDir, 'ads'), { recursive: true });
const ctx = useTestApp({ env: { MEDIA_DIR: mediaDir } });
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

let editor: ConsoleBrowser;
let reader: ConsoleBrowser;

beforeAll(async () => {
  await newTitle(ctx.database.db, { content_id: 'PIC001' });
  editor = (await signedInStaff(ctx, ['content_editor'])).browser;
  reader = (await signedInStaff(ctx, ['marketing'])).browser;
});

/** A multipart body: `version` first, then the file, as the console's FormData sends them. */
function form(version: number | null, file: Buffer, filename: string, type: string) {
  const boundary = `----console${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (version !== null) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="version"\r\n\r\n${version}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `content-type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    body: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  browser: ConsoleBrowser,
  kind: string,
  version: number | null,
  file: Buffer,
  filename = 'picture.png',
  type = 'image/png',
) {
  const { body, headers } = form(version, file, filename, type);
  return browser.call('POST', `/console/api/titles/PIC001/pictures/${kind}`, body, headers);
}

async function current() {
  const res = await editor.get('/console/api/titles/PIC001');
  return consoleTitleSchema.parse(res.json().data.title);
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } });

describe('title pictures (issue 22)', () => {
  it('takes a real image, resizes it to the size pages show, stores it under its hash', async () => {
    const seen = await current();
    const res = await upload(
      editor,
      'poster',
      seen.version,
      await picture(700, 1000).png().toBuffer(),
    );
    expect(res.statusCode, res.body).toBe(200);
    const title = consoleTitleSchema.parse(res.json().data.title);
    expect(title.posterPath).toMatch(/^images\/titles\/posters\/[0-9a-f]{32}\.jpg$/);
    expect(title.version).toBe(seen.version + 1);
    const stored = await sharp(path.join(mediaDir, title.posterPath)).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 320, height: 480 });
    const served = await ctx.app.inject(`/media/${title.posterPath}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The customer face shows it.
    const detail = await ctx.app.inject(
      '/ajax/ajaxFindVideoDetail.do?contentId=PIC001&otherId=PIC001',
    );
    expect(detail.body).toContain(title.posterPath);
    const audit = await ctx.database.db
      .selectFrom('audit_entry')
      .selectAll()
      .where('entity_id', '=', 'PIC001')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toEqual({ posterPath: title.posterPath });
    expect(audit.call).toBe('POST /console/api/titles/:contentId/pictures/:kind');

    const still = await upload(
      editor,
      'still',
      title.version,
      await picture(1920, 1080).webp().toBuffer(),
      'a.webp',
      'image/webp',
    );
    expect(still.statusCode, still.body).toBe(200);
    const withStill = consoleTitleSchema.parse(still.json().data.title);
    expect(await sharp(path.join(mediaDir, withStill.stillPath)).metadata()).toMatchObject({
      width: 960,
      height: 540,
    });
    const banner = await upload(
      editor,
      'banner',
      withStill.version,
      await picture(1600, 900).jpeg().toBuffer(),
      'b.jpg',
      'image/jpeg',
    );
    expect(banner.statusCode, banner.body).toBe(200);
    const withBanner = consoleTitleSchema.parse(banner.json().data.title);
    expect(withBanner.bannerPath).toMatch(/^images\/titles\/banners\/[0-9a-f]{32}\.jpg$/);
    expect(await sharp(path.join(mediaDir, withBanner.bannerPath!)).metadata()).toMatchObject({
      width: 1200,
      height: 630,
    });
  });

  it('refuses a file that is not an image, whatever its name says, with a zh-TW reason', async () => {
    const seen = await current();
    const res = await upload(
      editor,
      'poster',
      seen.version,
      Buffer.from('這不是圖片，只是改了副檔名的文字。'),
      'fake.jpg',
      'image/jpeg',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().status.code).toBe('BAD_INPUT');
    expect(res.json().data.fields).toEqual([
      { name: 'file', problem: '這個檔案不是可以讀取的圖片。' },
    ]);
    expect((await current()).version).toBe(seen.version);
  });

  it('refuses another type, a picture smaller than shown, an oversized file and a missing version', async () => {
    const seen = await current();
    const gif = await upload(
      editor,
      'poster',
      seen.version,
      await picture(400, 600).gif().toBuffer(),
      'a.gif',
      'image/gif',
    );
    expect(gif.json().data.fields).toEqual([
      { name: 'file', problem: '只接受 JPEG、PNG 或 WebP 圖片。' },
    ]);
    const small = await upload(
      editor,
      'poster',
      seen.version,
      await picture(100, 150).png().toBuffer(),
    );
    expect(small.json().data.fields).toEqual([
      { name: 'file', problem: '圖片至少要 320×480 像素。' },
    ]);
    const big = await upload(editor, 'poster', seen.version, Buffer.alloc(9 * 1024 * 1024, 1));
    expect(big.statusCode).toBe(400);
    expect(big.json().data.fields).toEqual([{ name: 'file', problem: '圖片檔案不能超過 8 MB。' }]);
    const noVersion = await upload(
      editor,
      'poster',
      null,
      await picture(400, 600).png().toBuffer(),
    );
    expect(noVersion.statusCode).toBe(400);
    const stale = await upload(
      editor,
      'poster',
      seen.version - 1,
      await picture(400, 600).png().toBuffer(),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().status.code).toBe('STALE_EDIT');
    const kind = await upload(
      editor,
      'icon',
      seen.version,
      await picture(400, 600).png().toBuffer(),
    );
    expect(kind.statusCode).toBe(400);
    const json = await editor.post('/console/api/titles/PIC001/pictures/poster', {
      version: seen.version,
    });
    expect(json.statusCode).toBeLessThan(500);
    expect(json.json().status.code).toMatch(/^(BAD_INPUT|UNSUPPORTED_MEDIA_TYPE)$/);
    expect((await current()).version).toBe(seen.version);
  });

  it('lets only content editors upload', async () => {
    const seen = await current();
    const res = await upload(
      reader,
      'poster',
      seen.version,
      await picture(400, 600).png().toBuffer(),
    );
    expect(res.statusCode).toBe(403);
  });
});
