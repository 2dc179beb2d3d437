import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import pg from 'pg';

/** Where Debian's nginx and its njs module live (nginx-light or nginx, libnginx-mod-http-js). */
export const NGINX = '/usr/sbin/nginx';
export const NJS_MODULE = '/usr/lib/nginx/modules/ngx_http_js_module.so';
/** The PostgreSQL the tests use (README): trust auth, role and database site_test/test. */
export const DEFAULT_DATABASE_URL = 'postgres://site_test:site_test@127.0.0.1:5432/test';

/**
 * What the cluster needs that is missing, each with the command that installs it, so a test or
 * `npm run cluster` can say exactly which part is absent instead of failing later.
 */
export async function missingTools(databaseUrl: string): Promise<string[]> {
  const missing: string[] = [];
  const nginx = nginxMissing();
  if (nginx) missing.push(nginx);
  if (spawnSync('redis-server', ['--version']).status !== 0)
    missing.push('Redis: apt-get install -y --no-install-recommends redis-server');
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    missing.push(
      `PostgreSQL at ${databaseUrl.replace(/:[^:@/]*@/, ':…@')} (${(error as Error).message}): ` +
        'apt-get install -y postgresql, then create the role and database of README "PostgreSQL" ' +
        '(or set CLUSTER_DATABASE_URL)',
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  return missing;
}

/** util-linux's setpriv (Debian's essential util-linux), when this machine has it. */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => fs.existsSync(file));

/**
 * spawn, with the child tied to this process's life: when this process dies, even by SIGKILL,
 * which runs no exit handler, the kernel sends the child SIGTERM (setpriv --pdeathsig, which then
 * becomes the command: same pid, so kill() and exit codes are the command's). nginx, Redis and
 * the instances all stop cleanly on SIGTERM. Without setpriv, a plain spawn.
 */
export function spawnTied(command: string, args: string[], options: SpawnOptions): ChildProcess {
  return SETPRIV
    ? spawn(SETPRIV, ['--pdeathsig', 'TERM', '--', command, ...args], options)
    : spawn(command, args, options);
}

/** What to install when Debian's nginx or its njs module is missing, else null. */
export function nginxMissing(): string | null {
  return fs.existsSync(NGINX) && fs.existsSync(NJS_MODULE)
    ? null
    : 'nginx with njs: apt-get install -y --no-install-recommends nginx-light libnginx-mod-http-js';
}

/** A port free on loopback now (the OS picks it; nothing else of ours takes it meanwhile). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Polls `ready` every 100 ms until it is true, or throws after `ms` naming `what`. */
export async function waitFor(
  what: string,
  ready: () => Promise<boolean>,
  ms: number,
  alive: () => string | null = () => null,
): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const dead = alive();
    if (dead) throw new Error(`${what}: ${dead}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not ready after ${ms} ms`);
}

/** Whether an HTTP GET answers 200. */
export async function answers200(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return res.status === 200;
}
