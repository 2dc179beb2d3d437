import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { playRightReplySchema } from '@site/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';
import { ContentKeyStore } from '../../src/modules/media/content-keys.js';
import { StreamSigner } from '../../src/modules/media/stream-urls.js';
import { newEntitlement, newMember, newTitle, useTestApp } from '../support/index.js';
import { listenOnLoopback, rawRequest } from '../support/raw-http.js';

const PLAY_RIGHT = '/ajax/ajaxFindVideoPlayRight.do';
const CLIP = 'clip-b-enc';
const clipsDir = path.join(repoRoot, 'fixtures/media/clips');
const demoKey = fs.readFileSync(path.join(repoRoot, 'fixtures/media/keys', `${CLIP}.key`));
const GRANTED =
  /^(\/stream\/clip-b-enc\/(\d+)\/[\w-]{32}\/)grant\/([\w-]+)\/([\w-]{32})\/master\.m3u8$/;

type Member = Awaited<ReturnType<typeof newMember>>;

/** The first top-level MP4 box type of a buffer ('' when the bytes are no box). */
function firstBox(buf: Buffer): string {
  const type = buf.toString('latin1', 4, 8);
  return /^[a-z]{4}$/.test(type) && buf.readUInt32BE(0) >= 8 ? type : '';
}

/**
 * Issue 12 item 5 over real HTTP: AES-128 content keys only for a session of the account a
 * grant names that still holds the play right; tampered, expired, foreign and logged-out
 * requests refused; segments the same for everyone and encrypted; no spelling of a /stream or
 * /media path reaches a key or a file outside its root (docs/adr/0023).
 */
