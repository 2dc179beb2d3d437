#!/usr/bin/env node
// `npm start`: build the web app and the console when missing, then run the server (which creates ./data,
// migrates and seeds on first start). Signals are passed on so SIGTERM shuts down gracefully.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Each app is built when its index.html is missing: the customers' site and the console.
const apps = [
  { workspace: 'apps/web', name: 'web app', dist: process.env.WEB_DIST_DIR, dir: 'apps/web/dist' },
  {
    workspace: 'apps/console',
    name: 'console',
    dist: process.env.CONSOLE_DIST_DIR,
    dir: 'apps/console/dist',
  },
];

for (const app of apps) {
  if (fs.existsSync(path.join(app.dist ?? path.join(root, app.dir), 'index.html'))) continue;
  console.log(`Building the ${app.name} (first start)…`);
  const build = spawnSync('npm', ['run', 'build', '-w', app.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
