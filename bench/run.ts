/**
 * `npm run bench [-- --quick] [-- --only <name>]`: runs the benchmarks one after another, each
 * against its own server child process, and writes bench/results/latest.{json,md}.
 * Exits 1 only when a benchmark crashed; a figure below its target is reported, not fatal.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchmarks } from './benchmarks/index.js';
import { runLoad } from './lib/load.js';
import {
  crashed,
  evaluate,
  machineInfo,
  markdown,
  type Outcome,
  type Report,
} from './lib/report.js';
import { startServerProcess, type ServerProcess } from './lib/server-process.js';
import type { Benchmark, BenchContext } from './lib/types.js';

const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

function parseCli(): { quick: boolean; selected: Benchmark[]; startBefore: number } {
  const names = benchmarks.map((b) => b.name).join(', ');
  try {
    const { values } = parseArgs({
      options: {
        quick: { type: 'boolean', default: false },
        only: { type: 'string' },
        'start-before': { type: 'string' },
      },
    });
    const selected = values.only ? benchmarks.filter((b) => b.name === values.only) : benchmarks;
    if (selected.length === 0) throw new Error(`no benchmark named "${values.only}"`);
    const startBefore = values['start-before'] ? Number(values['start-before']) : Infinity;
    if (Number.isNaN(startBefore)) throw new Error('--start-before takes Unix seconds');
    return { quick: values.quick ?? false, selected, startBefore };
  } catch (error) {
    console.error(
      `${(error as Error).message}\nusage: bench/run.ts [--quick] [--only <name>] [--start-before <unix seconds>]`,
    );
    console.error(`benchmarks: ${names}`);
    process.exit(2);
  }
}

const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

async function runOne(bench: Benchmark, quick: boolean): Promise<Outcome> {
  console.log(`\n▶ ${bench.name}: ${bench.description}`);
  const servers: ServerProcess[] = [];
  const ctx: BenchContext = {
    quick,
    postgresUrl,
    startServer: async (options) => {
      if (options?.postgres && !postgresUrl) throw new Error('no PostgreSQL configured');
      const server = await startServerProcess(
        [bench.name],
        options?.postgres ? postgresUrl : undefined,
      );
      servers.push(server);
      return server;
    },
    load: async (url, shape) => {
      const result = await runLoad(url, { quick, ...(shape ? { shape } : {}) });
      const flag = result.problems.length > 0 ? `  ⚠ ${result.problems.join('; ')}` : '';
      console.log(
        `  ${new URL(url).pathname}: ${Math.round(result.reqPerSec)} req/s, ` +
          `p99 ${result.latencyMs.p99} ms${flag}`,
      );
      return result;
    },
    log: (message) => console.log(`  ${message}`),
  };
  const started = performance.now();
  const wall = () => (performance.now() - started) / 1000;
  try {
    return evaluate(bench, await bench.run(ctx), wall());
  } catch (error) {
    console.error(`  ✗ ${bench.name} crashed:`, error);
    return crashed(bench, error, wall());
  } finally {
    for (const server of servers) {
      await server.stop().catch((error: unknown) => console.error('  server stop failed:', error));
    }
  }
}

// Exit through process.exit so that server temp dirs are removed; the servers themselves stop
// when their stdin closes.
process.once('SIGINT', () => process.exit(130));

const { quick, selected, startBefore } = parseCli();
const report: Report = {
  machine: machineInfo(),
  date: new Date().toISOString(),
  quick,
  benchmarks: [],
};
// A time budget (CI): a benchmark not started by then is left out, and said to be.
const skipped: string[] = [];
for (const bench of selected) {
  if (Date.now() / 1000 >= startBefore) skipped.push(bench.name);
  else report.benchmarks.push(await runOne(bench, quick));
}
if (skipped.length > 0) console.log(`\nnot started (time budget): ${skipped.join(', ')}`);

fs.mkdirSync(resultsDir, { recursive: true });
fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
const md = markdown(report);
fs.writeFileSync(path.join(resultsDir, 'latest.md'), md);
console.log(`\n${md}`);
console.log(`written: ${path.relative(process.cwd(), resultsDir)}/latest.{json,md}`);

if (report.benchmarks.some((o) => o.status === 'crashed')) process.exitCode = 1;
