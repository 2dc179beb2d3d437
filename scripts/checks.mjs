// The checks `npm test` runs before the tests: the type checks of every project, the linters and
// the two builds the browser tests serve. They do not depend on one another, so they run two at a
// time (the machines have two cores), longest first; each one's output is printed whole when it
// ends, so lines of two checks never interleave. Exits non-zero if any check failed.
import { spawn } from 'node:child_process';
import os from 'node:os';

const checks = [
  ['eslint', ['eslint', '.', '--max-warnings', '0']],
  // The server, its tests, the contract, the benchmarks and the scripts share their compiler
  // options: one program checks each file once (this script's timings, 2026-11-27: the four
  // programs 130 s together, the one 71 s).
  ['tsc node', ['tsc', '-p', 'tsconfig.node.json']],
  ['prettier', ['prettier', '--check', '.']],
  ['tsc apps/console', ['tsc', '-p', 'apps/console']],
  ['tsc apps/web', ['tsc', '-p', 'apps/web']],
  ['tsc e2e', ['tsc', '-p', 'e2e']],
  ['build apps/web', ['npm', 'run', 'build', '-w', 'apps/web'], { npm: true }],
  ['build apps/console', ['npm', 'run', 'build', '-w', 'apps/console'], { npm: true }],
];

const lanes = Math.max(1, Math.min(2, os.availableParallelism()));

function run([name, argv, options]) {
  const started = Date.now();
  const [command, ...args] = options?.npm ? argv : ['npx', '--no-install', ...argv];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trim();
      process.stdout.write(
        `== ${name}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n`,
      );
      if (code !== 0 && text) process.stdout.write(`${text}\n`);
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
const results = [];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let check = queue.shift(); check; check = queue.shift()) results.push(await run(check));
  }),
);
if (results.includes(false)) {
  process.stdout.write('checks failed\n');
  process.exit(1);
}
