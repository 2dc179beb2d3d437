import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { repoRoot } from '../../src/config.js';
import type { Database } from '../../src/db/schema.js';
import type { IngestSettings } from '../../src/modules/ingest/settings.js';
import type { TestDatabase } from './database.js';

/** Tiny sources made with ffmpeg's test patterns (2 cores shared: keep them short and small). */
export function makeSource(
  file: string,
  opts: { size: string; seconds: number; audio?: boolean; video?: boolean; rate?: number },
): string {
  const args = ['-v', 'error', '-nostdin', '-y'];
  if (opts.video !== false) {
    args.push('-f', 'lavfi', '-i');
    args.push(`testsrc2=size=${opts.size}:rate=${opts.rate ?? 25}:duration=${opts.seconds}`);
  }
  if (opts.audio !== false) {
    args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${opts.seconds}`);
  }
  if (opts.video !== false)
    args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p');
  if (opts.audio !== false) args.push('-c:a', 'aac');
  args.push('-shortest', file);
  const r = spawnSync('ffmpeg', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr}`);
  return file;
}

export function ffprobeJson(file: string): {
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    profile?: string;
  }[];
  format: { duration: string };
} {
  const r = spawnSync(
    'ffprobe',
    ['-v', 'error', '-of', 'json', '-show_streams', '-show_format', '-i', file],
    { encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`ffprobe ${file}: ${r.stderr}`);
  return JSON.parse(r.stdout) as ReturnType<typeof ffprobeJson>;
}

export function testSettings(dir: string, overrides: Partial<IngestSettings> = {}): IngestSettings {
  return {
    ffmpeg: 'ffmpeg',
    ffprobe: 'ffprobe',
    preset: 'ultrafast',
    mediaDir: path.join(dir, 'media'),
    keysDir: path.join(dir, 'keys'),
    concurrency: 2,
    shortSeconds: 600,
    leaseMs: 2000,
    maxAttempts: 3,
    retryMs: 0,
    pollMs: 100,
    uploadDir: null,
    ...overrides,
  };
}

export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function jobRow(db: Kysely<Database>, jobId: string) {
  return db
    .selectFrom('ingest_job')
    .selectAll()
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
}

/**
 * `npm run worker` as a child process on this test's database: node with tsx's loader (one
 * process, so SIGKILL really kills the worker), the PostgreSQL schema through the URL's options.
 */
export function spawnWorker(database: TestDatabase, settings: IngestSettings, name: string) {
  let url = database.url;
  if (database.schema) {
    // As the tests' own connections (connect's serialPlans): among the hundreds of schemas of the
    // shared test database, a parallel plan of the migrator's catalogue lookup sometimes failed
    // to find this schema ("schema … does not exist"; CI, 2026-11-28).
    const options = encodeURIComponent(
      `-c search_path=${database.schema} -c max_parallel_workers_per_gather=0`,
    );
    url += `${url.includes('?') ? '&' : '?'}options=${options}`;
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/modules/ingest/worker-cli.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: url,
        MEDIA_DIR: settings.mediaDir,
        CONTENT_KEYS_DIR: settings.keysDir,
        INGEST_LEASE_SECONDS: String(settings.leaseMs / 1000),
        INGEST_POLL_MS: String(settings.pollMs),
        INGEST_RETRY_SECONDS: '0',
        INGEST_X264_PRESET: settings.preset,
        INGEST_CONCURRENCY: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => `${name}: ${output}` };
}

export const exists = (file: string) => fs.existsSync(file);