describe('protected streams', () => {
  const ctx = useTestApp({ seed: true });
  let port = 0;
  let member: Member;
  let stranger: Member;
  const db = () => ctx.database.db;
  const sid = (who: Member) => `sid=${who.browser.cookies.get('sid')}`;
  const get = (target: string, cookie?: string) =>
    rawRequest(port, target, cookie ? { headers: { cookie } } : {});
  /** Bytes of a reply (rawRequest reads text); canonical targets only. */
  const bytes = async (target: string, cookie?: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${target}`, {
      headers: cookie ? { cookie } : {},
    });
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
  };
  const playUrl = async (who: Member, contentId: string) => {
    const res = await who.browser.get(`${PLAY_RIGHT}?contentId=${contentId}`);
    expect(res.statusCode, res.body).toBe(200);
    return playRightReplySchema.parse(res.json()).data.videoUrl;
  };
  /** A signer with the app's secret and clock, for URLs a play right would not hand out. */
  const signer = () =>
    new StreamSigner(
      ctx.config.STREAM_SIGNING_SECRET,
      ctx.config.STREAM_URL_TTL_SECONDS,
      () => ctx.now.value,
      new ContentKeyStore(ctx.config.CONTENT_KEYS_DIR),
    );

  beforeAll(async () => {
    port = await listenOnLoopback(ctx.app);
    member = await newMember(ctx.app);
    stranger = await newMember(ctx.app);
    for (const id of ['PS-BUY1', 'PS-BUY2', 'PS-RENT1', 'PS-GONE']) {
      await newTitle(db(), { content_id: id, sell_type: 'BUY', dtr_price: 250, clip_id: CLIP });
      await newEntitlement(db(), {
        accountId: member.accountId,
        contentId: id,
        kind: id === 'PS-RENT1' ? 'rent' : 'buy',
        grantedAt: ctx.now.value,
      });
    }
    await newTitle(db(), { content_id: 'PS-FREE', clip_id: 'clip-a' });
  });

  it('seeds every paid title on the encrypted clip and every free or AVOD one in the clear', async () => {
    const rows = await db()
      .selectFrom('title')
      .select(['sell_type', 'clip_id', 'trailer_clip_id'])
      .where('content_id', 'not like', 'PS-%')
      .where('kind', '!=', 'series')
      .execute();
    for (const row of rows) {
      if (row.sell_type === 'FREE' || row.sell_type === 'AVOD') expect(row.clip_id).not.toBe(CLIP);
      else expect(row.clip_id).toBe(CLIP);
      expect(row.trailer_clip_id).not.toBe(CLIP);
    }
  });

  it('hands a viewer their own path for an encrypted clip, the shared one for a clear clip', async () => {
    const url = await playUrl(member, 'PS-BUY1');
    expect(url).toMatch(GRANTED);
    expect(GRANTED.exec(url)![3]).toBe('PS-BUY1');
    expect(await playUrl(member, 'PS-FREE')).toMatch(
      /^\/stream\/clip-a\/\d+\/[\w-]{32}\/master\.m3u8$/,
    );
  });

  it('plays: granted playlists point segments at the shared prefix and the key at the viewer', async () => {
    const url = await playUrl(member, 'PS-BUY1');
    const [, shared, , , grant] = GRANTED.exec(url)!;
    const granted = url.slice(0, -'master.m3u8'.length);
    const master = await get(url, sid(member));
    expect(master.status).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toBe('private, no-store');
    expect(master.body).toContain(`\n${granted}v0/index.m3u8\n`);
    expect(master.body).toContain(`URI="${granted}subs/zh/index.m3u8"`);

    const variant = await get(`${granted}v0/index.m3u8`, sid(member));
    expect(variant.status).toBe(200);
    const lines = variant.body.split('\n');
    expect(lines).toContain(`#EXT-X-MAP:URI="${shared}v0/init_0.mp4"`);
    const keyTags = lines.filter((l) => l.startsWith('#EXT-X-KEY:'));
    expect(keyTags.length).toBe(15);
    for (const tag of keyTags)
      expect(tag).toMatch(
        new RegExp(`^#EXT-X-KEY:METHOD=AES-128,URI="${granted}content\\.key",IV=0x[0-9a-f]{32}$`),
      );
    const segments = lines.filter((l) => l.endsWith('.m4s'));
    expect(segments).toHaveLength(15);
    for (const s of segments) {
      expect(s.startsWith(`${shared}v0/seg_`)).toBe(true);
      expect(s).not.toContain(grant);
    }
    const subs = await get(`${granted}subs/zh/index.m3u8`, sid(member));
    expect(subs.body.split('\n')).toContain(`${shared}subs/zh/subtitles.vtt`);

    // Segments: the same path for everyone, no cookie needed, cacheable, and not plain MP4.
    const seg = await bytes(segments[0]!);
    expect(seg.status).toBe(200);
    expect(seg.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(firstBox(seg.body)).toBe('');
    const init = await bytes(`${shared}v0/init_0.mp4`);
    expect(firstBox(init.body)).toBe('ftyp');

    // The key: 16 bytes for the member, never cached; it decrypts the segment into clip B's.
    const key = await bytes(`${granted}content.key`, sid(member));
    expect(key.status).toBe(200);
    expect(key.headers.get('cache-control')).toBe('private, no-store');
    expect(key.headers.get('content-type')).toBe('application/octet-stream');
    expect(key.body).toHaveLength(16);
    expect(key.body.equals(demoKey)).toBe(true);
    const iv = Buffer.from(/IV=0x([0-9a-f]{32})/.exec(keyTags[0]!)![1]!, 'hex');
    const decipher = crypto.createDecipheriv('aes-128-cbc', key.body, iv);
    const plain = Buffer.concat([decipher.update(seg.body), decipher.final()]);
    expect(['styp', 'moof']).toContain(firstBox(plain));
    expect(plain.equals(fs.readFileSync(path.join(clipsDir, 'clip-b/v0/seg_000.m4s')))).toBe(true);
  });

  it('refuses the key without a session (401), to another account (403) and after logout', async () => {
    const url = await playUrl(member, 'PS-BUY2');
    const key = `${url.slice(0, -'master.m3u8'.length)}content.key`;
    const noSession = await get(key);
    expect(noSession.status).toBe(401);
    expect(noSession.headers['cache-control']).toContain('no-store');
    expect((await get(key, 'sid=not-a-session')).status).toBe(401);
    // Another member's session with this member's key or playlists: not theirs.
    expect((await get(key, sid(stranger))).status).toBe(403);
    expect((await get(url, sid(stranger))).status).toBe(403);
    expect((await get(url)).status).toBe(401);

    // Log out: the copied cookie and URL stop working at once.
    const other = await newMember(ctx.app);
    await newEntitlement(db(), {
      accountId: other.accountId,
      contentId: 'PS-BUY2',
      kind: 'buy',
      grantedAt: ctx.now.value,
    });
    const theirs = await playUrl(other, 'PS-BUY2');
    const theirKey = `${theirs.slice(0, -'master.m3u8'.length)}content.key`;
    const cookie = sid(other);
    expect((await bytes(theirKey, cookie)).body).toHaveLength(16);
    expect((await other.browser.post('/ajax/ajaxLogout.do')).statusCode).toBe(200);
    const after = await get(theirKey, cookie);
    expect(after.status).toBe(401);
    expect((await get(theirs, cookie)).status).toBe(401);
  });

  it('refuses the key once the right is gone (403), without starting a waiting rental', async () => {
    // A rental not yet started: the key route asks without starting its 48-hour clock.
    const url = signer().playUrl(CLIP, 'PS-RENT1', member.accountId);
    const key = await bytes(`${url.slice(0, -'master.m3u8'.length)}content.key`, sid(member));
    expect(key.status).toBe(200);
    const rental = await db()
      .selectFrom('entitlement')
      .select('first_played_at')
      .where('content_id', '=', 'PS-RENT1')
      .executeTakeFirstOrThrow();
    expect(rental.first_played_at).toBeNull();

    const gone = await playUrl(member, 'PS-GONE');
    const goneKey = `${gone.slice(0, -'master.m3u8'.length)}content.key`;
    expect((await bytes(goneKey, sid(member))).status).toBe(200);
    await db().deleteFrom('entitlement').where('content_id', '=', 'PS-GONE').execute();
    const refused = await get(goneKey, sid(member));
    expect(refused.status).toBe(403);
    expect(refused.headers['cache-control']).toContain('no-store');

    // A grant for a title that plays another clip does not open this clip's key.
    const wrong = signer().playUrl(CLIP, 'PS-FREE', member.accountId);
    expect(
      (await get(`${wrong.slice(0, -'master.m3u8'.length)}content.key`, sid(member))).status,
    ).toBe(403);
  });

  it('refuses a tampered or expired signature or grant with 403', async () => {
    const url = await playUrl(member, 'PS-BUY1');
    const [, , expires, contentId, grant] = GRANTED.exec(url)!;
    const signature = url.split('/')[4]!;
    const flip = (s: string) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;
    const key = (parts: { clip?: string; exp?: string; sig?: string; cid?: string; g?: string }) =>
      `/stream/${parts.clip ?? CLIP}/${parts.exp ?? expires}/${parts.sig ?? signature}/grant/${
        parts.cid ?? contentId
      }/${parts.g ?? grant}/content.key`;
    expect((await bytes(key({}), sid(member))).status).toBe(200);
    for (const tampered of [
      key({ sig: flip(signature) }),
      key({ exp: String(Number(expires) + 3600) }),
      key({ g: flip(grant!) }),
      key({ cid: 'PS-BUY2' }),
      key({ clip: 'clip-b' }),
      key({ sig: signature.slice(0, 31) }),
      key({ g: `${grant}A` }),
    ]) {
      const res = await get(tampered, sid(member));
      expect(res.status, tampered).toBeGreaterThanOrEqual(400);
      expect(res.status, tampered).toBeLessThan(500);
      expect([403, 404], tampered).toContain(res.status);
    }
    expect((await get(key({ sig: flip(signature) }), sid(member))).status).toBe(403);
    expect((await get(key({ g: flip(grant!) }), sid(member))).status).toBe(403);
    const shared = url.slice(0, url.indexOf('grant/'));
    expect((await bytes(`${shared}v0/seg_000.m4s`)).status).toBe(200);
    const saved = ctx.now.value;
    try {
      ctx.now.value = Number(expires);
      for (const target of [key({}), url, `${shared}v0/seg_000.m4s`]) {
        expect((await get(target, sid(member))).status, target).toBe(403);
      }
    } finally {
      ctx.now.value = saved;
    }
  });

  it("serves an encrypted clip's playlists only on a viewer's path, and never a key file", async () => {
    const url = await playUrl(member, 'PS-BUY1');
    const shared = url.slice(0, url.indexOf('grant/'));
    for (const file of ['master.m3u8', 'v0/index.m3u8', 'content.key', 'v0/content.key'])
      expect((await get(`${shared}${file}`, sid(member))).status, file).toBe(404);
    // The per-viewer path serves playlists, nothing else.
    const granted = url.slice(0, -'master.m3u8'.length);
    for (const file of ['v0/seg_000.m4s', 'v0/init_0.mp4', 'subs/zh/subtitles.vtt', 'nope.m3u8'])
      expect((await get(`${granted}${file}`, sid(member))).status, file).toBe(404);
  });

  it('no spelling of a /stream or /media path reaches a key or leaves its root', async () => {
    const url = await playUrl(member, 'PS-BUY1');
    const shared = url.slice(0, url.indexOf('grant/'));
    const granted = url.slice(0, -'master.m3u8'.length);
    const keyFile = `keys/${CLIP}.key`;
    const targets = [
      `/media/${keyFile}`,
      `/media/images/../${keyFile}`,
      `/media/images/%2e%2e/${keyFile}`,
      `/media/images/..%2f${keyFile}`,
      `/media/images/.%2e/${keyFile}`,
      `/media/%2e%2e/media/${keyFile}`,
      `/media/images/%252e%252e/${keyFile}`,
      `/media/images\\..\\keys\\${CLIP}.key`,
      `/media/../fixtures/media/${keyFile}`,
      `/media/..%2f..%2fpackage.json`,
      `${shared}../../../../${keyFile}`,
      `${shared}..%2f..%2f${keyFile}`,
      `${shared}%2e%2e/%2e%2e/${keyFile}`,
      `${shared}v0/..%2f..%2f..%2f..%2fpackage.json`,
      `${shared}..%252f${keyFile}`,
      `${shared}.%2e/clip-a/master.m3u8`,
      `${shared}v0\\..\\..\\${CLIP}.key`,
      `${shared}${CLIP}.key`,
      `${shared}.key`,
      `${granted}../../../../../../${keyFile}`,
      `${granted}..%2f..%2fmaster.m3u8`,
      `${granted}%2e%2e/content.key`,
      `${granted}v0/%2e%2e/%2e%2e/%2e%2e/clip-a/master.m3u8`,
      `${granted}content%2ekey`,
      `/stream/%2e%2e/${url.split('/')[3]}/${url.split('/')[4]}/${keyFile}`,
      `/stream/..%2fkeys/1/x/${CLIP}.key`,
      `/stream/keys/9999999999/x/${CLIP}.key`,
      `/stream/${CLIP}/../keys/${CLIP}.key`,
    ];
    for (const target of targets) {
      const res = await get(target, sid(member));
      expect(res.status, target).toBeGreaterThanOrEqual(400);
      expect(res.status, target).toBeLessThan(500);
      expect(res.headers['content-type'] ?? '', target).not.toContain('octet-stream');
      expect(res.body, target).not.toContain('#EXTM3U');
      expect(res.body, target).not.toContain('"workspaces"');
    }
  });
});
