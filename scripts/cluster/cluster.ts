import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startNginx } from './nginx.js';
import { answers200, freePort, spawnTied, waitFor } from './tools.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const main = path.join(repoRoot, 'apps/server/src/main.ts');

export interface ClusterOptions {
  /** The PostgreSQL to make a schema of its own in (dropped at stop). */
  databaseUrl: string;
  instances?: number;
  /** Settings every instance gets besides the cluster's own (rate limits, hashing cost). */
  env?: Record<string, string>;
  /** Seconds an instance that failed is skipped by the edge (nginx fail_timeout). */
  failTimeoutSeconds?: number;
  /** Say in X-Edge-Upstream which instance answered (tests). */
  exposeUpstream?: boolean;
  log?: (line: string) => void;
}

export interface Instance {
  index: number;
  port: number;
  origin: string;
  logFile: string;
  child: ChildProcess;
}

export interface Cluster {
  /** The edge: http://127.0.0.1:<port>, what a browser uses. */
  edge: string;
  instances: Instance[];
  redisUrl: string;
  /** The instances' DATABASE_URL; their DATABASE_SCHEMA is `schema`. */
  databaseUrl: string;
  schema: string;
  secret: string;
  dir: string;
  /** Every line the instances logged so far that names this text (origin requests). */
  originLines(text: string): string[];
  /** nginx's access log lines so far. */
  edgeLines(): string[];
  /** Starts a stopped (killed) instance again on its port. */
  restart(instance: Instance): Promise<void>;
  stop(): Promise<void>;
}

