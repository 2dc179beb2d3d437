import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.js';
import { cancelJob, enqueueTranscode, getJob } from '../../src/modules/ingest/jobs.js';
import { ladderFor } from '../../src/modules/ingest/ladder.js';
import { probeSource } from '../../src/modules/ingest/probe.js';
import { claimJob } from '../../src/modules/ingest/queue.js';
import type { IngestSettings } from '../../src/modules/ingest/settings.js';
import { IngestWorker } from '../../src/modules/ingest/worker.js';
import { ContentKeyStore } from '../../src/modules/media/content-keys.js';
import { createTestDatabase, type TestDatabase } from '../support/index.js';
import {
  exists,
  ffprobeJson,
  jobRow,
  makeSource,
  spawnWorker,
  testSettings,
  waitFor,
} from '../support/ingest.js';

/**
 * Media ingest (docs/adr/0037) on the real queue and real ffmpeg, on this run's database:
 * a ladder made and checked with ffprobe, encryption, refusals, cancel, a killed worker's job
 * finished by the next, and no job ever held by two workers.
 */
let database: TestDatabase;
let dir: string;
let settings: IngestSettings;
let hd: string;
let small: string;
let longer: string;
const workers: IngestWorker[] = [];

function worker(overrides: Partial<IngestSettings> = {}): IngestWorker {
  const w = new IngestWorker(database.db, { ...settings, ...overrides });
  workers.push(w);
  w.start();
  return w;
}
const stopAll = () => Promise.all(workers.splice(0).map((w) => w.stop()));

async function doneJob(jobId: string) {
  return waitFor(
    `job ${jobId} done`,
    async () => {
      const row = await jobRow(database.db, jobId);
      if (row.state === 'failed' || row.state === 'cancelled')
        throw new Error(`job ${row.state}: ${row.error} ${row.log}`);
      return row.state === 'done' && row;
    },
    150_000,
  );
}

function extinfs(playlist: string): number[] {
  return fs
    .readFileSync(playlist, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('#EXTINF:'))
    .map((l) => Number(l.slice(8).split(',')[0]));
}

beforeAll(async () => {
  database = await createTestDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-test-'));
  settings = testSettings(dir);
  fs.mkdirSync(path.join(dir, 'src'));
  hd = makeSource(path.join(dir, 'src/hd.mp4'), { size: '1920x1080', seconds: 4 });
  small = makeSource(path.join(dir, 'src/small.mp4'), { size: '640x360', seconds: 5 });
  longer = makeSource(path.join(dir, 'src/longer.mp4'), { size: '640x360', seconds: 24 });
}, 180_000);

