#!/usr/bin/env node
// Debian packages the tests need (browser, CJK font, media tools, XML validation, the nginx edge
// with njs and Redis for the cluster test, docs/adr/0058). Runs once
// before the test runner, never inside parallel workers: as root it installs what is missing,
// otherwise it stops and prints the exact command to run.
import { execFileSync, spawnSync } from 'node:child_process';

const needed = [
  'chromium',
  'fonts-wqy-microhei',
  'ffmpeg',
  'libxml2-utils',
  'xmltv-util',
  'nginx-light',
  'libnginx-mod-http-js',
  'redis-server',
];

function installed(pkg) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

const missing = needed.filter((pkg) => !installed(pkg));
if (missing.length === 0) process.exit(0);

const command = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(' ')}`;
if (process.getuid?.() !== 0) {
  console.error(
    `Missing Debian packages for the tests: ${missing.join(', ')}.\nRun as root:\n  ${command}`,
  );
  process.exit(1);
}
console.log(`Installing Debian packages the tests need: ${missing.join(', ')}`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
  stdio: 'inherit',
  env,
});
