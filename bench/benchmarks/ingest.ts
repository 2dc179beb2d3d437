import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ladderArgs } from '../../apps/server/src/modules/ingest/ffmpeg-args.js';
import { ladderFor } from '../../apps/server/src/modules/ingest/ladder.js';
import { probeSource } from '../../apps/server/src/modules/ingest/probe.js';
import { runFfmpeg } from '../../apps/server/src/modules/ingest/run-ffmpeg.js';
import { ingestSettings } from '../../apps/server/src/modules/ingest/settings.js';
import { IngestWorker } from '../../apps/server/src/modules/ingest/worker.js';
import type { Config } from '../../apps/server/src/config.js';
import { processTreeCpuMs } from '../lib/cpu-time.js';
import type { Benchmark, TimingResult } from '../lib/types.js';

const UPLOADS = '/console/api/media/uploads';
/** The demo seed's content editor (README "Demo console staff"). */
const EDITOR = { email: 'editor@console.example', password: 'console-demo-2026' };
let workDir: string | undefined;
/** This process's scratch folder, made on first use (every benchmark module is imported by each run). */
function work(): string {
  if (!workDir) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    workDir = dir;
  }
  return workDir;
}

function makeSource(seconds: number): string {
  const file = path.join(work(), `source-${seconds}.mp4`);
  if (fs.existsSync(file)) return file;
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
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
  ]);
  if (made.status !== 0) throw new Error(String(made.stderr));
  return file;
}

/** A staff browser's cookies over fetch, with the console's CSRF header on changes. */
class Console {
  cookies = new Map<string, string>();
  constructor(readonly origin: string) {}
  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': this.cookies.get('console_csrf') ?? '',
      ...extra,
    };
  }
  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(new URL(pathname, this.origin), {
      ...init,
      headers: this.headers(init.headers as Record<string, string>),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }
}

async function signIn(origin: string): Promise<Console> {
  const browser = new Console(origin);
  await browser.fetch('/console/api/session');
  const res = await browser.fetch('/console/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(EDITOR),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return browser;
}

/** Upload to playable: the tus upload in 8 MB pieces, then the job until done; ms. */
async function wholeJob(browser: Console, source: string): Promise<number> {
  const bytes = fs.readFileSync(source);
  const start = performance.now();
  const tus = { 'tus-resumable': '1.0.0' };
  const created = await browser.fetch(UPLOADS, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${Buffer.from('bench.mp4').toString('base64')}`,
    },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`create: ${created.status}`);
  let jobId: string | null = null;
  for (let offset = 0; offset < bytes.length;) {
    const piece = bytes.subarray(offset, offset + 8 * 1024 * 1024);
    const res = await browser.fetch(new URL(location, browser.origin).pathname, {
      method: 'PATCH',
      headers: {
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body: piece,
    });
    if (!res.ok) throw new Error(`patch: ${res.status} ${await res.text()}`);
    offset += piece.length;
    jobId = res.headers.get('upload-job-id') ?? jobId;
  }
  if (!jobId) throw new Error('no job');
  for (;;) {
    const res = await browser.fetch(`/console/api/media/jobs/${jobId}`);
    const { job } = ((await res.json()) as { data: { job: { state: string; error: string } } })
      .data;
    if (job.state === 'done') return performance.now() - start;
    if (job.state !== 'queued' && job.state !== 'running')
      throw new Error(`job ${job.state}: ${job.error}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The ceiling: one ffmpeg run making the same ladder from the same file; ms. */
async function bareLadder(source: string, preset: string): Promise<number> {
  const probe = await probeSource(source);
  const out = path.join(work(), 'bare');
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
    preset,
  });
  const start = performance.now();
  await runFfmpeg('ffmpeg', args, { durationSeconds: probe.durationSeconds });
  return performance.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const timing = (url: string, samples: number[]): TimingResult => ({
  url,
  metric: 'wall time',
  samplesMs: samples.map(Math.round),
  p50: Math.round(median(samples)),
  p95: Math.round(Math.max(...samples)),
  problems: [],
});

let preset = 'veryfast';
let serverConfig: Config | undefined;

export const ingestBench: Benchmark = {
  name: 'ingest',
  description:
    'A 1080p source uploaded through the console (tus, real HTTP), probed, queued, transcoded to ' +
    'the ladder with poster and thumbnails, and published, vs one bare ffmpeg run making the same ' +
    'ladder from the same file, in alternating rounds.',
  target: { minRatio: 1 / 1.15, source: 'issue 22: whole job ÷ bare ffmpeg ≤ 1.15×' },
  server: {
    extend(_app: FastifyInstance, config: Config) {
      serverConfig = config;
    },
    // The server's own worker, on a media folder of this run's (never the repository's fixtures).
    async ready(_app, database) {
      const settings = {
        ...ingestSettings(serverConfig!),
        mediaDir: path.join(work(), 'media'),
        keysDir: path.join(work(), 'keys'),
        pollMs: 50,
        concurrency: 1,
      };
      new IngestWorker(database.db, settings).start();
    },
  },
  async run(ctx) {
    const seconds = ctx.quick ? 3 : 6;
    const rounds = ctx.quick ? 1 : 3;
    preset = process.env.INGEST_X264_PRESET ?? 'veryfast';
    const source = makeSource(seconds);
    const server = await ctx.startServer();
    const browser = await signIn(server.origin);
    const jobs: number[] = [];
    const bares: number[] = [];
    // CPU is the steadier figure on a shared machine: the runner's reaped ffmpeg for the bare run;
    // the server with its reaped ffprobe and ffmpeg for the job.
    const jobCpu: number[] = [];
    const bareCpu: number[] = [];
    const cpu = (pid: number) => processTreeCpuMs(pid) ?? NaN;
    for (let i = 0; i < rounds; i += 1) {
      let before = cpu(process.pid);
      bares.push(await bareLadder(source, preset));
      bareCpu.push(cpu(process.pid) - before);
      before = cpu(server.pid);
      jobs.push(await wholeJob(browser, source));
      jobCpu.push(cpu(server.pid) - before);
      ctx.log(
        `round ${i + 1}: bare ${(bares[i]! / 1000).toFixed(2)} s, job ${(jobs[i]! / 1000).toFixed(2)} s`,
      );
    }
    const ratio = median(jobs) / median(bares);
    const cpuRatio = median(jobCpu) / median(bareCpu);
    return {
      kind: 'timing',
      subject: timing(`${UPLOADS} → job done`, jobs),
      ceiling: timing('ffmpeg (same ladder)', bares),
      notes: [
        `source 1920×1080 25 fps ${seconds} s; x264 ${preset}; ${rounds} round(s); job ÷ bare (p50) ${ratio.toFixed(2)}× (≤ 1.15×); CPU job ÷ bare ${cpuRatio.toFixed(2)}× (job ${(median(jobCpu) / 1000).toFixed(1)} s, bare ${(median(bareCpu) / 1000).toFixed(1)} s); load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
      ],
    };
  },
};
