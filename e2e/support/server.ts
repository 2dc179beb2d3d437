import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  origin: string;
  /** The server's SQLite file, for tests that check what it recorded. */
  databasePath: string;
  /** Where the server writes its e-mail and SMS (the development outboxes; env may move them). */
  mailOutboxDir: string;
  smsOutboxDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /**
   * PUBLIC_URL's host when it should differ from the one the tests reach the server by
   * (127.0.0.1), as when a visitor uses another name for the site than its canonical one.
   */
  publicHost?: string;
  /** More environment for the server (MAIL_OUTBOX_DIR pointing at a test's directory, …). */
  env?: Record<string, string>;
}

/**
 * The real server process (as `npm start` runs it) on a free port with a fresh SQLite database
 * and the demo data. The web app must be built (`npm test` builds it before the tests).
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const dist = path.join(repoRoot, 'apps/web/dist/index.html');
  if (!fs.existsSync(dist)) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-e2e-'));
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: options.publicHost ? `http://${options.publicHost}:${port}` : origin,
        DATABASE_URL: `sqlite:${path.join(dir, 'site.db')}`,
        LOG_LEVEL: 'warn',
        MAIL_OUTBOX_DIR: path.join(dir, 'mail'),
        SMS_OUTBOX_DIR: path.join(dir, 'sms'),
        ...options.env,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 300; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin,
    databasePath: path.join(dir, 'site.db'),
    mailOutboxDir: options.env?.MAIL_OUTBOX_DIR ?? path.join(dir, 'mail'),
    smsOutboxDir: options.env?.SMS_OUTBOX_DIR ?? path.join(dir, 'sms'),
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
