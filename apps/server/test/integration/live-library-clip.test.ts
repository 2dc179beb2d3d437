import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newChannel, signedInStaff, useTestApp } from '../support/index.js';

const fixtures = path.resolve(import.meta.dirname, '../../../../fixtures/media');
const LIBRARY_JOB = 'libjob1';
const LIBRARY_CLIP = `up-${LIBRARY_JOB}`;

// The fixtures' media, and in clips/ one more clip, as the ingest queue publishes it: clip-b's
// files under the id of an upload's job (jobs.ts names a console upload's clip `up-{jobId}`).
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-library-'));
for (const entry of fs.readdirSync(fixtures)) {
  if (entry !== 'clips') fs.symlinkSync(path.join(fixtures, entry), path.join(mediaDir, entry));
}
fs.mkdirSync(path.join(mediaDir, 'clips'));
for (const clip of fs.readdirSync(path.join(fixtures, 'clips'))) {
  fs.symlinkSync(path.join(fixtures, 'clips', clip), path.join(mediaDir, 'clips', clip));
}
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

/** The job row the ingest worker leaves for a finished clear upload (transcode.ts's result). */
function finishedJob(now: number) {
  const manifest = JSON.parse(fs.readFileSync(path.join(fixtures, 'manifest.json'), 'utf8')) as {
    clips: { id: string; renditions: { playlist: string }[] }[];
  };
  const clipB = manifest.clips.find((c) => c.id === 'clip-b')!;
  const result = {
    clipId: LIBRARY_CLIP,
    master: `clips/${LIBRARY_CLIP}/master.m3u8`,
    durationSeconds: 30,
    renditions: clipB.renditions.map((r) => ({
      ...r,
      playlist: r.playlist.slice('clips/clip-b/'.length),
    })),
    subtitles: [],
    encrypted: false,
  };
  return {
    job_id: LIBRARY_JOB,
    kind: 'transcode',
    state: 'done' as const,
    lane: 'short',
    max_attempts: 3,
    source_path: 'uploads/libjob1',
    source_name: '特別節目.mp4',
    options: JSON.stringify({
      clipId: LIBRARY_CLIP,
      encrypt: false,
      subtitles: [],
      probe: { fps: 30, durationSeconds: 30 },
    }),
    result: JSON.stringify(result),
    run_after_ms: now * 1000,
    created_ms: now * 1000,
    updated_ms: now * 1000,
  };
}

/**
 * Issue 25 item 2 (docs/adr/0048): a programme plays a clip of the media library that the
 * ingest queue finished after this server started: the origin reads it when a programme first
 * names it, without a restart.
 */
describe('a library clip in the schedule', () => {
  const ctx = useTestApp({ env: { MEDIA_DIR: mediaDir } });
  const db = () => ctx.database.db;

  it('plays a clip transcoded after the server started, at its programme’s time', async () => {
    fs.symlinkSync(
      path.join(fixtures, 'clips', 'clip-b'),
      path.join(mediaDir, 'clips', LIBRARY_CLIP),
    );
    await db().insertInto('ingest_job').values(finishedJob(ctx.now.value)).execute();
    const { browser } = await signedInStaff(ctx, ['channel_scheduler']);
    const channelId = (await newChannel(db())).channel_id;
    const start = Math.ceil(ctx.now.value / 60) * 60 + 600;
    const res = await browser.post(`/console/api/schedule/channels/${channelId}/programmes`, {
      start,
      end: start + 600,
      title: '特別節目',
      clipId: LIBRARY_CLIP,
    });
    expect(res.statusCode, res.body).toBe(200);

    const saved = ctx.now.value;
    try {
      ctx.now.value = start + 300;
      const play = await ctx.app.inject(`/ajax/ajaxSwitchChannel.do?channelId=${channelId}`);
      const url = Buffer.from(play.json().data.videoUrl as string, 'base64').toString();
      const media = await ctx.app.inject(url.replace('master.m3u8', 'v0.m3u8'));
      expect(media.statusCode, media.body).toBe(200);
      const segments = media.body.split('\n').filter((line) => line.endsWith('.m4s'));
      expect(segments.length).toBeGreaterThan(0);
      expect(segments.every((uri) => uri.startsWith(`${LIBRARY_CLIP}/`))).toBe(true);
      const prefix = url.slice(0, url.lastIndexOf('/') + 1);
      const segment = await ctx.app.inject(prefix + segments.at(-1)!);
      expect(segment.statusCode).toBe(200);
      expect(segment.rawPayload.length).toBeGreaterThan(1000);
    } finally {
      ctx.now.value = saved;
    }
  });
});