/**
 * nginx + N instances + Redis + a schema of the local PostgreSQL, all on loopback, everything
 * in one temporary folder and one schema that `stop` removes (docs/DEPLOYMENT.md "Locally").
 * On any failure while starting, what was started is stopped before the error is thrown.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => undefined);
  const count = options.instances ?? 3;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-cluster-'));
  const children: ChildProcess[] = [];
  const schema = `cluster_${crypto.randomBytes(5).toString('hex')}`;
  let schemaMade = false;
  const secret = crypto.randomBytes(32).toString('hex');

  const stop = async () => {
    await Promise.all(children.map((child) => stopChild(child)));
    if (schemaMade) {
      const admin = new pg.Client({ connectionString: options.databaseUrl });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Whatever happens to this process, its children do not outlive it: killed at its exit, and
  // sent SIGTERM by the kernel if it is killed outright (spawnTied).
  const onExit = () =>
    children.forEach((child) => child.exitCode === null && child.kill('SIGKILL'));
  process.once('exit', onExit);

  try {
    // Redis: a throwaway server of the cluster's own, nothing saved.
    const redisPort = await freePort();
    const redisDir = path.join(dir, 'redis');
    fs.mkdirSync(redisDir);
    const redis = spawnTied(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { cwd: redisDir, stdio: 'ignore' },
    );
    children.push(redis);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    await waitFor(
      'redis-server',
      () => redisPing(redisPort),
      10_000,
      () => exited(redis),
    );
    log(`redis      ${redisUrl}`);

    // PostgreSQL: a schema of the cluster's own, every instance's DATABASE_SCHEMA.
    const admin = new pg.Client({ connectionString: options.databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    schemaMade = true;
    await admin.end();
    const databaseUrl = options.databaseUrl;
    log(`postgresql ${options.databaseUrl.replace(/:[^:@/]*@/, ':…@')} schema ${schema}`);

    const edgePort = await freePort();
    const edge = `http://127.0.0.1:${edgePort}`;
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const instances: Instance[] = [];
    const startInstance = async (index: number, seed: boolean): Promise<Instance> => {
      const port = ports[index]!;
      const logFile = path.join(dir, `instance-${index + 1}.log`);
      const out = fs.openSync(logFile, 'a');
      const child = spawnTied(process.execPath, ['--import', 'tsx', main], {
        cwd: repoRoot,
        stdio: ['ignore', out, out],
        env: {
          ...process.env,
          ...instanceEnv({ port, databaseUrl, schema, redisUrl, edge, secret, dir, seed }),
          ...options.env,
        },
      });
      fs.closeSync(out);
      children.push(child);
      const origin = `http://127.0.0.1:${port}`;
      await waitFor(
        `instance ${index + 1} (${logFile})`,
        () => answers200(`${origin}/readyz`),
        120_000,
        () => {
          const dead = exited(child);
          // The folder goes when starting fails: say what the instance said last.
          return (
            dead && `${dead}\n${fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')}`
          );
        },
      );
      return { index, port, origin, logFile, child };
    };
    // The first instance migrates and seeds; the others start on the database it made.
    instances.push(await startInstance(0, true));
    log(`instance 1 ${instances[0]!.origin}`);
    for (let i = 1; i < count; i += 1) {
      instances.push(await startInstance(i, false));
      log(`instance ${i + 1} ${instances[i]!.origin}`);
    }

    // nginx, started only once every instance answers /readyz (ADR 0058).
    const nginxDir = path.join(dir, 'nginx');
    const nginx = await startNginx({
      dir: nginxDir,
      secret,
      port: edgePort,
      options: {
        instances: instances.map((instance) => `127.0.0.1:${instance.port}`),
        failTimeoutSeconds: options.failTimeoutSeconds ?? 5,
        exposeUpstream: options.exposeUpstream ?? false,
      },
    });
    children.push(nginx);
    log(`edge       ${edge}`);

    const lines = (file: string) =>
      fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
    return {
      edge,
      instances,
      redisUrl,
      databaseUrl,
      schema,
      secret,
      dir,
      originLines: (text) =>
        instances.flatMap((instance) => lines(instance.logFile).filter((l) => l.includes(text))),
      edgeLines: () => lines(path.join(nginxDir, 'access.log')).filter(Boolean),
      async restart(instance) {
        await stopChild(instance.child);
        const again = await startInstance(instance.index, false);
        instance.child = again.child;
      },
      async stop() {
        process.removeListener('exit', onExit);
        await stop();
      },
    };
  } catch (error) {
    process.removeListener('exit', onExit);
    await stop().catch(() => undefined);
    throw error;
  }
}

/** Each instance's settings: what docs/DEPLOYMENT.md says to set on every instance. */
function instanceEnv(o: {
  port: number;
  databaseUrl: string;
  schema: string;
  redisUrl: string;
  edge: string;
  secret: string;
  dir: string;
  seed: boolean;
}): Record<string, string> {
  return {
    NODE_ENV: 'development',
    PORT: String(o.port),
    HOST: '127.0.0.1',
    DATABASE_URL: o.databaseUrl,
    // Its own schema: the migrations' tables too, whatever other schemas the database holds.
    DATABASE_SCHEMA: o.schema,
    REDIS_URL: o.redisUrl,
    PUBLIC_URL: o.edge,
    // The same secret on every instance and the edge: stream URLs, CSRF tokens.
    STREAM_SIGNING_SECRET: o.secret,
    PAYMENT_SANDBOX_SECRET: o.secret,
    // The edge is the one proxy the instances believe about the client's address.
    TRUSTED_PROXIES: '127.0.0.1',
    SEED_ON_START: o.seed ? 'true' : 'false',
    LOG_LEVEL: 'info',
    MAIL_OUTBOX_DIR: path.join(o.dir, 'outbox/mail'),
    SMS_OUTBOX_DIR: path.join(o.dir, 'outbox/sms'),
    INGEST_UPLOAD_DIR: path.join(o.dir, 'uploads'),
  };
}

function exited(child: ChildProcess): string | null {
  return child.exitCode !== null || child.signalCode !== null
    ? `exited (${child.exitCode ?? child.signalCode})`
    : null;
}

/** SIGTERM, then SIGKILL if it is still there after 10 s. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function redisPing(port: number): Promise<boolean> {
  return fetchRedis(port, 'PING\r\n').then((reply) => reply.startsWith('+PONG'));
}

async function fetchRedis(port: number, command: string): Promise<string> {
  const net = await import('node:net');
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(command));
    socket.once('data', (data) => {
      resolve(data.toString());
      socket.end();
    });
    socket.once('error', reject);
  });
}
