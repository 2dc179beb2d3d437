import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BenchServer } from './types.js';

/** What bench/server.ts reads from its first argument. */
export interface ServerSpec {
  databaseUrl: string;
  /** PostgreSQL: a schema of this run's own, dropped when the server stops. */
  pgSchema?: string;
  /** Names of the benchmarks whose ceiling routes to register. */
  benchmarks: string[];
}

/** The line bench/server.ts prints once it listens. */
export interface ReadyLine {
  benchReady: true;
  port: number;
  dialect: string;
}

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(benchDir, '..');
const READY_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;
/** Server log lines echoed to the runner's stderr; past this only counted (a 5xx storm logs a lot). */
const ECHO_LIMIT = 20;

/** Temp dirs of servers not yet stopped, removed if the runner exits early (e.g. Ctrl-C). */
const liveTempDirs = new Set<string>();
process.on('exit', () => {
  for (const dir of liveTempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

export interface ServerProcess extends BenchServer {
  stop(): Promise<void>;
}

/**
 * Starts bench/server.ts in a child process over a fresh SQLite file in a temp dir (or over
 * DATABASE_URL when set, e.g. a postgres:// URL) and resolves once it listens.
 */
export async function startServerProcess(
  benchmarkNames: string[],
  postgresUrl?: string,
): Promise<ServerProcess> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-'));
  const spec: ServerSpec = postgresUrl
    ? {
        databaseUrl: postgresUrl,
        pgSchema: `bench_${process.pid}_${Date.now()}`,
        benchmarks: benchmarkNames,
      }
    : {
        databaseUrl: process.env.DATABASE_URL || `sqlite:${path.join(tmp, 'site.db')}`,
        benchmarks: benchmarkNames,
      };
  const child = spawn(
    process.execPath,
    [
      // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      path.join(benchDir, 'server.ts'),
      JSON.stringify(spec),
    ],
    // stdin stays open as a lifeline: the child exits when it closes.
    {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: {
        ...process.env,
        MAIL_OUTBOX_DIR: path.join(tmp, 'mail'),
        SMS_OUTBOX_DIR: path.join(tmp, 'sms'),
      },
    },
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );
  liveTempDirs.add(tmp);
  const cleanup = () => {
    fs.rmSync(tmp, { recursive: true, force: true });
    liveTempDirs.delete(tmp);
  };

  try {
    const ready = await waitForReady(child, exited);
    const stop = async () => {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
      cleanup();
    };
    return {
      origin: `http://127.0.0.1:${ready.port}`,
      dialect: ready.dialect,
      pid: child.pid!,
      mailOutboxDir: path.join(tmp, 'mail'),
      stop,
    };
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    cleanup();
    throw error;
  }
}

/** Reads the child's output until the ready line, keeping both pipes drained afterwards. */
function waitForReady(child: ChildProcess, exited: Promise<number | null>): Promise<ReadyLine> {
  const tail: string[] = [];
  let echoed = 0;
  const keep = (line: string) => {
    tail.push(line);
    if (tail.length > 30) tail.shift();
    if (echoed++ < ECHO_LIMIT) console.error(`  [server] ${line}`);
    else if (echoed === ECHO_LIMIT + 1) console.error('  [server] … further log lines not shown');
  };
  readline.createInterface({ input: child.stderr! }).on('line', keep);

  return new Promise<ReadyLine>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready after ${READY_TIMEOUT_MS / 1000} s`)),
      READY_TIMEOUT_MS,
    );
    let ready = false;
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!ready && line.includes('"benchReady":true')) {
        ready = true;
        clearTimeout(timer);
        resolve(JSON.parse(line) as ReadyLine);
      } else keep(line);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`server exited (${code}) before ready:\n${tail.join('\n')}`));
    });
  });
}
