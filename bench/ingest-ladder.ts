/**
 * `npx tsx bench/ingest-ladder.ts [seconds] [rounds]`: the ingest job's overhead (ADR 0037).
 * Compares, in alternating rounds on the same source, a bare ffmpeg run producing the same
 * ladder (ladderArgs without poster and thumbnails) with the whole job through the real queue
 * on SQLite: probe at enqueue, claim, the one ffmpeg run (ladder + poster + thumbnails),
 * playlists and master, publish, done. Target: job ÷ bare ≤ 1.15 (median of the rounds).
 *
 * Wall time swings by 2× when the machine is shared (load average 8 on 2 cores was seen), so the
 * CPU time of each side is reported too: the finished children's (ffprobe, ffmpeg; Linux
 * /proc/self/stat cutime + cstime) plus, for the job, this process's own (queue, packaging).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect, migrateToLatest } from '../apps/server/src/db/index.js';
import { ladderArgs } from '../apps/server/src/modules/ingest/ffmpeg-args.js';
import { enqueueTranscode } from '../apps/server/src/modules/ingest/jobs.js';
import { ladderFor } from '../apps/server/src/modules/ingest/ladder.js';
import { probeSource } from '../apps/server/src/modules/ingest/probe.js';
import { runFfmpeg } from '../apps/server/src/modules/ingest/run-ffmpeg.js';
import type { IngestSettings } from '../apps/server/src/modules/ingest/settings.js';
import { IngestWorker } from '../apps/server/src/modules/ingest/worker.js';

const seconds = Number(process.argv[2] ?? 6);
const rounds = Number(process.argv[3] ?? 3);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-bench-'));
const source = path.join(dir, 'source.mp4');
const made = spawnSync('ffmpeg', [
  ...[
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1920x1080:rate=25:duration=${seconds}`,
  ],
  ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', source],
]);
if (made.status !== 0) throw new Error(String(made.stderr));

const settings: IngestSettings = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffprobe',
  preset: 'veryfast',
  mediaDir: path.join(dir, 'media'),
  keysDir: path.join(dir, 'keys'),
  concurrency: 1,
  shortSeconds: 600,
  leaseMs: 30_000,
  maxAttempts: 1,
  retryMs: 0,
  pollMs: 50,
  uploadDir: null,
};
const database = connect(`sqlite:${path.join(dir, 'bench.db')}`);
await migrateToLatest(database);
const worker = new IngestWorker(database.db, settings);
const probe = await probeSource(source);

async function bare(): Promise<number> {
  const out = path.join(dir, 'bare');
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const args = ladderArgs({
    source,
    clipDir: out,
    imagesDir: null,
    ladder: ladderFor(probe),
    fps: probe.fps,
    durationSeconds: probe.durationSeconds,
    hasAudio: probe.hasAudio,
    preset: settings.preset,
  });
  const start = performance.now();
  await runFfmpeg('ffmpeg', args, { durationSeconds: probe.durationSeconds });
  return performance.now() - start;
}

async function job(): Promise<number> {
  const start = performance.now();
  const queued = await enqueueTranscode(database.db, settings, { sourcePath: source });
  worker.start();
  for (;;) {
    const row = await database.db
      .selectFrom('ingest_job')
      .select(['state', 'error'])
      .where('job_id', '=', queued.jobId)
      .executeTakeFirstOrThrow();
    if (row.state === 'done') break;
    if (row.state !== 'queued' && row.state !== 'running') throw new Error(String(row.error));
    await new Promise((r) => setTimeout(r, 20));
  }
  const elapsed = performance.now() - start;
  await worker.stop();
  return elapsed;
}

const TICKS = 100; // USER_HZ on Linux
/** CPU seconds used by reaped children and by this process, so far. */
function cpuSeconds(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const children = (Number(fields[13]) + Number(fields[14])) / TICKS;
  const own = process.cpuUsage();
  return children + (own.user + own.system) / 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const bares: number[] = [];
const jobs: number[] = [];
const bareCpu: number[] = [];
const jobCpu: number[] = [];
for (let i = 0; i < rounds; i += 1) {
  let cpu = cpuSeconds();
  bares.push(await bare());
  bareCpu.push(cpuSeconds() - cpu);
  cpu = cpuSeconds();
  jobs.push(await job());
  jobCpu.push(cpuSeconds() - cpu);
}
const ratio = median(jobs) / median(bares);
const cpuRatio = median(jobCpu) / median(bareCpu);
const rungs = ladderFor(probe)
  .map((r) => r.name)
  .join(' ');
console.log(
  `source 1920x1080 25 fps ${seconds} s, ladder ${rungs}, x264 ${settings.preset}, ${os.cpus().length} cores\n` +
    `bare ffmpeg (same ladder): ${bares.map((t) => (t / 1000).toFixed(2)).join(' / ')} s, median ${(median(bares) / 1000).toFixed(2)} s\n` +
    `whole job (queue, probe, ladder + poster + thumbnails, publish): ${jobs.map((t) => (t / 1000).toFixed(2)).join(' / ')} s, median ${(median(jobs) / 1000).toFixed(2)} s\n` +
    `wall: job ÷ bare = ${ratio.toFixed(3)} (target ≤ 1.15): ${ratio <= 1.15 ? 'met' : 'NOT met'}\n` +
    `cpu: bare ${bareCpu.map((t) => t.toFixed(2)).join(' / ')} s, job ${jobCpu.map((t) => t.toFixed(2)).join(' / ')} s, ` +
    `job ÷ bare = ${cpuRatio.toFixed(3)}\n` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
);
await database.close();
fs.rmSync(dir, { recursive: true, force: true });