afterAll(async () => {
  await stopAll();
  await database.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('refusals before queueing', () => {
  const refused = async (file: string) => {
    const error = await enqueueTranscode(database.db, settings, { sourcePath: file }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  it('refuses an empty file, a text file and an audio-only file with zh-TW reasons', async () => {
    const empty = path.join(dir, 'src/empty.mp4');
    fs.writeFileSync(empty, '');
    const text = path.join(dir, 'src/notes.mp4');
    fs.writeFileSync(text, '這不是影片，只是一段文字。\nhello\n'.repeat(50));
    const audio = makeSource(path.join(dir, 'src/audio.m4a'), {
      size: '',
      seconds: 1,
      video: false,
    });
    expect((await refused(empty)).code).toBe('INGEST_EMPTY_FILE');
    expect((await refused(empty)).message).toContain('空的');
    expect((await refused(text)).code).toBe('INGEST_NOT_MEDIA');
    const a = await refused(audio);
    expect(a.code).toBe('INGEST_NO_VIDEO');
    expect(a.message).toContain('沒有影像');
    expect(a.httpStatus).toBe(415);
    const count = await database.db
      .selectFrom('ingest_job')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('sees a phone video stored landscape with a quarter turn as the portrait it is shown as', async () => {
    const stored = makeSource(path.join(dir, 'src/phone-stored.mp4'), {
      size: '320x180',
      seconds: 1,
    });
    const turned = path.join(dir, 'src/phone.mp4');
    const remux = spawnSync(
      'ffmpeg',
      [
        '-v',
        'error',
        '-nostdin',
        '-y',
        '-i',
        stored,
        '-c',
        'copy',
        '-metadata:s:v:0',
        'rotate=90',
        turned,
      ],
      { encoding: 'utf8' },
    );
    expect(remux.status, remux.stderr).toBe(0);
    expect(await probeSource(stored)).toMatchObject({ width: 320, height: 180 });
    expect(await probeSource(turned)).toMatchObject({ width: 180, height: 320 });
    // The ladder follows: one portrait rung, never the landscape squeeze.
    expect(ladderFor(await probeSource(turned))).toEqual([
      expect.objectContaining({ width: 180, height: 320 }),
    ]);
  });

  it('refuses subtitles that are not SRT', async () => {
    const bad = path.join(dir, 'src/bad.srt');
    fs.writeFileSync(bad, 'not subtitles at all');
    const error = await enqueueTranscode(database.db, settings, {
      sourcePath: small,
      subtitles: [{ file: bad, language: 'zh-Hant', name: '中文' }],
    }).catch((e: unknown) => e);
    expect((error as AppError).code).toBe('INGEST_BAD_SUBTITLES');
  });
});

describe('a job through the queue', () => {
  it('makes the whole ladder from a 1080p source: fMP4 HLS, 2 s segments, AAC, poster', async () => {
    const srt = path.join(dir, 'src/zh.srt');
    fs.writeFileSync(
      srt,
      '1\n00:00:00,500 --> 00:00:02,000\n第一句字幕\n\n2\n00:00:02,500 --> 00:00:03,500\n第二句\n',
    );
    const job = await enqueueTranscode(database.db, settings, {
      sourcePath: hd,
      subtitles: [{ file: srt, language: 'zh-Hant', name: '中文' }],
    });
    expect(job).toMatchObject({ state: 'queued', lane: 'short', progress: 0 });
    const seen: number[] = [];
    const w = worker();
    const row = await waitFor('progress or done', async () => {
      const r = await jobRow(database.db, job.jobId);
      seen.push(r.progress);
      // The worker records the job done, then lets go of it: a read in between saw it still held.
      return r.state === 'done' && w.activeJobs.length === 0 && r;
    });
    expect(row.attempts).toBe(1);
    expect(row.progress).toBe(1);
    expect(w.activeJobs).toEqual([]);
    const done = (await getJob(database.db, job.jobId))!;
    const clip = path.join(settings.mediaDir, 'clips', done.options.clipId);
    expect(done.result!.renditions.map((r) => `${r.width}x${r.height}`)).toEqual([
      '640x360',
      '960x540',
      '1280x720',
      '1920x1080',
    ]);
    const master = fs.readFileSync(path.join(clip, 'master.m3u8'), 'utf8');
    expect(master).toMatch(/^#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n/);
    expect(master).toContain('URI="subs/zh/index.m3u8"');
    expect(master.match(/#EXT-X-STREAM-INF:/g)).toHaveLength(4);
    expect(master).toMatch(
      /RESOLUTION=1920x1080,FRAME-RATE=25\.000,CODECS="avc1\.(4d40|42c0)[0-9a-f]{2},mp4a\.40\.2",SUBTITLES="subs"\n/,
    );
    for (const [i, r] of done.result!.renditions.entries()) {
      const playlist = path.join(clip, `v${i}/index.m3u8`);
      const text = fs.readFileSync(playlist, 'utf8');
      expect(text).toContain(
        `#EXT-X-MAP:URI="init${done.result!.renditions.length > 1 ? `_${i}` : ''}.mp4"`,
      );
      expect(text).not.toContain('#EXT-X-KEY');
      const durations = extinfs(playlist);
      expect(durations).toHaveLength(2);
      for (const d of durations) expect(Math.abs(d - 2)).toBeLessThan(0.1);
      const probe = ffprobeJson(playlist);
      const video = probe.streams.find((s) => s.codec_type === 'video')!;
      const audio = probe.streams.find((s) => s.codec_type === 'audio')!;
      expect([video.codec_name, video.width, video.height]).toEqual(['h264', r.width, r.height]);
      expect(audio.codec_name).toBe('aac');
      expect(Math.abs(Number(probe.format.duration) - 4)).toBeLessThan(0.2);
    }
    expect(fs.readFileSync(path.join(clip, 'subs/zh/subtitles.vtt'), 'utf8')).toContain(
      '00:00:00.500 --> 00:00:02.000\n第一句字幕',
    );
    const poster = path.join(settings.mediaDir, done.result!.poster);
    expect(ffprobeJson(poster).streams[0]).toMatchObject({ codec_name: 'mjpeg', height: 720 });
    expect(done.result!.thumbnails.length).toBeGreaterThanOrEqual(1);
    // Nothing left in the work folder; no key for a clear clip.
    expect(fs.readdirSync(path.join(settings.mediaDir, '.ingest-work'))).toEqual([]);
    expect(exists(path.join(settings.keysDir, `${done.options.clipId}.key`))).toBe(false);
    await stopAll();
  }, 180_000);

  it('encrypts a paid title: a key tag per segment, its new key in CONTENT_KEYS_DIR', async () => {
    const job = await enqueueTranscode(database.db, settings, { sourcePath: small, encrypt: true });
    worker();
    await doneJob(job.jobId);
    await stopAll();
    const { clipId } = job.options;
    const keys = new ContentKeyStore(settings.keysDir);
    expect(keys.isEncrypted(clipId)).toBe(true);
    const key = keys.key(clipId)!;
    const v0 = path.join(settings.mediaDir, 'clips', clipId, 'v0');
    const lines = fs.readFileSync(path.join(v0, 'index.m3u8'), 'utf8').split('\n');
    const tags = lines.filter((l) => l.startsWith('#EXT-X-KEY:'));
    expect(tags.length).toBe(extinfs(path.join(v0, 'index.m3u8')).length);
    expect(tags[0]).toMatch(
      /^#EXT-X-KEY:METHOD=AES-128,URI="\.\.\/content\.key",IV=0x[0-9a-f]{32}$/,
    );
    expect(lines.findIndex((l) => l.startsWith('#EXT-X-MAP'))).toBeLessThan(
      lines.findIndex((l) => l.startsWith('#EXT-X-KEY')),
    );
    const iv = Buffer.from(/IV=0x([0-9a-f]+)/.exec(tags[0]!)![1]!, 'hex');
    const cipher = fs.readFileSync(path.join(v0, 'seg_000.m4s'));
    const decipher = crypto.createDecipheriv('aes-128-cbc', key, iv);
    const plain = Buffer.concat([decipher.update(cipher), decipher.final()]);
    expect(['styp', 'moof']).toContain(plain.subarray(4, 8).toString('latin1'));
    expect(['styp', 'moof']).not.toContain(cipher.subarray(4, 8).toString('latin1'));
  }, 180_000);

  it('retries a failing job up to max_attempts, then fails it with the reason', async () => {
    const gone = path.join(dir, 'src/gone.mp4');
    fs.copyFileSync(small, gone);
    const job = await enqueueTranscode(database.db, settings, { sourcePath: gone, maxAttempts: 2 });
    fs.rmSync(gone);
    worker();
    const row = await waitFor('failed', async () => {
      const r = await jobRow(database.db, job.jobId);
      return r.state === 'failed' && r;
    });
    await stopAll();
    expect(row.attempts).toBe(2);
    expect(row.error).toMatch(/ffmpeg exited/);
    expect(row.log).toContain('[attempt 2]');
    expect(exists(path.join(settings.mediaDir, 'clips', job.options.clipId))).toBe(false);
    expect(fs.readdirSync(path.join(settings.mediaDir, '.ingest-work'))).toEqual([]);
  }, 180_000);
});

describe('cancel and stop', () => {
  it('cancels a running job: ffmpeg killed, state cancelled, nothing it made left', async () => {
    const slow = { ...settings, preset: 'medium' };
    const job = await enqueueTranscode(database.db, slow, { sourcePath: longer });
    worker({ preset: 'medium' });
    await waitFor('progress', async () => (await jobRow(database.db, job.jobId)).progress > 0);
    expect(await cancelJob(database.db, slow, job.jobId)).toBe(true);
    await waitFor('worker idle', async () => workers[0]!.activeJobs.length === 0);
    await stopAll();
    const row = await jobRow(database.db, job.jobId);
    expect(row.state).toBe('cancelled');
    expect(exists(path.join(settings.mediaDir, 'clips', job.options.clipId))).toBe(false);
    expect(fs.readdirSync(path.join(settings.mediaDir, '.ingest-work'))).toEqual([]);
    expect(await cancelJob(database.db, slow, job.jobId)).toBe(false);
  }, 180_000);

  it('cancels a queued job before any worker takes it', async () => {
    const job = await enqueueTranscode(database.db, settings, { sourcePath: small });
    expect(await cancelJob(database.db, settings, job.jobId)).toBe(true);
    expect(await claimJob(database.db, 'w', ['short', 'long'], 1000)).toBeUndefined();
  });

  it('gives a running job back on a graceful stop, uncounted', async () => {
    const job = await enqueueTranscode(database.db, settings, { sourcePath: longer });
    worker({ preset: 'medium' });
    await waitFor('progress', async () => (await jobRow(database.db, job.jobId)).progress > 0);
    await stopAll();
    const row = await jobRow(database.db, job.jobId);
    expect(row).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });
    expect(fs.readdirSync(path.join(settings.mediaDir, '.ingest-work'))).toEqual([]);
    await cancelJob(database.db, settings, job.jobId);
  }, 180_000);
});

describe('several workers', () => {
  it('never hands one job to two claimers at once', async () => {
    const job = await enqueueTranscode(database.db, settings, { sourcePath: small });
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => claimJob(database.db, `w${i}`, ['short'], 60_000)),
    );
    const won = claims.filter((c) => c !== undefined);
    expect(won).toHaveLength(1);
    expect(won[0]!.job_id).toBe(job.jobId);
    await cancelJob(database.db, settings, job.jobId);
  });

  it('two workers share three jobs, each run exactly once', async () => {
    const jobs = await Promise.all(
      [0, 1, 2].map(() => enqueueTranscode(database.db, settings, { sourcePath: small })),
    );
    worker({ concurrency: 1 });
    worker({ concurrency: 1 });
    for (const job of jobs) {
      const row = await doneJob(job.jobId);
      expect(row.attempts).toBe(1);
      expect(row.log.match(/\[attempt/g)).toHaveLength(1);
    }
    await stopAll();
  }, 180_000);

  it('a short job is not stuck behind a long one', async () => {
    const long = await enqueueTranscode(
      database.db,
      { ...settings, shortSeconds: 10 },
      { sourcePath: longer },
    );
    const short = await enqueueTranscode(
      database.db,
      { ...settings, shortSeconds: 10 },
      { sourcePath: small },
    );
    expect([long.lane, short.lane]).toEqual(['long', 'short']);
    await database.db
      .insertInto('ingest_job')
      .values({ ...(await jobRow(database.db, long.jobId)), job_id: `${long.jobId}x` })
      .execute();
    // Two long jobs first in the queue, two slots: one slot stays for the short job.
    worker({ preset: 'medium', concurrency: 2 });
    await doneJob(short.jobId);
    const rows = await database.db
      .selectFrom('ingest_job')
      .select(['job_id', 'state'])
      .where('lane', '=', 'long')
      .execute();
    expect(rows.filter((r) => r.state === 'done')).toHaveLength(0);
    expect(rows.filter((r) => r.state === 'queued')).toHaveLength(1);
    await stopAll();
    for (const r of rows) await cancelJob(database.db, settings, r.job_id);
  }, 180_000);

  it('npm run worker on SIGTERM gives its running job back and exits 0', async () => {
    const slow = { ...settings, preset: 'medium' };
    const job = await enqueueTranscode(database.db, slow, { sourcePath: longer });
    const w = spawnWorker(database, slow, 'sigterm');
    try {
      await waitFor('progress', async () => (await jobRow(database.db, job.jobId)).progress > 0);
      w.child.kill('SIGTERM');
      expect(await w.exited).toBe(0);
    } catch (error) {
      w.child.kill('SIGKILL');
      throw new Error(`${String(error)}\n${w.output()}`);
    }
    const row = await jobRow(database.db, job.jobId);
    expect(row).toMatchObject({ state: 'queued', attempts: 0, locked_by: null });
    expect(row.log).toContain('released at shutdown');
    expect(fs.readdirSync(path.join(settings.mediaDir, '.ingest-work'))).toEqual([]);
    await cancelJob(database.db, settings, job.jobId);
  }, 180_000);

  it('a job whose worker is killed mid-run is finished by the next worker', async () => {
    const slow = { ...settings, preset: 'veryfast' };
    const job = await enqueueTranscode(database.db, slow, { sourcePath: longer });
    const first = spawnWorker(database, slow, 'first');
    try {
      await waitFor(
        'the first worker to make progress',
        async () => (await jobRow(database.db, job.jobId)).progress > 0.05,
        // Generous: the suite runs two files at once, and the other may be transcoding too.
        150_000,
      );
    } catch (error) {
      first.child.kill('SIGKILL');
      throw new Error(`${String(error)}\n${first.output()}`);
    }
    const held = await jobRow(database.db, job.jobId);
    expect(held.state).toBe('running');
    first.child.kill('SIGKILL');
    await first.exited;
    const second = spawnWorker(database, slow, 'second');
    try {
      const row = await doneJob(job.jobId);
      expect(row.attempts).toBe(2);
      expect(row.locked_by).toBeNull();
      expect(row.log.match(/\[attempt/g)).toHaveLength(2);
      const clip = path.join(settings.mediaDir, 'clips', job.options.clipId);
      expect(extinfs(path.join(clip, 'v0/index.m3u8'))).toHaveLength(12);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } catch (error) {
      second.child.kill('SIGKILL');
      throw new Error(`${String(error)}\n${second.output()}`);
    }
    // Every attempt's work folder (the dead worker's too) is gone once the job is done.
    expect(fs.readdirSync(path.join(settings.mediaDir, '.ingest-work'))).toEqual([]);
  }, 400_000);
});
