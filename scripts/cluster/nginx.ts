import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { edgeNjsDir, renderEdgeConfig, type EdgeOptions } from '../../deploy/nginx/render.js';
import { answers200, NGINX, NJS_MODULE, spawnTied, waitFor } from './tools.js';

/**
 * Debian's nginx with the edge's configuration under `dir` (its own prefix: pid, logs, cache,
 * temp files), in the foreground so it ends with its parent's kill, listening on 127.0.0.1:port.
 * Resolves once /edge-healthz answers; the access log is `dir`/access.log.
 */
export async function startNginx(o: {
  dir: string;
  secret: string;
  port: number;
  options: Partial<EdgeOptions> & Pick<EdgeOptions, 'instances'>;
}): Promise<ChildProcess> {
  for (const sub of ['cache/media', 'cache/playlists', 'temp']) {
    fs.mkdirSync(path.join(o.dir, sub), { recursive: true });
  }
  const config = path.join(o.dir, 'nginx.conf');
  fs.writeFileSync(
    config,
    renderEdgeConfig({
      listen: `127.0.0.1:${o.port}`,
      // As root nginx's workers would run as nobody, who cannot enter a private temp folder.
      user: process.getuid?.() === 0 ? 'root' : null,
      workerProcesses: '2',
      njsDir: edgeNjsDir,
      cacheDir: path.join(o.dir, 'cache'),
      tempDir: path.join(o.dir, 'temp'),
      pidFile: path.join(o.dir, 'nginx.pid'),
      errorLog: path.join(o.dir, 'error.log'),
      accessLog: path.join(o.dir, 'access.log'),
      modulePath: NJS_MODULE,
      ...o.options,
    }),
  );
  const nginx = spawnTied(NGINX, ['-p', o.dir, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH ?? '', STREAM_SIGNING_SECRET: o.secret },
  });
  let errors = '';
  nginx.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  try {
    await waitFor(
      'nginx',
      () => answers200(`http://127.0.0.1:${o.port}/edge-healthz`),
      10_000,
      () => (nginx.exitCode !== null ? `exited: ${errors}` : null),
    );
  } catch (error) {
    nginx.kill('SIGKILL');
    throw error;
  }
  return nginx;
}
