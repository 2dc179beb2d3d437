import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/config.js';

const main = path.join(repoRoot, 'apps/server/src/main.ts');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function startServer(env: Record<string, string>) {
  // As scripts/start.mjs runs it: node itself, so SIGTERM reaches the server's own handler
  // (the tsx CLI relays signals to a child and may exit 143 first when the machine is busy).
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<Run>((resolve) =>
    child.on('exit', (code) => resolve({ code, stdout, stderr })),
  );
  const listening = async (): Promise<number> => {
    for (let i = 0; i < 200; i += 1) {
      const match = /"msg":"Server listening at http:\/\/127\.0\.0\.1:(\d+)"/.exec(stdout);
      if (match) return Number(match[1]);
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start: ${stdout} ${stderr}`);
  };
  return { child, done, listening };
}

describe('the server process', () => {
  it.each([
    ['PORT', 'not-a-port'],
    ['DATABASE_URL', 'mysql://x'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'ftp://example.com'],
    ['PASSWORD_SCRYPT_COST', '1000'],
  ])(
    'stops with exit code 2 and one line naming %s when it is bad',
    async (name, value) => {
      const run = await startServer({ [name]: value }).done;
      expect(run.code).toBe(2);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name}=`));
      expect(run.stdout).toBe('');
      // Starting tsx and the server's imports takes a second on a quiet machine, over 5 s while
      // the other suites load both cores (seen in CI).
    },
    30_000,
  );

  it('refuses to start in production with demo defaults: exit code 2, one line', async () => {
    const run = await startServer({ NODE_ENV: 'production', STREAM_SIGNING_SECRET: '' }).done;
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Refusing to start with NODE_ENV=production: GATEWAY_CLIENTS/);
    expect(lines[0]).toContain('SEED_ON_START');
    expect(lines[0]).toContain('STREAM_SIGNING_SECRET');
    expect(run.stdout).toBe('');
    // Starting tsx and the server's imports: seconds while the other suites load both cores.
  }, 30_000);

  it('starts on a new SQLite file, seeds, serves, and exits 0 on SIGTERM', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-main-'));
    const server = startServer({
      DATABASE_URL: `sqlite:${path.join(dir, 'data', 'site.db')}`,
      PORT: '0',
      HOST: '127.0.0.1',
    });
    const port = await server.listening();
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    const list = await fetch(`http://127.0.0.1:${port}/ajax/ajaxFilterCategoryVideoListData.do`);
    expect(((await list.json()) as { data: { recordCount: number } }).data.recordCount).toBe(20);
    server.child.kill('SIGTERM');
    const run = await server.done;
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('shut down cleanly');
    // Outside production, each demo default is named in a warning at start.
    const warnings = run.stdout.split('\n').filter((line) => line.includes('demo default in use'));
    expect(warnings.map((line) => /in use[^:]*: (\w+)/.exec(line)?.[1])).toEqual([
      'GATEWAY_CLIENTS',
      'SEED_ON_START',
      'STREAM_SIGNING_SECRET',
    ]);
    expect(warnings.every((line) => line.includes('"level":40'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'data', 'site.db'))).toBe(true);
  }, 30_000);
});
