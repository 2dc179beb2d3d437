import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const tools = path.join(import.meta.dirname, '../scripts/cluster/tools.ts');
const leftovers: number[] = [];

/** Whether a process runs (a zombie waiting for its reaper does not). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function gone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!running(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !running(pid);
}

/**
 * A runner (as `npm run cluster` or a test file is) that starts `sleep` the given way, prints the
 * child's pid, then is killed with SIGKILL: no exit handler of its runs. Returns the child's pid.
 */
async function orphanOf(how: 'spawnTied' | 'spawn'): Promise<number> {
  const start =
    how === 'spawnTied'
      ? `const { spawnTied } = await import(${JSON.stringify(tools)}); const child = spawnTied('sleep', ['300'], { stdio: 'ignore' });`
      : `const { spawn } = await import('node:child_process'); const child = spawn('sleep', ['300'], { stdio: 'ignore' });`;
  const runner = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `${start} console.log(child.pid); setInterval(() => {}, 1e6);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const pid = await new Promise<number>((resolve, reject) => {
    runner.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    runner.once('exit', (code) => reject(new Error(`the runner exited (${code})`)));
  });
  leftovers.push(pid);
  expect(running(pid)).toBe(true);
  const dead = new Promise((resolve) => runner.once('exit', resolve));
  runner.kill('SIGKILL');
  await dead;
  return pid;
}

afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/** The cluster's and the edge benchmark's nginx, Redis and instances start this way. */
describe('processes the cluster starts', () => {
  it('end when the process that started them is killed outright', async () => {
    const pid = await orphanOf('spawnTied');
    expect(await gone(pid, 5_000)).toBe(true);
  });

  it('(started with a plain spawn, the same child would outlive it)', async () => {
    const pid = await orphanOf('spawn');
    expect(await gone(pid, 1_000)).toBe(false);
  });
});
