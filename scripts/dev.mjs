#!/usr/bin/env node
// `npm run dev`: the server restarting on change (port 8080) and Vite with hot reload (port 5173),
// which proxies the calls and media to the server; the console's Vite on 5174 (/console/).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
  // The console on its own port: http://localhost:5174/console/
  spawn('npx', ['vite', '--port', '5174', '--strictPort'], {
    cwd: path.join(root, 'apps/console'),
    stdio: 'inherit',
  }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', stop));
